"""Which way round a corner index's ink is: dark on light paper, or light on dark paper.

The classifier learnt indices printed dark (or red) on light paper. A deck with dark faces prints
them light on dark paper, and the classifier rejects nearly all of them. The same crop with its
luma turned over (chroma kept, so red stays red) is an index dark on light paper again, which the
classifier reads (see CardRecognizer's inverted look).

    >>> import numpy as np
    >>> dark_paper = np.full((64, 64, 3), 40, np.uint8)
    >>> dark_paper[10:30, 10:20] = 230          # a light stroke of ink
    >>> light_ink(dark_paper)
    True
    >>> light_ink(luma_inverted(dark_paper))
    False
    >>> int(luma_inverted(dark_paper)[0, 0, 0])  # the paper turned light
    215
"""

from __future__ import annotations

import cv2
import numpy as np

# Ink is a pixel this far (luma, 0-255) from the crop's median (its paper: the ink is a minority).
INK_STEP = 25.0
# A crop with less ink than this share of its pixels is blank paper or table: no verdict.
MIN_INK_SHARE = 0.03


def luma(bgr: np.ndarray) -> np.ndarray:
    """Rec. 601 luma of BGR values (any shape ending in 3), float: 0.299 R + 0.587 G + 0.114 B."""
    bgr = np.asarray(bgr, np.float64)
    return 0.114 * bgr[..., 0] + 0.587 * bgr[..., 1] + 0.299 * bgr[..., 2]


def light_ink(crop: np.ndarray) -> bool:
    """Whether the crop's ink is lighter than its paper (the median luma): on average over the
    pixels at least INK_STEP from the median, when they are MIN_INK_SHARE of the crop or more."""
    values = luma(crop)
    offset = values - np.median(values)
    ink = np.abs(offset) > INK_STEP
    return bool(ink.mean() >= MIN_INK_SHARE and offset[ink].mean() > 0)


def luma_inverted(crop: np.ndarray) -> np.ndarray:
    """The BGR crop with its luma turned over (Y' -> 255 - Y') and its chroma kept."""
    ycrcb = cv2.cvtColor(crop, cv2.COLOR_BGR2YCrCb)
    ycrcb[..., 0] = 255 - ycrcb[..., 0]
    return cv2.cvtColor(ycrcb, cv2.COLOR_YCrCb2BGR)
