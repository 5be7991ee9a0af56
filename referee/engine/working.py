"""The working copy: a mutable copy of a ``GameState`` for the duration of one action.

The engine's handlers (``referee.engine.engine``) and the effects (``referee.engine.effects``:
each effect applies itself to this copy) change it; ``result`` freezes it into the next state
and the action's events. Its per-seat values and seat lists stay the state's tuples; the few an
action changes are replaced (``with_item``), not copied to lists and back on every action.
"""

from __future__ import annotations

from typing import Any, Sequence

from referee.engine.cards import REAL_MASK, Card, add_jokers, joker_count, mask_of, remove_jokers
from referee.engine.effects import STEP_FINISH, EndGame, Effect, Violation
from referee.engine.events import (TRICK_END_EVENTS, TURN_EVENTS, EffectEvent, Event,
                                   FinishEvent, GameEndEvent, PointCardEvent)
from referee.engine.plays import Play
from referee.engine.state import (EMPTY_TRICK, EXCHANGE, OVER, PLAY, GameState, MatchInfo, Slot, T,
                                  Trick)

Result = tuple[GameState, tuple[Event, ...]]


class Working:
    """A mutable copy of a state for the duration of one action."""

    __slots__ = ("s", "rules", "players", "phase", "known", "hands", "counts", "dealt",
                 "dealt_count", "seen", "discarded", "discarded_count", "turn", "direction",
                 "revolution", "top", "last", "passed", "flipped", "bind", "strict", "plays",
                 "trick_slots", "active", "finished", "disqualified", "fallen", "pending",
                 "transfers", "ranking", "scores", "match", "point_cards", "revealed",
                 "recent", "recent_seat", "leader", "slots", "events", "skips", "skip_rule", "ended")

    def __init__(self, s: GameState) -> None:
        self.s = s
        self.rules = s.rules
        self.players = s.players
        self.phase = s.phase
        self.known = s.known
        self.hands = s.hands
        self.counts = s.counts
        self.dealt = s.dealt
        self.dealt_count = s.dealt_count
        self.seen = s.seen
        self.discarded = s.discarded
        self.discarded_count = s.discarded_count
        self.turn = s.turn
        self.direction = s.direction
        self.revolution = s.revolution
        t = s.trick
        self.top = t.top
        self.last = t.last
        self.passed = t.passed
        self.flipped = t.flipped
        self.bind = t.bind
        self.strict = t.strict
        self.plays = t.plays
        self.trick_slots = t.slots
        self.active = s.active
        self.finished = s.finished
        self.disqualified = s.disqualified
        self.fallen = s.fallen
        self.pending = s.pending
        self.transfers = s.transfers
        self.ranking = s.ranking
        self.scores = s.scores
        self.match = s.match
        self.point_cards = s.point_cards
        self.revealed = s.revealed
        self.recent = s.recent
        self.recent_seat = s.recent_seat
        self.leader = s.leader
        self.slots = s.slots
        self.events: list[Event] = []
        # while effects apply (``apply_effects``): skips asked for (step 9), the trick ended (8)
        self.skips = 0
        self.skip_rule = ""
        self.ended = False

    def freeze(self) -> GameState:
        if self.top is None and not self.passed and self.strict < 0 and not self.bind \
                and not self.flipped and not self.trick_slots:
            trick = EMPTY_TRICK
        else:
            trick = Trick(self.top, self.last, self.passed, self.flipped, self.bind, self.strict,
                          self.plays, self.trick_slots)
        return GameState(self.rules, self.players, self.phase, self.known, self.hands,
                         self.counts, self.dealt, self.dealt_count, self.seen,
                         self.discarded, self.discarded_count, self.turn, self.direction,
                         self.revolution, trick, self.active, self.finished,
                         self.disqualified, self.fallen, self.pending,
                         self.transfers, self.ranking, self.scores, self.match,
                         self.point_cards, self.revealed, self.recent,
                         self.recent_seat, self.leader, self.slots)

    def result(self) -> Result:
        s = self.freeze()
        if s.phase is PLAY or s.phase is EXCHANGE:
            mv = s.to_move
            self.events.append(TURN_EVENTS[s.players[mv] if mv >= 0 else None])
        return s, tuple(self.events)

    @property
    def reversed(self) -> bool:
        return self.revolution is not self.flipped

    def set_slot(self, slot: Slot[T], value: T) -> None:
        """Set a rule's own state (see ``referee.engine.state.Slot``)."""
        if slot.trick:
            self.trick_slots = slot.put(self.trick_slots, value)
        else:
            self.slots = slot.put(self.slots, value)

    def order_name(self) -> str:
        """The order in force, as the ``order`` detail of an effect event."""
        return "reversed" if self.reversed else "normal"

    def name(self, seat: int) -> str | None:
        return self.players[seat] if seat >= 0 else None

    def effect(self, rule: str, seat: int | None, **details: Any) -> None:
        self.events.append(EffectEvent(rule, self.name(seat) if seat is not None else None,
                                       tuple(details.items())))

    def next_active(self, seat: int) -> int:
        n = len(self.players)
        step = self.direction
        cur = seat
        for _ in range(n):
            cur = (cur + step) % n
            if self.active >> cur & 1:
                return cur
        return -1

    def passed_out(self) -> bool:
        if self.top is None:
            return False
        others = self.active & ~(1 << self.last)
        return others & ~self.passed == 0

    def end_trick(self, leader: int, cause: str = "passed") -> None:
        """The trick ends (``cause``: ``passed`` when passed out, else the rule that ended it);
        the rules' ``on_trick_end`` hooks run first (point cards)."""
        top = self.top
        if top is not None and self.rules.on_trick_end_rules:
            for r in self.rules.on_trick_end_rules:
                for e in r.on_trick_end(self.s, top, self.last, cause, self.active):
                    e.apply(self, self.last)
        if leader < 0 or not self.active >> leader & 1:
            leader = self.next_active(leader if leader >= 0 else self.turn)
        self.top = None
        self.last = -1
        self.passed = 0
        self.flipped = False
        self.bind = 0
        self.strict = -1
        self.plays = 0
        self.trick_slots = ()
        self.turn = leader
        self.events.append(TRICK_END_EVENTS[self.name(leader)])

    def take_point(self, seat: int, card: int) -> None:
        """``seat`` takes ``card`` (on the table) as a point card."""
        pc = self.point_cards or (0,) * len(self.players)
        self.point_cards = with_item(pc, seat, pc[seat] | 1 << card)
        self.events.append(PointCardEvent(self.players[seat], Card(card).code))

    def advance(self, frm: int, skips: int = 0, skip_rule: str = "") -> None:
        """Step 10: the next player to move (or the passed-out trick ends)."""
        permanent = self.rules.permanent_pass
        skipped = []
        cur = frm
        for _ in range(4 * len(self.players) + 4):
            if self.passed_out():
                break
            cur = self.next_active(cur)
            if cur < 0:
                break
            if cur != self.last:
                if permanent and self.passed >> cur & 1:
                    continue
                if skips:
                    skips -= 1
                    self.passed |= 1 << cur
                    skipped.append(cur)
                    continue
            self.turn = cur
            break
        if skipped:
            self.effect(skip_rule, frm, skipped=tuple(self.players[x] for x in skipped))
        if self.passed_out():
            self.end_trick(self.last)

    # ---- cards moving ----------------------------------------------------------------------
    def take(self, seat: int, tokens: Sequence[int], to_table: bool) -> int:
        m = mask_of(tokens)
        real = m & REAL_MASK
        jk = joker_count(m)
        if self.known:
            hand = self.hands[seat] & ~real
            self.hands = with_item(self.hands, seat, remove_jokers(hand, jk) if jk else hand)
        self.add_count(seat, -len(tokens))
        if to_table:
            self.seen = add_jokers(self.seen | real, jk) if jk else self.seen | real
        return m

    def put(self, seat: int, m: int, n: int) -> None:
        if self.known:
            h = self.hands[seat] | (m & REAL_MASK)
            jk = joker_count(m)
            self.hands = with_item(self.hands, seat, add_jokers(h, jk) if jk else h)
        self.add_count(seat, n)

    def add_count(self, seat: int, n: int) -> None:
        """``seat`` holds ``n`` more cards (fewer when negative)."""
        self.counts = with_item(self.counts, seat, self.counts[seat] + n)

    # ---- finishing (step 7) and the game end ------------------------------------------------
    def finish(self, seat: int, play: Play | None, fix_turn: bool = True) -> None:
        """Step 7. ``fix_turn``: move the turn on if its holder is now out (not needed while a
        play is applied: its step 10 does that)."""
        s = self.s
        rules = self.rules
        dq = None
        for r in rules.finish_check_rules:
            dq = r.finish_check(s, seat, play)
            if dq is not None:
                break
        self.active &= ~(1 << seat)
        if type(dq) is EndGame:  # a forced forbidden finish under Chombo
            self.effect(dq.rule, seat, chombo=True)
            self.chombo(seat, dq.rule)
            return
        if dq is not None:
            self.disqualified += (seat,)
            self.effect(dq.rule, seat)
        else:
            before = len(self.finished)
            self.finished += (seat,)
            self.events.append(FinishEvent(self.players[seat], len(self.finished)))
            for r in rules.on_finish_rules:
                for e in r.on_finish(s, seat, before, play):
                    e.apply(self, seat)
        if self.active.bit_count() <= 1 or (rules.finishers
                                            and len(self.finished) >= rules.finishers):
            self.end_game()
        elif fix_turn and self.turn >= 0 and not self.active >> self.turn & 1:
            if self.top is None:
                self.turn = self.next_active(self.turn)
            else:
                self.advance(self.turn)

    def end_game(self, last: int = -1) -> None:
        """The game ends. ``last`` >= 0: that player is last (Chombo, Dobon), whatever they did.

        Ranking: the finished players in order; the players still in (the last one left
        finishes next; when the game ends early — ``finishers`` reached, Chombo, Dobon — they
        rank in seat order, unfinished, with no ``finish`` event); the fallen; the disqualified
        (the later one higher); ``last``."""
        rules = self.rules
        n = len(self.players)
        if last >= 0:
            self.finished = tuple(x for x in self.finished if x != last)
            self.fallen = tuple(x for x in self.fallen if x != last)
            self.disqualified = tuple(x for x in self.disqualified if x != last)
        rest = [x for x in range(n) if self.active >> x & 1 and x != last]
        if (len(rest) == 1 and last < 0
                and not (rules.finishers and len(self.finished) >= rules.finishers)):
            self.finished += (rest[0],)
            self.events.append(FinishEvent(self.players[rest[0]], len(self.finished)))
            rest = []
        self.active = 0
        finished = self.finished
        ranking = (finished + tuple(rest) + self.fallen + tuple(reversed(self.disqualified))
                   + ((last,) if last >= 0 else ()))
        for place, seat in enumerate(ranking[len(finished) + len(rest):],
                                     start=len(finished) + len(rest) + 1):
            self.events.append(FinishEvent(self.players[seat], place))
        scores = rules.scoring.game_scores(ranking, finished, self.point_cards, self.slots)
        m = self.match
        base = m.totals or rules.scoring.start_totals(n)
        totals = tuple(a + b for a, b in zip(base, scores))
        over = rules.scoring.match_over(totals, m.game + 1)
        self.phase = OVER
        self.turn = -1
        self.pending = None
        self.ranking = ranking
        self.scores = scores
        self.match = MatchInfo(m.game, ranking, totals, over)
        names = self.players
        winners = (tuple(names[x] for x in rules.scoring.winners(totals)) if over else ())
        self.events.append(GameEndEvent(tuple(names[x] for x in ranking),
                                        tuple((names[i], scores[i]) for i in range(n)),
                                        tuple((names[i], totals[i]) for i in range(n)), over,
                                        winners))

    def chombo(self, seat: int, violation: str, frm: int = -1) -> None:
        """Chombo: ``seat`` is last and the game ends (``frm``: a transfer from that player)."""
        if frm >= 0:
            self.effect("chombo", seat, violation=violation, **{"from": self.players[frm]})
        else:
            self.effect("chombo", seat, violation=violation)
        self.end_game(last=seat)

    def lapse(self) -> tuple[int, str] | None:
        """An optional pending declaration is not made (somebody acted). Returns the
        (player, rule) of a violation that is a chombo under these rules, else None."""
        p = self.pending
        self.pending = None
        if p is None or p.mandatory:
            return None
        out = None
        for r in self.rules.lapse_rules:
            if r.ID != p.rule:
                continue
            for e in r.lapse(self.s, p):
                if type(e) is Violation:
                    self.effect(e.rule, e.player, missed=True)
                    ch = self.rules.chombo
                    if (out is None and ch is not None and ch.calls(e.rule)
                            and self.active >> e.player & 1):
                        out = (e.player, e.rule)
        return out


