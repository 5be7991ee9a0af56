"""The engine: ``apply(state, action) -> (new_state, events)``. Pure: no I/O, clock or randomness.

An illegal action returns the *same* state and one ``illegal`` event naming the broken rule
(then the ``turn`` event). A legal play goes through these steps (see ``effects`` for the
numbered effect order):

  a. gate: a game is running, no mandatory declaration is pending, it is the player's turn;
  b. the cards: no card named twice or already seen or revealed (``duplicate-card``), in the
     hand (``not-in-hand``; with hidden hands: not more cards than the player holds);
  c. reading and legality (``judge``): every reading of the cards (rules' ``interpret`` first,
     then group/stairs) is tried; a reading is legal if a rule claims it as a special beat, or
     if it passes the basic check and no rule restricts it;
  d. an optional pending declaration of anybody lapses (not taken): its rule's ``lapse`` hook
     may call a violation (a missed Uno call), which under Chombo ends the game here;
  e. the cards leave the hand and become the top of the trick (and the play Dobon may target);
  f. the rules' effects apply in step order 0..9; step 7 is finishing; step 10 the turn.

Only the rules whose ``fires_on`` accepts the play's shape are asked about it (``special``,
``effects``). The commonest actions take a shortcut to the same result: a pass (without a pending
declaration, permanent pass or a rule's ``on_trick_end``) and a play that fires no rule,
empties no hand and follows no pending declaration build the next state directly
(``GameState.after_turn``) instead of through a working copy.

A *claim* (Tenho, Shinako-no-koshi, Dobon, Dobon-gaeshi) may come from any player while a game
is being played: the revealed cards pass step b, the rule's ``claim`` hook judges them and
returns its effects (applied like a play's, without a turn step). Under Chombo (Shinafugo) an
illegal action of a player still in is their chombo: the ``illegal`` event, then the game ends
with them last (see ``rules.chombo`` for the exceptions).

Bad input that is not a game violation (unknown player, impossible deal) raises ``EngineError``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from referee.engine.actions import (Action, CardsOrCount, Claim, Deal, Declare, Discard, Exchange,
                                    Give, Pass, PlayCards)
from referee.engine.cards import (JOKER, JOKER_SHIFT, PINNED_BASE, REAL_MASK, Card, add_jokers,
                                  codes, joker_count, mask_of, remove_jokers)
from referee.engine.effects import Announce, Effect
from referee.engine.events import (PASS_EVENTS, PLAY_EVENTS, RULE_IDS, TRICK_END_EVENTS,
                                   TURN_EVENTS, Event, IllegalEvent)
from referee.engine.plays import Play, interpretations
from referee.engine.rules.basic import basic_check
from referee.engine.ruleset import Rules
from referee.engine.state import (EMPTY_TRICK, EXCHANGE, OVER, PLAY, GameState, MatchInfo, Transfer,
                                  make_trick)
from referee.engine.working import Result, Working, apply_effects, with_item
from referee.errors import UserError


class EngineError(UserError):
    """An action the engine cannot even judge (unknown player, impossible deal)."""


def new_match(rules: Rules, players: list[str] | tuple[str, ...]) -> GameState:
    """A table with no game dealt yet; the first action is a ``Deal``."""
    players = tuple(str(p) for p in players)
    if len(players) < 2 or len(set(players)) != len(players):
        raise EngineError(f"need two or more distinct player names, got {list(players)}")
    return GameState(rules=rules, players=players,
                     match=MatchInfo(totals=rules.scoring.start_totals(len(players))))


def apply(state: GameState, action: Action) -> Result:
    """Apply one action; see the module docstring."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise EngineError(f"not an action: {action!r}")
    return handler(state, action)


# ---- judging plays ------------------------------------------------------------------------

