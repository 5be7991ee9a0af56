"""`Referee`: from what the tracker sees (and keys pressed) to engine actions, and from the
engine's events to announcements.

* A play on the pile is made by the seat whose hand the camera saw lay it (the engine refuses a
  play out of turn), or, when the camera could not tell, by the player whose turn it is. A refused play is announced with
  its reason, the player is asked to take the cards back, and the tracker expects them to leave.
* A covered pad is a pass, except while the referee is asking that seat about an optional
  declaration (Eight Reset, Jack Bind, Uno: a cover within ``prompt_seconds`` declares it) or a
  9-pass (a cover gives the required number of cards). Cards laid in the discard zone answer a
  10-discard or a 9-pass with their number.
* At a table that declares by a double tap (`TrackerSettings.declare_gesture`), a cover is never
  a declaration and a double tap never a pass: it declares the offer pending for its seat, and
  with none (the referee missed the play that made one) it is said to have nothing to declare.
* A play read unsurely is committed and asked about; its player's pad cover says no: the play is
  taken as the camera's next reading of the same cards (asked about in turn when unsure), or,
  with none left, taken back and read again, the readings said no to ruled out.
* A surely read play the game refuses, which stands on the runner-up reading of the play it
  answers (an ace read where a jack was: the 6 laid on it is legal only after 11-back), takes
  that reading back up (a correction in the log) and asks its player, whose pad cover restores
  the first reading and the refusal.
* The pile cleared while the engine's trick goes on is announced as too early.
* Profit: a card arriving in a seat's point-card zone is checked against the engine's point
  cards after ``point_card_grace`` seconds (the card may be picked up before the pass that wins
  it is seen); a wrong card is announced.
* When a game ends and the match goes on, the next game is dealt at once (same counts).
"""

from __future__ import annotations

import collections
import logging
import math
from dataclasses import dataclass
from typing import Callable, Sequence

from referee.announce import Announcement, Announcer
from referee.engine import Card, Declare, Discard, Give, Pass, Phase, PlayCards, apply, parse_card, parse_cards
from referee.engine.cards import CardError
from referee.engine.texts import describe
from referee.gamelog import GameLogError
from referee.live.decoding import Decision, decide, held_prior, played_cards, reread_for_next, verdict
from referee.live.keeper import GameKeeper, Resumed
from referee.live.texts import live_text
from referee.tracking import (DeclarationSeen, DiscardSeen, Observation, PassSeen, PileCleared, PlaySeen,
                              PointCardsSeen, TableTracker, TakenBack)
from referee.vision.labels import Label, label_code, label_codes

log = logging.getLogger(__name__)

# Speech priorities: what must be heard first when the voice falls behind.
PRIORITY = {"illegal": 3, "game_end": 3, "finish": 2, "effect": 2, "point_card": 2, "trick_end": 1,
            "play": 1, "pass": 0}
REQUEST_PRIORITY = 3       # "take the cards back"
NOTICE_PRIORITY = 2        # prompts, early clear, wrong point card
SILENT_EVENTS = ("turn",)  # shown in the overlay, not spoken

DEFAULT_PROMPT_SECONDS = 5.0
# A play read less surely than this (`Decision.margin`: nats of mean log-probability between the
# reading and the next possible one, 8:1) is committed and asked about; its player covers
# their pad within DEFAULT_QUESTION_SECONDS to say no, and the cards are read again.
DEFAULT_ASK_MARGIN = math.log(8)
# When the camera's own likeliest reading was ruled out (a card played already, a likelier
# reading once the others are weighed), the classifier was confused by these cards: the
# reading left is trusted less, and asked about below about 10:1.
DEFAULT_OVERRULED_ASK_MARGIN = math.log(10)
DEFAULT_QUESTION_SECONDS = 4.0
HELD_PASS_SECONDS = 2.0
DEFAULT_POINT_CARD_GRACE = 2.0
RECENT_LINES = 6
# After a restart between two games, what the camera sees this long after its first frame is the
# last game's cards: long enough for the tracker to settle on them, short against a new game's
# first play (the players pick up their new hands first).
LEFTOVER_SECONDS = 1.5


@dataclass
class Prompt:
    """The referee is waiting for ``seat`` to answer an offer of the engine (its ``pending``)."""
    rule: str
    action: str               # "declare", "discard", "give" or "claim"
    seat: int
    limit: int
    mandatory: bool
    deadline: float | None    # optional offers: a pad cover after this is a pass again


