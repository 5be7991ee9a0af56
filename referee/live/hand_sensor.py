"""Which seat's hand reaches the pile, frame by frame: `HandSensor.measure` gives the
`HandEvidence` that `referee.tracking.HandWatcher` turns into the seat that laid a play.

It reads the foreground of `PadSensor` (the same warp of the table plane, compared with the
same picture of the empty table): each part of it that covers enough of the pile zone (the cards
being laid and the hand laying them, joined to its arm) is followed to where it leaves the table,
and the stretch of table edge it crosses there names its seat (`seat_sides`: each seat's side,
its stretch the part of that side nearest its own zones). With the seat go the grid cells of the
pile zone the part covers, so that the watcher can tell the hand holding the new cards from an
idle one beside them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.calibration.layout import PILE, seat_sides
from referee.tracking.hands import HandEvidence, cell_size

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
        self._pile_cells: "np.ndarray | None" = None      # per pile-zone pixel, its cell's index
        self._cells: list[tuple[int, int]] = []             # index → cell
        self._cell = cell_size(calibration.table_size)
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
            return HandEvidence((), self._cell)
        crossed = {seat: np.bincount(labels[edge], minlength=count) for seat, edge in self._edges.items()}
        pile_labels = labels[self._pile]
        assert self._pile_cells is not None
        reaching = []
        for part in np.flatnonzero(laying):
            edges = {seat: int(pixels[part]) for seat, pixels in crossed.items()}
            seat = max(edges, key=lambda s: edges[s], default=None)
            if seat is None or edges[seat] < EDGE_PIXELS or edges[seat] < DOMINANCE * sum(edges.values()):
                continue                      # a card alone, or an arm no one seat's edge holds
            cells = np.unique(self._pile_cells[pile_labels == part])
            reaching.append((seat, frozenset(self._cells[i] for i in cells)))
        return HandEvidence(tuple(reaching), self._cell)

    def _prepare(self) -> None:
        import numpy as np

        calibration = self._calibration
        pile = next((z for z in calibration.zones if z.kind == PILE), None)
        if pile is None:
            raise ValueError("the calibration has no pile zone")
        self._pile = self._pads.plane_mask(pile.polygon)
        self._pile_pixels = int(self._pile.sum())
        rows, columns = np.nonzero(self._pile)
        xs, ys = self._pads.to_table(columns.astype(np.float64), rows.astype(np.float64))
        cells = np.stack([np.floor(xs / self._cell), np.floor(ys / self._cell)], axis=1).astype(np.int64)
        unique, self._pile_cells = np.unique(cells, axis=0, return_inverse=True)
        self._pile_cells = self._pile_cells.reshape(-1)
        self._cells = [(int(x), int(y)) for x, y in unique]
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