def judge(s: GameState, seat: int, tokens: tuple[Card, ...]) -> tuple[Play | None,
                                                                       tuple[str, str] | None]:
    """The legal reading of ``tokens`` played by ``seat`` now, or the first violation."""
    rules = s.rules
    trick = s.trick
    top = trick.top
    if top is None:  # a lead: only the rules that act on leads interpret or restrict it
        interpret_rules, restrict_rules = rules.lead_interpret_rules, rules.lead_rules
    else:
        interpret_rules, restrict_rules = rules.interpret_rules, rules.restrict_rules
    extra: list[Play] = []
    for r in interpret_rules:
        more = r.interpret(s, seat, tokens)
        if more:  # (most readings are plain)
            extra.extend(more)
    plain = interpretations(tokens, rules.stairs_min, s.revolution is not trick.flipped)
    if top is not None and len(plain) > 1:
        plain = tuple(sorted(plain, key=lambda p: p.kind is not top.kind))
    readings = extra + list(plain) if extra else plain
    if not readings:
        for r in rules.explain_rules:
            msg = r.explain(s, seat, tokens)
            if msg:
                return None, (r.ID, msg)
        if 2 <= len(tokens) < rules.stairs_min and _stairs_like(tokens):
            return None, ("stairs", f"stairs need {rules.stairs_min} or more cards")
        return None, ("wrong-shape",
                      f"{' '.join(codes(tokens))} is neither one rank nor stairs of one suit")
    first_err = None
    for play in readings:
        if top is not None:
            for r in rules.shape_rules[play.shape_key].special:
                if r.special(s, seat, play):
                    return play, None
        if play.catapult:
            continue
        err = basic_check(s, seat, play) if top is not None else None  # (a lead: nothing to beat)
        if err is None:
            for r in restrict_rules:
                refusal = r.restrict(s, seat, play)
                if refusal:
                    err = refusal if isinstance(refusal, tuple) else (r.ID, refusal)
                    break
        if err is None:
            return play, None
        if first_err is None:
            first_err = err
    if first_err is None:  # only catapult readings, none claimed
        first_err = ("wrong-count", f"{len(top.cards) if top else 0} card(s) must be played")
    return None, first_err


def _stairs_like(tokens: Sequence[int]) -> bool:
    """Cards of one suit and distinct ranks (stairs, were there enough of them)."""
    det = [t if t < JOKER else t - PINNED_BASE for t in tokens if t < JOKER or t >= PINNED_BASE]
    return (len({c & 3 for c in det}) <= 1 and len({c >> 2 for c in det}) == len(det))


def possession(s: GameState, seat: int, tokens: Sequence[int], *,
               allow_pins: bool = True) -> tuple[str, str] | None:
    """Cards named twice, already seen on the table, or not held (known hands) / more than the
    player holds (hidden hands)."""
    real = 0
    jk = 0
    for t in tokens:
        if t >= JOKER:
            if t >= PINNED_BASE and not allow_pins:
                return "wrong-shape", "only a joker put on the table may stand for a card"
            jk += 1
        else:
            b = 1 << t
            if real & b:
                return "duplicate-card", f"{Card(t).code} is named twice"
            real |= b
    seen_twice = real & (s.seen | s.revealed)
    if seen_twice:
        c = Card((seen_twice & -seen_twice).bit_length() - 1)
        done = "played" if s.seen >> c & 1 else "shown in a claim"
        return "duplicate-card", f"{c.code} was already {done}"
    if jk and joker_count(s.seen) + jk > s.rules.jokers:
        return "duplicate-card", f"the deck has only {s.rules.jokers} joker(s)"
    if s.known:
        hand = s.hands[seat]
        missing = real & ~hand
        if missing:
            c = Card((missing & -missing).bit_length() - 1)
            return "not-in-hand", f"{s.players[seat]} does not hold {c.code}"
        if jk and jk > joker_count(hand):
            return "not-in-hand", f"{s.players[seat]} does not hold {jk} joker(s)"
    elif len(tokens) > s.counts[seat]:
        return "not-in-hand", f"{s.players[seat]} holds only {s.counts[seat]} card(s)"
    return None


def _seat(s: GameState, name: str) -> int:
    try:
        return s.players.index(name)
    except ValueError:
        raise EngineError(f"unknown player {name!r} (players: {', '.join(s.players)})") from None


