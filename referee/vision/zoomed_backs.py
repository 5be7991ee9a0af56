"""A second look at a `back` through the detector itself, the box shown enlarged.

A face-up card of plain dark or coloured paper with a picture in its middle (a joker above all:
a jester, the word JOKER in small letters at two corners) looks, at the 50-100 px a card has in
the detector's input, like a face-down card: a picture on a plain field. Shown the same box
enlarged, its long side ZOOM_CARD_PX in the detector's input, the detector sees the letters and
the face: it scores the object a face-up `card` and hardly a `back`. A face-down card enlarged
stays a `back`. So on still images a back is dropped when its enlarged view scores `back` below
ZOOMED_BACK_BELOW and a `card` on the same object (IoU at least SAME_OBJECT_IOU) above that.

Chosen on tuning scenes (seeds 500000+; 1,200 of the held-out face decks and 200 of the ordinary
designs, both jokers in every deck): of 1,847 backs the recogniser gave, it dropped 8 of the 14 on
face-up jokers, 12 of 34 on other face-up cards and 7 of 85 on no card, and 20 of 1,714 face-down
cards. Enlarged to 240 px it drops six times as many face-down cards; see
docs/recognition-history.md, Session 32.

    >>> zoom_view((100.0, 100.0, 180.0, 220.0), (720, 1280), (448, 768))
    View(x0=76, y0=64, width=128, height=192, scale=1.3333333333333333)
"""

from __future__ import annotations

from referee.vision.detector import CornerDetector
from referee.vision.scale import View, view_canvas
from referee.vision.types import Box, Detection, iou

ZOOM_CARD_PX = 160.0       # the back box's long side in the detector's input
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


def enlarged_scores(detector: CornerDetector, frame, box: Box) -> tuple[float, float]:
    """(back, card): the best scores the detector gives an object at `box` (IoU at least
    SAME_OBJECT_IOU) in the box's enlarged view; 0 for none from MIN_SCORE up."""
    size = detector.model.imgsz
    view = zoom_view(box, frame.shape[:2], size)
    found = detector.detect_canvas(view_canvas(frame, view, size), view.scale,
                                   (-view.x0 * view.scale, -view.y0 * view.scale), frame.shape[:2], min_conf=MIN_SCORE)
    same = [d for d in found if iou(d.box, box) >= SAME_OBJECT_IOU]
    return (max((d.confidence for d in same if d.kind == "back"), default=0.0),
            max((d.confidence for d in same if d.kind == "card"), default=0.0))


def face_up_when_enlarged(detector: CornerDetector, frame, back: Detection) -> bool:
    """Whether the enlarged view of `back` shows a face-up card: `back` below ZOOMED_BACK_BELOW
    and a `card` scored above it."""
    back_score, card_score = enlarged_scores(detector, frame, back.box)
    return back_score < ZOOMED_BACK_BELOW and card_score > back_score


def backs_kept_when_enlarged(detector: CornerDetector, frame, backs: list[Detection]) -> list[Detection]:
    """The backs whose enlarged view does not show a face-up card (face_up_when_enlarged)."""
    return [b for b in backs if not face_up_when_enlarged(detector, frame, b)]
