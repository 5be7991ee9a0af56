"""Which seat's hand reaches the pile, frame by frame: `HandSensor.measure` gives the
`HandEvidence` that `referee.tracking.HandWatcher` turns into the seat that laid a play.

It reads the foreground of `PadSensor` (the same warp of the table plane, compared with the
same picture of the empty table): the parts of it that touch the pile zone (the cards being laid
and the hand laying them, joined to its arm) are followed to where they leave the table, and the
stretch of table edge they cross there names the seat (`seat_sides`: each seat's side, its
stretch the part of that side nearest its own zones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.calibration.layout import PILE, seat_sides
from referee.tracking.hands import HandEvidence

if TYPE_CHECKING:
    import numpy as np

    from referee.calibration import Calibration
    from referee.calibration.layout import Zone
    from referee.live.pad_sensor import PadSensor

Point = tuple[float, float]

EDGE_PIXELS = 4          # fewer foreground pixels than this past an edge: no arm crosses there
PILE_SHARE = 0.03        # a hand laying cards (with the cards) covers more of the pile zone than
                         # this; the fingertips of a hand resting near the pile, less
DOMINANCE = 0.8          # one seat's stretch must hold this share of the edge pixels crossed


class HandSensor:
    """Evidence of the hand over the pile, from the foreground a `PadSensor` measured last."""

    def __init__(self, calibration: "Calibration", pads: "PadSensor") -> None:
        self._calibration = calibration
        self._pads = pads
        self._pile: "np.ndarray | None" = None
        self._pile_pixels = 0
        self._edges: dict[int, "np.ndarray"] = {}

    def measure(self) -> HandEvidence | None:
        """For the frame the pad sensor measured last (None before its first)."""
        import cv2
        import numpy as np

        foreground = self._pads.foreground
        if foreground is None:
            return None
        if self._pile is None:
            self._prepare()
        assert self._pile is not None
        # closed a little: a sleeve or a shadow of the colour of the table may break an arm
        mask = cv2.morphologyEx(foreground.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        count, labels = cv2.connectedComponents(mask, connectivity=8)
        # each part on its own: a hand resting with its fingertips in the pile zone is not laying
        # cards, even beside cards that lie there
        over_pile = np.bincount(labels[self._pile], minlength=count)
        laying = over_pile >= PILE_SHARE * self._pile_pixels
        laying[0] = False                     # the empty table
        if not laying.any():
            return HandEvidence(None)
        crossed = {seat: int(laying[labels[edge]].sum()) for seat, edge in self._edges.items()}
        seat = max(crossed, key=lambda s: crossed[s], default=None)
        if seat is None or crossed[seat] < EDGE_PIXELS or crossed[seat] < DOMINANCE * sum(crossed.values()):
            return HandEvidence(None)
        return HandEvidence(seat)

    def _prepare(self) -> None:
        calibration = self._calibration
        pile = next((z for z in calibration.zones if z.kind == PILE), None)
        if pile is None:
            raise ValueError("the calibration has no pile zone")
        self._pile = self._pads.plane_mask(pile.polygon)
        self._pile_pixels = int(self._pile.sum())
        for seat, polygon in _edge_stretches(calibration.zones, len(calibration.seats), calibration.table_size,
                                             self._pads.outside).items():
            self._edges[seat] = self._pads.plane_mask(polygon)


def _edge_stretches(zones: "list[Zone] | tuple[Zone, ...]", seats: int, table: tuple[float, float],
                    outside: float) -> dict[int, list[Point]]:
    """Seat → the band just outside its side of the table, along the part of that side nearer
    its own zones than those of its neighbours on the same side."""
    width, height = table
    sides = seat_sides(seats)
    along: dict[int, float] = {}
    for seat, (side, _, _) in enumerate(sides):
        centres = [z.center() for z in zones if z.seat == seat]
        if not centres:
            continue
        axis = 0 if side in ("bottom", "top") else 1
        along[seat] = sum(c[axis] for c in centres) / len(centres)
    out: dict[int, list[Point]] = {}
    for seat, position in along.items():
        side = sides[seat][0]
        length = width if side in ("bottom", "top") else height
        neighbours = sorted(along[s] for s in along if sides[s][0] == side)
        index = neighbours.index(position)
        start = 0.0 if index == 0 else (neighbours[index - 1] + position) / 2
        end = length if index == len(neighbours) - 1 else (position + neighbours[index + 1]) / 2
        if side == "bottom":
            out[seat] = _box(start, height, end, height + outside)
        elif side == "top":
            out[seat] = _box(start, -outside, end, 0.0)
        elif side == "left":
            out[seat] = _box(-outside, start, 0.0, end)
        else:
            out[seat] = _box(width, start, width + outside, end)
    return out


def _box(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