def _illegal(s: GameState, seat: int | None, rule: str, message: str,
             chombo: bool = True) -> Result:
    """The action is refused: one ``illegal`` event, the state unchanged — unless Chombo is in
    force (and ``chombo``): then the player's chombo ends the game."""
    ev: list[Event] = [IllegalEvent(s.players[seat] if seat is not None else None, rule, message)]
    ch = s.rules.chombo
    if (ch is not None and chombo and seat is not None and s.phase is PLAY
            and s.active >> seat & 1 and ch.calls(rule)):
        w = Working(s)
        w.events = ev
        w.chombo(seat, rule)
        return w.result()
    if s.phase is PLAY or s.phase is EXCHANGE:
        mv = s.to_move
        ev.append(TURN_EVENTS[s.players[mv] if mv >= 0 else None])
    return s, tuple(ev)


def _gate(s: GameState, seat: int) -> tuple[str, str, bool] | None:
    """Why ``seat`` may not play or pass now: (rule, message, is it a chombo), or None."""
    if s.phase is not PLAY:
        if s.phase is EXCHANGE:
            return "exchange", "the card exchange comes first", True
        return "out-of-turn", "no game is being played", False
    p = s.pending
    if p is not None and p.mandatory:
        if p.action == "claim":
            return p.rule, f"{s.players[p.player]} must first claim {p.rule} or pass", False
        return p.rule, f"{s.players[p.player]} must first {p.action} {p.limit} card(s)", True
    if seat != s.turn:
        return "out-of-turn", f"it is {s.players[s.turn]}'s turn", True
    return None


# ---- handlers ---------------------------------------------------------------------------------

_CARD_TYPE = frozenset({Card})
"""Tokens whose types all lie in this set are ``Card`` values already (a test run in C)."""


def _play(s: GameState, a: PlayCards) -> Result:
    seat = _seat(s, a.player)
    if s.phase is not PLAY or s.pending is not None or seat != s.turn:  # else nothing gates
        gate = _gate(s, seat)
        if gate is not None:
            return _illegal(s, seat, gate[0], gate[1], gate[2])
    tokens = a.cards
    if type(tokens) is not tuple or not _CARD_TYPE.issuperset(map(type, tokens)):
        tokens = tuple(Card(c) for c in tokens)
    err = None
    if not tokens:
        err = ("wrong-shape", "no cards played")
    if err is None:
        err = possession(s, seat, tokens)
    play = None
    if err is None:
        play, err = judge(s, seat, tokens)
    if err is not None:
        return _illegal(s, seat, *err)
    assert play is not None  # judge finds a play whenever it finds no violation
    return push(s, seat, tokens, play)


def push(s: GameState, seat: int, tokens: tuple[Card, ...], play: Play) -> Result:
    """``apply(s, PlayCards(s.players[seat], tokens))`` for a play the engine's own move
    generation made (``referee.engine.simulate.random_move``): ``seat`` is the player to move,
    ``tokens`` came from their hand (``legal.leads``, ``legal.candidates``) and ``judge(s, seat,
    tokens)`` read them as the legal ``play``. Nothing is checked again, as python-chess's
    ``Board.push`` trusts its move (steps d-f of the module docstring; ``apply`` ends here
    once it has checked a play): a play from anywhere else goes through
    ``apply``, which checks the turn and the cards and judges them.

    >>> from referee.engine import load_preset
    >>> from referee.engine.cards import parse_cards
    >>> deal = Deal(hands=(parse_cards("3C 4D"), parse_cards("5H 6S")), first="A")
    >>> s, _ = apply(new_match(load_preset("highschool"), ["A", "B"]), deal)
    >>> play, err = judge(s, 0, parse_cards("3C"))
    >>> push(s, 0, parse_cards("3C"), play) == apply(s, PlayCards("A", parse_cards("3C")))
    True
    """
    rules = s.rules
    effects: list[Effect] = []
    shape_rules = rules.shape_rules[play.shape_key]
    for r in shape_rules.effects if s.trick.top is not None else shape_rules.lead_effects:
        fx = r.effects(s, seat, play)
        if fx:  # most rules change nothing for most plays
            effects.extend(fx)
    if (not effects and s.pending is None and s.counts[seat] > len(tokens)
            and not rules.permanent_pass):
        return _plain_play(s, seat, tokens, play)
    w = Working(s)
    if w.pending is not None:  # an optional declaration nobody made is gone
        v = w.lapse()
        if v is not None:
            w.chombo(*v)
            return w.result()
    w.recent = play
    w.recent_seat = seat
    w.take(seat, tokens, True)
    w.events.append(PLAY_EVENTS[s.players[seat], tokens])
    w.top = play
    w.last = seat
    w.plays += 1
    if not rules.permanent_pass:
        w.passed = 0
    apply_effects(w, seat, effects, play)
    return w.result()


