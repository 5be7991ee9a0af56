"""Reading a still image at the scale the detector reads well (`referee detect`).

The detector sees a frame letterboxed into its input (768x448): a card's size there depends on
the photo, not only on the table. It was trained on 1280x720 scenes whose cards are mostly 80-170
px tall (referee.synth.scenes SceneConfig.card_px), i.e. 48-102 px in its input. A photo whose
cards land well outside that range (a small webcam image with tiny cards, or a close-up whose
cards fill the frame) is read a second time through views that put its cards at the training
size: the whole image shrunk onto a grey canvas for large cards, overlapping tiles for small
cards on a large image. The views' boxes are mapped back to the photo, and the rest of the
recogniser (crops, classifier, grouping) works on the photo itself at full resolution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import median

import cv2
import numpy as np

from referee.vision.detector import PAD_VALUE, letterbox_scale
from referee.vision.grouping import overlap_of_smaller, union_box
from referee.vision.types import CardReading, Detection

# Card height (long side) in the detector's input that the training scenes give: SceneConfig's
# card_px (80, 170) at 1280x720 letterboxed to 768 wide (x 0.6). tests/vision/test_scale.py
# checks these against the generator and the model.
TRAINING_CARD_PX = (48.0, 102.0)
# The size a second pass aims at: the top of the training range. Small cards read worse than
# large ones (fewer pixels for the classifier's index crop and for the detector), and the detector
# reads cards well far above the training range (the real-photo dev set as photographed puts
# its cards at 100-280 px in the detector's input), so a card shown larger is read better.
TARGET_CARD_PX = TRAINING_CARD_PX[1]
# A first pass's cards are read again, enlarged to the target, when their median box is this many
# times below the target (an axis-aligned box of a turned card is longer than the card) ...
WELL_BELOW = 1.3
# ... and shrunk to it only when their median box is over half the input's height: the detector
# reads large cards well, and only cards that big leave no room for the rest of a table.
HUGE_SHARE_OF_INPUT = 0.5
# With no card measured, the first pass says nothing about the scale: the second pass reads the
# image where a card SMALLEST_CARD_PX tall (image pixels: the smallest card `referee detect`
# promises to read) lands at the target, and at half its letterboxed scale (a card filling it).
SMALLEST_CARD_PX = 55.0
SHRINK_STEP = 0.5
FEW_CARDS = 1
# Tiles overlap by this many card lengths so that every card lies whole in some tile.
TILE_OVERLAP_CARDS = 1.2
EDGE_TOLERANCE_PX = 2.0  # a box this near a tile's inner edge is a card cut by the tile
# A view whose grey levels vary less than this (standard deviation) is plain: no card, not read.
PLAIN_STD = 2.0


@dataclass(frozen=True)
class View:
    """A region of the image (x0, y0, width, height in image pixels) shown to the detector scaled
    by `scale`, its top-left corner at the canvas' top-left."""

    x0: int
    y0: int
    width: int
    height: int
    scale: float

    def inner_edges(self, image_shape: tuple[int, int]) -> tuple[bool, bool, bool, bool]:
        """Which of the view's sides (left, top, right, bottom) lie inside the image: a box
        touching one of them is a card the view cuts."""
        h, w = image_shape
        return self.x0 > 0, self.y0 > 0, self.x0 + self.width < w, self.y0 + self.height < h


def card_length(reading: CardReading) -> float | None:
    """The long side of a reading's card box; None when the box is only its corners' (no card
    box held them), which says little about the card's size."""
    if reading.corners and reading.box == union_box(reading.corners):
        return None
    x1, y1, x2, y2 = reading.box
    return max(x2 - x1, y2 - y1)


def measured_lengths(readings: list[CardReading]) -> list[float]:
    """The card lengths the face readings give: a back says nothing sure about the scale (a
    phantom back on a textured table can be any size)."""
    return [n for n in (card_length(r) for r in readings if r.code != "back") if n is not None]


