"""What the camera sees around each pass pad, frame by frame: `PadSensor.measure` gives a
`PadEvidence` per seat for `referee.tracking.PadWatcher` to tell a pass from an arm passing over.

The frame is warped onto a small image of the table plane (the calibration's homography), a
little beyond its edges, where an arm crosses into the table. Each pixel is compared with a
slowly updated picture of the empty table (something lies there: a hand, an arm, a card) and
with the previous frame (something moves there). Per pad four regions are read: the pad's
marker, the approach strip just outside its own seat's edge of the table (level with the pad;
an arm from that seat crosses all of its depth), the stretch of table past the pad towards the
pile (a hand resting on the pad ends before it; an arm reaching over the pad to lay cards lies
across it), and the pad with its surroundings.

Still things become part of the empty table in a second or two (a card laid, the light
changing), so a pass, which takes a fraction of a second, is never learnt away while it counts.
A second picture learns twenty times slower: where the frame matches it again, what was learnt
there has left (a hand held still, then lifted) and nothing lies there, though the quick picture
still shows the hand.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

from referee.calibration.layout import PAD, seat_sides
from referee.tracking.pads import PadEvidence

if TYPE_CHECKING:
    import numpy as np

    from referee.calibration import Calibration

Point = tuple[float, float]

WARP_LONG_SIDE_PX = 240        # the table plane's longer side in the warped image: a few mm a pixel
OUTSIDE = 0.06                 # the warp reaches this far past each edge (of the table's shorter side)
FOREGROUND_LEVEL = 30.0        # grey levels (any channel) away from the empty table: something lies there
MOTION_LEVEL = 25.0            # ... away from the previous frame: something moved there
BACKGROUND_SECONDS = 1.0       # the time constant with which still things join the empty table
LASTING_SECONDS = 20.0         # ... and join what the table has shown for long (a pile, not a hand)
STRIP_REACH = 1.0              # the approach strip runs this many pad lengths past each side of the pad
MARKER_SHARE = 0.5             # without the marker's corners, its square is this share of the pad zone's
SURROUNDINGS = 0.5             # the motion region: the pad zone grown by this share of its size each side
# The stretch past the pad, in pad lengths from its inner edge: beyond a hand's fingers, under the
# forearm of one reaching for the pile.
BEYOND = (1.0, 2.0)


class PadSensor:
    """Evidence around the pads of one calibration (sized to the frames on the first one)."""

    def __init__(self, calibration: "Calibration") -> None:
        self._calibration = calibration
        self._regions: dict[int, tuple["np.ndarray", ...]] = {}
        self._warp: "np.ndarray | None" = None
        self._warp_size = (0, 0)
        self._shrink = 1
        self._background: "np.ndarray | None" = None
        self._lasting: "np.ndarray | None" = None
        self._previous: "np.ndarray | None" = None
        self._t: float | None = None
        self._scale = 1.0
        self._outside = 0.0
        self.foreground: "np.ndarray | None" = None   # the last frame's: where something lies on the table plane

    def measure(self, image: "np.ndarray", t: float) -> dict[int, PadEvidence]:
        """Seat → evidence for one BGR frame taken at ``t`` seconds."""
        import cv2
        import numpy as np

        if self._warp is None:
            self._prepare(int(image.shape[1]), int(image.shape[0]))
        assert self._warp is not None
        height, width = image.shape[:2]
        small = cv2.resize(image, (width // self._shrink, height // self._shrink), interpolation=cv2.INTER_AREA)
        plane = cv2.warpPerspective(small, self._warp, self._warp_size, flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_REPLICATE)
        plane = cv2.GaussianBlur(plane, (3, 3), 0).astype(np.float32)
        if self._background is None or self._lasting is None or self._previous is None or self._t is None:
            self._background, self._lasting, self._previous, self._t = plane.copy(), plane.copy(), plane, t
        # where the table shows again what it showed for long, a still thing that was learnt has
        # left: no foreground (else a hand lifted would linger, as its picture, for a second)
        foreground = ((_largest_channel(cv2.absdiff(plane, self._background)) > FOREGROUND_LEVEL)
                      & (_largest_channel(cv2.absdiff(plane, self._lasting)) > FOREGROUND_LEVEL))
        moving = _largest_channel(cv2.absdiff(plane, self._previous)) > MOTION_LEVEL
        still = (~moving).astype(np.uint8)
        elapsed = max(0.0, t - self._t)
        if elapsed > 0:
            cv2.accumulateWeighted(plane, self._background, 1.0 - math.exp(-elapsed / BACKGROUND_SECONDS), mask=still)
            cv2.accumulateWeighted(plane, self._lasting, 1.0 - math.exp(-elapsed / LASTING_SECONDS), mask=still)
        self._previous, self._t = plane, t
        self.foreground = foreground
        return {seat: PadEvidence(cover=float(foreground[marker].mean()),
                                  approach=min(float(foreground[nearer].mean()), float(foreground[farther].mean())),
                                  motion=float(moving[around].mean()),
                                  reach=float(foreground[beyond].mean()))
                for seat, (marker, nearer, farther, around, beyond) in self._regions.items()}

    # ---- geometry ------------------------------------------------------------------------------

    def _prepare(self, width: int, height: int) -> None:
        import numpy as np

        calibration = self._calibration.for_image_size(width, height)
        table_w, table_h = calibration.table_size
        outside = OUTSIDE * min(table_w, table_h)
        scale = WARP_LONG_SIDE_PX / (max(table_w, table_h) + 2 * outside)
        size = (int(round((table_w + 2 * outside) * scale)), int(round((table_h + 2 * outside) * scale)))
        # shrunk by a whole factor (OpenCV's fast path), to about twice the warped image's pixels
        self._shrink = max(1, width // (2 * size[0]))
        to_plane = np.array([[scale, 0, outside * scale], [0, scale, outside * scale], [0, 0, 1.0]])
        shrunk = ((width // self._shrink) / width, (height // self._shrink) / height)
        unshrink = np.diag([1 / shrunk[0], 1 / shrunk[1], 1.0])
        self._warp = to_plane @ np.asarray(calibration.homography, dtype=np.float64) @ unshrink
        self._warp_size = size
        self._scale, self._outside = scale, outside
        pixels = self.plane_mask
        sides = seat_sides(len(calibration.seats))
        for zone in calibration.zones:
            if zone.kind != PAD or zone.seat is None or zone.seat >= len(sides):
                continue
            marker = _marker_polygon(calibration, zone.seat, zone.polygon)
            nearer, farther = _approach_strips(zone.polygon, sides[zone.seat][0], (table_w, table_h), outside)
            regions = (pixels(marker), pixels(nearer), pixels(farther), pixels(_grown(zone.polygon, SURROUNDINGS)),
                       pixels(_beyond(zone.polygon, sides[zone.seat][0])))
            if all(region.any() for region in regions):
                self._regions[zone.seat] = regions


    def plane_mask(self, polygon: "Sequence[Point]") -> "np.ndarray":
        """The warped image's pixels inside a polygon in table coordinates (after the first frame)."""
        import cv2
        import numpy as np

        width, height = self._warp_size
        mask = np.zeros((height, width), np.uint8)
        points = np.round((np.asarray(polygon, np.float64) + self._outside) * self._scale).astype(np.int32)
        cv2.fillPoly(mask, [points], 1)
        return mask.astype(bool)

    def to_table(self, xs: "np.ndarray", ys: "np.ndarray") -> tuple["np.ndarray", "np.ndarray"]:
        """Warped-image pixel columns and rows → table coordinates (as `plane_mask` maps them;
        after the first frame)."""
        return xs / self._scale - self._outside, ys / self._scale - self._outside

    @property
    def outside(self) -> float:
        """How far past each table edge the warped image reaches (table units; after the first frame)."""
        return self._outside