def with_item(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced by ``value``."""
    return values[:i] + (value,) + values[i + 1:]


def apply_effects(w: Working, seat: int, effects: Sequence[Effect], play: Play | None,
                  turn: bool = True) -> None:
    """Apply ``seat``'s effects in step order (see ``referee.engine.effects``), then step 10.

    Each effect applies itself (``Effect.apply``). Step 7 (finishing) runs between the effects
    of steps <= 6 and >= 8 when ``play`` emptied the hand. Trick-scoped effects are dropped when
    an effect ends the trick. ``turn`` false (a declaration after the turn moved on): step 10
    only ends a passed-out trick.
    """
    if len(effects) > 1:
        effects = sorted(effects, key=_step)
        if any(e.ENDS_TRICK for e in effects):
            effects = [e for e in effects if not e.TRICK_SCOPED]
    w.ended = False
    w.skips = 0
    w.skip_rule = ""
    finished = play is None
    for e in effects:
        if not finished and e.STEP > STEP_FINISH:
            finished = True
            if w.counts[seat] == 0:
                w.finish(seat, play, False)
            if w.phase is OVER:
                return
        e.apply(w, seat)
        if w.phase is not PLAY:
            return
    if not finished and w.counts[seat] == 0:
        w.finish(seat, play, False)
    if w.phase is PLAY and not w.ended:
        if turn:
            w.advance(seat, w.skips, w.skip_rule)
        elif w.passed_out():
            w.end_trick(w.last)


def _step(e: Effect) -> int:
    return e.STEP