def second_pass_scales(readings: list[CardReading], image_shape: tuple[int, int],
                       input_size: tuple[int, int]) -> list[float]:
    """The image scales (detector-input px per image px) a second pass should read at, none when
    the first pass's cards are neither well below the target size nor huge."""
    lengths = measured_lengths(readings)
    base = letterbox_scale(image_shape, input_size)
    if len(lengths) < FEW_CARDS:
        return [TARGET_CARD_PX / SMALLEST_CARD_PX, base * SHRINK_STEP]
    seen = median(lengths) * base
    if seen * WELL_BELOW < TARGET_CARD_PX or seen > HUGE_SHARE_OF_INPUT * input_size[0]:
        return [TARGET_CARD_PX / median(lengths)]
    return []


def views_at(scale: float, image_shape: tuple[int, int], input_size: tuple[int, int],
             card_px: float | None = None) -> list[View]:
    """The views that show the whole image at `scale`: one when it fits the input, else tiles
    overlapping by TILE_OVERLAP_CARDS card lengths (`card_px`, image pixels; default: the
    target size at this scale)."""
    h, w = image_shape
    span_h, span_w = int(input_size[0] / scale), int(input_size[1] / scale)   # image pixels one view covers
    card = card_px if card_px is not None else TARGET_CARD_PX / scale
    xs = _tile_starts(w, span_w, card)
    ys = _tile_starts(h, span_h, card)
    return [View(x, y, min(span_w, w - x), min(span_h, h - y), scale) for y in ys for x in xs]


def _tile_starts(length: int, span: int, card: float) -> list[int]:
    """Start positions of tiles of `span` covering [0, length), evenly spread, each overlapping
    the next by at least TILE_OVERLAP_CARDS card lengths where the span allows."""
    if span >= length:
        return [0]
    overlap = min(TILE_OVERLAP_CARDS * card, span / 2)
    count = math.ceil((length - overlap) / (span - overlap))
    step = (length - span) / (count - 1)
    return [round(k * step) for k in range(count)]


def view_canvas(image: np.ndarray, view: View, input_size: tuple[int, int]) -> np.ndarray:
    """The detector's input for one view: its region scaled onto a grey canvas."""
    region = image[view.y0 : view.y0 + view.height, view.x0 : view.x0 + view.width]
    w = min(input_size[1], max(1, round(view.width * view.scale)))
    h = min(input_size[0], max(1, round(view.height * view.scale)))
    resized = cv2.resize(region, (w, h), interpolation=cv2.INTER_AREA if view.scale < 1 else cv2.INTER_LINEAR)
    canvas = np.full((input_size[0], input_size[1], 3), PAD_VALUE, dtype=np.uint8)
    canvas[:h, :w] = resized
    return canvas


def detect_view(detector, image: np.ndarray, view: View, min_conf: float | None = None) -> list[Detection]:
    """The detector's boxes in one view, in image pixels (from `min_conf` up; default: the
    detector's threshold)."""
    canvas = view_canvas(image, view, detector.model.imgsz)
    offset = (-view.x0 * view.scale, -view.y0 * view.scale)
    return detector.detect_canvas(canvas, view.scale, offset, image.shape[:2], min_conf=min_conf)


def detect_in_views(detector, image: np.ndarray, views: list[View]) -> list[Detection]:
    """The detector's boxes over all views, in image pixels: boxes a tile cuts dropped, and
    the boxes several views find merged (per kind, non-maximum suppression at the detector's
    IoU)."""
    found: list[Detection] = []
    for view in views:
        if plain(image, view):
            continue
        found.extend(d for d in detect_view(detector, image, view) if not _cut_by(d.box, view, image.shape[:2]))
    return merge_views(found, detector.conf, detector.iou) if len(views) > 1 else found


