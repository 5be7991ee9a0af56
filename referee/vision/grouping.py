"""Turning corner readings into physical cards: two corners of one card are one card."""

from __future__ import annotations

from dataclasses import dataclass

from referee.vision.types import Box, CardReading, Detection

# A card is about 4-5 index heights tall; two corners of one card lie at most about one card
# diagonal apart. Corners of the same code farther apart are two cards (two jokers, a pinochle deck).
MAX_CORNER_DISTANCE_IN_INDEX_SIDES = 6.5


@dataclass(frozen=True, slots=True)
class CornerReading:
    detection: Detection
    code: str
    probability: float

    @property
    def score(self) -> float:
        return self.detection.confidence * self.probability


def _contains(box: Box, point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _same_card(a: CornerReading, b: CornerReading, cards: list[Detection]) -> bool:
    if a.code != b.code:
        return False
    ca, cb = a.detection.centre, b.detection.centre
    side = max(
        a.detection.box[2] - a.detection.box[0], a.detection.box[3] - a.detection.box[1],
        b.detection.box[2] - b.detection.box[0], b.detection.box[3] - b.detection.box[1],
    )
    distance = ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5
    if distance <= MAX_CORNER_DISTANCE_IN_INDEX_SIDES * side:
        return True
    return any(_contains(c.box, ca) and _contains(c.box, cb) for c in cards)


def group_corners(corners: list[CornerReading], cards: list[Detection], backs: list[Detection]) -> list[CardReading]:
    """One CardReading per physical card; corners of the same code close together are merged."""
    parent = list(range(len(corners)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(corners)):
        for j in range(i + 1, len(corners)):
            if _same_card(corners[i], corners[j], cards):
                parent[find(i)] = find(j)
    groups: dict[int, list[CornerReading]] = {}
    for i, corner in enumerate(corners):
        groups.setdefault(find(i), []).append(corner)

    readings: list[CardReading] = []
    for members in groups.values():
        centres = [m.detection.centre for m in members]
        corner_boxes = [m.detection.box for m in members]
        holders = [c.box for c in cards if all(_contains(c.box, p) for p in centres)]
        box = min(holders, key=_area) if holders else _union(corner_boxes)
        best = max(m.score for m in members)
        readings.append(CardReading(members[0].code, best, box, tuple(corner_boxes)))
    readings.extend(CardReading("back", b.confidence, b.box) for b in backs)
    readings.sort(key=lambda r: (r.box[1], r.box[0]))
    return readings
