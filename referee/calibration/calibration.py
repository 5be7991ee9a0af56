"""The table calibration: a homography from image pixels to table coordinates, the zones, and
the seats. Made from the corner markers (median over several frames) or from four clicks, saved
as plain JSON in ``calibration/NAME.json``.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from referee.calibration.layout import PAD, Point, Zone, default_zones, zone_at
from referee.calibration.markers import (CORNER_IDS, CORNER_NAMES, MAX_SEATS, MarkerDetector,
                                         MarkerSighting, pad_id, quad_center)
from referee.capture import read_frames
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

FORMAT_VERSION = 1
DEFAULT_DIR = Path("calibration")
NORMALISED_SIZE = (1000.0, 1000.0)
PAD_ZONE_SCALE = 2.0      # a detected pad's zone: its marker grown around its centre (the hand)


class CalibrationError(UserError):
    """A calibration that cannot be made or read."""


@dataclass(frozen=True)
class Calibration:
    name: str
    method: str                                    # "markers" or "clicks"
    image_size: tuple[int, int]                    # width, height of the frames it was made on
    table_size: tuple[float, float]                # W, H: the table plane is [0, W] x [0, H]
    units: str                                     # "mm" or "normalised"
    homography: tuple[tuple[float, float, float], ...]   # image → table, 3 x 3
    table_corners_image: tuple[Point, ...]         # table corners in the image: TL, TR, BR, BL
    seats: tuple[str, ...]                         # seat names, clockwise
    zones: tuple[Zone, ...]
    pads: Mapping[int, int] = field(default_factory=dict)           # seat → pad marker id
    markers: Mapping[int, tuple[Point, ...]] = field(default_factory=dict)  # id → image corners
    frames_used: int = 1
    created: str = ""

    def __post_init__(self) -> None:
        # A degenerate homography loads without complaint and leaves the referee blind (every card
        # lands on one point or nowhere): refuse it where the calibration is made or read.
        problem = _homography_problem(self._matrix(), self.table_corners_image, self.table_size)
        if problem is not None:
            raise ValueError(problem)

    # ---- mapping ----------------------------------------------------------------------------------

    def _matrix(self) -> "np.ndarray":
        import numpy as np

        return np.asarray(self.homography, dtype=np.float64)

    def image_to_table(self, points) -> "np.ndarray":
        """Image points (one ``(x, y)`` or an N x 2 array) → table coordinates, same shape."""
        return _apply_homography(self._matrix(), points)

    def table_to_image(self, points) -> "np.ndarray":
        import numpy as np

        return _apply_homography(np.linalg.inv(self._matrix()), points)

    def box_to_table(self, box: Sequence[float]) -> "np.ndarray":
        """An image box ``(x1, y1, x2, y2)`` → its four corners on the table (4 x 2)."""
        x1, y1, x2, y2 = box
        return self.image_to_table([(x1, y1), (x2, y1), (x2, y2), (x1, y2)])

    def box_center_to_table(self, box: Sequence[float]) -> Point:
        x1, y1, x2, y2 = box
        x, y = self.image_to_table(((x1 + x2) / 2, (y1 + y2) / 2))
        return (float(x), float(y))

    # ---- zones ------------------------------------------------------------------------------------

    def zone_at(self, table_point: Point) -> Zone | None:
        """The zone containing a table point, or None."""
        return zone_at(self.zones, (float(table_point[0]), float(table_point[1])))

    def zone_at_image(self, image_point: Point) -> Zone | None:
        x, y = self.image_to_table(image_point)
        return self.zone_at((float(x), float(y)))

    def zone(self, name: str) -> Zone:
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)

    def seat_zone(self, kind: str, seat: int) -> Zone:
        return self.zone(f"{kind}-{seat}")

    # ---- other frame sizes --------------------------------------------------------------------------

    def for_image_size(self, width: int, height: int) -> "Calibration":
        """The same calibration for frames of another resolution of the same camera view (same
        aspect ratio); a `CalibrationError` if the shape differs."""
        import numpy as np

        w0, h0 = self.image_size
        if (width, height) == (w0, h0):
            return self
        if abs(width / height - w0 / h0) > 0.01:
            raise CalibrationError(f"calibration {self.name!r} was made on {w0}x{h0} frames, the source "
                                   f"gives {width}x{height}: run referee calibrate again")
        sx, sy = width / w0, height / h0
        scale = np.diag([sx, sy, 1.0])
        matrix = self._matrix() @ np.linalg.inv(scale)
        return replace(self, image_size=(width, height), homography=_as_tuple(matrix),
                       table_corners_image=tuple((x * sx, y * sy) for x, y in self.table_corners_image),
                       markers={i: tuple((x * sx, y * sy) for x, y in q) for i, q in self.markers.items()})

    # ---- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "version": FORMAT_VERSION,
            "name": self.name,
            "method": self.method,
            "created": self.created,
            "image_size": list(self.image_size),
            "table_size": list(self.table_size),
            "units": self.units,
            "homography": [list(row) for row in self.homography],
            "table_corners_image": [[round(x, 3), round(y, 3)] for x, y in self.table_corners_image],
            "markers": {str(i): [[round(x, 3), round(y, 3)] for x, y in q] for i, q in sorted(self.markers.items())},
            "seat_order": "clockwise",
            "seats": list(self.seats),
            "pads": {str(seat): marker for seat, marker in sorted(self.pads.items())},
            "zones": [z.to_json() for z in self.zones],
            "frames_used": self.frames_used,
        }

    @staticmethod
    def from_json(data: dict) -> "Calibration":
        """Raises KeyError / TypeError / ValueError on malformed data (`load_calibration` turns
        those into one-line errors)."""
        if data.get("version") != FORMAT_VERSION:
            raise ValueError(f"unknown version {data.get('version')!r}")
        matrix = tuple(tuple(float(v) for v in row) for row in data["homography"])
        if len(matrix) != 3 or any(len(row) != 3 for row in matrix) or not all(map(math.isfinite, sum(matrix, ()))):
            raise ValueError("homography must be 3 x 3 finite numbers")
        width, height = (int(v) for v in data["image_size"])
        table_w, table_h = (float(v) for v in data["table_size"])
        corners = tuple((float(x), float(y)) for x, y in data["table_corners_image"])
        if len(corners) != 4:
            raise ValueError("table_corners_image needs 4 points")
        seats = tuple(str(s) for s in data["seats"])
        if not 2 <= len(seats) <= MAX_SEATS:
            raise ValueError(f"2..{MAX_SEATS} seats expected")
        return Calibration(
            name=str(data.get("name", "")), method=str(data.get("method", "markers")),
            image_size=(width, height), table_size=(table_w, table_h), units=str(data.get("units", "normalised")),
            homography=matrix, table_corners_image=corners, seats=seats,
            zones=tuple(Zone.from_json(z) for z in data["zones"]),
            pads={int(k): int(v) for k, v in data.get("pads", {}).items()},
            markers={int(k): tuple((float(x), float(y)) for x, y in q) for k, q in data.get("markers", {}).items()},
            frames_used=int(data.get("frames_used", 1)), created=str(data.get("created", "")))


def _as_tuple(matrix) -> tuple[tuple[float, float, float], ...]:
    m = matrix / matrix[2, 2]
    return tuple(tuple(float(v) for v in row) for row in m)


SINGULAR_RATIO = 1e-12     # smallest / largest singular value below this: not invertible in practice
MIN_TABLE_AREA_SHARE = 0.01   # the table corners, mapped, must cover at least this share of the table


def _homography_problem(matrix: "np.ndarray", corners: Sequence[Point], table_size: tuple[float, float]) -> str | None:
    """Why ``matrix`` cannot be the image → table mapping of a table whose corners lie at
    ``corners`` in the image, or None when it can."""
    import numpy as np

    if matrix.shape != (3, 3) or not np.all(np.isfinite(matrix)):
        return "homography must be 3 x 3 finite numbers"
    singular = np.linalg.svd(matrix, compute_uv=False)
    if singular[0] == 0 or singular[-1] / singular[0] < SINGULAR_RATIO:
        return "homography is singular (not invertible)"
    if len(corners) != 4:
        return "table_corners_image needs 4 points"
    mapped = np.c_[np.asarray(corners, dtype=np.float64), np.ones(4)] @ matrix.T
    w = mapped[:, 2]
    if not (np.all(w > 0) or np.all(w < 0)):
        return "homography sends table corners to infinity (behind the camera)"
    x, y = mapped[:, 0] / w, mapped[:, 1] / w
    area = abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))) / 2
    if not area >= MIN_TABLE_AREA_SHARE * table_size[0] * table_size[1]:
        return "homography maps the table corners to (nearly) one point"
    return None


def _apply_homography(matrix: "np.ndarray", points) -> "np.ndarray":
    import numpy as np

    pts = np.asarray(points, dtype=np.float64)
    single = pts.ndim == 1
    pts = pts.reshape(-1, 2)
    mapped = np.c_[pts, np.ones(len(pts))] @ matrix.T
    out = mapped[:, :2] / mapped[:, 2:3]
    return out[0] if single else out


# ---- making one ---------------------------------------------------------------------------------

def seat_names(seats: int | None, names: Sequence[str] | None) -> tuple[str, ...]:
    """The seat names from ``--seats`` / ``--names`` (names win; default P1..PN)."""
    if names:
        names = tuple(n.strip() for n in names)
        if any(not n for n in names) or len(set(names)) != len(names):
            raise CalibrationError(f"seat names must be distinct and non-empty: {','.join(names)}")
        if seats is not None and seats != len(names):
            raise CalibrationError(f"--seats {seats} but {len(names)} names given")
        seats = len(names)
    seats = 4 if seats is None else seats
    if not 2 <= seats <= MAX_SEATS:
        raise CalibrationError(f"seats must be between 2 and {MAX_SEATS}, got {seats}")
    return tuple(names) if names else tuple(f"P{i + 1}" for i in range(seats))


def _check_corner_quad(points: Sequence[Point], what: str) -> None:
    """The table corners must form a convex quadrilateral, clockwise in the image (the marker
    order 0-3 from the top-left), with some size."""
    crosses = []
    for i in range(4):
        (x0, y0), (x1, y1), (x2, y2) = points[i], points[(i + 1) % 4], points[(i + 2) % 4]
        crosses.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
    area = 0.5 * sum(points[i][0] * points[(i + 1) % 4][1] - points[(i + 1) % 4][0] * points[i][1] for i in range(4))
    if all(c < 0 for c in crosses):
        raise CalibrationError(f"{what} go anticlockwise: place markers 0-3 (or click the corners) clockwise "
                               "from the top-left")
    if not all(c > 0 for c in crosses):
        raise CalibrationError(f"{what} do not form a convex quadrilateral: markers in the wrong corners?")
    if area < 400:
        raise CalibrationError(f"{what} span only {area:.0f} square pixels: is the table in view?")


def _homography(image_points: Sequence[Point], table_size: tuple[float, float]) -> "np.ndarray":
    import cv2
    import numpy as np

    w, h = table_size
    src = np.asarray(image_points, dtype=np.float32)
    dst = np.asarray([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _check_table_size(table_size: tuple[float, float]) -> None:
    if not all(math.isfinite(v) and v > 0 for v in table_size):
        raise CalibrationError(f"table size must be two positive numbers, got {table_size}")


def calibrate_from_sightings(sightings: Sequence[Mapping[int, MarkerSighting]], image_size: tuple[int, int],
                             seats: Sequence[str], *, name: str = "default",
                             table_size: tuple[float, float] = NORMALISED_SIZE, units: str = "normalised") -> Calibration:
    """A calibration from the markers seen in several frames (the median position of each
    marker, so one bad detection does not move the table)."""
    import numpy as np

    _check_table_size(table_size)
    frames = len(sightings)
    by_id: dict[int, list[np.ndarray]] = {}
    for seen in sightings:
        for marker_id, sighting in seen.items():
            by_id.setdefault(marker_id, []).append(np.asarray(sighting.corners, dtype=np.float64))
    missing = [i for i in CORNER_IDS if i not in by_id]
    if missing:
        listing = ", ".join(f"{i} ({CORNER_NAMES[i]})" for i in missing)
        raise CalibrationError(f"corner marker{'s' if len(missing) > 1 else ''} {listing} not found in {frames} "
                               f"frame{'s' if frames != 1 else ''}: check that all four are in view and lit, "
                               "or give the corners with --clicks")
    median_quads = {i: np.median(np.stack(quads), axis=0) for i, quads in by_id.items()}
    centers = [tuple(float(v) for v in quad_center(median_quads[i])) for i in CORNER_IDS]
    _check_corner_quad(centers, "the corner markers")
    matrix = _homography(centers, table_size)
    zones = default_zones(len(seats), *table_size)
    pads = {seat: pad_id(seat) for seat in range(len(seats))}
    zones = _zones_with_seen_pads(zones, matrix, {seat: median_quads[m] for seat, m in pads.items() if m in median_quads})
    markers = {i: tuple((float(x), float(y)) for x, y in q) for i, q in median_quads.items()
               if i in CORNER_IDS or i in pads.values()}
    return Calibration(name=name, method="markers", image_size=tuple(image_size), table_size=tuple(table_size),
                       units=units, homography=_as_tuple(matrix), table_corners_image=tuple(centers),
                       seats=tuple(seats), zones=tuple(zones), pads=pads, markers=markers,
                       frames_used=frames, created=_now())


def _zones_with_seen_pads(zones: list[Zone], matrix: "np.ndarray", pad_quads: Mapping[int, "np.ndarray"]) -> list[Zone]:
    """Where a pad was seen, its zone is where it lies (grown for the hand that covers it)."""
    out = []
    for zone in zones:
        if zone.kind == PAD and zone.seat in pad_quads:
            quad = _apply_homography(matrix, pad_quads[zone.seat])
            center = quad.mean(axis=0)
            grown = center + PAD_ZONE_SCALE * (quad - center)
            zone = Zone(zone.name, zone.kind, zone.seat, tuple((round(float(x), 3), round(float(y), 3)) for x, y in grown))
        out.append(zone)
    return out


def calibrate_from_images(images: Iterable["np.ndarray"], seats: Sequence[str], **kwargs) -> Calibration:
    """Detect the markers in each image (BGR) and calibrate from all of them."""
    detector = MarkerDetector()
    sightings, size = [], None
    for image in images:
        size = (int(image.shape[1]), int(image.shape[0]))
        sightings.append(detector.detect(image))
    if size is None:
        raise CalibrationError("no frames to calibrate from")
    return calibrate_from_sightings(sightings, size, seats, **kwargs)


def calibrate_from_clicks(points: Sequence[Point], image_size: tuple[int, int], seats: Sequence[str], *,
                          name: str = "default", table_size: tuple[float, float] = NORMALISED_SIZE,
                          units: str = "normalised") -> Calibration:
    """A calibration from the four table corners clicked in the image: top-left, top-right,
    bottom-right, bottom-left (clockwise). Pad zones are the default layout's."""
    _check_table_size(table_size)
    if len(points) != 4:
        raise CalibrationError(f"four corner points are needed, got {len(points)}")
    width, height = image_size
    for x, y in points:
        if not (0 <= x <= width and 0 <= y <= height):
            raise CalibrationError(f"corner ({x:g}, {y:g}) lies outside the {width}x{height} image")
    corners = tuple((float(x), float(y)) for x, y in points)
    _check_corner_quad(corners, "the clicked corners")
    matrix = _homography(corners, table_size)
    return Calibration(name=name, method="clicks", image_size=tuple(image_size), table_size=tuple(table_size),
                       units=units, homography=_as_tuple(matrix), table_corners_image=corners,
                       seats=tuple(seats), zones=tuple(default_zones(len(seats), *table_size)),
                       pads={seat: pad_id(seat) for seat in range(len(seats))}, created=_now())


