"""The ArUco markers of the table: which ids mean what, and finding them in a frame.

Dictionary DICT_4X4_50: big cells, so markers read well from a webcam a metre above the table.
Ids 0-3 mark the table corners clockwise from the top-left (as the camera sees the table);
id 10 + seat is that seat's "PASS / パス" pad.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    import numpy as np

CORNER_IDS: tuple[int, int, int, int] = (0, 1, 2, 3)
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")
PAD_BASE_ID = 10
MAX_SEATS = 8           # ids 10..17; the dictionary has 50


def pad_id(seat: int) -> int:
    return PAD_BASE_ID + seat


def seat_of_pad(marker_id: int) -> int | None:
    seat = marker_id - PAD_BASE_ID
    return seat if 0 <= seat < MAX_SEATS else None


def aruco_dictionary():
    import cv2

    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def marker_image(marker_id: int, side_px: int) -> "np.ndarray":
    """The marker as a grey image (black border included, no white margin)."""
    import cv2

    return cv2.aruco.generateImageMarker(aruco_dictionary(), marker_id, side_px)


@dataclass(frozen=True, eq=False)
class MarkerSighting:
    marker_id: int
    corners: "np.ndarray"    # 4 x 2 float image points, the marker's own corner order

    @property
    def center(self) -> "np.ndarray":
        return quad_center(self.corners)


def quad_center(corners: "np.ndarray") -> "np.ndarray":
    """Where the diagonals cross: the image of the square's centre under any perspective
    (the mean of the corners is not, once the marker is seen at an angle)."""
    import numpy as np

    p0, p1, p2, p3 = (np.asarray(c, dtype=np.float64) for c in corners)
    d1, d2 = p2 - p0, p3 - p1
    denom = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(denom) < 1e-12:
        return np.mean(np.asarray(corners, dtype=np.float64), axis=0)
    s = ((p1[0] - p0[0]) * d2[1] - (p1[1] - p0[1]) * d2[0]) / denom
    return p0 + s * d1


class MarkerDetector:
    """Holds one OpenCV detector (building it per frame costs more than detecting)."""

    def __init__(self, subpixel: bool = True) -> None:
        import cv2

        params = cv2.aruco.DetectorParameters()
        if subpixel:   # corner accuracy matters for the homography
            params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._detector = cv2.aruco.ArucoDetector(aruco_dictionary(), params)

    def detect(self, image: "np.ndarray") -> dict[int, MarkerSighting]:
        """Markers seen in a BGR or grey image, by id (a duplicated id keeps its first sighting)."""
        import cv2
        import numpy as np

        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        corners, ids, _rejected = self._detector.detectMarkers(grey)
        found: dict[int, MarkerSighting] = {}
        if ids is None:
            return found
        for quad, marker_id in zip(corners, ids.ravel()):
            found.setdefault(int(marker_id), MarkerSighting(int(marker_id), np.asarray(quad, np.float64).reshape(4, 2)))
        return found

    def visible_ids(self, image: "np.ndarray") -> frozenset[int]:
        return frozenset(self.detect(image))


_per_thread = threading.local()


def visible_marker_ids(image: "np.ndarray", detector: MarkerDetector | None = None) -> frozenset[int]:
    """The marker ids visible in a frame: what `PadWatcher.update` takes."""
    if detector is None:
        detector = getattr(_per_thread, "detector", None)
        if detector is None:   # one per thread: OpenCV detectors are not shared safely
            detector = _per_thread.detector = MarkerDetector(subpixel=False)  # ids only: no refinement
    return detector.visible_ids(image)


def pad_ids_for(seats: int) -> Mapping[int, int]:
    """seat → pad marker id."""
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"seats must be 2..{MAX_SEATS}")
    return {seat: pad_id(seat) for seat in range(seats)}