def _plain_play(s: GameState, seat: int, tokens: tuple[Card, ...], play: Play) -> Result:
    """A play that fires no rule, leaves cards in the hand and follows no pending declaration,
    without permanent pass (the commonest play): the cards go from the hand to the table (as
    ``Working.take``), the play tops the trick, the next player still in moves (step 10 with
    nobody passed yet). Built directly, not through a working copy."""
    t = s.trick
    m = mask_of(tokens)
    real = m & REAL_MASK
    jk = (m >> JOKER_SHIFT).bit_count()  # joker_count, inline (the commonest play)
    hands = s.hands
    if s.known:
        hand = hands[seat] & ~real
        hands = with_item(hands, seat, remove_jokers(hand, jk) if jk else hand)
    counts = with_item(s.counts, seat, s.counts[seat] - len(tokens))
    seen = add_jokers(s.seen | real, jk) if jk else s.seen | real
    turn = s.next_active(seat)
    trick = make_trick(play, seat, 0, t.flipped, t.bind, t.strict, t.plays + 1, t.slots)
    return (s.after_turn(turn, trick, play, seat, hands, counts, seen),
            (PLAY_EVENTS[s.players[seat], tokens], TURN_EVENTS[s.players[turn]]))


def _pass(s: GameState, a: Pass) -> Result:
    return apply_pass(s, _seat(s, a.player))


def apply_pass(s: GameState, seat: int) -> Result:
    """``apply(s, Pass(s.players[seat]))``, checked as fully, for a caller that knows the seat
    (the random players: about every other move is a pass)."""
    p = s.pending
    if (p is not None and p.action == "claim" and p.player == seat
            and s.phase is PLAY):  # a pending claim declined
        w = Working(s)
        w.pending = None
        effects = [e for r in s.rules.lapse_rules if r.ID == p.rule for e in r.lapse(s, p)]
        apply_effects(w, seat, effects, None, turn=False)
        return w.result()
    if s.phase is not PLAY or p is not None or seat != s.turn:  # else nothing gates
        gate = _gate(s, seat)
        if gate is not None:
            return _illegal(s, seat, gate[0], gate[1], gate[2])
    t = s.trick
    if t.top is None:
        return _illegal(s, seat, "must-lead", f"{s.players[seat]} leads and must play")
    if p is None and not s.rules.permanent_pass:
        passed = t.passed | 1 << seat
        if s.active & ~(1 << t.last) & ~passed:  # somebody may still answer: the trick goes on
            turn = s.next_active(seat)  # (Working.advance, with no skips and no permanent pass)
            trick = make_trick(t.top, t.last, passed, t.flipped, t.bind, t.strict, t.plays, t.slots)
            return (s.after_turn(turn, trick, None, -1, s.hands, s.counts, s.seen),
                    (PASS_EVENTS[s.players[seat]], TURN_EVENTS[s.players[turn]]))
        if not s.rules.on_trick_end_rules:  # passed out: the last player, or the next still
            # in, leads a new trick (Working.end_trick with no on_trick_end hooks)
            leader = t.last if s.active >> t.last & 1 else s.next_active(t.last)
            name = s.players[leader]
            return (s.after_turn(leader, EMPTY_TRICK, None, -1, s.hands, s.counts, s.seen),
                    (PASS_EVENTS[s.players[seat]], TRICK_END_EVENTS[name], TURN_EVENTS[name]))
    w = Working(s)
    if w.pending is not None:
        v = w.lapse()
        if v is not None:
            w.chombo(*v)
            return w.result()
    w.recent = None
    w.recent_seat = -1
    w.passed |= 1 << seat
    w.events.append(PASS_EVENTS[s.players[seat]])
    w.advance(seat)
    return w.result()


