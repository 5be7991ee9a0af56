"""Pass pads: a player passes by covering their pad's marker with a hand.

`PadWatcher` is pure logic over (timestamp, visible marker ids, and what the camera saw around
each pad: `PadEvidence`), so it is tested without images; `visible_marker_ids` (in `markers`)
gets the ids from a frame, `referee.live.pad_sensor` the evidence.

A pad is *covered* once its marker has been missing for ``hold`` seconds (0.3 by default) in
frames where the table itself is visible (at least ``min_corners`` of the four corner markers).
A frame without the table (someone leaning over the camera, the light going out) interrupts the
timing: hiding everything is not a pass. A pad never seen yet cannot be covered (an unused seat,
or a pad not yet placed). One cover is one `newly_covered` report, however long the hand stays;
the pad is free again once its marker is seen.

With evidence, a hidden marker counts towards a pass only in frames where it is hidden the way
a pass hides it: most of the marker covered, by an arm that comes from the pad's own seat (the
strip just outside that seat's edge of the table, level with the pad, is occupied), ending on
the pad (the table past it, towards the pile, is free) and held still. An arm of another player
lying across the pad, a hand beside the pad that hides only its edge, an arm sweeping over it,
or the player's own arm reaching over it to lay cards restart the timing, as a frame without the
table does. A hold cannot start while cards are arriving on the
pile, but one already held still goes on through them: the player who passed does not lift
their hand because the next player has begun to play.

A table may declare with its own gesture, apart from a pass (`DoubleTap`): two short covers of
one's pad, a *double tap*. Then every cover is told by how long it lasts: one held for
``pass_hold`` is a pass (``newly_covered``), one lifted sooner is a tap and never a pass, and a
second tap lifted within ``window`` seconds of the first's start is one ``double_tapped`` report.
A tap lasts from the marker hidden to the marker seen again, at least ``min_tap`` seconds, the
table in view all along, and in it the hand is for a moment one that would pass (a still hand of
the pad's own seat, no cards arriving on the pile).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from referee.calibration.markers import CORNER_IDS, pad_ids_for

DEFAULT_HOLD_SECONDS = 0.3
# Three of four: one corner marker flickering out of detection (glare, an arm reaching to the
# pile) should not cancel a pass; losing two means the view of the table is really blocked.
DEFAULT_MIN_CORNERS = 3
# A palm on the pad hides all of the marker; a hand resting beside it hides its edge, and a
# forearm crossing it on the way elsewhere (the hand resting past it, reaching for a point card)
# three quarters of it at most.
MIN_COVER = 0.8
# An arm crossing the approach strip fills a good part of it; a strip emptier than this has no
# arm of that seat in it (shadows and a sleeve's fringe stay well below).
MIN_APPROACH = 0.12
# A hand held on the pad barely changes between frames; an arm moving over it changes much.
MAX_MOTION = 0.15
# A hand on the pad ends at its fingers; an arm reaching over it to the pile fills most of the
# table past it.
MAX_REACH = 0.4


@dataclass(frozen=True)
class DoubleTap:
    """The timing of a double tap (see the module's text), in seconds."""
    # Two quick taps of a palm, start to lift, take well under a second.
    window: float = 1.2
    # Longer than a marker flickering out of detection for a frame or two.
    min_tap: float = 0.1
    # A pass is held this long: a tap, lifted sooner, has room to be comfortably short of it.
    pass_hold: float = 0.5

    def __post_init__(self) -> None:
        if not 0 < self.min_tap < self.pass_hold < self.window:
            raise ValueError("a double tap needs 0 < min_tap < pass_hold < window")


@dataclass(frozen=True)
class PadEvidence:
    """What the camera sees around one pad in one frame, each a fraction from 0 to 1."""
    cover: float       # of the pad's marker that differs from the empty table
    approach: float    # of the strip just outside the pad's seat's edge that differs from it (its emptier half)
    motion: float      # of the pad and its surroundings that changed since the previous frame
    reach: float = 0.0  # of the table just past the pad, towards the pile, that differs from it

    def is_own_still_hand(self) -> bool:
        return (self.cover >= MIN_COVER and self.approach >= MIN_APPROACH and self.motion <= MAX_MOTION
                and self.reach <= MAX_REACH)


@dataclass(frozen=True)
class PadReport:
    t: float
    table_visible: bool
    visible: frozenset[int]            # seats whose pad marker is seen in this frame
    covered: frozenset[int]            # seats whose pad is covered now
    newly_covered: tuple[int, ...]     # seats that became covered in this frame: a pass each
    released: tuple[int, ...]          # seats whose covered pad is seen again in this frame
    double_tapped: tuple[int, ...] = ()   # seats that tapped their pad twice: a declaration each


class PadWatcher:
    def __init__(self, pads: Mapping[int, int] | int, *, hold: float = DEFAULT_HOLD_SECONDS,
                 corner_ids: Iterable[int] = CORNER_IDS, min_corners: int = DEFAULT_MIN_CORNERS,
                 double_tap: DoubleTap | None = None) -> None:
        """``pads``: seat → marker id, or a number of seats (ids 10, 11, ...); ``double_tap``:
        declarations are double taps (None: a cover is all a pad tells)."""
        self.pads = dict(pad_ids_for(pads)) if isinstance(pads, int) else dict(pads)
        self.double_tap = double_tap
        self.hold = hold if double_tap is None else max(hold, double_tap.pass_hold)
        self.corner_ids = frozenset(corner_ids)
        self.min_corners = min(min_corners, len(self.corner_ids))
        self._seen_once: set[int] = set()
        self._missing_since: dict[int, float] = {}
        self._covered: set[int] = set()
        self._last_t: float | None = None
        self._taps = _Taps(double_tap) if double_tap is not None else None

    @classmethod
    def from_calibration(cls, calibration, **kwargs) -> "PadWatcher":
        return cls(dict(calibration.pads), **kwargs)

    def update(self, t: float, visible_ids: Iterable[int], evidence: Mapping[int, PadEvidence] | None = None,
               pile_arriving: bool = False) -> PadReport:
        """Feed one frame: its timestamp (seconds, non-decreasing), the marker ids seen in it and,
        where the camera measured it, the evidence around each pad (seat → `PadEvidence`) and
        whether cards are arriving on the pile. Without evidence a hidden marker is a cover."""
        if self._last_t is not None and t < self._last_t:
            raise ValueError(f"timestamps must not go back ({t} after {self._last_t})")
        self._last_t = t
        ids = frozenset(visible_ids)
        table_visible = len(ids & self.corner_ids) >= self.min_corners
        visible = frozenset(seat for seat, marker in self.pads.items() if marker in ids)
        newly_covered: list[int] = []
        released: list[int] = []
        double_tapped: list[int] = []
        for seat in self.pads:
            if seat in visible:
                self._seen_once.add(seat)
                self._missing_since.pop(seat, None)
                if seat in self._covered:
                    self._covered.discard(seat)
                    released.append(seat)
                elif self._taps is not None and self._taps.lifted(seat, t):
                    double_tapped.append(seat)
                continue
            if seat in self._covered or seat not in self._seen_once:
                continue
            if not table_visible:
                self._missing_since.pop(seat, None)   # can't tell a hand from a blocked camera
                if self._taps is not None:
                    self._taps.blocked(seat)
                continue
            if self._taps is not None:
                self._taps.hidden(seat, t)
            if evidence is not None and not _passing_hand(evidence.get(seat)):
                self._missing_since.pop(seat, None)   # hidden, but not the way a pass hides it
                continue
            if evidence is not None and pile_arriving and seat not in self._missing_since:
                continue   # a hold may not start while cards arrive; one already held goes on
            since = self._missing_since.setdefault(seat, t)
            if self._taps is not None:
                self._taps.held(seat)
            if t - since >= self.hold - 1e-9:
                self._covered.add(seat)
                self._missing_since.pop(seat, None)
                newly_covered.append(seat)
                if self._taps is not None:
                    self._taps.forget(seat)           # a pass: no tap before it pairs with a later one
        return PadReport(t, table_visible, visible, frozenset(self._covered), tuple(newly_covered), tuple(released),
                         tuple(double_tapped))

    def reset(self, seats: Iterable[int] | None = None) -> None:
        """Cancel covers in progress, and make every hidden pad wait until it is seen again
        before it can pass: a hand left on a pad from before a prompt must not answer it.
        ``seats``: only these pads (the prompted player's; another player's hand arriving on
        their pad as the prompt starts is their pass)."""
        chosen = set(self.pads) if seats is None else set(seats)
        self._seen_once -= (set(self._missing_since) | self._covered) & chosen
        for seat in chosen:
            self._missing_since.pop(seat, None)
        self._covered -= chosen
        if self._taps is not None:
            for seat in chosen:
                self._taps.forget(seat)


class _Taps:
    """The short covers of each pad, paired into double taps (for `PadWatcher`)."""

    def __init__(self, timing: DoubleTap) -> None:
        self.timing = timing
        self._began: dict[int, float] = {}    # seat → when the cover in progress hid the marker
        self._still: set[int] = set()         # seats whose cover in progress was a passing hand
        self._first: dict[int, float] = {}    # seat → when its last tap, still unpaired, began

    def hidden(self, seat: int, t: float) -> None:
        """The pad's marker is hidden, the table in view."""
        self._began.setdefault(seat, t)

    def held(self, seat: int) -> None:
        """... by a passing hand in this frame. The hand's arriving and lifting frames blur (and
        so are not still): a tap is timed from hiding to lifting, not by its still frames."""
        self._still.add(seat)

    def blocked(self, seat: int) -> None:
        """The table went out of view: the cover in progress cannot be told from a blocked camera."""
        self._began.pop(seat, None)
        self._still.discard(seat)

    def forget(self, seat: int) -> None:
        self.blocked(seat)
        self._first.pop(seat, None)

    def lifted(self, seat: int, t: float) -> bool:
        """The pad is seen again at ``t``: whether that ends the second tap of a double tap."""
        began, still = self._began.pop(seat, None), seat in self._still
        self._still.discard(seat)
        if began is None or not still or t - began < self.timing.min_tap - 1e-9:
            return False                       # no cover, not a hand of its own, or a flicker
        first = self._first.pop(seat, None)
        if first is not None and t - first <= self.timing.window + 1e-9:
            return True
        self._first[seat] = began              # the first tap (or a new first, the old one too long ago)
        return False


def _passing_hand(evidence: PadEvidence | None) -> bool:
    return evidence is None or evidence.is_own_still_hand()