def plain(image: np.ndarray, view: View) -> bool:
    """Whether a view shows a plain region (no card can lie there)."""
    region = image[view.y0 : view.y0 + view.height, view.x0 : view.x0 + view.width]
    return float(region[::2, ::2].reshape(-1, region.shape[-1]).std(axis=0).max()) < PLAIN_STD


def _cut_by(box, view: View, image_shape: tuple[int, int]) -> bool:
    left, top, right, bottom = view.inner_edges(image_shape)
    t = EDGE_TOLERANCE_PX / view.scale
    return ((left and box[0] <= view.x0 + t) or (top and box[1] <= view.y0 + t)
            or (right and box[2] >= view.x0 + view.width - t) or (bottom and box[3] >= view.y0 + view.height - t))


def merge_views(detections: list[Detection], conf: float, iou: float) -> list[Detection]:
    """One box per object found by several overlapping views: per kind, the most confident."""
    kept: list[Detection] = []
    for kind in sorted({d.kind for d in detections}):
        same = [d for d in detections if d.kind == kind]
        rects = [(d.box[0], d.box[1], d.box[2] - d.box[0], d.box[3] - d.box[1]) for d in same]
        chosen = cv2.dnn.NMSBoxes(rects, [d.confidence for d in same], conf, iou)
        kept.extend(same[k] for k in np.asarray(chosen).reshape(-1))
    return kept


def faces(readings: list[CardReading]) -> int:
    return sum(1 for r in readings if r.code != "back")


def with_first_backs(second: list[CardReading], first: list[CardReading]) -> list[CardReading]:
    """A second pass's face readings and the first pass's backs, less those a second-pass face
    overlaps (a face the first pass took for a back at the wrong size). A back has no index to
    read better at another size, and views that enlarge the image show textures (wood, carpet,
    a patterned face) at a back pattern's scale: backs of its own would only add phantoms."""
    faces_ = [r for r in second if r.code != "back"]
    backs = [r for r in first if r.code == "back" and not any(overlap_of_smaller(r.box, f.box) > 0 for f in faces_)]
    return faces_ + backs


def read_at_its_scale(readings: list[CardReading], scale: float, input_size: tuple[int, int]) -> bool:
    """Whether a pass at a guessed scale found its face cards at a size it reads well: one the
    first pass would take as it is (second_pass_scales asks for no other). A face found far
    from that size was found where the pass reads badly."""
    lengths = measured_lengths(readings)
    if not lengths:
        return False
    seen = median(lengths) * scale
    return seen * WELL_BELOW >= TARGET_CARD_PX and seen <= HUGE_SHARE_OF_INPUT * input_size[0]


def read_rescaled(recognizer, image: np.ndarray, first: list[CardReading]) -> list[CardReading]:
    """The readings of `image` after its first pass `first`. Cards well below the target size, or
    huge: the second pass at the target size replaces the first's faces (with_first_backs). No
    card measured (no size known): of the first pass and the passes second_pass_scales names,
    the one reading the most face-up cards (the first on a tie: a guessed scale must earn its
    place), a pass counting only where its cards lie at a size it reads well (read_at_its_scale)."""
    size = recognizer.detector.model.imgsz
    best = first
    for scale in second_pass_scales(first, image.shape[:2], size):
        views = views_at(scale, image.shape[:2], size)
        readings = recognizer.read(image, detect=lambda frame, v=views: detect_in_views(recognizer.detector, frame, v))
        readings = with_first_backs(readings, first)
        if len(measured_lengths(first)) >= FEW_CARDS:
            best = readings
        elif faces(readings) > faces(best) and read_at_its_scale(readings, scale, size):
            best = readings
    return best


def read_at_best_scale(recognizer, image: np.ndarray) -> list[CardReading]:
    """Every card in a still image, read a second time at the detector's training scale when the
    first pass finds cards far from it or few cards (read_rescaled)."""
    return read_rescaled(recognizer, image, recognizer.read(image))