def _cards_move_check(s: GameState, seat: int, a: CardsOrCount, rule: str, n_expected: str,
                      ok_count: Callable[[int], bool]) -> tuple[str, str] | None:
    n = a.n
    if not ok_count(n):
        return rule, n_expected
    if s.known:
        if a.cards is None:
            return rule, "hands are known: name the cards"
        return possession(s, seat, a.cards, allow_pins=False)
    if n > s.counts[seat]:
        return "not-in-hand", f"{s.players[seat]} holds only {s.counts[seat]} card(s)"
    if a.cards:
        return possession(s, seat, a.cards, allow_pins=False)
    return None


def _discard(s: GameState, a: Discard) -> Result:
    seat = _seat(s, a.player)
    p = s.pending
    if s.phase is not PLAY or p is None or p.action != "discard" or p.player != seat:
        return _illegal(s, seat, "ten-discard", f"no 10-discard is open for {a.player}")
    err = _cards_move_check(s, seat, a, p.rule, f"discard 1 to {p.limit} card(s)",
                            lambda n: 1 <= n <= p.limit)
    if err is not None:
        return _illegal(s, seat, *err)
    w = Working(s)
    w.pending = None
    n = a.n
    if a.cards is not None:
        m = w.take(seat, a.cards, False)
        w.discarded |= m & REAL_MASK
        if joker_count(m):
            w.discarded = add_jokers(w.discarded, joker_count(m))
        w.effect(p.rule, seat, count=n, cards=tuple(codes(a.cards)))
    else:
        w.add_count(seat, -n)
        w.effect(p.rule, seat, count=n)
    w.discarded_count += n
    _finish_if_empty(w, seat)
    return w.result()


def _finish_if_empty(w: Working, seat: int) -> None:
    """Cards that left the hand outside a play (10-discard, 9-pass) can empty it: the player is out."""
    if w.counts[seat] == 0:
        w.finish(seat, None)
        if w.phase is PLAY and w.passed_out():
            w.end_trick(w.last)


def _give(s: GameState, a: Give) -> Result:
    seat = _seat(s, a.player)
    p = s.pending
    if s.phase is not PLAY or p is None or p.action != "give" or p.player != seat:
        return _illegal(s, seat, "nine-pass", f"no 9-pass is due from {a.player}")
    err = _cards_move_check(s, seat, a, p.rule, f"give exactly {p.limit} card(s)",
                            lambda n: n == p.limit)
    if err is not None:
        return _illegal(s, seat, *err)
    w = Working(s)
    w.pending = None
    to = w.next_active(seat)
    n = a.n
    if a.cards is not None and s.known:
        m = w.take(seat, a.cards, False)
        w.put(to, m, n)
        w.effect(p.rule, seat, to=w.name(to), count=n, cards=tuple(codes(a.cards)))
    else:
        w.add_count(seat, -n)
        w.add_count(to, n)
        w.effect(p.rule, seat, to=w.name(to), count=n)
    _finish_if_empty(w, seat)
    return w.result()


def _exchange(s: GameState, a: Exchange) -> Result:
    seat = _seat(s, a.player)
    if s.phase is not EXCHANGE:
        return _illegal(s, seat, "exchange", "no card exchange now")
    tr = next((t for t in s.transfers if t.giver == seat), None)
    if tr is None:
        return _illegal(s, seat, "exchange", f"{a.player} has no cards to give")
    err = _cards_move_check(s, seat, a, "exchange", f"give exactly {tr.count} card(s)",
                            lambda n: n == tr.count)
    if err is None and s.known and tr.strongest:
        exchange = s.rules.exchange
        # an exchange phase has its rule; known hands name their cards (checked above)
        assert exchange is not None and a.cards is not None
        if not exchange.strongest_ok(s.hands[seat], mask_of(a.cards)):
            err = ("exchange", f"{a.player} must give their {tr.count} strongest card(s)")
    if err is not None:
        return _illegal(s, seat, *err)
    w = Working(s)
    if a.cards is not None and s.known:
        m = w.take(seat, a.cards, False)
        w.put(tr.receiver, m, tr.count)
        w.effect("exchange", seat, to=w.name(tr.receiver), count=tr.count,
                 cards=tuple(codes(a.cards)))
    else:
        w.add_count(seat, -tr.count)
        w.add_count(tr.receiver, tr.count)
        w.effect("exchange", seat, to=w.name(tr.receiver), count=tr.count)
    w.transfers = tuple(t for t in s.transfers if t is not tr)
    if not w.transfers:
        w.phase = PLAY
        if w.turn < 0:  # led by a card's holder: the holder after the exchange
            w.turn = (w.leader if w.leader >= 0 else s.rules.first_player.first_seat(
                w.match.ranking, w.hands if w.known else None))
            w.leader = -1
    return w.result()


