"""The recogniser where cards can be, and only when something changed there.

After calibration only the card zones (the pile, the point-card zones, the discard zone) can hold
a card the tracker counts. `ZoneReader` compares a small grey copy of those zones with the one
taken at its last reading. A frame where they changed is read, and so are the frames after it
that do not change, until two reads in a row read the same cards (or STILL_READS of them): those
are looks at one still table, and their readings are handed on as they come. From then on, while
nothing changes, the detector does not run: the still table's reading handed on is the one of its
looks that agrees best with the others (`most_agreed`). Once READ_AT_LEAST_EVERY_S has passed the
table is read again: a read that agrees joins the looks, one that does not is read as a change,
so a slow change never stays unread. What moves outside the zones (an arm over a pad, a hand off
the table) starts no reading.

Why the reading most looks agree with, and not the last one: the frames of a still table differ
only by the camera's noise, and a faint card (its confidence near the detector's bar) is read in
some of them and not in others. The tracker weighs a card's readings over frames; one frame's
reading handed on for a second stands for fifteen frames, and when that frame missed the card the
tracker lost a card it sees in most frames (a played 7C of a filmed game, gone unseen from the
pile and then taken for a card moved straight into a point-card zone).

A reading runs on a crop around the zones (their union box grown by half a card) only where the
crop keeps the whole frame's scale in the detector's input: with MAX_ENLARGE 1 and a zone layout
as wide as the table, that is the whole frame, so the saving is in the readings skipped.

Small cards are the exception (`enlargement`): where the calibration says a card lands below
SMALL_CARD_INPUT_PX tall in the detector's input on the whole-frame path (a card under 85 px in a
1280x720 frame: a camera mounted high, a 640x480 mode), the crop around the zones is enlarged so
that a card lands at LIVE_CARD_INPUT_PX, cut into tiles of the detector's input where it does not
fit in one (referee.vision.scale.views_at, detect_in_views); the classifier still crops each index
from the frame itself. At the normal scale nothing changes: the crop is the whole frame.
`referee watch` uses it whenever the table is calibrated; REFEREE_ZONE_READER=0 reads every frame
whole (`referee.live.perception`)."""

from __future__ import annotations

import collections
import math
from dataclasses import replace
from typing import TYPE_CHECKING

import cv2
import numpy as np

from referee.calibration.layout import DISCARD, PILE, POINTS
from referee.calibration.scale import READS_WELL_PX, card_height_px
from referee.vision.detector import letterbox_scale
from referee.vision.scale import detect_in_views, views_at

if TYPE_CHECKING:
    from referee.calibration import Calibration
    from referee.vision.types import CardReading

CARD_ZONE_KINDS = (PILE, POINTS, DISCARD)
MARGIN_CARDS = 0.5            # the crop and the watched area reach this many card heights past a zone
FALLBACK_CARD_PX = 90.0       # a card's height when the calibration cannot tell it
# The crop may be letterboxed larger than the whole frame is, cards landing at most this much
# taller in the detector's input than on the whole-frame path (beyond, it takes more of the frame
# around the zones). 1: never larger, and then a crop that gains no scale is the whole frame. A
# crop letterboxed 1.25 times larger lost a face-down card in the discard zone of a filmed game
# that the whole frame reads: the detector learnt cards at the whole frame's scale and framing.
MAX_ENLARGE = 1.0
# ... except for small cards: where a card lands below SMALL_CARD_INPUT_PX tall in the detector's
# input on the whole-frame path (READS_WELL_PX in a 1280x720 frame, shrunk 0.6x into the input),
# the crop is enlarged so that a card lands at LIVE_CARD_INPUT_PX: a card 120 px tall in a
# 1280x720 frame, the middle of the training scenes' range (referee.vision.scale.TRAINING_CARD_PX,
# 48-102 px). The filmed games' cards (about 94 px in 1280x720, 56 px in the input) are above the
# bar and read as before.
SMALL_CARD_INPUT_PX = READS_WELL_PX * 0.6
LIVE_CARD_INPUT_PX = 72.0
# The change test: grey copies shrunk by DOWNSCALE, a pixel changed when it differs by more than
# CHANGED_GREY levels (a video's noise and grain average out in the shrinking, a card's corner or
# a hand do not), a zone changed when CHANGED_PIXELS such pixels lie in it.
DOWNSCALE = 8
CHANGED_GREY = 10
CHANGED_PIXELS = 2
READ_AT_LEAST_EVERY_S = 1.0
# Once the zones stop changing, frames are read until two reads in a row read the same cards (or
# STILL_READS of them); the still table's reading is then chosen from those reads: a card read
# in most of them (a faint card missed now and then) is in the one chosen.
STILL_READS = 5
# Two readings are of one card when their boxes' centres lie closer than this share of a card's
# height (the cards of a fan lie about half a card apart).
SAME_CARD = 0.25


