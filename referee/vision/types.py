"""Plain data passed between the vision stages and out to tracking."""

from __future__ import annotations

from dataclasses import dataclass

from referee.vision.labels import Label, label_code

Box = tuple[float, float, float, float]  # x1, y1, x2, y2 in pixels of the original frame


def intersection_area(a: Box, b: Box) -> float:
    """The area two boxes share; 0 when they do not overlap.

    >>> intersection_area((0, 0, 10, 10), (5, 0, 15, 10))
    50
    """
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return ix * iy


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes; 0 when both are empty.

    >>> iou((0, 0, 10, 10), (5, 0, 15, 10))
    0.3333333333333333
    """
    inter = intersection_area(a, b)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Detection:
    """One box from the detector: kind is 'index' (a corner index), 'card' or 'back'."""

    kind: str
    box: Box
    confidence: float

    @property
    def centre(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.box
        return (x1 + x2) / 2, (y1 + y2) / 2


@dataclass(frozen=True, slots=True)
class CardReading:
    """One physical card: what it reads as (QH, 10S, JK, or BACK when face down)."""

    label: Label
    confidence: float
    box: Box
    corners: tuple[Box, ...] = ()
    # The classifier's likeliest readings of this card with their probabilities, best first (its
    # best-read corner's); empty for a back. The tracker weighs them over frames and the referee
    # decides a play from them with what the game allows.
    alternatives: tuple[tuple[Label, float], ...] = ()
    # A back the detector scored below its threshold (CardRecognizer's faint_back_conf): it counts
    # only where a face-down card is expected (the discard zone).
    faint: bool = False
    # What the middle check (`referee.vision.middle`) saw in the card's middle: True a picture
    # (its pip readings are then in doubt), False pips alone, None not looked at.
    picture: bool | None = None

    @property
    def code(self) -> str:
        """The label's code ('QH', 'JK', 'back'): for JSON, the CLI and the benches."""
        return label_code(self.label)

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "confidence": round(self.confidence, 4),
            "box": [round(v, 1) for v in self.box],
        }
