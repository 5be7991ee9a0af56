"""Synthetic camera views of a marked table, made with cv2.aruco: a top-down table with the
corner markers at its corners (and optionally the pads), warped by a known homography into a
1280 x 720 "camera" image. The ground truth mapping lets tests check calibration in mm."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from referee.calibration.markers import CORNER_IDS, marker_image, pad_id

TABLE_MM = (800.0, 600.0)
MARKER_MM = 45.0
PX_PER_MM = 2.0                # of the top-down canvas
MARGIN_MM = 60.0               # canvas beyond the table plane (markers are centred on its corners)
IMAGE_SIZE = (1280, 720)
# Where the canvas corners land in the camera image: a camera above and in front of the table.
CANVAS_CORNERS_IN_IMAGE = np.float32([(250, 70), (1060, 95), (1210, 690), (95, 660)])


@dataclass(frozen=True, eq=False)
class Scene:
    image: np.ndarray                 # BGR camera image
    table_to_image: np.ndarray        # 3x3 ground truth homography, table mm → image px

    def to_image(self, points) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.table_to_image).reshape(-1, 2)


def _paste_marker(canvas: np.ndarray, marker_id: int, center_mm: tuple[float, float]) -> None:
    side = int(round(MARKER_MM * PX_PER_MM))
    quiet = int(round(side * 0.25))
    cx, cy = ((MARGIN_MM + c) * PX_PER_MM for c in center_mm)
    x0, y0 = int(round(cx - side / 2)), int(round(cy - side / 2))
    canvas[y0 - quiet:y0 + side + quiet, x0 - quiet:x0 + side + quiet] = 255
    canvas[y0:y0 + side, x0:x0 + side] = marker_image(marker_id, side)[:, :, None]


def render_table(pads: dict[int, tuple[float, float]] | None = None, *, hide: tuple[int, ...] = (),
                 corner_ids: tuple[int, ...] = CORNER_IDS, noise_seed: int | None = 0,
                 canvas_corners: np.ndarray = CANVAS_CORNERS_IN_IMAGE) -> Scene:
    """The camera view. ``pads``: seat → pad centre in table mm; ``hide``: marker ids covered by a
    "hand" (a skin-coloured blob); ``corner_ids``: the ids placed at TL, TR, BR, BL."""
    width_mm, height_mm = TABLE_MM
    cw = int(round((width_mm + 2 * MARGIN_MM) * PX_PER_MM))
    ch = int(round((height_mm + 2 * MARGIN_MM) * PX_PER_MM))
    canvas = np.zeros((ch, cw, 3), np.uint8)
    canvas[:] = (60, 110, 50)                             # green felt
    corners_mm = [(0, 0), (width_mm, 0), (width_mm, height_mm), (0, height_mm)]
    placed = dict(zip(corner_ids, corners_mm))
    for seat, center in (pads or {}).items():
        placed[pad_id(seat)] = center
    for marker_id, center in placed.items():
        _paste_marker(canvas, marker_id, center)
    for marker_id in hide:
        cx, cy = ((MARGIN_MM + c) * PX_PER_MM for c in placed[marker_id])
        cv2.ellipse(canvas, (int(cx), int(cy)), (int(MARKER_MM * 1.1 * PX_PER_MM), int(MARKER_MM * 0.8 * PX_PER_MM)),
                    20, 0, 360, (120, 160, 210), -1)
    canvas_px = np.float32([(0, 0), (cw, 0), (cw, ch), (0, ch)])
    canvas_to_image = cv2.getPerspectiveTransform(canvas_px, canvas_corners)
    image = cv2.warpPerspective(canvas, canvas_to_image, IMAGE_SIZE, flags=cv2.INTER_AREA,
                                borderValue=(90, 90, 90))
    if noise_seed is not None:
        rng = np.random.default_rng(noise_seed)
        image = np.clip(image.astype(np.int16) + rng.normal(0, 3, image.shape).round().astype(np.int16), 0, 255)
        image = image.astype(np.uint8)
    mm_to_canvas = np.array([[PX_PER_MM, 0, MARGIN_MM * PX_PER_MM], [0, PX_PER_MM, MARGIN_MM * PX_PER_MM], [0, 0, 1]])
    return Scene(image, canvas_to_image @ mm_to_canvas)
