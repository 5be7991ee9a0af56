"""Who laid a play: the seat whose hand held the play's cards while they arrived.

`HandEvidence` is what the camera saw in one frame (`referee.live.hand_sensor`): each arm that
runs from over the pile out to one seat's table edge, with the table cells it covers (the hand
and whatever it holds). `HandWatcher` gathers it between two plays and names the seat whose arm
covered the new cards' places, when the frames agree; else nobody (the referee then gives the
play to the player to move). A hand resting beside the pile, or the picture of one just lifted
(the empty table learns a still hand, and for a moment after it leaves the table differs from
what was learnt), covers other places than the cards it did not lay.

>>> cell = cell_size((900.0, 600.0))
>>> laying = HandEvidence(((2, frozenset({cell_of((400.0, 300.0), cell)})),), cell)
>>> resting = HandEvidence(((0, frozenset({cell_of((250.0, 330.0), cell)})),), cell)
>>> watcher = HandWatcher()
>>> for i in range(5):
...     watcher.update(i / 15, laying)
...     watcher.update(i / 15 + 0.01, resting)
>>> watcher.laid_by(0.4, ((400.0, 300.0),))
2
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

Point = tuple[float, float]
Cell = tuple[int, int]

CELL_SHARE = 0.03        # a side of the grid in which a hand's reach is kept, of the table's shorter side
WINDOW_SECONDS = 3.0     # a hand is seen over the pile at most this long before its cards lie still
MIN_FRAMES = 2           # fewer frames with a hand over the pile are not enough to tell
AGREEMENT = 0.75         # the seat must account for this share of those frames


def cell_size(table_size: tuple[float, float]) -> float:
    """A side of the grid's cells on a table of this size (its units)."""
    return CELL_SHARE * min(table_size)


def cell_of(point: Point, cell: float) -> Cell:
    """The grid cell (of side ``cell``) a point of the table lies in."""
    return math.floor(point[0] / cell), math.floor(point[1] / cell)


@dataclass(frozen=True, slots=True)
class HandEvidence:
    """One frame: per arm over the pile that runs out to one seat's table edge, that seat and
    the grid cells (`cell_of`, of side ``cell``) the arm covers, hand and what it holds included.
    Empty: nothing over the pile reaches an edge, or what does runs out to several seats' edges."""
    reaching: tuple[tuple[int, frozenset[Cell]], ...] = ()
    cell: float = 1.0

    @property
    def seat(self) -> int | None:
        """The one seat reaching the pile (None: no seat, or more than one)."""
        seats = {seat for seat, _ in self.reaching}
        return seats.pop() if len(seats) == 1 else None

    def covering(self, places: Sequence[Point]) -> set[int]:
        """The seats whose arm covers any of these places."""
        cells = {cell_of(p, self.cell) for p in places}
        return {seat for seat, covered in self.reaching if not cells.isdisjoint(covered)}


class HandWatcher:
    """Frames with a hand over the pile since the last play."""

    def __init__(self) -> None:
        self._seen: list[tuple[float, HandEvidence]] = []

    def update(self, t: float, evidence: HandEvidence | None) -> None:
        if evidence is not None and evidence.reaching:
            self._seen.append((t, evidence))

    def laid_by(self, t: float, places: Sequence[Point] = ()) -> int | None:
        """The seat that laid the play seen at ``t`` whose cards lie at ``places`` (table
        coordinates; none given: any arm over the pile counts), or None (cannot tell); starts
        afresh for the next."""
        votes: Counter[int] = Counter()
        for seen, evidence in self._seen:
            if seen < t - WINDOW_SECONDS:
                continue
            seats = evidence.covering(places) if places else {seat for seat, _ in evidence.reaching}
            if len(seats) == 1:
                votes[seats.pop()] += 1
        self._seen.clear()
        if not votes:
            return None
        seat, frames = votes.most_common(1)[0]
        if frames < MIN_FRAMES or frames < AGREEMENT * sum(votes.values()):
            return None
        if any(n >= MIN_FRAMES for other, n in votes.items() if other != seat):
            return None          # two players' hands over the pile (one idle): no telling which laid it
        return seat

    def forget(self) -> None:
        """Hands over the pile that laid nothing (cards taken back, the pile cleared)."""
        self._seen.clear()