def parse_clicks(text: str) -> list[Point]:
    """``"x1,y1,x2,y2,x3,y3,x4,y4"`` → four points."""
    try:
        values = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
    except ValueError:
        raise CalibrationError(f"--clicks takes 8 numbers x1,y1,...,x4,y4, got {text!r}") from None
    if len(values) != 8 or not all(map(math.isfinite, values)):
        raise CalibrationError(f"--clicks takes 8 numbers x1,y1,...,x4,y4, got {len(values)}")
    return [(values[i], values[i + 1]) for i in range(0, 8, 2)]


# ---- files --------------------------------------------------------------------------------------

def calibration_path(name_or_path: str | Path, directory: str | Path = DEFAULT_DIR) -> Path:
    """A name (``home``) lives in ``calibration/home.json``; anything with a suffix or a slash
    is a path."""
    text = str(name_or_path)
    if text.endswith(".json") or "/" in text or "\\" in text:
        return Path(text)
    return Path(directory) / f"{text}.json"


def save_calibration(calibration: Calibration, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    # Write then rename: a crash never leaves half a calibration behind.
    tmp.write_text(json.dumps(calibration.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load_calibration(name_or_path: str | Path, directory: str | Path = DEFAULT_DIR) -> Calibration:
    path = calibration_path(name_or_path, directory)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CalibrationError(f"no calibration {path}: make one with `referee calibrate --source ... "
                               f"--name {path.stem}`") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CalibrationError(f"cannot read calibration {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return Calibration.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise CalibrationError(f"calibration {path} is not valid JSON (line {exc.lineno}): "
                               "run referee calibrate again") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise CalibrationError(f"calibration {path} is corrupt ({what}): run referee calibrate again") from None


VIDEO_CALIBRATION_FRAMES = 5


def calibrate_video(video: str | Path, seats: Sequence[str], table_mm: tuple[float, float],
                    frames: int = VIDEO_CALIBRATION_FRAMES) -> Calibration:
    """Calibrate from the markers in the first frames of a video (what `referee calibrate` does),
    table coordinates in millimetres over a marked area of ``table_mm``."""
    images = read_frames(str(video), frames)
    return calibrate_from_images(images, list(seats), name=Path(video).stem, table_size=table_mm, units="mm")
