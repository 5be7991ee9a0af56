"""Turning corner readings into physical cards: two corners of one card are one card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from referee.vision.labels import BACK, Label
from referee.vision.types import Box, CardReading, Detection, intersection_area

# A card is about 4-5 index heights tall; two corners of one card lie at most about one card
# diagonal apart. Corners of the same code farther apart are two cards (two jokers, a pinochle deck).
MAX_CORNER_DISTANCE_IN_INDEX_SIDES = 6.5


@dataclass(frozen=True, slots=True)
class CornerReading:
    detection: Detection
    label: Label
    probability: float
    alternatives: tuple[tuple[Label, float], ...] = ()   # likeliest readings, best first

    @property
    def score(self) -> float:
        return self.detection.confidence * self.probability


def _contains(box: Box, point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def inside_a_card(detection: Detection, cards: list[Detection]) -> bool:
    """The detection's centre lies in some card box."""
    return any(_contains(c.box, detection.centre) for c in cards)


def off_every_card(reading: CardReading, cards: list[Detection]) -> bool:
    """A face-up card reading none of whose corners has its centre in a `card` box."""
    if reading.label is BACK or not reading.corners:
        return False
    return not any(_contains(c.box, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) for b in reading.corners for c in cards)


def separate_corners(reading: CardReading) -> int:
    """How many of a face-up card reading's corner boxes lie apart from each other: two boxes on
    one index (a duplicate detection) count once, a card's two opposite corners twice.

    >>> from referee.vision.labels import parse_label
    >>> separate_corners(CardReading(parse_label("QH"), 0.9, (0, 0, 10, 10), ((0, 0, 2, 3), (8, 7, 10, 10))))
    2
    """
    apart: list[Box] = []
    for box in reading.corners:
        if all(overlap_of_smaller(box, other) == 0.0 for other in apart):
            apart.append(box)
    return len(apart)


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def union_box(boxes: Sequence[Box]) -> Box:
    """The smallest box holding all of ``boxes``."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _same_card(a: CornerReading, b: CornerReading, cards: list[Detection]) -> bool:
    if a.label != b.label:
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


def face_up_backs(corners: list[CornerReading], backs: list[Detection]) -> tuple[list[Detection], list[Detection]]:
    """Split the `back` boxes into those that hold a read corner index and those that do not. A
    card's back has no index: a `back` box around a corner read as a card is that card face up (the
    detector calls a face-up card `back` now and then, most often a card half under a hand or
    another card), and it is returned as a `card` box.

    >>> from referee.engine.cards import Card
    >>> corner = CornerReading(Detection("index", (10, 10, 20, 30), 0.9), Card.parse("3C"), 0.95)
    >>> face_up, still_backs = face_up_backs([corner], [Detection("back", (5, 5, 80, 110), 0.5),
    ...                                                 Detection("back", (200, 5, 280, 110), 0.5)])
    >>> [d.kind for d in face_up], [d.box[0] for d in still_backs]
    (['card'], [200])
    """
    face_up: list[Detection] = []
    still: list[Detection] = []
    for back in backs:
        if any(_contains(back.box, c.detection.centre) for c in corners):
            face_up.append(Detection("card", back.box, back.confidence))
        else:
            still.append(back)
    return face_up, still


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
        box = min(holders, key=_area) if holders else union_box(corner_boxes)
        surest = max(members, key=lambda m: m.score)
        readings.append(CardReading(members[0].label, surest.score, box, tuple(corner_boxes), surest.alternatives))
    readings.extend(CardReading(BACK, b.confidence, b.box) for b in backs)
    readings.sort(key=lambda r: (r.box[1], r.box[0]))
    return readings


# A `back` box lying this much (share of its area) within the box spanned by a face-up card's
# read corners (two or more) is that card's middle: a court's picture or an ace's big pip. A
# face-down card of the same deck lying on a face-up card covers one of its corners or reaches
# beyond them. Real photos' phantom backs of that kind lay 0.91-1.0 within; face-down cards in
# generated scenes of held-out designs (tuning seeds 500000+, 238 backs found) at most 0.62.
BACK_WITHIN_FACE_SHARE = 0.8


def without_backs_within_faces(readings: list[CardReading], share: float = BACK_WITHIN_FACE_SHARE) -> list[CardReading]:
    """The readings less the backs that lie within a face-up card read from two or more corners.

    >>> from referee.engine.cards import Card
    >>> ace = CardReading(Card.parse("AS"), 0.9, (0, 0, 60, 90), ((0, 0, 10, 20), (50, 70, 60, 90)))
    >>> pip = CardReading(BACK, 0.5, (15, 25, 45, 65))             # the ace's big spade
    >>> on_top = CardReading(BACK, 0.5, (30, 20, 90, 110))         # a card laid over half of it
    >>> [r.box for r in without_backs_within_faces([ace, pip, on_top])]
    [(0, 0, 60, 90), (30, 20, 90, 110)]
    """
    spans = [union_box(r.corners) for r in readings if r.label is not BACK and len(r.corners) >= 2]
    if not spans:
        return readings
    return [r for r in readings if r.label is not BACK or not any(_share_within(r.box, s) >= share for s in spans)]


def _share_within(box: Box, outer: Box) -> float:
    """The share of box's area inside outer."""
    area = _area(box)
    return intersection_area(box, outer) / area if area > 0 else 0.0