@dataclass
class Question:
    """The referee read ``seat``'s play ``cards`` (action ``index`` of the game) unsurely and asked.
    A cover of that seat's pad before ``deadline`` says no; silence, or the game going on, yes."""
    seat: int
    cards: tuple[str, ...]
    game: int
    index: int
    deadline: float
    alternatives: tuple[tuple[str, ...], ...] = ()     # the next likeliest readings, for the overlay
    refused: bool = False    # the game refused the play as read: taking the cards back says yes
    # A play read again for the next play's sake: what a "no" applies from ``index`` on (the play
    # as first read, the passes after it, the next play, refused again)
    restore: tuple = ()
    # what the camera saw of the play: a "no" rules the reading out of it and takes the next
    seen: PlaySeen | None = None
    # the asked seat's pad answers something else now (its pass, a declaration): no is the n key
    by_key: bool = False


@dataclass(frozen=True)
class SaidNo:
    """``seat``'s play at action ``index`` of game ``game`` is none of ``readings`` (each play's
    cards in order): ruled out when its cards are read again."""
    game: int
    index: int
    seat: int
    readings: frozenset[tuple[Card, ...]]


@dataclass(frozen=True)
class Desync:
    """What the camera sees cannot be squared with the game: the referee commits no play until
    the table matches again (``expected`` on the pile, or the trick ends through the passes the
    referee missed) or a correction is made. Today's one cause: the pile cleared while its
    trick goes on."""
    expected: tuple[Card, ...]      # the cards the pile should show: the trick's top play


@dataclass(frozen=True)
class PointCardCheck:
    seat: int
    card: Label
    due: float


