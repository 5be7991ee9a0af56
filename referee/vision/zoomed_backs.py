"""A second look at a `back` through the detector itself, the box shown enlarged.

A face-up card of plain dark or coloured paper with a picture in its middle (a joker above all:
a jester, the word JOKER in small letters at two corners) looks, at the 50-100 px a card has in
the detector's input, like a face-down card: a picture on a plain field. Shown the region around
the box again, its long side ZOOM_CARD_PX in the detector's input (about the largest card of the
training scenes), the detector often sees the face: it scores the object a face-up `card` and
hardly a `back`, while a face-down card stays a `back` (EnlargedLook.face_up). It also boxes the
small letters of a joker's corners, which the joker reader then reads
(jokers.JokerReader.joker_among). On still images a back either finds is not reported.

Chosen on tuning scenes (seeds 500000+; 1,200 of the held-out face decks, both jokers in every
deck), over the 1,583 backs the recogniser gave there: the enlarged look drops 6 of the 14 on
face-up jokers, 12 of 33 on other face-up cards, 7 of 76 on no card and 1 of 1,460 face-down
cards; with the reader's jokers 9 of the 14 and 3 face-down cards. Enlarged further it drops more
face-down cards (at 160 px 12, at 240 px 94); see docs/recognition-history.md, Session 32.

    >>> zoom_view((100.0, 100.0, 180.0, 210.0), (720, 1280), (448, 768))
    View(x0=76, y0=67, width=128, height=176, scale=1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.vision.detector import CornerDetector
from referee.vision.grouping import inside_a_card
from referee.vision.scale import View, detect_view
from referee.vision.types import Box, Detection, iou

ZOOM_CARD_PX = 110.0       # the back box's long side in the detector's input
ZOOM_MARGIN = 0.3          # of the box's width / height, on each side: the card's edge and table show
ZOOMED_BACK_BELOW = 0.05
SAME_OBJECT_IOU = 0.5
MIN_SCORE = 0.01           # the enlarged view's boxes are scored from here up (below: 0)


def zoom_view(box: Box, frame_shape: tuple[int, int], input_size: tuple[int, int]) -> View:
    """The region around `box` (ZOOM_MARGIN on each side, within the frame) at the scale that
    makes the box's long side ZOOM_CARD_PX, or less where the region would not fit the input
    (input_size: height, width)."""
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    height, width = frame_shape
    vx0, vy0 = max(0, int(x1 - ZOOM_MARGIN * w)), max(0, int(y1 - ZOOM_MARGIN * h))
    vx1, vy1 = min(width, int(x2 + ZOOM_MARGIN * w)), min(height, int(y2 + ZOOM_MARGIN * h))
    scale = min(ZOOM_CARD_PX / max(w, h, 1.0), input_size[1] / max(1, vx1 - vx0), input_size[0] / max(1, vy1 - vy0))
    return View(vx0, vy0, vx1 - vx0, vy1 - vy0, scale)


@dataclass(frozen=True)
class EnlargedLook:
    """What the detector sees at a `back`'s box shown enlarged: the best `back` and `card` scores
    of an object there (IoU at least SAME_OBJECT_IOU; 0 for none from MIN_SCORE up) and the index
    boxes inside the back's box (from MIN_SCORE up), in the frame's pixels."""

    back: float
    card: float
    indices: tuple[Detection, ...]

    @property
    def face_up(self) -> bool:
        """A face-up card: `back` below ZOOMED_BACK_BELOW and a `card` scored above it."""
        return self.back < ZOOMED_BACK_BELOW and self.card > self.back


def enlarged_look(detector: CornerDetector, frame, back: Detection) -> EnlargedLook:
    """The detector's look at `back` enlarged (zoom_view)."""
    found = detect_view(detector, frame, zoom_view(back.box, frame.shape[:2], detector.model.imgsz), min_conf=MIN_SCORE)
    same = [d for d in found if iou(d.box, back.box) >= SAME_OBJECT_IOU]
    return EnlargedLook(max((d.confidence for d in same if d.kind == "back"), default=0.0),
                        max((d.confidence for d in same if d.kind == "card"), default=0.0),
                        tuple(d for d in found if d.kind == "index" and inside_a_card(d, [back])))
