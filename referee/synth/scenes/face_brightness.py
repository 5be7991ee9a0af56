"""How bright a face's paper is, for the benchmarks' per-brightness figures and the tests of the
dark, coloured and aged drawn decks.

The measure is the median luminance (Rec. 601 luma, 0-255: 0.299 R + 0.587 G + 0.114 B) of the
face's opaque pixels around its corner indices (each index box grown by half its width to both
sides and a quarter of its height up and down): the paper the classifier sees behind the index,
with the ink a minority of it. A face without index boxes (a joker with no corner marking) is
measured on a ring just inside its edge instead (2-4 % of the height in). Both read the design's
rendered face, before the scene's lighting.

Bins (half-open, luma): dark [0, 100), mid [100, 200), light [200, 256).
"""
from __future__ import annotations

import cv2
import numpy as np

from referee.vision.polarity import luma

BRIGHTNESS_BINS: tuple[tuple[str, float, float], ...] = (("dark", 0.0, 100.0), ("mid", 100.0, 200.0),
                                                          ("light", 200.0, 256.0))


def paper_luminance(face: np.ndarray, index_boxes=()) -> float:
    """Median luma of a face's paper (BGRA face, boxes in face pixels; see the module's doc)."""
    h, w = face.shape[:2]
    opaque = face[..., 3] > 200
    region = np.zeros((h, w), bool)
    for x1, y1, x2, y2 in index_boxes:
        bw, bh = x2 - x1, y2 - y1
        region[max(0, int(y1 - bh / 4)): int(y2 + bh / 4) + 1, max(0, int(x1 - bw / 2)): int(x2 + bw / 2) + 1] = True
    region &= opaque
    if not region.any():   # no index: a ring just inside the edge
        m = max(2, int(round(0.02 * h)))
        kernel = np.ones((2 * m + 1, 2 * m + 1), np.uint8)
        inner = cv2.erode(opaque.astype(np.uint8), kernel)
        region = (inner & (1 - cv2.erode(inner, kernel))).astype(bool)
    if not region.any():
        region = opaque
    return float(np.median(luma(face[..., :3][region])))


def brightness_bin(value: float) -> str:
    """The name of the BRIGHTNESS_BINS bin holding a luma value."""
    for name, lo, hi in BRIGHTNESS_BINS:
        if lo <= value < hi:
            return name
    raise ValueError(f"luma out of range: {value}")
