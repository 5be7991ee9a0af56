"""`TableTracker`: every zone of the table and the pass pads, frame by frame."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from referee.calibration.layout import DISCARD, PILE, POINTS, Zone
from referee.tracking.hands import HandEvidence, HandWatcher
from referee.tracking.pads import DoubleTap, PadEvidence, PadWatcher
from referee.tracking.observations import DeclarationSeen, Observation, PassSeen, PileCleared, PlaySeen, TakenBack
from referee.tracking.readings import Point, TableReading
from referee.tracking.settings import TrackerSettings
from referee.tracking.tracks import ZoneTracks
from referee.tracking.watchers import DiscardWatcher, PileWatcher, PointsWatcher
from referee.vision.labels import Label


@dataclass(frozen=True, slots=True)
class TrackedCard:
    """A card the tracker follows, for the overlay."""
    zone: str
    code: Label
    position: Point
    established: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """The tracker's picture of the table, for the overlay."""
    t: float | None
    cards: tuple[TrackedCard, ...]
    trick_cards: tuple[Label, ...]                 # the cards of the current trick on the pile
    point_cards: Mapping[int, tuple[Label, ...]]   # seat → cards seen in its point-card zone
    covered_pads: frozenset[int]


class TableTracker:
    def __init__(self, zones: Sequence[Zone], table_size: tuple[float, float],
                 settings: TrackerSettings = TrackerSettings(), *, pads: Mapping[int, int] | None = None) -> None:
        """``zones``: the calibration's zones (table coordinates); ``pads``: seat → pad marker id
        (None: no pass pads)."""
        self.settings = settings
        scale = min(table_size)
        self._zones = {z.name: z for z in zones if z.kind in (PILE, DISCARD, POINTS)}
        self._tracks = {name: ZoneTracks(settings, scale) for name in self._zones}
        pile = [z.name for z in self._zones.values() if z.kind == PILE]
        discard = [z.name for z in self._zones.values() if z.kind == DISCARD]
        if len(pile) != 1:
            raise ValueError("the zones must hold exactly one pile")
        self._pile_name = pile[0]
        self.pile = PileWatcher(settings, scale)
        self.discard = DiscardWatcher(settings, scale) if discard else None
        self._discard_name = discard[0] if discard else None
        self.points = {z.seat: PointsWatcher(z.seat) for z in self._zones.values() if z.kind == POINTS}
        self._points_names = {z.seat: z.name for z in self._zones.values() if z.kind == POINTS}
        double_tap = DoubleTap() if settings.declare_gesture == "double-tap" else None
        self.pads = PadWatcher(dict(pads), hold=settings.stable_seconds, double_tap=double_tap) if pads else None
        self._covered: frozenset[int] = frozenset()
        self.hands = HandWatcher()
        self.t: float | None = None
        self._leftover_seconds: float | None = None    # see leave_over_first_view
        self._leftover_until: float | None = None

    @classmethod
    def from_calibration(cls, calibration, settings: TrackerSettings = TrackerSettings()) -> "TableTracker":
        return cls(calibration.zones, calibration.table_size, settings, pads=dict(calibration.pads))

    def update(self, t: float, readings: Sequence[TableReading], marker_ids: Iterable[int] | None = None,
               pad_evidence: Mapping[int, PadEvidence] | None = None,
               hand: HandEvidence | None = None) -> list[Observation]:
        """Feed one frame: its time (seconds, never going back), its card readings on the table,
        the marker ids seen in it (None: not looked for), what the camera saw around each pad
        and which seat's hand reached the pile (None: not measured). Returns what changed for
        certain; a play carries the seat that laid it when the hands told."""
        if self.t is not None and t < self.t:
            raise ValueError(f"timestamps must not go back ({t} after {self.t})")
        self.t = t
        by_zone: dict[str, list[TableReading]] = {name: [] for name in self._zones}
        for reading in _middles_through_hands(readings, hand):
            if reading.zone in by_zone:
                by_zone[reading.zone].append(reading)
        ended = {name: tracks.update(t, by_zone[name]) for name, tracks in self._tracks.items()}
        self._adopt_leftovers(t)
        out: list[Observation] = []
        self.hands.update(t, hand)
        out.extend(self._with_seats(self.pile.update(t, self._tracks[self._pile_name], ended[self._pile_name])))
        for seat, watcher in self.points.items():
            out.extend(watcher.update(t, self._tracks[self._points_names[seat]]))
        if self.discard is not None:
            out.extend(self.discard.update(t, self._tracks[self._discard_name], ended[self._discard_name]))
        if self.pads is not None and marker_ids is not None:
            arriving = pad_evidence is not None and self.pile_arriving()
            report = self.pads.update(t, marker_ids, pad_evidence, arriving)
            self._covered = report.covered
            out.extend(PassSeen(t, seat) for seat in report.newly_covered)
            out.extend(DeclarationSeen(t, seat) for seat in report.double_tapped)
        return out

    def _with_seats(self, observations: list[Observation]) -> list[Observation]:
        out: list[Observation] = []
        for obs in observations:
            if isinstance(obs, PlaySeen):
                obs = replace(obs, seat=self.hands.laid_by(obs.t, obs.places))
            elif isinstance(obs, (TakenBack, PileCleared)):
                self.hands.forget()
            out.append(obs)
        return out

    # ---- what the referee tells the tracker ----------------------------------------------------

    def take_back_last_play(self) -> tuple[Label, ...]:
        """The last play was refused: its cards should leave the pile."""
        return self.pile.take_back_last_play()

    def last_play_refused(self) -> bool:
        """The last play's cards are expected to leave the pile."""
        return self.pile.last_play_refused()

    def keep_last_play(self) -> None:
        """The refused last play was corrected into a play the game takes: its cards stay."""
        self.pile.keep_last_play()

    def pile_arriving(self) -> bool:
        """Cards are arriving on the pile: settling, or settled and not yet committed as a play
        (no pass starts meanwhile)."""
        return self.t is not None and self.pile.arriving(self._tracks[self._pile_name], self.t)

    def discard_arriving(self) -> bool:
        """Cards are arriving in the discard zone: seen there lately and not yet counted as a
        discard (still settling, or settled and waiting for the rest of the group)."""
        if self.discard is None or self._discard_name is None or self.t is None:
            return False
        return self.discard.arriving(self._tracks[self._discard_name], self.t)

    def reread_last_play(self) -> None:
        """The last play's reading was rejected at the table: its cards are read afresh and make
        a new play once they lie clearly readable again."""
        showing = set(self.pile.forget_last_play())
        t = self.t if self.t is not None else 0.0
        for track in self._tracks[self._pile_name].tracks:
            if track.id in showing:
                track.restart(t)

    def relabel_last_play(self, codes: Sequence[Label]) -> None:
        """The last play's cards were corrected at the table (see `PileWatcher.relabel_last_play`)."""
        self.pile.relabel_last_play(codes, {track.id: track for track in self._tracks[self._pile_name].tracks})

    def relabel_played(self, old: Sequence[Label], new: Sequence[Label]) -> None:
        """An earlier play of the trick was read again (see `PileWatcher.relabel_cards`)."""
        self.pile.relabel_cards(old, new)

    def taken_from_pile(self, cards: Iterable[Label]) -> None:
        """Cards of the trick a player picks up on purpose (a point card): the pile is not being
        cleared when they go."""
        self.pile.taken(cards)

    def new_game(self) -> None:
        """A new game: cards played before can be played again; what lies on the table now is
        left over, not new."""
        self.pile.new_game(self._tracks[self._pile_name], self.t)
        for seat, watcher in self.points.items():
            watcher.new_game(self._tracks[self._points_names[seat]])
        if self.discard is not None:
            self.discard.memory.clear()
            self.discard.adopt(self._tracks[self._discard_name], self.t)

    def leave_over_first_view(self, seconds: float) -> None:
        """After a restart between two games: what the camera finds on the table in its first
        ``seconds`` is the last game's (its pile, its point cards), left over: not a play, not a
        point card taken. The tracker cannot know it by code, since every card may be played again."""
        self._leftover_seconds, self._leftover_until = seconds, None

    def _adopt_leftovers(self, t: float) -> None:
        if self._leftover_seconds is None:
            return
        if self._leftover_until is None:
            self._leftover_until = t + self._leftover_seconds
        if t > self._leftover_until:
            self._leftover_seconds = self._leftover_until = None
            return
        self.pile.adopt(self._tracks[self._pile_name], t)
        for seat, watcher in self.points.items():
            watcher.adopt(self._tracks[self._points_names[seat]])
        if self.discard is not None and self._discard_name is not None:
            self.discard.adopt(self._tracks[self._discard_name], t)

    def remember_played(self, trick: Iterable[Label], earlier: Iterable[Label] = (),
                        refused: Iterable[Label] = ()) -> None:
        """After a restart: the cards already played this game (those of the current trick, and
        the earlier tricks'), so that seeing them is not a new play; and the cards of a refused
        play that may still lie on the pile."""
        self.pile.remember(trick, earlier, refused)

    def remember_point_cards(self, seat: int, cards: Iterable[Label]) -> None:
        if seat in self.points:
            self.points[seat].remember(cards)

    def reset_pads(self, seats: Iterable[int] | None = None) -> None:
        """A prompt is starting: a hand already on the prompted player's pad must not answer it
        (``seats``: those pads; None: every pad)."""
        if self.pads is not None:
            self.pads.reset(seats)

    # ---- for the overlay ----------------------------------------------------------------------

    def pile_showing(self) -> frozenset[Label]:
        """The labels the established cards on the pile read as now."""
        return frozenset(tr.code for tr in self._tracks[self._pile_name].established())

    def showing(self, seat: int) -> frozenset[Label]:
        """The codes the established cards in a seat's point-card zone read as now."""
        name = self._points_names.get(seat)
        if name is None:
            return frozenset()
        return frozenset(tr.code for tr in self._tracks[name].established())

    def view(self) -> TableView:
        cards = tuple(TrackedCard(name, tr.code, tr.position, tr.established)
                      for name, tracks in self._tracks.items() for tr in tracks.tracks)
        return TableView(self.t, cards, self.pile.trick_cards,
                         {seat: tuple(w.cards) for seat, w in self.points.items()}, self._covered)


def _middles_through_hands(readings: Sequence[TableReading], hand: HandEvidence | None) -> Sequence[TableReading]:
    """The readings, those of cards under an arm reaching the pile without what their middle
    showed: the hand laying a card, or one over it, shows its skin and sleeve there, a picture's
    colours, and the card's pips are judged once it has left (`Track.candidates`)."""
    if hand is None or not hand.reaching:
        return readings
    return [replace(r, picture=None) if r.picture is not None and hand.covering((r.position,)) else r
            for r in readings]
