"""A rendered face cut to its card outline: transparent margins trimmed, corners rounded."""
from __future__ import annotations

import cv2
import numpy as np


def trim_alpha(rgba: np.ndarray, thr: int = 8) -> np.ndarray:
    """Crop to the pixels more opaque than `thr` (a render's transparent margin cut off)."""
    a = rgba[..., 3] > thr
    ys = np.flatnonzero(a.any(1))
    xs = np.flatnonzero(a.any(0))
    if len(ys) == 0:
        return rgba
    return rgba[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]


def round_corners(rgba: np.ndarray, radius_frac: float = 0.045) -> np.ndarray:
    """Make the corners transparent (a rounded rectangle), keeping existing transparency."""
    h, w = rgba.shape[:2]
    r = max(2, int(round(radius_frac * w)))
    m = np.zeros((h * 4, w * 4), np.uint8)  # 4x supersampled mask
    R = r * 4
    cv2.rectangle(m, (R, 0), (w * 4 - 1 - R, h * 4 - 1), 255, -1)
    cv2.rectangle(m, (0, R), (w * 4 - 1, h * 4 - 1 - R), 255, -1)
    for cx, cy in ((R, R), (w * 4 - 1 - R, R), (R, h * 4 - 1 - R), (w * 4 - 1 - R, h * 4 - 1 - R)):
        cv2.circle(m, (cx, cy), R, 255, -1, lineType=cv2.LINE_AA)
    m = cv2.resize(m, (w, h), interpolation=cv2.INTER_AREA)
    out = rgba.copy()
    out[..., 3] = np.minimum(out[..., 3], m)
    return out
