"""A detector `back` kept only where a face-down card can be.

The detector learnt `back` from generated tables of flat felt, cloth, wood and paper; on real
photographs it also calls card-sized patches of carpet, folded cloth, wood grain, brick and print
`back`, often beside a face-up card whose edge pokes into the box. A face-down card is an object
with straight edges lying on the table: on at least one side its surroundings are unlike its
centre, and its outline shows as long straight segments. A patch of the background is like its
surroundings all round, and carpet or cloth has no long straight edges. A back is also never
much bigger than a face-up card in the same frame.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from referee.vision.types import Box, Detection

# Each set where it alone loses about 1 % of the face-down cards the recogniser finds in generated
# scenes of the held-out designs (seeds 500000+, not the benchmark's), never on real photos; see
# models/MODEL_CARD.md.
MIN_SIDE_DISTINCTNESS = 0.45
MIN_OUTLINE_SHARE = 0.4
# A back's long side against the longest face-up card box in the same frame: a whole card turned
# 45 degrees spans about 1.2 card heights, and a box is a little loose.
MAX_CARD_SIZE_RATIO = 1.45

SURROUND_SHARE = 0.2      # the ring around the box, in box long sides
CENTRE_SHARE = 0.6        # the box's centre, in box sides
HISTOGRAM_BINS = 8        # per colour channel
DISTINCTNESS_SIDE = 96    # pixels the box and its ring are resized to
OUTLINE_PAD = 0.08        # the box is looked at with this margin (long sides): its edges lie on it
OUTLINE_SIDE = 128        # pixels the padded box is resized to for the segment detector
MIN_SEGMENT = 0.35        # a straight segment counts from this share of the box's short side


def _long_side(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def _region(frame: np.ndarray, box: Box, margin: float, side: int) -> tuple[np.ndarray, Box]:
    """The box with `margin` (pixels) around it, clipped to the frame and resized to `side`
    pixels on its long side, and the box in that region's pixels."""
    height, width = frame.shape[:2]
    x1, y1, x2, y2 = box
    ox1, oy1 = int(max(0.0, x1 - margin)), int(max(0.0, y1 - margin))
    ox2, oy2 = int(min(width, x2 + margin)), int(min(height, y2 + margin))
    scale = side / max(ox2 - ox1, oy2 - oy1, 1)
    region = frame[oy1:oy2, ox1:ox2]
    region = cv2.resize(region, (max(1, round(region.shape[1] * scale)), max(1, round(region.shape[0] * scale))),
                        interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    return region, ((x1 - ox1) * scale, (y1 - oy1) * scale, (x2 - ox1) * scale, (y2 - oy1) * scale)


def _histogram(bins: np.ndarray) -> np.ndarray:
    counts = np.bincount(bins.ravel(), minlength=HISTOGRAM_BINS ** 3).astype(np.float64)
    return counts / max(float(counts.sum()), 1.0)


def side_distinctness(frame: np.ndarray, box: Box) -> float:
    """How unlike the box's centre (CENTRE_SHARE) its most unlike surrounding side is: 1 minus
    the intersection of colour histograms (YCrCb), for the strip above, below, left and right of the
    box (SURROUND_SHARE wide); 1 where the box has no surroundings in the frame."""
    region, (bx1, by1, bx2, by2) = _region(frame, box, SURROUND_SHARE * _long_side(box), DISTINCTNESS_SIDE)
    # YCrCb, not Lab: as telling here, and OpenCV converts it some fifty times faster
    quantised = cv2.cvtColor(region, cv2.COLOR_BGR2YCrCb) // (256 // HISTOGRAM_BINS)
    bins = (quantised[..., 0].astype(np.int32) * HISTOGRAM_BINS + quantised[..., 1]) * HISTOGRAM_BINS + quantised[..., 2]
    h, w = bins.shape
    x1, y1, x2, y2 = round(bx1), round(by1), round(bx2), round(by2)
    cx, cy = (bx1 + bx2) / 2, (by1 + by2) / 2
    half_w, half_h = (bx2 - bx1) * CENTRE_SHARE / 2, (by2 - by1) * CENTRE_SHARE / 2
    centre = _histogram(bins[max(0, int(cy - half_h)):int(cy + half_h) + 1, max(0, int(cx - half_w)):int(cx + half_w) + 1])
    unlike = []
    for strip in (bins[:y1], bins[y2:], bins[:, :x1], bins[:, x2:]):
        if strip.size < 20:   # the frame's edge: no strip to compare with
            continue
        unlike.append(1.0 - float(np.minimum(centre, _histogram(strip)).sum()))
    return max(unlike, default=1.0)


def outline_share(frame: np.ndarray, box: Box) -> float:
    """The summed length of the long straight segments (MIN_SEGMENT) in and around the box, over
    the box's perimeter: a card's edges give about 1 or more, carpet and cloth next to none."""
    region, (bx1, by1, bx2, by2) = _region(frame, box, OUTLINE_PAD * _long_side(box), OUTLINE_SIDE)
    # a detector a call (it is cheap to make): the recogniser may run in more than one thread
    segments = cv2.createLineSegmentDetector().detect(cv2.cvtColor(region, cv2.COLOR_BGR2GRAY))[0]
    if segments is None:
        return 0.0
    segments = segments.reshape(-1, 4)
    lengths = np.hypot(segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1])
    long = lengths[lengths >= MIN_SEGMENT * min(bx2 - bx1, by2 - by1)]
    return float(long.sum() / max(2.0 * ((bx2 - bx1) + (by2 - by1)), 1.0))


def cut_by_edge(box: Box, shape: tuple[int, int], clearance: float) -> bool:
    """Whether the box comes within `clearance` (a share of the frame's short side) of the
    frame's edge, so that the frame may cut the object: its outline does not all show.

        >>> cut_by_edge((0.0, 50.0, 40.0, 110.0), (720, 1280), 0.01)
        True
        >>> cut_by_edge((20.0, 50.0, 60.0, 110.0), (720, 1280), 0.01)
        False
    """
    height, width = shape
    x1, y1, x2, y2 = box
    return min(x1, y1, width - x2, height - y2) <= clearance * min(height, width)


def card_size(cards: Sequence[Detection]) -> float | None:
    """The long side of the largest face-up card box in the frame; None without one."""
    return max((_long_side(c.box) for c in cards), default=None)


def plausible_backs(frame: np.ndarray, backs: Sequence[Detection], cards: Sequence[Detection]) -> list[Detection]:
    """The backs that can be face-down cards: no bigger than a card when face-up `cards` in the
    frame show its size (MAX_CARD_SIZE_RATIO), unlike their surroundings on some side
    (MIN_SIDE_DISTINCTNESS), with straight edges (MIN_OUTLINE_SHARE)."""
    size = card_size(cards)
    kept = []
    for back in backs:
        if size is not None and _long_side(back.box) > MAX_CARD_SIZE_RATIO * size:
            continue
        if side_distinctness(frame, back.box) < MIN_SIDE_DISTINCTNESS:
            continue
        if outline_share(frame, back.box) < MIN_OUTLINE_SHARE:
            continue
        kept.append(back)
    return kept