class ZoneReader:
    """`read(image, t)`: the cards in the calibrated card zones of a BGR frame, as the
    recogniser's `CardReading`s in image pixels; `detections` counts the recogniser's runs."""

    def __init__(self, recognizer, calibration: "Calibration") -> None:
        self.recognizer = recognizer
        self.calibration = calibration
        self.detections = 0
        self._size: tuple[int, int] | None = None
        self.crop = (0, 0, 0, 0)
        self.views: list | None = None  # the enlarged crop's views (enlargement), None: read the crop as it is
        self._mask = np.zeros((0, 0), bool)
        self._same_card_px = SAME_CARD * FALLBACK_CARD_PX
        self._reference: np.ndarray | None = None
        self._read_at = -math.inf
        # the readings of the frames read since the zones last changed, the latest last
        self._still: collections.deque[tuple["CardReading", ...]] = collections.deque(maxlen=STILL_READS)
        self._settled = False          # the still table's reading is chosen: frames need no reading
        self._handed: tuple["CardReading", ...] = ()   # what a frame not read gets

    def read(self, image: np.ndarray, t: float) -> tuple["CardReading", ...]:
        height, width = image.shape[:2]
        if self._size != (width, height):
            self._lay_out(width, height)
        x0, y0, x1, y1 = self.crop
        small = self._small(image[y0:y1, x0:x1])
        changed = self._reference is None or self._changed(small)
        refresh = self._settled and not changed and t - self._read_at >= READ_AT_LEAST_EVERY_S
        if self._settled and not (changed or refresh):
            return self._handed
        self.detections += 1
        self._reference, self._read_at = small, t
        cards = tuple(_moved(r, x0, y0) for r in self._recognise(np.ascontiguousarray(image[y0:y1, x0:x1])))
        if refresh and _apart(self._handed, cards, self._same_card_px) == 0:
            self._still.append(cards)           # the same still table: one more look at it
            return self._handed
        if changed or refresh:
            # a new picture (or a slow change): its first frame and those that follow unchanged
            # are looks at one table
            self._still.clear()
        self._still.append(cards)
        self._settled = len(self._still) == STILL_READS or (
            len(self._still) >= 2 and _apart(self._still[-2], cards, self._same_card_px) == 0)
        self._handed = most_agreed(tuple(self._still), self._same_card_px) if self._settled else cards
        return cards

    def _lay_out(self, width: int, height: int) -> None:
        """The crop and the watched pixels for frames of this size."""
        calibration = self.calibration.for_image_size(width, height)
        card = card_height_px(calibration) or FALLBACK_CARD_PX
        margin = MARGIN_CARDS * card
        self._same_card_px = SAME_CARD * card
        polygons = [np.asarray(calibration.table_to_image(np.asarray(z.polygon, np.float64)))
                    for z in calibration.zones if z.kind in CARD_ZONE_KINDS]
        points = np.concatenate(polygons)
        box = (*(points.min(axis=0) - margin), *(points.max(axis=0) + margin))
        input_size = self.recognizer.detector.model.imgsz
        scale = enlargement(card_height_px(calibration), (height, width), input_size)
        if scale is None:
            self.crop, self.views = crop_box(box, width, height, input_size), None
        else:
            x0, y0 = max(0, int(math.floor(box[0]))), max(0, int(math.floor(box[1])))
            x1, y1 = min(width, int(math.ceil(box[2]))), min(height, int(math.ceil(box[3])))
            self.crop = (x0, y0, x1, y1)
            self.views = views_at(scale, (y1 - y0, x1 - x0), input_size, card_px=card)
        self._size = (width, height)
        x0, y0, x1, y1 = self.crop
        small = np.zeros(((y1 - y0 + DOWNSCALE - 1) // DOWNSCALE, (x1 - x0 + DOWNSCALE - 1) // DOWNSCALE), np.uint8)
        for polygon in polygons:
            cv2.fillPoly(small, [np.round((polygon - (x0, y0)) / DOWNSCALE).astype(np.int32)], 1)
        grow = max(1, round(margin / DOWNSCALE))
        small = cv2.dilate(small, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
        self._mask = small.astype(bool)
        self._reference = None
        self._still.clear()
        self._settled = False

    def _recognise(self, crop: np.ndarray) -> list["CardReading"]:
        if self.views is None:
            return self.recognizer.read(crop)
        views = self.views
        return self.recognizer.read(crop, detect=lambda frame: detect_in_views(self.recognizer.detector, frame, views))

    def _small(self, crop: np.ndarray) -> np.ndarray:
        grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        return cv2.resize(grey, self._mask.shape[::-1], interpolation=cv2.INTER_AREA)

    def _changed(self, small: np.ndarray) -> bool:
        changed = (cv2.absdiff(small, self._reference) > CHANGED_GREY) & self._mask
        return int(np.count_nonzero(changed)) >= CHANGED_PIXELS


def most_agreed(reads: tuple[tuple["CardReading", ...], ...], same_card_px: float) -> tuple["CardReading", ...]:
    """Of several frames' readings of one still table, the one that differs least (`_apart`)
    from the others, summed over them: a card read in most frames is in it, one read in few is
    not, and of the reads that have a card, one naming it as most do; ties go to the latest."""
    cost = [0.0] * len(reads)
    for i in range(len(reads)):
        for j in range(i + 1, len(reads)):
            apart = _apart(reads[i], reads[j], same_card_px)
            cost[i] += apart
            cost[j] += apart
    best = min(range(len(reads)), key=lambda i: (cost[i], -i))
    return reads[best]


def _apart(a: tuple["CardReading", ...], b: tuple["CardReading", ...], same_card_px: float) -> float:
    """How far two reads of a table differ: 1 for each card one of them reads where the other
    reads none (centres closer than ``same_card_px``), 1/4 for each card one of them reads near
    a card of another name in the other."""
    return _unshared(a, b, same_card_px) + _unshared(b, a, same_card_px)


def _unshared(a, b, same_card_px: float) -> float:
    total = 0.0
    for r in a:
        c = _centre(r)
        near = [q.label for q in b if math.dist(c, _centre(q)) < same_card_px]
        total += 0.0 if r.label in near else 0.25 if near else 1.0
    return total


def _centre(reading: "CardReading") -> tuple[float, float]:
    return (reading.box[0] + reading.box[2]) / 2, (reading.box[1] + reading.box[3]) / 2


def enlargement(card_px: float | None, image_shape: tuple[int, int], input_size: tuple[int, int]) -> float | None:
    """The scale (detector-input px per image px) to read the zones at, None to read them as the
    whole frame is read: where a card of `card_px` (image px; None: unknown) lands below
    SMALL_CARD_INPUT_PX in the detector's input at the whole frame's letterbox scale, the scale
    that lands it at LIVE_CARD_INPUT_PX."""
    if not card_px:
        return None
    if card_px * letterbox_scale(image_shape, input_size) >= SMALL_CARD_INPUT_PX:
        return None
    return LIVE_CARD_INPUT_PX / card_px


def crop_box(box, width: int, height: int, input_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The zones' box clipped to the frame, grown about its centre so that letterboxing it into the
    detector's input (h, w) enlarges it at most MAX_ENLARGE times the whole frame's scale."""
    x0, y0, x1, y1 = max(0.0, box[0]), max(0.0, box[1]), min(float(width), box[2]), min(float(height), box[3])
    frame_scale = min(input_size[0] / height, input_size[1] / width)
    # the letterbox scale is the smaller of the two sides' scales: one side long enough bounds it
    need_h = input_size[0] / (frame_scale * MAX_ENLARGE)
    need_w = input_size[1] / (frame_scale * MAX_ENLARGE)
    if y1 - y0 < need_h and x1 - x0 < need_w:
        taller = (need_h - (y1 - y0)) * (x1 - x0) if need_h <= height else math.inf
        wider = (need_w - (x1 - x0)) * (y1 - y0) if need_w <= width else math.inf
        if taller <= wider:
            y0, y1 = _grown(y0, y1, need_h, height)
        else:
            x0, x1 = _grown(x0, x1, need_w, width)
    if min(input_size[0] / (y1 - y0), input_size[1] / (x1 - x0)) <= frame_scale * (1 + 1e-6):
        return 0, 0, width, height             # no larger than the whole frame: the frame as it is
    return int(math.floor(x0)), int(math.floor(y0)), int(math.ceil(x1)), int(math.ceil(y1))


def _grown(lo: float, hi: float, least: float, limit: int) -> tuple[float, float]:
    """[lo, hi] grown about its middle to at least `least` long, kept within [0, limit]."""
    if hi - lo >= least:
        return lo, hi
    middle = (lo + hi) / 2
    lo, hi = middle - least / 2, middle + least / 2
    if lo < 0:
        lo, hi = 0.0, least
    if hi > limit:
        lo, hi = limit - least, float(limit)
    return max(0.0, lo), hi


def _moved(reading: "CardReading", dx: int, dy: int) -> "CardReading":
    def shift(box):
        return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)

    return replace(reading, box=shift(reading.box), corners=tuple(shift(c) for c in reading.corners))
