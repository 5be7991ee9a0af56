"""Reading the wanted slots of the located mat in one frame: which slots hold a card, the crops
of each card's corner index, and what the base model reads there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import cv2
import numpy as np

from referee.enroll.session import Slot, SlotReading
from referee.vision.crops import index_square, rectify, rectify_index
from referee.vision.labels import BACK, OTHER, Label, parse_label
from referee.vision.polarity import light_ink, luma_inverted

if TYPE_CHECKING:
    from referee.enroll.mat import MatView
    from referee.vision.classifier import IndexClassifier
    from referee.vision.types import Detection

# Jittered crops shift the square by up to this fraction of its side and scale it by these
# factors: the spread of the detector's boxes around one index (as in training's jittered_crop).
JITTER_SHIFT = 0.1
JITTER_SCALE = (0.88, 1.15)


def _inside(polygon: np.ndarray, point: tuple[float, float]) -> bool:
    return cv2.pointPolygonTest(np.asarray(polygon, np.float32).reshape(-1, 1, 2), point, False) >= 0


def jittered_crops(frame: np.ndarray, box, n: int, rng: np.random.Generator, size: int) -> list[np.ndarray]:
    cx, cy, side = index_square(box)
    out = []
    for _ in range(n):
        dx, dy = rng.uniform(-JITTER_SHIFT, JITTER_SHIFT, 2) * side
        out.append(rectify(frame, cx + dx, cy + dy, side * rng.uniform(*JITTER_SCALE), size)[0])
    return out


# Where a card's top-left index lies from the card's corner, in mm (x1, y1, x2, y2), when no
# detected index on the mat tells (a common French index: about 10 x 22 mm, 2-3 mm in).
DEFAULT_INDEX_MM = (2.0, 3.0, 12.0, 25.0)
# An index square of the mat holds a card when this share of it is ink (dark or strongly
# coloured against the paper); an empty slot's interior is blank paper.
MIN_INK = 0.04
# A detected index further than this from where DEFAULT_INDEX_MM puts its centre is not the
# card's top-left index.
MAX_INDEX_OFFSET_MM = 14.0


def _mat_points(view: "MatView", points) -> np.ndarray:
    inv = np.linalg.inv(view.homography)
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, inv).reshape(-1, 2)


def index_shape(view: "MatView", found: dict[Slot, "Detection"], corner_mm) -> tuple[float, float, float, float]:
    """The index box relative to the card's corner, in mat mm: the median of the indices detected
    in this frame, else DEFAULT_INDEX_MM."""
    boxes = []
    for slot, det in found.items():
        x1, y1, x2, y2 = det.box
        mm = _mat_points(view, [(x1, y1), (x2, y1), (x2, y2), (x1, y2)])
        cx, cy = corner_mm(*slot)
        boxes.append((mm[:, 0].min() - cx, mm[:, 1].min() - cy, mm[:, 0].max() - cx, mm[:, 1].max() - cy))
    if len(boxes) < 3:
        return DEFAULT_INDEX_MM
    return tuple(float(v) for v in np.median(np.array(boxes), axis=0))


def ink_share(frame: np.ndarray, view: "MatView", quad_mm: np.ndarray, px_per_mm: float = 3.0) -> float:
    """The share of ink in a mat quad: pixels much darker than the paper, or strongly coloured."""
    w = max(4, int(round((quad_mm[1, 0] - quad_mm[0, 0]) * px_per_mm)))
    h = max(4, int(round((quad_mm[3, 1] - quad_mm[0, 1]) * px_per_mm)))
    src = view.to_image(quad_mm).astype(np.float32)
    dst = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32)
    patch = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(src, dst), (w, h), flags=cv2.INTER_AREA)
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV).astype(np.float32)
    value, saturation = hsv[..., 2], hsv[..., 1] / 255.0
    paper = max(float(np.percentile(value, 90)), 1.0)
    ink = (value < 0.6 * paper) | ((saturation > 0.45) & (value > 0.25 * paper))
    return float(ink.mean())


def read_slots(frame: np.ndarray, view: "MatView", detections: Sequence["Detection"], slots: Sequence[Slot],
               slot_label: Callable[[int, int], "Label | None"], classifier: "IndexClassifier", *, jitters: int = 2,
               rng: np.random.Generator | None = None,
               corner_mm: Callable[[int, int], tuple[float, float]] | None = None) -> dict[Slot, SlotReading]:
    """A reading for every slot in `slots` that holds a card in this frame.

    A card slot holds the corner index detection whose centre lies in the slot's visible part
    (the most confident when there are several). Where the detector found none, `corner_mm`
    (the layout's slot_corner_mm) places the index by the mat's geometry, the size taken from
    this frame's detected indices: the slot holds a card when that square has ink and the base
    model does not reject its crop (a light-ink crop, a dark face's corner, read again with its
    luma turned over, as the recogniser's inverted look reads it). The back slot holds a `back`
    detection whose centre lies on the card's place."""
    rng = rng or np.random.default_rng(0)
    size = classifier.size
    indices = [d for d in detections if d.kind == "index"]
    backs = [d for d in detections if d.kind == "back"]
    chosen: dict[Slot, tuple] = {}
    out: dict[Slot, SlotReading] = {}
    empty: list[Slot] = []
    for slot in slots:
        if slot_label(*slot) is BACK:
            polygon = view.slot_card_polygon(*slot)
            inside = [d for d in backs if _inside(polygon, d.centre)]
            if inside:
                best = max(inside, key=lambda d: d.confidence)
                out[slot] = SlotReading((), BACK, float(best.confidence))
            continue
        polygon = view.slot_polygon(*slot)
        inside = [d for d in indices if _inside(polygon, d.centre)]
        if inside and corner_mm is not None:
            # The card's own top-left index: the detection nearest where an index sits, not a
            # big letter in a court card's picture or the bottom-right index of a whole card.
            ex, ey = corner_mm(*slot)
            x1, y1, x2, y2 = DEFAULT_INDEX_MM
            target = np.array([ex + (x1 + x2) / 2, ey + (y1 + y2) / 2])
            centres = _mat_points(view, [d.centre for d in inside])
            distance = np.linalg.norm(centres - target, axis=1)
            if distance.min() <= MAX_INDEX_OFFSET_MM:
                chosen[slot] = inside[int(distance.argmin())]
            else:
                empty.append(slot)
        elif inside:
            chosen[slot] = max(inside, key=lambda d: d.confidence)
        else:
            empty.append(slot)
    boxes = {slot: det.box for slot, det in chosen.items()}
    by_geometry: set[Slot] = set()
    if corner_mm is not None and empty:
        x1, y1, x2, y2 = index_shape(view, chosen, corner_mm)
        for slot in empty:
            cx, cy = corner_mm(*slot)
            quad = np.array([(cx + x1, cy + y1), (cx + x2, cy + y1), (cx + x2, cy + y2), (cx + x1, cy + y2)])
            if ink_share(frame, view, quad) < MIN_INK:
                continue
            img = view.to_image(quad)
            boxes[slot] = (float(img[:, 0].min()), float(img[:, 1].min()), float(img[:, 0].max()), float(img[:, 1].max()))
            by_geometry.add(slot)
    if boxes:
        order = list(boxes)
        plain = [rectify_index(frame, boxes[s], size)[0] for s in order]
        readings = classifier.classify(plain)
        dark = [k for k, (code, _) in enumerate(readings) if code == OTHER.value and light_ink(plain[k])]
        if dark:
            # the recogniser's inverted look (CardRecognizer.inverted_look_at) without its bars: here
            # the reading only says whether the slot holds a card and gives the base label the mat
            # is checked against; the crops kept are the plain ones (adapt.as_read turns a dark
            # deck's over for learning)
            for k, reading in zip(dark, classifier.classify([luma_inverted(plain[k]) for k in dark])):
                readings[k] = reading
        for slot, crop, (code, p) in zip(order, plain, readings):
            label = parse_label(code)        # the base model's class name, read here
            if slot in by_geometry and label is OTHER:
                continue      # ink, but not an index: a hand, a shadow
            extra = jittered_crops(frame, boxes[slot], jitters, rng, size)
            out[slot] = SlotReading((crop, *extra), label, p)
    return out
