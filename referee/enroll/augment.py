"""Table-like copies of a corner crop captured on the enrolment mat.

On the mat a card lies flat, upright and whole, under the light of that moment; at the table the
same index is small, blurred by focus or motion, tilted a little past what rectification
straightens, turned by any quarter turn, half covered by the next card of a fan, and compressed
by the camera. `table_like` makes one such copy, so that fine-tuning the classifier on the
enrolled deck (referee.enroll.finetune) learns the deck's indices as the referee will see them.
Pure numpy + OpenCV; deterministic for a given generator.
"""

from __future__ import annotations

import cv2
import numpy as np

MAX_TILT_DEGREES = 8.0          # rectification leaves up to a few degrees; the camera adds skew
SCALE_RANGE = (0.85, 1.15)      # the detector's box size spread around one index
MAX_SHIFT_PX = 4.0              # of a 64 px crop
EDGE_OVER_SIDE = 0.3            # share of copies with a neighbouring card's edge over one side
SHRINK_RANGE = (14, 64)         # the index is resampled through this many pixels (table: 14-40)
JPEG_QUALITY = (35, 95)


def _motion_kernel(length: int, angle_degrees: float) -> np.ndarray:
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2] = 1.0
    centre = (length / 2 - 0.5, length / 2 - 0.5)
    kernel = cv2.warpAffine(kernel, cv2.getRotationMatrix2D(centre, angle_degrees, 1.0), (length, length))
    return kernel / max(float(kernel.sum()), 1e-6)


def table_like(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One table-like copy of a square BGR uint8 crop (same size): any quarter turn, a small
    tilt, scale and shift, sometimes a neighbouring card's edge over a side, focus or motion
    blur, resampling through a small size, light, colour cast, sensor noise and JPEG."""
    size = crop.shape[0]
    out = np.ascontiguousarray(np.rot90(crop, int(rng.integers(4))))
    centre = (size / 2, size / 2)
    affine = cv2.getRotationMatrix2D(centre, float(rng.uniform(-MAX_TILT_DEGREES, MAX_TILT_DEGREES)),
                                     float(rng.uniform(*SCALE_RANGE)))
    affine[:, 2] += rng.uniform(-MAX_SHIFT_PX, MAX_SHIFT_PX, 2) * size / 64
    out = cv2.warpAffine(out, affine, (size, size), borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < EDGE_OVER_SIDE:          # the next card of a fan, plain stock colour
        width = int(rng.integers(size // 10, size // 3))
        colour = rng.uniform(150, 255, 3)
        side = int(rng.integers(4))
        region = (slice(0, width), slice(None)) if side == 0 else (slice(size - width, size), slice(None)) \
            if side == 1 else (slice(None), slice(0, width)) if side == 2 else (slice(None), slice(size - width, size))
        out[region] = colour
    if rng.random() < 0.5:
        out = cv2.GaussianBlur(out, (0, 0), float(rng.uniform(0.3, 1.8)))
    if rng.random() < 0.3:
        out = cv2.filter2D(out, -1, _motion_kernel(int(rng.integers(3, 8)), float(rng.uniform(0, 180))))
    small = int(rng.integers(SHRINK_RANGE[0], SHRINK_RANGE[1] + 1)) * size // 64
    out = cv2.resize(cv2.resize(out, (small, small), interpolation=cv2.INTER_AREA), (size, size),
                     interpolation=cv2.INTER_LINEAR)
    pixels = out.astype(np.float32)
    pixels = pixels * float(rng.uniform(0.6, 1.3)) * rng.uniform(0.85, 1.15, 3).astype(np.float32) \
        + float(rng.uniform(-30, 30))
    pixels += rng.normal(0.0, float(rng.uniform(0, 8)), pixels.shape).astype(np.float32)
    out = np.clip(pixels, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*JPEG_QUALITY))])
        if ok:
            out = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return out
