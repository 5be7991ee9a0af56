"""The one crop of a corner index that the classifier sees, in training and at run time."""

from __future__ import annotations

import cv2
import numpy as np

CROP_SIZE = 64
CROP_MARGIN = 1.4  # crop side = margin x the longer side of the index box: keeps the card edge in view


def crop_index(
    image: np.ndarray,
    box: tuple[float, float, float, float],
    size: int = CROP_SIZE,
    margin: float = CROP_MARGIN,
    shift: tuple[float, float] = (0.0, 0.0),
    scale: float = 1.0,
) -> np.ndarray:
    """Square crop centred on the box, side = margin * max(w, h) * scale, resized to size x size.

    shift (fractions of the side) and scale exist for training-time jitter only; inference uses
    the defaults. Pixels outside the image are filled by replicating the border.
    """
    x1, y1, x2, y2 = box
    side = max(x2 - x1, y2 - y1, 2.0) * margin * scale
    cx = (x1 + x2) / 2 + shift[0] * side
    cy = (y1 + y2) / 2 + shift[1] * side
    k = size / side
    # affine map: crop centre -> output centre, scaled by k
    matrix = np.array([[k, 0, size / 2 - k * cx], [0, k, size / 2 - k * cy]], dtype=np.float64)
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(image, matrix, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)