def _largest_channel(diff: "np.ndarray") -> "np.ndarray":
    import cv2

    return cv2.max(cv2.max(diff[..., 0], diff[..., 1]), diff[..., 2])


def _marker_polygon(calibration: "Calibration", seat: int, zone: tuple[Point, ...]) -> list[Point]:
    """The pad's marker on the table: where calibration saw it, else the middle of its zone."""
    marker_id = calibration.pads.get(seat)
    corners = calibration.markers.get(marker_id) if marker_id is not None else None
    if corners:
        return [(float(x), float(y)) for x, y in calibration.image_to_table(list(corners))]
    return _grown(zone, -(1 - math.sqrt(MARKER_SHARE)) / 2)


def _grown(polygon: tuple[Point, ...], share: float) -> list[Point]:
    """The polygon's bounding box grown by ``share`` of its size on each side (shrunk if negative)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    dx, dy = share * (max(xs) - min(xs)), share * (max(ys) - min(ys))
    x0, x1, y0, y1 = min(xs) - dx, max(xs) + dx, min(ys) - dy, max(ys) + dy
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _beyond(polygon: tuple[Point, ...], side: str) -> list[Point]:
    """The table past the pad on the pile's side, `BEYOND` pad lengths from its inner edge, as
    wide as the pad."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    near, far = BEYOND
    if side in ("left", "right"):
        length = max(xs) - min(xs)
        x0, x1 = (max(xs) + near * length, max(xs) + far * length) if side == "left" else \
            (min(xs) - far * length, min(xs) - near * length)
        return [(x0, min(ys)), (x1, min(ys)), (x1, max(ys)), (x0, max(ys))]
    length = max(ys) - min(ys)
    y0, y1 = (max(ys) + near * length, max(ys) + far * length) if side == "top" else \
        (min(ys) - far * length, min(ys) - near * length)
    return [(min(xs), y0), (max(xs), y0), (max(xs), y1), (min(xs), y1)]


def _approach_strips(polygon: tuple[Point, ...], side: str, table: tuple[float, float],
                     outside: float) -> tuple[list[Point], list[Point]]:
    """Just outside the seat's edge of the table, level with the pad and a pad length beyond
    each of its ends, split in two by the distance from the edge (nearer, farther): the seat's
    arm crosses both on its way to the pad; another seat's arm stays inside, or lies along the
    edge, over the nearer one only."""
    width, height = table
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    half = outside / 2

    def box(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    if side in ("bottom", "top"):
        reach = STRIP_REACH * (max(xs) - min(xs))
        x0, x1 = min(xs) - reach, max(xs) + reach
        if side == "bottom":
            return box(x0, height, x1, height + half), box(x0, height + half, x1, height + outside)
        return box(x0, -half, x1, 0.0), box(x0, -outside, x1, -half)
    reach = STRIP_REACH * (max(ys) - min(ys))
    y0, y1 = min(ys) - reach, max(ys) + reach
    if side == "left":
        return box(-half, y0, 0.0, y1), box(-outside, y0, -half, y1)
    return box(width, y0, width + half, y1), box(width + half, y0, width + outside, y1)
