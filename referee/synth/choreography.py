"""A game record staged as what a camera over the table sees: where each card lies and when,
when a hand passes over the cards, when a pass pad is covered.

`choreograph(record, zones, table_size)` walks a record through the engine and lays out the
table: plays fanned on the pile one card after another under a hand, refused plays taken back,
passes and declarations as pad covers (declarations as double taps with
``Timing.double_tap``), 10-discards and 9-passes as face-down cards laid in the
discard zone and taken away once counted, Profit point cards moved from the pile to the taker's
zone, tricks swept away. With ``motions`` (`referee.synth.motions`) the table moves as a real
one does: cards face their player, the winner carries the pile off, idle arms rest on the table,
a mug and a phone lie at the edge. `Timeline.at(t)` is the table at one moment. Tests turn that into
scripted recogniser output; a demo video can be rendered from the same timeline with
`referee.synth.scenes`.

Only what a camera can follow is staged (else `ChoreographyError`): a play is made by the player
whose turn it is; claims (which reveal cards from a hand) are not staged; later games of a match
are dealt as the first (same counts, the rules choose who leads) and card exchanges follow the
rules' order, because that is what the referee assumes."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from referee.calibration.layout import DISCARD, PILE, POINTS, Zone
from referee.engine import (Claim, Deal, Declare, Discard, Exchange, Give, Pass, Phase, PlayCards,
                            apply, new_match)
from referee.engine.record import Record, action_to_json, load_record, rules_to_json
from referee.synth.motions import Clutter, Motions

Point = tuple[float, float]
FOREVER = math.inf


class ChoreographyError(ValueError):
    """A record the camera referee could not follow as it stands."""


@dataclass(frozen=True)
class Timing:
    """Seconds between things at the table (and sizes as fractions of the table's shorter side)."""
    gap: float = 0.8                 # from the end of one action to the start of the next
    lay_interval: float = 0.12       # between the cards of one fanned play
    hand_before: float = 0.2         # the hand arrives this long before the first card
    hand_after: float = 0.25         # ... and leaves this long after the last
    pad_cover: float = 0.7           # a pass: the hand on the pad
    double_tap: bool = False         # declarations are two short covers (declare gesture "double-tap")
    pad_tap: float = 0.25            # one tap of a double tap: the hand on the pad ...
    tap_gap: float = 0.25            # ... and lifted between the two taps
    take_back_after: float = 1.5     # a refused play stays this long before it is taken back
    point_card_after: float = 1.5    # a point card is picked up this long after it is won (announced)
    clear_after: float = 0.8         # the pile is swept this long after the trick ends
    discard_leaves_after: float = 2.0  # counted discards / 9-pass cards leave the zone after this long
    prompt_seconds: float = 5.0      # the referee's offer window (an answer must come inside it)
    clear_tricks: bool = True        # sweep the pile after each trick (else the cards pile up)
    fan_step: float = 0.045          # distance between the cards of a fan
    min_spacing: float = 0.04        # a new card never lands this close to a card still seen
    cover_radius: float = 0.06       # a later card this close hides an earlier one
    hand_radius: float = 0.14        # the hand hides earlier cards this close to where it works


@dataclass(frozen=True)
class CardSpan:
    code: str
    position: Point
    zone: str
    start: float
    end: float = FOREVER
    group: int = 0                   # the cards of one play never hide each other
    turn: float = 0.0                # degrees the card lies turned from facing the bottom seat


@dataclass(frozen=True)
class HandSpan:
    centre: Point
    radius: float
    start: float
    end: float
    seat: int | None = None          # whose hand (where the arm comes from), when known
    palm: bool = False               # the palm on ``centre`` (gathering, carrying), not the fingertips
    along: float | None = None       # where along the seat's slot the arm comes from (None: the right hand's shoulder)


@dataclass(frozen=True)
class PadCover:
    seat: int
    start: float
    end: float
    along: float | None = None       # as `HandSpan.along`: the shoulder of the hand that covers


@dataclass(frozen=True)
class VisibleCard:
    code: str
    position: Point
    zone: str


@dataclass(frozen=True)
class TableMoment:
    t: float
    cards: tuple[VisibleCard, ...]
    covered_pads: frozenset[int]
    hands: tuple[HandSpan, ...]


@dataclass(frozen=True)
class Timeline:
    cards: tuple[CardSpan, ...]
    hands: tuple[HandSpan, ...]
    pads: tuple[PadCover, ...]
    seats: int
    duration: float
    cover_radius: float
    clutter: tuple[Clutter, ...] = ()    # lying on the table the whole time

    def at(self, t: float) -> TableMoment:
        """What lies on the table at ``t`` and can be seen: not under a hand that came after it,
        not under a later card laid on it."""
        present = [c for c in self.cards if c.start <= t < c.end]
        hands = tuple(h for h in self.hands if h.start <= t < h.end)
        visible = []
        for card in present:
            if any(card.start < h.start and _distance(card.position, h.centre) <= h.radius for h in hands):
                continue
            if any(other.start > card.start and other.group != card.group and other.zone == card.zone
                   and _distance(card.position, other.position) <= self.cover_radius for other in present):
                continue
            visible.append(VisibleCard(card.code, card.position, card.zone))
        covered = frozenset(p.seat for p in self.pads if p.start <= t < p.end)
        return TableMoment(t, tuple(visible), covered, hands)


@dataclass(frozen=True)
class Script:
    """A staged game: the timeline, the record the referee should write (hidden hands), and the
    events replaying it gives (each with ``game``)."""
    timeline: Timeline
    record: dict[str, Any]
    expected_events: tuple[dict, ...]
    # (game, action, time) for each play: when the player's hand has left the laid cards
    plays_complete: tuple[tuple[int, int, float], ...] = ()


def _distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


class Stage:
    """Builds a timeline. Positions in table coordinates; sizes from `Timing` times ``scale``."""

    def __init__(self, zones: Sequence[Zone], table_size: tuple[float, float], timing: Timing = Timing(),
                 seed: int = 0, motions: bool = False) -> None:
        self.zones = {z.name: z for z in zones}
        self.scale = min(table_size)
        self.timing = timing
        self.rng = random.Random(seed)
        self.cards: list[CardSpan] = []
        self.hands: list[HandSpan] = []
        self.pads: list[PadCover] = []
        self.seats = len([z for z in zones if z.kind == POINTS])
        self._groups = 0
        self._point_slots: dict[int, int] = {}
        self._discard_slots = 0
        self.motions = Motions(self, table_size, seed) if motions else None

    # ---- low level ------------------------------------------------------------------------------

    def place(self, code: str, position: Point, zone: str, t: float, group: int | None = None) -> int:
        if group is None:
            self._groups += 1
            group = self._groups
        self.cards.append(CardSpan(code, position, zone, t, FOREVER, group))
        return len(self.cards) - 1

    def remove(self, index: int, t: float) -> None:
        self.cards[index] = replace(self.cards[index], end=t)

    def hand(self, centre: Point, start: float, end: float, radius: float | None = None,
             seat: int | None = None, palm: bool = False, along: float | None = None) -> None:
        if along is None and self.motions and seat is not None:
            along = self.motions.shoulder_along(seat)
        self.hands.append(HandSpan(centre, radius if radius is not None else self.timing.hand_radius * self.scale,
                                   start, end, seat, palm, along))

    def cover_pad(self, seat: int, start: float, end: float | None = None) -> None:
        along = self.motions.shoulder_along(seat) if self.motions else None
        self.pads.append(PadCover(seat, start, end if end is not None else start + self.timing.pad_cover, along))

    def tap_pad(self, seat: int, start: float) -> float:
        """A double tap of the seat's pad: two short covers; returns when the second ends."""
        second = start + self.timing.pad_tap + self.timing.tap_gap
        self.cover_pad(seat, start, start + self.timing.pad_tap)
        self.cover_pad(seat, second, second + self.timing.pad_tap)
        return second + self.timing.pad_tap

    def present(self, t: float, zone: str | None = None) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c.start <= t < c.end and (zone is None or c.zone == zone)]

    def timeline(self) -> Timeline:
        ends = [c.start for c in self.cards] + [h.end for h in self.hands] + [p.end for p in self.pads]
        return Timeline(tuple(self.cards), tuple(self.hands), tuple(self.pads), self.seats,
                        max(ends, default=0.0) + 2.0, self.timing.cover_radius * self.scale,
                        self.motions.clutter if self.motions else ())

    # ---- what players do ------------------------------------------------------------------------

    def lay_fan(self, codes: Sequence[str], zone_name: str, t: float, seat: int | None = None) -> tuple[list[int], float]:
        """Cards laid one after another in a fan, under a hand; returns their spans and the time
        the hand has left."""
        timing = self.timing
        step = timing.fan_step * self.scale
        centre = self._free_spot(zone_name, len(codes), step, t)
        self._groups += 1
        spans = []
        for i, code in enumerate(codes):
            x = centre[0] + (i - (len(codes) - 1) / 2) * step
            spans.append(self.place(code, (x, centre[1]), zone_name, t + i * timing.lay_interval, self._groups))
        last = t + (len(codes) - 1) * timing.lay_interval
        end = last + timing.hand_after
        self.hand(centre, t - timing.hand_before, end, seat=seat)
        if self.motions:
            self.motions.face(spans, seat)
        return spans, end

    def take_away(self, spans: Sequence[int], t: float, seat: int | None = None) -> float:
        """A hand picks cards up; returns when it has left."""
        if not spans:
            return t
        xs = [self.cards[i].position for i in spans]
        centre = (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
        self.hand(centre, t, t + 0.3, seat=seat)
        for i in spans:
            self.remove(i, t + 0.15)
        return t + 0.3

    def sweep(self, zone_name: str, t: float) -> float:
        """Everything in a zone swept away under a big hand."""
        spans = self.present(t, zone_name)
        zone = self.zones[zone_name]
        self.hand(zone.center(), t, t + 0.4, radius=self.scale)
        for i in spans:
            self.remove(i, t + 0.2)
        return t + 0.4

    def move_point_card(self, code: str, seat: int, t: float) -> float:
        """A point card picked from the pile and laid in the seat's zone."""
        on_pile = [i for i in self.present(t, PILE) if self.cards[i].code == code]
        if on_pile:
            self.take_away([on_pile[-1]], t, seat)
        zone = self.zones[f"{POINTS}-{seat}"]
        slot = self._point_slots.get(seat, 0)
        self._point_slots[seat] = slot + 1
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        horizontal = max(xs) - min(xs) >= max(ys) - min(ys)
        along = ((slot % 5) - 2) / 5.5      # five places along the zone; later cards land on earlier ones
        cx, cy = zone.center()
        if horizontal:
            position = (cx + along * (max(xs) - min(xs)), cy)
        else:
            position = (cx, cy + along * (max(ys) - min(ys)))
        placed = self.place(code, position, zone.name, t + 0.3)
        if self.motions:
            self.motions.face([placed], seat)
        self.hand(position, t + 0.1, t + 0.5, radius=0.08 * self.scale, seat=seat)
        return t + 0.5

    def _free_spot(self, zone_name: str, count: int, step: float, t: float) -> Point:
        """A place for a fan of ``count`` cards in the zone that does not land right on a card
        still seen (a card laid exactly on another is a different case: see the tracker)."""
        zone = self.zones[zone_name]
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        margin = 0.06 * self.scale
        half = (count - 1) / 2 * step
        lo_x, hi_x = min(xs) + margin + half, max(xs) - margin - half
        lo_y, hi_y = min(ys) + margin, max(ys) - margin
        if lo_x > hi_x:
            lo_x = hi_x = (min(xs) + max(xs)) / 2
        if lo_y > hi_y:
            lo_y = hi_y = (min(ys) + max(ys)) / 2
        spacing = self.timing.min_spacing * self.scale
        others = [self.cards[i].position for i in self.present(t, zone_name)]
        best, best_gap = None, -1.0
        for _ in range(60):
            centre = (self.rng.uniform(lo_x, hi_x), self.rng.uniform(lo_y, hi_y))
            spots = [(centre[0] + (i - (count - 1) / 2) * step, centre[1]) for i in range(count)]
            gap = min((_distance(a, b) for a in spots for b in others), default=math.inf)
            if gap >= spacing:
                return centre
            if gap > best_gap:
                best, best_gap = centre, gap
        return best if best is not None else zone.center()


def hidden_record(record: Record | Mapping[str, Any]) -> dict[str, Any]:
    """The record with every hand replaced by its count and every moved card by a number: what
    the camera referee can know and writes to its log."""
    rec = record if isinstance(record, Record) else load_record(dict(record))
    name, options = rules_to_json(rec.rules)
    out: dict[str, Any] = {"rules": name}
    if options:
        out["options"] = options
    out["players"] = list(rec.players)
    parts = []
    for game in rec.games:
        counts = game.counts if game.counts is not None else tuple(len(h) for h in game.hands)
        part: dict[str, Any] = {}
        if game.first is not None:
            part["first"] = game.first
        part["counts"] = dict(zip(rec.players, counts))
        # the camera referee logs a play's cards in their own order (it sees no order on the table)
        part["actions"] = [action_to_json(replace(a, cards=tuple(sorted(a.cards))) if isinstance(a, PlayCards) else a,
                                          hidden=True) for a in game.actions]
        parts.append(part)
    if len(parts) == 1 and not rec.match:
        out.update(parts[0])
    else:
        out["games"] = parts
    return out


def choreograph(record: Record | Mapping[str, Any], zones: Sequence[Zone], table_size: tuple[float, float], *,
                timing: Timing = Timing(), seed: int = 0, start: float = 1.0, motions: bool = False) -> Script:
    """Stage a whole record (every game of a match); ``motions``: with the motions of a real
    table (`referee.synth.motions`)."""
    hidden = hidden_record(record)
    rec = load_record(hidden)
    stage = Stage(zones, table_size, timing, seed, motions)
    state = new_match(rec.rules, rec.players)
    expected: list[dict] = []
    complete: list[tuple[int, int, float]] = []
    now = start
    for gi, game in enumerate(rec.games):
        if gi > 0:
            if game.counts != rec.games[0].counts:
                raise ChoreographyError(f"game {gi}: the referee deals later games as the first (same counts)")
            probe, _ = apply(state, Deal(counts=game.counts))
            if game.first is not None and probe.players[probe.turn] != game.first:
                raise ChoreographyError(f"game {gi}: the record has {game.first} lead; the referee lets the "
                                        f"rules choose ({probe.players[probe.turn]})")
        state, events = apply(state, Deal(counts=game.counts, first=game.first if gi == 0 else None))
        expected.extend(dict(e.to_dict(None), game=gi) for e in events)
        offer_until = -math.inf          # an open offer to a player, for the timing of their next act
        offered_seat = -1
        last_player: int | None = None   # who played last: the trick's winner gathers it
        for ai, action in enumerate(game.actions):
            if isinstance(action, Claim):
                raise ChoreographyError(f"game {gi} action {ai}: claims reveal cards from a hand; not staged")
            if isinstance(action, Exchange):
                # in the hands: the referee records the exchanges itself, in the rules' order
                if not state.transfers or state.players[state.transfers[0].giver] != action.player:
                    raise ChoreographyError(f"game {gi} action {ai}: exchanges out of the rules' order")
                state, events = apply(state, action)
                expected.extend(dict(e.to_dict(ai), game=gi) for e in events)
                continue
            seat = state.players.index(action.player)
            if seat == offered_seat and not isinstance(action, (Declare, Discard, Give)):
                now = max(now, offer_until + 0.6)     # the offer must time out before this player acts
            before = state
            state, events = apply(state, action)
            dicts = [dict(e.to_dict(ai), game=gi) for e in events]
            expected.extend(dicts)
            refused = any(d["event"] == "illegal" for d in dicts)
            if isinstance(action, PlayCards) and not refused:
                last_player = seat
            hands_before = len(stage.hands)
            now = _stage_action(stage, before, action, refused, now, timing, gi, ai)
            if isinstance(action, PlayCards):       # the first hand staged is the one laying the cards
                complete.append((gi, ai, stage.hands[hands_before].end))
            pending = state.pending
            if pending is not None and not pending.mandatory and state.phase is Phase.PLAY:
                offered_seat, offer_until = pending.player, now + timing.prompt_seconds - timing.gap
            elif pending is None:
                offered_seat = -1
            now = _stage_aftermath(stage, dicts, state, now, timing, last_player)
        now = _end_game(stage, now, timing)
    if stage.motions:
        stage.motions.rest_arms(start, now)
        stage.motions.reach_over_pads(start, now)
        stage.motions.rest_near_pads(start, now)
    return Script(stage.timeline(), hidden, tuple(expected), tuple(complete))


def _stage_action(stage: Stage, state, action, refused: bool, now: float, timing: Timing, gi: int, ai: int) -> float:
    """Stage one action from ``now``; returns when the next may start."""
    where = f"game {gi} action {ai}"
    seat = state.players.index(action.player)
    if isinstance(action, PlayCards):
        if state.phase is not Phase.PLAY or (seat != state.turn and not refused):
            raise ChoreographyError(f"{where}: {action.player} plays out of turn and the game takes it; the "
                                    "referee only refuses a play out of turn (cards taken back)")
        spans, end = stage.lay_fan([c.code for c in action.cards], PILE, now, seat)
        if refused:
            end = stage.take_away(spans, end + timing.take_back_after, seat)
        return end + timing.gap
    if isinstance(action, Pass):
        stage.cover_pad(seat, now)
        return now + timing.pad_cover + timing.gap
    if isinstance(action, Declare):
        pending = state.pending
        if pending is None or pending.player != seat or pending.rule != action.rule:
            raise ChoreographyError(f"{where}: a declaration nobody was offered is not staged (a pad cover "
                                    "would be a pass)")
        if timing.double_tap:
            return stage.tap_pad(seat, now) + timing.gap
        stage.cover_pad(seat, now)
        return now + timing.pad_cover + timing.gap
    if isinstance(action, (Discard, Give)):
        pending = state.pending
        if pending is None or pending.player != seat:
            raise ChoreographyError(f"{where}: a {type(action).__name__.lower()} nobody was asked for is not staged")
        spans, end = stage.lay_fan(["back"] * action.n, DISCARD, now, seat)
        # Counted, the cards leave the zone: the receiver takes a 9-pass, a 10-discard goes to the
        # dead cards. Face-down cards all look alike, so the next discard must find the zone empty.
        stage.take_away(spans, end + timing.discard_leaves_after, seat)
        return end + timing.gap
    raise ChoreographyError(f"{where}: {type(action).__name__} is not staged")


def _stage_aftermath(stage: Stage, events: list[dict], state, now: float, timing: Timing,
                     winner: int | None = None) -> float:
    """Point cards picked up, the pile swept (or, with motions, carried off by the trick's
    ``winner``) after a trick."""
    t = now - timing.gap
    moved = False
    for event in events:
        if event["event"] == "point_card":
            seat = state.players.index(event["player"])
            t = stage.move_point_card(event["card"], seat, t + timing.point_card_after)
            moved = True
    if timing.clear_tricks and any(e["event"] == "trick_end" for e in events):
        if stage.motions and winner is not None:
            t = stage.motions.carry_off(winner, t + timing.clear_after)
        else:
            t = stage.sweep(PILE, t + timing.clear_after)
        moved = True
    return t + timing.gap if moved else now


def _end_game(stage: Stage, now: float, timing: Timing) -> float:
    """The cards are gathered for the next deal."""
    t = now + 1.0
    for name, zone in stage.zones.items():
        if zone.kind in (PILE, DISCARD, POINTS):
            for i in stage.present(t, name):
                stage.remove(i, t)
    return t + 2.0