def _declare(s: GameState, a: Declare) -> Result:
    """Take the optional effect offered to the player by the play just made."""
    seat = _seat(s, a.player)
    if a.rule not in RULE_IDS:
        raise EngineError(f"unknown rule {a.rule!r} to declare")
    p = s.pending
    if (s.phase is PLAY and p is not None and p.action == "declare" and p.rule == a.rule
            and p.player == seat):
        for r in s.rules.declare_rules:
            if r.ID == a.rule:
                w = Working(s)
                w.pending = None
                w.effect(a.rule, seat, declared=True)
                apply_effects(w, seat, list(r.declare(s, seat)), None, turn=False)
                return w.result()
    return _illegal(s, seat, a.rule, f"{a.player} cannot declare {a.rule} now", chombo=False)


def _claim(s: GameState, a: Claim) -> Result:
    """A claim with revealed cards (any player, any time a game is being played)."""
    seat = _seat(s, a.player)
    if a.rule not in RULE_IDS:
        raise EngineError(f"unknown rule {a.rule!r} to claim")
    if s.phase is not PLAY:
        return _illegal(s, seat, a.rule, "no game is being played", chombo=False)
    p = s.pending
    if p is not None and p.mandatory and not (p.rule == a.rule and p.player == seat):
        gate = _gate(s, seat)
        assert gate is not None  # somebody else's mandatory pending gates the others
        return _illegal(s, seat, gate[0], gate[1], gate[2])
    rule = next((r for r in s.rules.claim_rules if r.ID == a.rule), None)
    if rule is None:
        return _illegal(s, seat, a.rule, f"{a.rule} is not a claim of these rules")
    err = possession(s, seat, a.reveal, allow_pins=False)
    if err is not None:
        return _illegal(s, seat, *err)
    res = rule.claim(s, seat, a.reveal)
    if isinstance(res, str):  # a wrong claim: a violation (a dobon-gaeshi may still be declined)
        return _illegal(s, seat, a.rule, res, chombo=p is None or p.action != "claim")
    w = Working(s)
    w.revealed = s.revealed | (mask_of(a.reveal) & REAL_MASK)
    if p is not None and p.mandatory:
        w.pending = None
    elif p is not None:
        v = w.lapse()
        if v is not None:
            if getattr(rule, "ACCUSES", False) and v[0] == s.recent_seat:
                # chombo transfer: a dobon on a chombo play blames the caller
                for e in res:
                    if type(e) is Announce:
                        w.effect(e.rule, seat, **dict(e.details))
                w.chombo(seat, a.rule, frm=v[0])
            else:
                w.chombo(*v)
            return w.result()
    apply_effects(w, seat, list(res), None, turn=False)
    return w.result()


_BITS = [1 << c for c in range(JOKER)] + [0]  # a card's bit; none for a joker (counted apart)
_CARD_TYPES = frozenset({Card, int})


def _plain_hand_mask(cards: Sequence[int]) -> int | None:
    """The mask of a dealt hand of real cards, each named once, and unpinned jokers; None for
    anything else (a card named twice, a pinned joker or not a card: ``_dealt_hand_mask`` says
    what is wrong). A sum of distinct bits has one bit per card; a card named twice carries."""
    if not cards:
        return 0
    if not _CARD_TYPES.issuperset(map(type, cards)) or min(cards) < 0 or max(cards) > JOKER:
        return None
    m: int = sum(map(_BITS.__getitem__, cards))
    jk = cards.count(JOKER)
    if m.bit_count() + jk != len(cards):
        return None
    return add_jokers(m, jk) if jk else m