class Referee:
    def __init__(self, keeper: GameKeeper, tracker: TableTracker, announcer: Announcer, *, lang: str = "en",
                 prompt_seconds: float = DEFAULT_PROMPT_SECONDS,
                 point_card_grace: float = DEFAULT_POINT_CARD_GRACE,
                 ask_margin: float = DEFAULT_ASK_MARGIN, question_seconds: float = DEFAULT_QUESTION_SECONDS,
                 overruled_ask_margin: float = DEFAULT_OVERRULED_ASK_MARGIN) -> None:
        self.keeper = keeper
        self.tracker = tracker
        self.announcer = announcer
        self.lang = lang
        self.prompt_seconds = prompt_seconds
        self.point_card_grace = point_card_grace
        self.prompt: Prompt | None = None
        self.ask_margin = ask_margin
        self.overruled_ask_margin = max(ask_margin, overruled_ask_margin)
        self.question_seconds = question_seconds
        self.question: Question | None = None
        # A pass seen while the player offered a 10-discard (or a 9-pass) is still laying the
        # cards in the discard zone: it waits for them (seat, time seen), at most HELD_PASS_SECONDS.
        self._held_pass: tuple[int, float] | None = None
        # Called with each new question (a scoreboard page, a rehearsal's scripted table).
        self.on_question: Callable[[Question], None] | None = None
        self.recent: collections.deque[str] = collections.deque(maxlen=RECENT_LINES)   # for the overlay
        self.quit_requested = False
        self.t: float | None = None
        self.frame: int | None = None
        self._checks: list[PointCardCheck] = []
        self._previous_point_cards: dict[int, tuple[Card, ...]] = {}
        self._prompted = None                # the engine's offer the prompt was opened for
        self.typing: str | None = None       # card codes typed after "c", until Enter
        self.desync: Desync | None = None
        self._held_plays = 0                 # plays seen while out of step, not committed
        # the last play committed as read, unasked: (game, index, its decision), read again when
        # only another reading of it lets the next play stand
        self._last_read: tuple[int, int, Decision] | None = None
        self._said_no: SaidNo | None = None
        announcer.add_listener(self._log_announcement)

    # ---- starting ---------------------------------------------------------------------------------

    def begin(self, deal_events: Sequence[dict], *, t: float | None = None) -> None:
        """Announce a freshly dealt first game."""
        self.t = t
        self._after(list(deal_events))
        self._say(lambda lang: live_text("start", lang, player=self._to_move_name()), NOTICE_PRIORITY)

    def begin_resumed(self, resumed: Resumed) -> None:
        """Continue a game rebuilt from its log: the tracker learns what was already played."""
        self.t = resumed.point.last_t
        self.tracker.remember_played(parse_cards(resumed.trick_cards), parse_cards(resumed.earlier_cards),
                                     parse_cards(resumed.refused_cards))
        for seat, cards in resumed.point_cards.items():
            self.tracker.remember_point_cards(seat, parse_cards(cards))
        if self.keeper.state.phase is Phase.OVER and not self.keeper.match_over:
            self._next_game()        # the crash came between a game's end and the next deal
            self.tracker.leave_over_first_view(LEFTOVER_SECONDS)
        self._announce_recovered(resumed.missing_events)
        self._update_prompt()
        if not self.keeper.match_over:
            self._say(lambda lang: live_text("resumed", lang, player=self._to_move_name()), NOTICE_PRIORITY)

    # ---- input ------------------------------------------------------------------------------------

    def observe(self, observations: Sequence[Observation], t: float, frame: int | None = None) -> None:
        self.t, self.frame = t, frame
        for obs in observations:
            if self.keeper.match_over:
                return
            if isinstance(obs, PlaySeen):
                self._on_play(obs)
            elif isinstance(obs, PassSeen):
                self._on_pad(obs.seat)
            elif isinstance(obs, DeclarationSeen):
                self._on_double_tap(obs.seat)
            elif isinstance(obs, DiscardSeen):
                self._on_discard(len(obs.cards))
                self._release_held_pass()
            elif isinstance(obs, PileCleared):
                self._on_cleared()
            elif isinstance(obs, TakenBack):
                if self.question is not None and self.question.refused:
                    self.question = None     # the refused cards taken back: the reading stands
            elif isinstance(obs, PointCardsSeen):
                self._checks.extend(PointCardCheck(obs.seat, card, t + self.point_card_grace)
                                    for card in obs.added)

    def tick(self, t: float, frame: int | None = None) -> None:
        """Time passes: offers time out, point cards are checked."""
        self.t, self.frame = t, frame
        if self.prompt is not None and self.prompt.deadline is not None and t >= self.prompt.deadline:
            self.prompt = None
        if self.question is not None and t >= self.question.deadline:
            self.question = None             # silence: the reading stands
        if self._held_pass is not None and (not self.tracker.discard_arriving()
                                            or t - self._held_pass[1] >= HELD_PASS_SECONDS):
            self._release_held_pass()
        if self.desync is not None and set(self.desync.expected) <= self.tracker.pile_showing():
            self._resync()
        due = [c for c in self._checks if c.due <= t]
        if due:
            self._checks = [c for c in self._checks if c.due > t]
            for check in due:
                self._check_point_card(check)

    def key(self, key: str, t: float | None = None, frame: int | None = None) -> None:
        """Keyboard fallback: p pass (the player to move), d declare the offer, 0-9 the number of
        cards discarded or given, u undo the last action, c then card codes and Enter correct the
        last play's cards (Esc cancels), n no to the referee's question, m mute on/off, q or Esc
        quit."""
        if t is not None:
            self.t, self.frame = t, frame
        if self.typing is not None:
            self._type(key)
            return
        if key in ("q", "\x1b"):
            self.quit_requested = True
            return
        if key == "m":
            self.announcer.mute = not self.announcer.mute
            return
        if self.keeper.match_over or self.keeper.state.phase is not Phase.PLAY:
            return
        if key == "u":
            self.undo()
            return
        if key == "c":
            self.typing = ""
            return
        if key == "n":
            self.reject_question()
            return
        pending = self.keeper.state.pending
        if key == "p":
            seat = pending.player if pending is not None and pending.action == "claim" else self.keeper.state.turn
            self._act(Pass(self.keeper.player(seat)))
        elif key == "d" and pending is not None and pending.action == "declare":
            self._act(Declare(self.keeper.player(pending.player), pending.rule))
        elif key.isdigit() and pending is not None and pending.action in ("discard", "give"):
            if int(key) > 0:
                self._give_or_discard(pending.action, pending.player, int(key))

    # ---- corrections (keys here; the same calls serve any other front end) -----------------------

    def undo(self) -> bool:
        """Take back the last action of the game (a play, a pass, a declaration, a refused play).
        The cards of an undone play are to leave the pile. False when there is nothing to undo."""
        index = self.keeper.undoable()
        if index is None or self.keeper.match_over:
            self._say(lambda lang: live_text("nothing_to_undo", lang), NOTICE_PRIORITY)
            return False
        action = self.keeper.history[-1][1][index]
        self._undo_to(index)
        player = action.player
        if isinstance(action, PlayCards):
            cards = [c.code for c in action.cards]
            self.tracker.take_back_last_play()
            self._say(lambda lang: live_text("undone_play", lang, player=player, cards=cards), NOTICE_PRIORITY)
        else:
            self._say(lambda lang: live_text("undone", lang, player=player), NOTICE_PRIORITY)
        self._update_prompt()
        return True

    def _undo_to(self, index: int, why: str = "undo") -> None:
        """Keep the game's first ``index`` actions (a correction line saying ``why``); offers and
        questions lapse."""
        self.keeper.correct(why, index, t=self.t, frame=self.frame)
        self._last_read = None
        self.desync = None                   # the table has said what is right
        self.prompt = self._prompted = None
        self.question = None

    def correct_last_play(self, codes: Sequence[str]) -> bool:
        """The last play's cards were misread: replace them with ``codes`` and take the actions
        after it again. False (and said why) when the codes are not cards or there is no play."""
        try:
            cards = tuple(sorted(parse_cards(list(codes))))
        except CardError:
            self._say(lambda lang: live_text("not_cards", lang), NOTICE_PRIORITY)
            return False
        actions = self.keeper.actions
        index = next((i for i in range(len(actions) - 1, -1, -1) if isinstance(actions[i], PlayCards)), None)
        if index is None or not cards or self.keeper.match_over:
            self._say(lambda lang: live_text("nothing_to_correct", lang), NOTICE_PRIORITY)
            return False
        old = actions[index]
        again = [PlayCards(old.player, cards)] + list(actions[index + 1:])
        codes_now = [c.code for c in cards]
        player = old.player
        self._say(lambda lang: live_text("corrected", lang, player=player, cards=codes_now), NOTICE_PRIORITY)
        was_refused = self.tracker.last_play_refused()
        events = self.keeper.correct("cards", index, again, t=self.t, frame=self.frame)
        refused = any(e["event"] == "illegal" and e.get("action") == index for e in events)
        if was_refused and not refused:
            self.tracker.keep_last_play()        # the cards read right make a play: they stay
        self.tracker.relabel_last_play(cards)
        if refused and not was_refused:
            self.tracker.take_back_last_play()
            self._say(lambda lang: live_text("take_back", lang, player=player), REQUEST_PRIORITY)
        self.desync = None
        self.prompt = self._prompted = None
        self.question = None
        self._after([e for e in events if e["event"] != "play" or e.get("action") != index])
        return True

    def _type(self, key: str) -> None:
        if key in ("\r", "\n"):
            typed, self.typing = self.typing or "", None
            self.correct_last_play(typed.replace(",", " ").upper().split())
        elif key == "\x1b":
            self.typing = None
        elif key in ("\x08", "\x7f"):
            self.typing = (self.typing or "")[:-1]
        elif key.isprintable():
            self.typing = (self.typing or "") + key

    # ---- observations -------------------------------------------------------------------------------

    def _on_play(self, seen: PlaySeen) -> None:
        state = self.keeper.state
        if state.phase is not Phase.PLAY or state.turn < 0:
            return
        if self.desync is not None:
            if played_cards(seen.cards) == tuple(sorted(self.desync.expected)):
                self._resync()               # the trick's cards are back: not a new play
                return
            if not self._ends_the_trick(self.keeper.player(state.turn), seen.cards):
                self._held_plays += 1        # read again once the game is back in step
                return
            # the play the referee missed (an 8, a joker), laid again: it makes the clearing right
        said_no = self._said_no_here(self.keeper.game, self.keeper.game_actions)
        # cards read again after a no are the same player's, whoever is to move
        turn = said_no.seat if said_no is not None else state.turn
        seat = _laying_seat(seen, turn, len(state.players))
        player = self.keeper.player(seat)
        ruled_out = said_no.readings if said_no is not None and said_no.seat == seat else ()
        decision = decide(state, player, seen.cards, seen.candidates, ruled_out, self._hand_prior(state, seat))
        # a camera sees no order within a play: log it in the cards' own order, so the same play
        # reads the same whatever the order the cards settled in
        cards = played_cards(decision.cards)
        if cards is None:
            log.warning("not a card in %s", " ".join(label_codes(decision.cards)))
            return
        if decision.cards != tuple(seen.cards):
            self.tracker.relabel_last_play(decision.cards)
        game, index = self.keeper.game, self.keeper.game_actions   # before the play may end the game
        ask = self._unsure(decision)
        read = _read_entry(decision, ask, seen)
        if not ask and self._reread_before(player, cards, read):
            self._last_read = (game, index, decision)
            return
        events = self._act(PlayCards(player, cards), read=read)
        refused = any(e["event"] == "illegal" for e in events)
        self._last_read = None if refused or ask else (game, index, decision)
        if refused:
            self.tracker.take_back_last_play()
            self._say(lambda lang: live_text("take_back", lang, player=player), REQUEST_PRIORITY)
        # a refusal read unsure is asked about too: the cards may make a legal play read right
        if ask and self.t is not None:
            self._ask(seat, decision, game, index, refused, seen)

    def _reread_before(self, player: str, cards: tuple[Card, ...], read: dict) -> bool:
        """The play ``cards`` as read is refused, but stands when the play it answers (the trick's
        top, passes since) is read as its runner-up: that play is corrected to it and its player
        asked, then this play is committed. False (nothing done) otherwise."""
        last = self._last_read
        actions = self.keeper.actions
        if last is None or last[0] != self.keeper.game or last[1] >= len(actions):
            return False
        _, index, answered = last
        first, between = actions[index], tuple(actions[index + 1:])
        if (not isinstance(first, PlayCards) or first.cards != played_cards(answered.cards)
                or not all(isinstance(a, Pass) for a in between)
                or verdict(self.keeper.state, player, cards) is None):
            return False
        found = reread_for_next(self.keeper.state_at(index), answered, first.player, between, player, cards)
        again = played_cards(found[0]) if found is not None else None
        if found is None or again is None:
            return False
        behind = found[1]
        seat = self.keeper.players.index(first.player)
        was, now = [c.code for c in first.cards], [c.code for c in again]
        self.keeper.correct("reread", index, t=self.t, frame=self.frame)
        self.tracker.relabel_played(first.cards, again)
        reread = {"margin": round(-behind, 3), "seen": was, "overruled": "next-play", "asked": True}
        events = self.keeper.act(PlayCards(first.player, again), t=self.t, frame=self.frame, read=reread)
        for action in between:
            events += self.keeper.act(action, t=self.t, frame=self.frame)
        self._after([e for e in events if e["event"] != "pass"])
        game = self.keeper.game
        self._act(PlayCards(player, cards), read=read)
        # its player may be the one to move now: a cover of their pad is then their pass
        by_key = self.keeper.state.to_move == seat or (self.prompt is not None and self.prompt.seat == seat)
        text = "reread_key" if by_key else "reread"
        self._pose(Question(seat, tuple(now), game, index, self.t + self.question_seconds
                            if self.t is not None else math.inf, (tuple(was),),
                            restore=(first, *between, PlayCards(player, cards)), by_key=by_key),
                   lambda lang: live_text(text, lang, player=first.player, cards=now, seen=was))
        return True

    def _ends_the_trick(self, player: str, labels: Sequence[Label]) -> bool:
        """Whether the game would take this play and end the trick with it (asked of the pure
        engine, nothing committed)."""
        cards = played_cards(labels)
        if not cards:
            return False
        state, events = apply(self.keeper.state, PlayCards(player, cards))
        kinds = {e.EVENT for e in events}
        return "illegal" not in kinds and (state.trick.top is None or "trick_end" in kinds)

    def _ask(self, seat: int, decision, game: int, index: int, refused: bool = False,
             seen: PlaySeen | None = None) -> None:
        player = self.keeper.player(seat)
        codes = list(label_codes(decision.cards))
        # the play offers its player a declaration, which a cover of their pad makes
        by_key = self.prompt is not None and self.prompt.seat == seat
        self._pose(Question(seat, tuple(codes), game, index, self.t + self.question_seconds,
                            tuple(label_codes(reading) for reading in decision.runners_up), refused, seen=seen,
                            by_key=by_key),
                   lambda lang: live_text("ask_key" if by_key else "ask", lang, player=player, cards=codes))

    def _pose(self, question: Question, text) -> None:
        """Ask ``question`` (said as ``text(lang)``): the asked seat's pad is watched afresh for
        its answer, and any other front end is told."""
        self.question = question
        self.tracker.reset_pads([question.seat])
        self._say(text, NOTICE_PRIORITY)
        if self.on_question is not None:
            self.on_question(question)

    def reject_question(self) -> bool:
        """The asked player says no (as a cover of their pad does); False when nothing is asked."""
        if self.question is None:
            return False
        self._reject()
        return True

    def _reject(self) -> None:
        """The asked player said no: the play is undone and its cards are read again, that
        reading ruled out (a play read again for the next play's sake: both are taken as first
        read)."""
        question, self.question = self.question, None
        if question.restore:
            self._restore(question)
            return
        if self.keeper.game != question.game or self.keeper.undoable() != question.index:
            return                           # the game went on meanwhile
        earlier = self._said_no_here(question.game, question.index)
        ruled_out = (earlier.readings if earlier is not None else frozenset()) | {
            tuple(sorted(parse_cards(list(question.cards))))}
        self._said_no = SaidNo(question.game, question.index, question.seat, ruled_out)
        if question.seen is not None and self._take_next_reading(question, ruled_out):
            return
        self._undo_to(question.index, "said-no")
        self.tracker.reread_last_play()
        player = self.keeper.player(question.seat)
        self._say(lambda lang: live_text("ask_rejected", lang, player=player), NOTICE_PRIORITY)
        self._update_prompt()

    def _unsure(self, decision: Decision) -> bool:
        """Whether to ask about a play so decided. A reading left once the player said no to the
        camera's first is the next best of the same evidence: asked about on the ordinary bar."""
        bar = self.ask_margin if decision.overruled in (None, "legal", "said-no") else self.overruled_ask_margin
        return decision.margin < bar

    def _hand_prior(self, state, seat: int, keep: int | None = None) -> dict:
        """What the cards ``seat`` showed and took back this game (in its first ``keep``
        actions, which made ``state``) say about its play."""
        return held_prior(state, seat, self.keeper.shown_and_held(seat, state, keep))

    def _said_no_here(self, game: int, index: int) -> "SaidNo | None":
        said_no = self._said_no
        return said_no if said_no is not None and (said_no.game, said_no.index) == (game, index) else None

    def _take_next_reading(self, question: Question, ruled_out: frozenset[tuple[Card, ...]]) -> bool:
        """After a no: the play as the camera's next reading of what it saw (asked about in turn
        when unsure). False (nothing done) when no other reading is left, or none the game takes."""
        seen = question.seen
        player = self.keeper.player(question.seat)
        before = self.keeper.state_at(question.index)
        decision = decide(before, player, seen.cards, seen.candidates, ruled_out,
                          self._hand_prior(before, question.seat, question.index))
        cards = played_cards(decision.cards)
        if decision.overruled != "said-no" or not cards:
            return False
        # a next reading the game refuses too is no better: the cards are read again; but a play
        # out of turn is refused whatever its cards, which are on their way back to the hand
        refusal = verdict(before, player, cards)
        if refusal not in (None, "out-of-turn"):
            return False
        ask = self._unsure(decision)
        read = _read_entry(decision, ask, seen)
        codes = [c.code for c in cards]
        if not ask:                          # else the question says it
            self._say(lambda lang: live_text("said_no_next", lang, player=player, cards=codes), NOTICE_PRIORITY)
        was_refused = self.tracker.last_play_refused()
        self.keeper.correct("said-no", question.index, t=self.t, frame=self.frame)
        events = self.keeper.act(PlayCards(player, cards), t=self.t, frame=self.frame, read=read)
        if was_refused and refusal is None:
            self.tracker.keep_last_play()        # read right, the cards make a play: they stay
        self.tracker.relabel_last_play(decision.cards)
        self._last_read = None
        self.prompt = self._prompted = None
        self._after([e for e in events if e["event"] not in ("play", "illegal")])   # a refusal was said
        if ask and self.t is not None:
            self._ask(question.seat, decision, question.game, question.index, seen=seen)
        return True

    def _restore(self, question: Question) -> None:
        actions = self.keeper.actions
        if self.keeper.game != question.game or len(actions) != question.index + len(question.restore):
            return                           # the game went on meanwhile
        first, last = question.restore[0], question.restore[-1]
        self.tracker.relabel_played(parse_cards(list(question.cards)), first.cards)
        self._last_read = None
        player, cards = first.player, [c.code for c in first.cards]
        self._say(lambda lang: live_text("reread_rejected", lang, player=player, cards=cards), NOTICE_PRIORITY)
        events = self.keeper.correct("said-no", question.index, question.restore, t=self.t, frame=self.frame)
        last_index = question.index + len(question.restore) - 1
        if any(e["event"] == "illegal" and e.get("action") == last_index for e in events):
            self.tracker.take_back_last_play()
            self._say(lambda lang: live_text("take_back", lang, player=last.player), REQUEST_PRIORITY)
        self._after([e for e in events if e.get("action") == last_index and e["event"] != "play"])

    def _on_pad(self, seat: int) -> None:
        state = self.keeper.state
        if state.phase is not Phase.PLAY or seat >= len(self.keeper.players):
            return
        if self.desync is not None and seat != state.to_move:
            return      # out of step, only the named player's pad speaks: the others act on the table's trick
        # a question whose player's pad means something else now (a play read again whose player
        # is to move: their pass; an offer to declare) is answered no by the n key, as they were told
        if self.question is not None and self.question.seat == seat and not (
                self.question.by_key or (self.question.restore and seat == state.to_move)):
            self._reject()
            return
        prompt = self.prompt
        if (prompt is not None and prompt.action in ("discard", "give") and prompt.seat != seat
                and self.tracker.discard_arriving() and self.t is not None):
            self._held_pass = (seat, self.t)     # the offer's cards first, then this pass
            return
        player = self.keeper.player(seat)
        if prompt is not None and prompt.seat == seat and not (prompt.action == "declare" and self._tapping()):
            if prompt.action == "declare":
                self._act(Declare(player, prompt.rule))
            elif prompt.action == "give":
                self._act(Give(player, count=prompt.limit))
            elif prompt.action == "discard":
                self.prompt = None           # "no discard"; the offer lapses with the next action
            else:
                self._act(Pass(player))      # a claim asked for (Dobon-gaeshi) declined
            return
        self._act(Pass(player))

    def _on_double_tap(self, seat: int) -> None:
        state = self.keeper.state
        if state.phase is not Phase.PLAY or seat >= len(self.keeper.players):
            return
        pending, player = state.pending, self.keeper.player(seat)
        if pending is not None and pending.action == "declare" and pending.player == seat:
            self._act(Declare(player, pending.rule))
        else:
            self._say(lambda lang: live_text("nothing_to_declare", lang, player=player), NOTICE_PRIORITY)

    def _tapping(self) -> bool:
        """Whether this table declares by a double tap (a cover is then never a declaration)."""
        return self.tracker.settings.declare_gesture == "double-tap"

    def _release_held_pass(self) -> None:
        held, self._held_pass = self._held_pass, None
        if held is not None and self.keeper.state.phase is Phase.PLAY:
            self._act(Pass(self.keeper.player(held[0])))

    def _on_discard(self, count: int) -> None:
        pending = self.keeper.state.pending
        if pending is not None and pending.action in ("discard", "give") and count > 0:
            self._give_or_discard(pending.action, pending.player, count)

    def _give_or_discard(self, action: str, seat: int, count: int) -> None:
        cls = Discard if action == "discard" else Give
        self._act(cls(self.keeper.player(seat), count=count))

    def _on_cleared(self) -> None:
        state = self.keeper.state
        if state.phase is not Phase.PLAY or state.trick.top is None:
            return                           # the trick has ended: clearing is right
        top = [c.code for c in state.trick.top.cards]
        player = self._to_move_name()
        if self.desync is not None:
            return                           # said once already
        self.desync = Desync(tuple(state.trick.top.cards))
        if state.pending is not None and state.pending.mandatory:
            self._say(lambda lang: live_text("early_clear_pending", lang), NOTICE_PRIORITY)
        else:
            self._say(lambda lang: live_text("early_clear", lang, player=player, cards=top), NOTICE_PRIORITY)

    def _resync(self) -> None:
        """Back in step: the cards laid meanwhile are read again and make a play once they lie
        still (they were seen as a play the game could not take)."""
        self.desync = None
        if self._held_plays:
            self._held_plays = 0
            self.tracker.reread_last_play()
        self._say(lambda lang: live_text("resynced", lang, player=self._to_move_name()), NOTICE_PRIORITY)

    def _check_point_card(self, check: PointCardCheck) -> None:
        expected = self.keeper.point_cards(check.seat)
        if check.card in expected:
            return
        if self.keeper.state.seen == 0 and check.card in self._previous_point_cards.get(check.seat, ()):
            return      # the last game's card, picked up before the new game's first play
        showing = self.tracker.showing(check.seat)
        if check.card not in showing and any(card in showing for card in expected):
            return      # a misreading that settled: no card there reads 7D any more, the 7H taken does
        player, card = self.keeper.player(check.seat), label_code(check.card)
        owner = next((s for s in range(len(self.keeper.players)) if s != check.seat
                      and check.card in self.keeper.point_cards(s)), None)
        if owner is not None:
            owner_name = self.keeper.player(owner)
            self._say(lambda lang: live_text("point_card_of_other", lang, player=player, card=card,
                                             owner=owner_name), NOTICE_PRIORITY)
            return
        seen = self.tracker.points[check.seat].cards if check.seat in self.tracker.points else []
        missing = [c for c in expected if c not in seen]
        if missing:
            expected_code = missing[0].code
            self._say(lambda lang: live_text("point_card_expected", lang, player=player, card=card,
                                             expected=expected_code), NOTICE_PRIORITY)
        else:
            self._say(lambda lang: live_text("not_a_point_card", lang, player=player, card=card),
                      NOTICE_PRIORITY)

    # ---- the engine ---------------------------------------------------------------------------------

    def _act(self, action, read: dict | None = None) -> list[dict]:
        self.question = None                 # the game goes on: an open question is answered yes
        events = self.keeper.act(action, t=self.t, frame=self.frame, read=read)
        self._after(events)
        return events

    def _after(self, events: list[dict]) -> None:
        """Announce the events, deal the next game when one ended, follow the engine's offers."""
        for event in events:
            self._announce_event(event)
        taken = [parse_card(e["card"]) for e in events if e["event"] == "point_card"]
        if taken:
            self.tracker.taken_from_pile(taken)
        if self.desync is not None and (self.keeper.state.trick.top is None
                                        or self.keeper.state.phase is not Phase.PLAY):
            self._resync()                   # the passes it missed: the clearing was right after all
        ended = next((e for e in events if e["event"] == "game_end"), None)
        if ended is not None and not ended.get("match_over"):
            self._next_game()
        self._update_prompt()

    def _next_game(self) -> None:
        # A finisher often picks up the last point card after the game has ended
        self._previous_point_cards = {s: self.keeper.point_cards(s) for s in range(len(self.keeper.players))}
        events = self.keeper.next_game(t=self.t, frame=self.frame)
        self.tracker.new_game()
        for event in events:
            self._announce_event(event)
        number = self.keeper.game + 1
        self._say(lambda lang: live_text("next_game", lang, number=number, player=self._to_move_name()),
                  NOTICE_PRIORITY)

    def _update_prompt(self) -> None:
        pending = self.keeper.state.pending
        if pending is None or self.keeper.state.phase is not Phase.PLAY:
            self.prompt = self._prompted = None
            return
        if pending is self._prompted:
            return                           # asked already (and perhaps timed out): not again
        self._prompted = pending
        deadline = None if pending.mandatory or self.t is None else self.t + self.prompt_seconds
        self.prompt = Prompt(pending.rule, pending.action, pending.player, pending.limit, pending.mandatory, deadline)
        self.tracker.reset_pads([pending.player])
        declare_hint = "declare_hint_tap" if self._tapping() else "declare_hint"
        hint = {"declare": declare_hint, "discard": "discard_hint", "give": "give_hint"}.get(pending.action)
        if hint is not None:
            count = pending.limit
            self._say(lambda lang: live_text(hint, lang, count=count), NOTICE_PRIORITY)

    # ---- speaking -----------------------------------------------------------------------------------

    def _announce_recovered(self, events: Sequence[dict]) -> None:
        """The events the crash kept out of the log (their action was written), said in one line."""
        spoken = [e for e in events if e["event"] not in SILENT_EVENTS]
        if spoken:
            self._say(lambda lang: live_text("while_away", lang, events=" ".join(describe(e, lang) for e in spoken)),
                      NOTICE_PRIORITY)

    def _announce_event(self, event: dict) -> None:
        kind = event["event"]
        if kind in SILENT_EVENTS:
            return
        self._say(lambda lang: describe(event, lang), PRIORITY.get(kind, 1))

    def notice(self, key: str) -> None:
        """Tell the table one of the live texts (referee.live.texts) that no game event brings:
        what the camera found out about the table (a dark-faced deck)."""
        self._say(lambda lang: live_text(key, lang), NOTICE_PRIORITY)

    def _say(self, text: Callable[[str], str], priority: int) -> None:
        said = text(self.lang)
        self.recent.append(said)
        self.announcer.say(said, self.lang, priority)

    def _log_announcement(self, item: Announcement) -> None:
        if self.keeper.log is not None:
            try:
                self.keeper.log.announcement(item.text, item.lang, item.priority, t=self.t)
            except GameLogError:
                # The writer keeps the failure: the next action's line raises it, and `watch`
                # reports it when the recording ends first. Raised here, the announcer would
                # print it as a listener's traceback and carry on.
                pass

    def _to_move_name(self) -> str:
        state = self.keeper.state
        seat = state.to_move if state.phase is Phase.PLAY else -1
        return self.keeper.player(seat) if seat >= 0 else ""


def _read_entry(decision: Decision, asked: bool, seen: PlaySeen) -> dict:
    """The log's ``read`` of a play: how surely it was read, whether it was asked about, and
    the seat seen laying it (how the player was known)."""
    return (decision.to_log() | ({"asked": True} if asked else {})
            | ({"seen_seat": seen.seat} if seen.seat is not None else {}))


def _laying_seat(seen: PlaySeen, turn: int, seats: int) -> int:
    """The seat a play is given to: the one seen laying it, else the player to move."""
    return seen.seat if seen.seat is not None and 0 <= seen.seat < seats else turn
