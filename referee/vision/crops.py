"""The one crop of a corner index that the classifier sees, in training and at run time.

Training (referee.synth.scenes.dataset) jitters the box before calling crop_square; inference calls
crop_index on the detector's box. Keeping both here guarantees the same maths.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

CROP_SIZE = 64
CROP_FACTOR = 1.4  # crop side = factor x the longer side of the index box: keeps the card edge in view


def index_square(box, factor: float = CROP_FACTOR) -> tuple[float, float, float]:
    """(cx, cy, side) of the square crop around an index box (x1, y1, x2, y2)."""
    x1, y1, x2, y2 = (float(v) for v in box)
    return (x1 + x2) / 2, (y1 + y2) / 2, factor * max(x2 - x1, y2 - y1, 1.0)


def crop_square(image: np.ndarray, cx: float, cy: float, side: float, size: int = CROP_SIZE,
                interpolation: int = cv2.INTER_LINEAR) -> np.ndarray:
    """Resample the axis-aligned square (centre cx, cy; side px) to size x size; outside the
    image the border is replicated. Same channel order as `image`. `interpolation`: how an
    enlarged square is resampled (training's crops: linear)."""
    s = size / max(side, 1e-6)
    # output pixel centre (i + 0.5) maps to input cx - side/2 + (i + 0.5) / s
    M = np.array([[s, 0, size / 2 - s * cx], [0, s, size / 2 - s * cy]], np.float64)
    # pixel-centre convention: x_out + 0.5 = s * (x_in + 0.5 - cx) + size / 2
    M[:, 2] += 0.5 * s - 0.5
    if s < 0.7:  # shrinking: area-average a neighbourhood first (warpAffine has no area filter)
        h, w = image.shape[:2]
        x0 = int(math.floor(cx - side / 2)) - 2
        y0 = int(math.floor(cy - side / 2)) - 2
        n = int(math.ceil(side)) + 5
        xs = np.clip(np.arange(x0, x0 + n), 0, w - 1)
        ys = np.clip(np.arange(y0, y0 + n), 0, h - 1)
        patch = image[ys[:, None], xs[None, :]]
        m = max(1, int(round(n * s * 1.5)))
        small = cv2.resize(patch, (m, m), interpolation=cv2.INTER_AREA)
        f = m / n  # small px per input px
        s2 = s / f
        # small pixel j covers input x0 + (j + 0.5) / f (pixel-edge coordinates, like the boxes)
        M = np.array([[s2, 0, s * (x0 - cx) + 0.5 * s2 + size / 2 - 0.5],
                      [0, s2, s * (y0 - cy) + 0.5 * s2 + size / 2 - 0.5]], np.float64)
        return cv2.warpAffine(small, M, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return cv2.warpAffine(image, M, (size, size), flags=interpolation, borderMode=cv2.BORDER_REPLICATE)


def crop_index(image: np.ndarray, box, size: int = CROP_SIZE) -> np.ndarray:
    """The classifier input for a detected index box (x1, y1, x2, y2) in `image` pixels: a square
    of side 1.4 x max(w, h) centred on the box, rotated so the card's edges are axis-aligned
    (rectified_square), resampled to size x size. Inference uses exactly this; training jitters
    the square and calls rectified_square."""
    return rectify_index(image, box, size)[0]


def rectify_index(image: np.ndarray, box, size: int = CROP_SIZE,
                  interpolation: int = cv2.INTER_LINEAR) -> tuple[np.ndarray, float]:
    """crop_index's crop and the card angle it was rotated by (degrees, modulo 90)."""
    cx, cy, side = index_square(box)
    return rectify(image, cx, cy, side, size, interpolation)


# A small index's look (CardRecognizer small_index_px): the box moved by this share of its size
# along both diagonals, besides the box itself.
SMALL_LOOK_SHIFT = 0.1


def small_index_crops(image: np.ndarray, box, size: int = CROP_SIZE) -> list[np.ndarray]:
    """Five crops of a small index box, resampled bicubically: the box itself and the box moved
    SMALL_LOOK_SHIFT of its size along each diagonal. A crop enlarged 4-6 times from an index 7-12
    px tall is a blur whose reading depends on where the box's edges fall between pixels; the
    readings of the five together (CardRecognizer.small_look) depend on it less."""
    x1, y1, x2, y2 = (float(v) for v in box)
    dx, dy = SMALL_LOOK_SHIFT * (x2 - x1), SMALL_LOOK_SHIFT * (y2 - y1)
    moves = ((0.0, 0.0), (dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy))
    return [rectify_index(image, (x1 + mx, y1 + my, x2 + mx, y2 + my), size, cv2.INTER_CUBIC)[0] for mx, my in moves]


@functools.lru_cache(maxsize=8)
def _centre_weight(h: int, w: int) -> np.ndarray:
    """The Gaussian weight of card_angle for an h x w patch (the same for every crop of one size)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    sigma = 0.35 * min(h, w)
    weight = np.exp(-(((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / (2 * sigma * sigma)))
    weight.setflags(write=False)
    return weight


def card_angle(patch: np.ndarray) -> float:
    """The card's rotation modulo 90 degrees, in [-45, 45), from the dominant edge direction.

    Card edges and the strokes of the rank glyph run along the card's axes, so gradient angles
    folded four times (angle x 4) agree on the card's rotation; a centred Gaussian weight keeps
    neighbouring cards from dominating: the angle of sum(w |g|^2 (cos 4t, sin 4t)).

    With g = (gx, gy) = r (cos t, sin t): a = gx^2 - gy^2 = r^2 cos 2t, b = 2 gx gy = r^2 sin 2t,
    so r^2 cos 4t = (a^2 - b^2) / r^2 and r^2 sin 4t = 2ab / r^2 -- no trigonometry per pixel.
    """
    gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    if gray.dtype != np.uint8:  # an 8-bit image goes to Sobel as it is: the same values as a float copy
        gray = gray.astype(np.float32)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    xx = gx * gx
    yy = gy * gy
    a = xx - yy
    b = gx * gy
    b *= 2
    r2 = xx + yy
    r2[r2 == 0] = np.inf  # no gradient, no vote
    q = _centre_weight(*gray.shape) / r2
    c = float(np.vdot(q, a * a - b * b))
    s = float(np.vdot(q, a * b)) * 2
    return math.degrees(math.atan2(s, c) / 4.0)


RECTIFY_MARGIN = 1.5  # the first, larger crop covers the rotated square's corners (needs >= sqrt 2)


def rectified_square(image: np.ndarray, cx: float, cy: float, side: float, size: int = CROP_SIZE) -> np.ndarray:
    """Like crop_square, but rotated so the card's edges are axis-aligned (up to a quarter turn).

    The classifier then sees four orientations of an index instead of every angle.
    """
    return rectify(image, cx, cy, side, size)[0]


def rectify(image: np.ndarray, cx: float, cy: float, side: float, size: int = CROP_SIZE,
            interpolation: int = cv2.INTER_LINEAR) -> tuple[np.ndarray, float]:
    """rectified_square's crop and the card angle it was rotated by (degrees, modulo 90)."""
    big = int(math.ceil(size * RECTIFY_MARGIN))
    patch = crop_square(image, cx, cy, side * big / size, big, interpolation)
    angle = card_angle(patch)
    rot = cv2.getRotationMatrix2D((big / 2, big / 2), angle, 1.0)
    rot[:, 2] += (size - big) / 2  # keep the centre, cut size x size
    crop = cv2.warpAffine(patch, rot, (size, size), flags=interpolation, borderMode=cv2.BORDER_REPLICATE)
    return crop, angle