def _dealt_hand_mask(cards: Sequence[int], others: int) -> int:
    """The mask of a dealt hand, card by card (``others``: the cards dealt to other hands)."""
    m = 0
    for c in cards:
        if type(c) is not Card:  # (a record's deal may name cards by their ids)
            c = Card(c)
        if c >= PINNED_BASE:
            raise EngineError(f"a dealt joker cannot be pinned ({c.code})")
        if c >= JOKER:
            m = add_jokers(m, 1)
            continue
        if (m | others) >> c & 1:
            raise EngineError(f"{c.code} is dealt twice")
        m |= 1 << c
    return m


def _deal(s: GameState, a: Deal) -> Result:
    if s.phase is PLAY or s.phase is EXCHANGE:
        return _illegal(s, None, "out-of-turn", "a game is being played")
    rules = s.rules
    n = s.n
    if (a.hands is None) == (a.counts is None):
        raise EngineError("a deal gives either every hand or every hand's card count")
    if a.hands is not None:
        if len(a.hands) != n:
            raise EngineError(f"{len(a.hands)} hands dealt to {n} players")
        hands = []
        allm = 0
        jokers = 0
        for h in a.hands:
            m = _plain_hand_mask(h)
            if m is None or m & allm:  # jokers, or something wrong: card by card
                m = _dealt_hand_mask(h, allm)
            jokers += joker_count(m)
            allm |= m & REAL_MASK
            hands.append(m)
        if jokers > rules.jokers:
            raise EngineError(f"{jokers} jokers dealt, the rules have {rules.jokers}")
        counts = [h.bit_count() for h in hands]
        known = True
        dealt = add_jokers(allm, jokers)
    else:
        assert a.counts is not None  # exactly one of hands and counts (checked above)
        if len(a.counts) != n or any(not isinstance(c, int) or c < 0 for c in a.counts):
            raise EngineError(f"bad card counts {list(a.counts)} for {n} players")
        hands = [0] * n
        counts = list(a.counts)
        known = False
        dealt = 0
        if sum(counts) > 52 + rules.jokers:
            raise EngineError(f"{sum(counts)} cards dealt, the deck has {52 + rules.jokers}")
    current = s.match
    if s.phase is OVER and not current.over:   # the next game of the match
        match = MatchInfo(current.game + 1, current.ranking, current.totals, False)
    else:                                      # a new match
        match = MatchInfo(0, None, rules.scoring.start_totals(n), False)
    if a.first is not None:
        first = _seat(s, a.first)
    else:
        first = rules.first_player.first_seat(match.ranking, tuple(hands) if known else None)
    transfers: tuple[Transfer, ...] = ()
    if rules.exchange is not None and match.ranking:
        # nobody gives more cards than they hold (an uneven deal may leave a player short)
        have = list(counts)
        capped = []
        for t in rules.exchange.transfers(match.ranking):
            k = min(t.count, have[t.giver])
            if k > 0:
                capped.append(t if k == t.count else Transfer(t.giver, t.receiver, k, t.strongest))
                have[t.giver] -= k
                have[t.receiver] += k
        transfers = tuple(capped)
    leader = -1
    if transfers and rules.first_player.by_card(match.ranking):
        # the card's holder after the exchange leads (``_exchange`` decides; a record's
        # ``first`` is kept until then)
        leader = first if a.first is not None else -1
        first = -1
    # a new game: every other field (the trick, the rules' slots, ...) starts at its default
    ns = GameState(rules=rules, players=s.players,
                   phase=EXCHANGE if transfers else PLAY, known=known,
                   hands=tuple(hands), counts=tuple(counts), dealt=dealt, dealt_count=sum(counts),
                   turn=first, active=(1 << n) - 1, transfers=transfers, match=match,
                   point_cards=(0,) * n, leader=leader)
    w = Working(ns)
    for seat in range(n):  # a player dealt no cards is out at once
        if counts[seat] == 0 and w.active >> seat & 1 and w.phase is not OVER:
            w.finish(seat, None)
    return w.result()


# Each handler takes the action type it is registered under.
_HANDLERS: dict[type, Callable[[GameState, Any], Result]] = {PlayCards: _play, Pass: _pass, Discard: _discard, Give: _give, Exchange: _exchange,
             Declare: _declare, Claim: _claim, Deal: _deal}

__all__ = ["apply", "apply_pass", "push", "new_match", "judge", "possession", "EngineError"]