# Which index detections can share one classification. Two boxes on one corner index (the
# detector's NMS keeps a box inside a bigger one: IoU < 0.5 while the smaller box lies inside the
# other) are duplicates; the two corners of one card are point-symmetric about its centre. The
# geometric limits span 5-95 % of true corner pairs in generated scenes of held-out designs; the
# centre tolerance (with the recogniser's share probability and angle gap) was swept on those
# scenes, seeds 500000+ (bench/threshold_sweep.py's), not on real photos.
DUPLICATE_OVERLAP = 0.5  # intersection over the smaller box
PAIR_CENTRE_TOLERANCE = 0.25  # midpoint of the two corners to the card box centre, in index sides
PAIR_MIN_DISTANCE = 2.0  # in index sides
PAIR_DIAGONAL_RANGE = (0.55, 0.8)  # corner distance / card box diagonal
PAIR_MAX_SIZE_RATIO = 1.6  # the two index boxes are about the same size


def _side(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def overlap_of_smaller(a: Box, b: Box) -> float:
    smaller = min(_area(a), _area(b))
    return intersection_area(a, b) / smaller if smaller > 0 else 0.0


def duplicate_clusters(indices: list[Detection]) -> list[list[int]]:
    """Index detections on one corner index: lists of positions in `indices`, the most confident
    first. Each detection joins the most confident earlier cluster whose first box overlaps it by
    DUPLICATE_OVERLAP of the smaller box (no chains: A~B and B~C do not put A and C together)."""
    clusters: list[list[int]] = []
    for i in sorted(range(len(indices)), key=lambda k: -indices[k].confidence):
        box = indices[i].box
        home = next((c for c in clusters if overlap_of_smaller(indices[c[0]].box, box) >= DUPLICATE_OVERLAP), None)
        if home is None:
            clusters.append([i])
        else:
            home.append(i)
    return clusters


def _pair_in_box(a: Detection, b: Detection, card: Detection) -> tuple[float, float, float] | None:
    """Where two corners lie in a card box holding both: (their distance, the box's diagonal,
    their midpoint's distance from the box centre); None when the box does not hold both."""
    (ax, ay), (bx, by) = a.centre, b.centre
    if not (_contains(card.box, (ax, ay)) and _contains(card.box, (bx, by))):
        return None
    cx, cy = card.centre
    w, h = card.box[2] - card.box[0], card.box[3] - card.box[1]
    distance = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
    off_centre = (((ax + bx) / 2 - cx) ** 2 + ((ay + by) / 2 - cy) ** 2) ** 0.5
    return distance, (w * w + h * h) ** 0.5, off_centre


def symmetric_pairs(indices: list[Detection], cards: list[Detection], candidates: list[int]) -> list[tuple[int, int]]:
    """Pairs (lead, partner) of `candidates` (positions in `indices`, e.g. one per duplicate
    cluster) that look like the two corners of one card: both inside one `card` box, their midpoint
    within PAIR_CENTRE_TOLERANCE index sides of its centre, as far apart as the corners of a card
    that fills the box. The lead is the more confident; each candidate is in at most one pair."""
    found = []
    for n, i in enumerate(candidates):
        a = indices[i]
        for j in candidates[n + 1 :]:
            b = indices[j]
            sa, sb = _side(a.box), _side(b.box)
            side = max(sa, sb)
            if side > PAIR_MAX_SIZE_RATIO * min(sa, sb):
                continue
            (ax, ay), (bx, by) = a.centre, b.centre
            distance = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
            if distance < PAIR_MIN_DISTANCE * side:
                continue
            for card in cards:
                placed = _pair_in_box(a, b, card)
                if placed is None:
                    continue
                distance, diagonal, off_centre = placed
                error = off_centre / side
                low, high = PAIR_DIAGONAL_RANGE
                if error <= PAIR_CENTRE_TOLERANCE and low * diagonal <= distance <= high * diagonal:
                    found.append((error, i, j))
    found.sort()
    used: set[int] = set()
    pairs = []
    for _, i, j in found:
        if i in used or j in used:
            continue
        used.update((i, j))
        pairs.append((i, j) if indices[i].confidence >= indices[j].confidence else (j, i))
    return pairs


# Two readings of one card's opposite corners: both inside the same (smallest) card box, at
# least this share of its diagonal apart, their midpoint this close to its centre (share of the
# diagonal). Looser than symmetric_pairs (which must be sure before skipping a classification):
# a fan's neighbouring indices are a fraction of a card width apart, never diagonal.
OPPOSITE_MIN_DIAGONAL = 0.5
OPPOSITE_CENTRE_TOLERANCE = 0.2
NESTED_AREA_RATIO = 2.0
# Two boxes agreeing on a code and overlapping by this share of the smaller look at one index,
# even when they are just short of duplicates (DUPLICATE_OVERLAP).
PARTIAL_OVERLAP = 0.25
# Two corners of one card are rotated alike; readings whose rectified crops turned more than this
# apart (degrees, modulo 90) are corners of two cards and do not contradict each other. The crop
# angle of a small index is noisy, so the gap is wide; a narrower one let misread corners stay
# phantom cards. Chosen on generated scenes and filmed games, not on real photos.
CONFLICT_MAX_ANGLE_GAP = 20.0
# Two readings are of one card only when the classifier finds each crop a little like the other's
# card: the Bhattacharyya coefficient of their probability vectors, sum(sqrt(p * q)), is at
# least this. A misread corner keeps some probability for its card's code, a neighbour's corner
# read surely as its own card does not. Chosen on held-out generated scenes; see
# docs/recognition-history.md.
CONFLICT_MIN_LIKENESS = 0.1
# ... and only a sure reading is spared that way: the wrong readings among those spared were
# mostly the less sure ones.
UNLIKE_SURE_PROBABILITY = 0.95


def readings_alike(p: np.ndarray, q: np.ndarray) -> bool:
    """The classifier's probabilities of two crops overlap enough (CONFLICT_MIN_LIKENESS) for the
    two readings to be one card's corners, one of them misread."""
    return float(np.sqrt(np.clip(p, 0, None) * np.clip(q, 0, None)).sum()) >= CONFLICT_MIN_LIKENESS


def opposite_corners(a: Detection, b: Detection, cards: list[Detection]) -> bool:
    """Some card box holds both as its opposite corners. Not only the smallest box holding
    each: in a fan, a card's box drawn under its neighbour (the whole card, as if unseen parts
    were there) is often the smallest one around the neighbour's index."""
    for card in cards:
        placed = _pair_in_box(a, b, card)
        if placed is None:
            continue
        distance, diagonal, off_centre = placed
        if distance >= OPPOSITE_MIN_DIAGONAL * diagonal and off_centre <= OPPOSITE_CENTRE_TOLERANCE * diagonal:
            return True
    return False


def angle_gap(a: float, b: float) -> float:
    """Difference of two card angles modulo 90 degrees, in [0, 45]."""
    d = (a - b) % 90.0
    return min(d, 90.0 - d)


def _nested(a: Box, b: Box) -> bool:
    """One box holds the other's centre and is at least NESTED_AREA_RATIO times its area: a box
    around the index and the pip beside it, and the index's own box (neighbouring indices of a
    fan overlap too, but side by side and alike in size)."""
    small, big = sorted((a, b), key=_area)
    cx, cy = (small[0] + small[2]) / 2, (small[1] + small[3]) / 2
    return _area(big) >= NESTED_AREA_RATIO * _area(small) and _contains(big, (cx, cy))


def conflicting_corners(indices: list[Detection], cards: list[Detection],
                        readings: list[tuple[str, float]], reject: str, angle=None, alike=None,
                        spare_probability: float | None = None) -> set[int]:
    """Positions whose reading contradicts a better reading of the same card's opposite corner:
    one physical card gives one code. Without this a card whose two corners read 8C and 8H
    would be two cards, and the weaker misreading would stay on the table as a phantom card.
    Boxes on one corner (duplicate_clusters) that agree vote together (detection confidence times
    class probability, summed); boxes of one cluster that disagree are both kept unless one is
    nested in the other (_nested): in a tight fan the indices of neighbouring cards overlap like
    duplicates do. Rejected readings contradict nothing. Two readings are never a card's
    opposite corners when `angle(i)` (the card angle of detection i's crop, when given) differs by
    more than CONFLICT_MAX_ANGLE_GAP; and with `alike(i, j)` given, a sure reading
    (UNLIKE_SURE_PROBABILITY) is not dropped for one whose crop the classifier finds unlike its
    own (readings_alike: a neighbour's corner, not this card's). A reading that agrees with its own opposite corner
    (_agreeing_pairs) is never dropped (its card is confirmed); a reading it contradicts is
    dropped only when it has fewer votes. With `spare_probability`, a reading at least that sure
    is never dropped (it still does not vote against others once outvoted)."""
    def score(i: int) -> float:
        return indices[i].confidence * readings[i][1]

    voters: list[tuple[int, list[int], float]] = []    # (best box, boxes agreeing with it, their votes)
    dropped: set[int] = set()
    for cluster in duplicate_clusters(indices):
        by_code: dict[str, list[int]] = {}
        for i in cluster:
            if readings[i][0] != reject:
                by_code.setdefault(readings[i][0], []).append(i)
        groups = [(max(m, key=score), m, sum(score(i) for i in m)) for m in by_code.values()]
        for n, (a, a_members, a_votes) in enumerate(groups):
            for b, b_members, b_votes in groups[n + 1:]:
                if _nested(indices[a].box, indices[b].box):
                    dropped.update(a_members if a_votes < b_votes else b_members)
        voters.extend(g for g in groups if not set(g[1]) & dropped)
    voters = _merge_agreeing(voters, indices, readings)
    paired = _agreeing_pairs(voters, indices, cards, readings)
    for n, (a, a_members, a_votes) in enumerate(voters):
        for b, b_members, b_votes in voters[n + 1:]:
            if (a in paired and b in paired) or readings[a][0] == readings[b][0]:
                continue
            if not opposite_corners(indices[a], indices[b], cards):
                continue
            # after the geometry: angle(i) may cut a crop that sharing had spared
            loser_best, loser = (a, a_members) if a_votes < b_votes else (b, b_members)
            if alike is not None and readings[loser_best][1] >= UNLIKE_SURE_PROBABILITY and not alike(a, b):
                continue
            if angle is None or angle_gap(angle(a), angle(b)) <= CONFLICT_MAX_ANGLE_GAP:
                if not set(loser) & paired:
                    dropped.update(loser)
    if spare_probability is not None:
        dropped = {i for i in dropped if readings[i][1] < spare_probability}
    return dropped


def contradicted(indices: list[Detection], cards: list[Detection], readings: list[tuple[str, float]],
                 dropped: set[int], reject: str) -> dict[int, list[int]]:
    """Kept position → the dropped positions at its opposite corner that read another code: a
    card whose two corners disagree, of which `conflicting_corners` kept the better. The kept
    reading is then less sure than its own corner says (a 6 whose other corner reads 9).

    >>> a, b = Detection("index", (0, 0, 10, 14), 0.9), Detection("index", (50, 80, 60, 94), 0.9)
    >>> card = Detection("card", (0, 0, 60, 94), 0.9)
    >>> contradicted([a, b], [card], [("6C", 0.9), ("9C", 0.7)], {1}, "other")
    {0: [1]}
    """
    out: dict[int, list[int]] = {}
    for j in sorted(dropped):
        if readings[j][0] == reject:
            continue
        for i, (code, _) in enumerate(readings):
            if (i not in dropped and code not in (reject, readings[j][0])
                    and opposite_corners(indices[i], indices[j], cards)):
                out.setdefault(i, []).append(j)
                break
    return out


def _agreeing_pairs(voters: list[tuple[int, list[int], float]], indices: list[Detection],
                    cards: list[Detection], readings: list[tuple[str, float]]) -> set[int]:
    """Best boxes of voters that agree with a voter at their opposite corner: that card has
    both its corners, so a third reading is not its other corner. (In a row of overlapping
    point cards, or a pile, a neighbour's corner often sits where a card box's opposite corner
    would be; without this it outvoted one of two agreeing corners and the card was lost.)"""
    paired: set[int] = set()
    for n, (a, _, _) in enumerate(voters):
        for b, _, _ in voters[n + 1:]:
            if readings[a][0] == readings[b][0] and opposite_corners(indices[a], indices[b], cards):
                paired.update((a, b))
    return paired


def _merge_agreeing(voters: list[tuple[int, list[int], float]], indices: list[Detection],
                    readings: list[tuple[str, float]]) -> list[tuple[int, list[int], float]]:
    """Voters of one code whose best boxes overlap by PARTIAL_OVERLAP look at one index (two
    boxes just short of duplicates): they vote together."""
    merged: list[tuple[int, list[int], float]] = []
    for best, members, votes in sorted(voters, key=lambda v: -v[2]):
        home = next((k for k, (b, _, _) in enumerate(merged) if readings[b][0] == readings[best][0]
                     and overlap_of_smaller(indices[b].box, indices[best].box) >= PARTIAL_OVERLAP), None)
        if home is None:
            merged.append((best, list(members), votes))
        else:
            b, m, v = merged[home]
            merged[home] = (b, m + members, v + votes)
    return merged
