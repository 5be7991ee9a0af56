"""Random legal players and invariant checks (the engine's self-test at scale).

Randomness lives here, never in the engine: every function takes a seeded ``random.Random``.
A *round* is one complete game: one deal played until the ranking is decided. Games follow each
other as matches (ranks, exchange, scores and capital fall carry over); when a match ends the
next game starts a new match.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.engine.actions import Action, Declare, Deal, Discard, Exchange, Give, Pass, PlayCards
from referee.engine.cards import REAL_MASK, Card, cards_of, deck_mask, joker_count
from referee.engine.engine import apply, apply_pass, judge, new_match, push
from referee.engine.events import Event, IllegalEvent
from referee.engine.immutable import Memo
from referee.engine.plays import Play
from referee.engine.legal import (candidates, claim_options, exchange_options, leads,
                                  pending_options)
from referee.engine.rules.common import JOKER_DEAD, points_of
from referee.engine.rules.scoring import ScoringOption
from referee.engine.ruleset import Rules
from referee.engine.state import DEAL, EXCHANGE, OVER, PLAY, GameState


def deal_hands(rules: Rules, n: int, rng: random.Random,
               ranking: tuple[int, ...] | None = None) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the full deck and deal it out as the ``deal`` option says: the whole deck, extra
    cards to the poorest first (seed 004 "端数がある場合は、大貧民から優先に配ります"), in the
    first game to the first seats; a fixed hand size with the rest set aside (Profit); or
    uneven sizes (Shinafugo)."""
    deck = list(_deck(rules.jokers))
    shuffle(deck, rng)
    order = list(reversed(ranking)) if ranking else list(range(n))
    sizes = rules.deal.sizes(len(deck), n, rng)
    hands: list[tuple[Card, ...]] = [()] * n
    i = 0
    for k, seat in enumerate(order):
        hands[seat] = tuple(deck[i:i + sizes[k]])
        i += sizes[k]
    return tuple(hands)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws (Fisher-Yates from the
    end, each index drawn by ``getrandbits`` with rejection, as CPython's ``random`` does; a
    test checks it), with the draws inline: the random players shuffle on most moves."""
    getrandbits = rng.getrandbits
    for i, n, bits in _SHUFFLE_STEPS[len(items)]:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)`` (n > 0): the same number from the same draws (``getrandbits`` with
    rejection, as CPython's ``random`` draws it; a test checks it), one call instead of three."""
    bits = n.bit_length()
    i = rng.getrandbits(bits)
    while i >= n:
        i = rng.getrandbits(bits)
    return i


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates's steps for ``size`` items: (the index to fill, how many indices it draws
    from, the bits drawn for them), from the last index down."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_SHUFFLE_STEPS: Memo[int, tuple[tuple[int, int, int], ...]] = Memo(_shuffle_steps)
"""The steps by the number of items (worked out once: the bit lengths, a call each, were a
fifth of a shuffle)."""


@lru_cache(maxsize=None)
def _deck(jokers: int) -> tuple[Card, ...]:
    """The full deck's cards in id order (made once: every deal shuffles a copy)."""
    return cards_of(deck_mask(jokers))


DECLARE_P = {"uno": 0.95}
"""How often the random players take an optional declaration (default 0.5)."""
CLAIM_P = {"dobon": 0.7}
"""How often they make a claim they could make (default 1: Tenho and Shinako-no-koshi are
forced by seed 002)."""


PASSES: Memo[str, Pass] = Memo(Pass)
"""A pass by each player, made once (actions are immutable values: the random players pass
about every other move)."""


def _play_cards(key: tuple[str, tuple[Card, ...]]) -> PlayCards:
    return PlayCards(*key)


PLAYS: Memo[tuple[str, tuple[Card, ...]], PlayCards] = Memo(_play_cards, limit=100_000)
"""A play of a player's cards by (player, cards), made once: the random players make the same
few thousand plays again and again."""


def random_action(s: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action of a random player to move (known hands)."""
    return random_move(s, rng)[0]


def random_move(s: GameState, rng: random.Random) -> tuple[Action, Play | None]:
    """``random_action`` and, for a play of the player to move, the legal reading ``judge``
    gave it (for ``engine.push``; None for any other action, and for a play that a mandatory
    pending declaration makes illegal, left to ``apply`` to refuse)."""
    if s.phase is EXCHANGE:
        transfer = s.transfers[0]
        if transfer.strongest:
            return exchange_options(s, transfer)[0], None
        cards = cards_of(s.hands[transfer.giver])
        return Exchange(s.players[transfer.giver], tuple(rng.sample(cards, transfer.count))), None
    judged = True
    p = s.pending
    if p is not None:
        judged = not p.mandatory  # (only a seed's optional declaration lets a play through)
        cards = cards_of(s.hands[p.player])
        name = s.players[p.player]
        if p.action == "give":
            return Give(name, tuple(rng.sample(cards, p.limit))), None
        if p.action == "discard" and rng.random() < 0.5:
            return Discard(name, tuple(rng.sample(cards, rng.randint(1, p.limit)))), None
        if p.action == "declare" and rng.random() < DECLARE_P.get(p.rule, 0.5):
            return Declare(name, p.rule), None
        if p.action == "claim":  # the claim if the hand allows it, else decline (pass)
            return pending_options(s)[-1], None
    if s.rules.claim_rules:
        for c in claim_options(s):
            if rng.random() < CLAIM_P.get(c.rule, 1.0):
                return c, None
    seat = s.turn
    name = s.players[seat]
    top = s.trick.top
    if top is None:
        opts = leads(s, s.hands[seat])
        if not s.rules.lead_rules:  # every lead is legal: its reading is judge's first
            t = opts[below(len(opts), rng)]
            return PLAYS[name, t], judge(s, seat, t)[0] if judged else None
        shuffle(opts, rng)
        for t in opts:
            play, err = judge(s, seat, t)
            if err is None:
                return PLAYS[name, t], play if judged else None
        raise RuntimeError(f"no legal lead for {name}: {cards_of(s.hands[seat])}")
    found = candidates(s, seat)
    if not found:  # nothing to try: pass (shuffling the lone pass would draw no numbers)
        return PASSES[name], None
    # The first legal candidate of a random permutation is uniform over the legal ones.
    cands: list[tuple[Card, ...] | None] = [*found, None]
    shuffle(cands, rng)
    for cand in cands:
        if cand is None:
            return PASSES[name], None
        play, err = judge(s, seat, cand)
        if err is None:
            return PLAYS[name, cand], play if judged else None
    return PASSES[name], None  # pragma: no cover - None is always in cands


def check_invariants(s: GameState) -> list[str]:
    """Everything that must hold in every state; returns the violations found."""
    bad: list[str] = []
    n = s.n
    if len(s.counts) != n or len(s.hands) != n:
        return [f"{len(s.counts)} counts / {len(s.hands)} hands for {n} players"]
    if any(c < 0 for c in s.counts):
        bad.append(f"negative card count {s.counts}")
    if s.known:
        union = 0
        jokers = 0
        for seat, h in enumerate(s.hands):
            if h.bit_count() != s.counts[seat]:
                bad.append(f"seat {seat}: count {s.counts[seat]} but {h.bit_count()} cards")
            if union & h & REAL_MASK:
                bad.append(f"a card is in two hands: {cards_of(union & h & REAL_MASK)}")
            union |= h & REAL_MASK
            jokers += joker_count(h)
        for label, m in (("table", s.seen), ("discard", s.discarded)):
            if union & m & REAL_MASK:
                bad.append(f"a card is both in a hand and on the {label}")
            union |= m & REAL_MASK
            jokers += joker_count(m)
        if s.seen & s.discarded & REAL_MASK:
            bad.append("a card is both on the table and discarded")
        if union != s.dealt & REAL_MASK:
            bad.append(f"cards not conserved: missing {cards_of(s.dealt & REAL_MASK & ~union)}")
        if jokers != joker_count(s.dealt):
            bad.append(f"jokers not conserved: {jokers} of {joker_count(s.dealt)}")
    total = sum(s.counts) + s.seen.bit_count() + s.discarded_count
    if s.phase is not DEAL and total != s.dealt_count:
        bad.append(f"card count not conserved: {total} of {s.dealt_count}")
    seats = set(range(n))
    groups = [set(s.finished), set(s.disqualified), set(s.fallen),
              {x for x in range(n) if s.active >> x & 1}]
    if s.phase is OVER:  # a game ended early leaves players unfinished (ranked anyway)
        if sum(len(g) for g in groups) != len(set().union(*groups)) or s.active:
            bad.append(f"seats not disjoint at the game end: {groups}")
    elif sum(len(g) for g in groups) != n or set().union(*groups) != seats:
        bad.append(f"seats not partitioned: {groups}")
    if s.phase is PLAY:
        if not s.active >> s.turn & 1:
            bad.append(f"turn {s.turn} is not an active player")
        for x in range(n):
            if s.active >> x & 1 and s.counts[x] == 0:
                bad.append(f"active seat {x} has no cards")
        if (s.trick.top is None) != (s.trick.last < 0):
            bad.append("trick top and last player disagree")
        if (s.pending is not None and s.pending.action != "declare"
                and s.counts[s.pending.player] < 1):
            bad.append("pending declaration of a player with no cards")
    # point cards: cards from the table (never jokers), each taken once, by a seat still known
    taken = 0
    for seat, m in enumerate(s.point_cards):
        if m & ~REAL_MASK:
            bad.append(f"seat {seat} took a joker as a point card")
        if m & taken:
            bad.append(f"a point card taken twice: {cards_of(m & taken)}")
        taken |= m
    if taken & ~s.seen:
        bad.append(f"point cards never played: {cards_of(taken & ~s.seen)}")
    if s.point_cards and len(s.point_cards) != n:
        bad.append(f"{len(s.point_cards)} point-card piles for {n} players")
    if s.phase is not OVER and JOKER_DEAD.of(s) & ~sum(1 << x for x in s.finished):
        bad.append(f"joker-dead seats {JOKER_DEAD.of(s):b} did not finish")
    if s.revealed & s.seen:
        bad.append(f"revealed cards were played: {cards_of(s.revealed & s.seen)}")
    if s.known:
        held = 0
        for h in s.hands:
            held |= h
        if s.revealed & ~held & REAL_MASK:
            bad.append(f"revealed cards not held: {cards_of(s.revealed & ~held & REAL_MASK)}")
    if s.phase is OVER:
        if s.ranking is None or sorted(s.ranking) != list(range(n)):
            bad.append(f"ranking is not a permutation: {s.ranking}")
        assert s.scores is not None  # a game over has its scores
        mode = s.rules.typed_option(ScoringOption).mode
        if mode == "additive" and sum(s.scores) != n * (n - 1) // 2:
            bad.append(f"additive scores do not add up: {s.scores}")
        if mode == "points":
            bad.extend(points_violations(s))
    return bad


def points_violations(s: GameState) -> list[str]:
    """Profit scores: a Joker Dead seat scores 0; every other seat the numbers of its point
    cards, plus the bonus for the first finisher not Joker Dead."""
    bad = []
    assert s.scores is not None  # called on a game over
    rules = s.rules
    bonus = rules.typed_option(ScoringOption).bonus
    dead = JOKER_DEAD.of(s)
    holder = rules.scoring.bonus_holder(s.finished, dead)
    for x in range(s.n):
        want = 0 if dead >> x & 1 else points_of(s.point_cards[x]) if s.point_cards else 0
        if x == holder:
            want += bonus
        if s.scores[x] != want:
            bad.append(f"seat {x} scored {s.scores[x]}, its point cards make {want}")
        if dead >> x & 1 and s.scores[x] != 0:
            bad.append(f"joker-dead seat {x} scored {s.scores[x]}")
    return bad


@dataclass
class GameLog:
    """One simulated game: its deal and actions (enough to write a record)."""
    hands: tuple[tuple[Card, ...], ...]
    first: str | None
    actions: list[Action] = field(default_factory=list)
    events: list[tuple[Event, ...]] = field(default_factory=list)   # per action: tuple of events
    final: GameState | None = None
    steps: int = 0                                # actions applied after the deal


def play_game(s: GameState, rng: random.Random, check: bool = True, max_steps: int = 5000,
              violations: list[str] | None = None, keep: bool = False) -> tuple[GameState, GameLog]:
    """Deal (the next game of ``s``'s match, or a new match) and play it out randomly."""
    ranking = s.match.ranking if s.phase is OVER and not s.match.over else None
    hands = deal_hands(s.rules, s.n, rng, ranking)
    s, ev = apply(s, Deal(hands=hands))
    # the leader (None until a card exchange decides it: a card's holder after the exchange)
    log = GameLog(hands, s.players[s.turn] if s.turn >= 0 else None)
    if keep:
        log.events.append(ev)
    if violations is None:
        violations = []
    steps = 0
    while s.phase is not OVER:
        if steps == max_steps:
            violations.append(f"game did not end in {max_steps} steps")
            break
        a, play = random_move(s, rng)
        if play is not None:  # the player to move plays cards of their hand, judged legal
            s2, ev = push(s, s.turn, a.cards, play)  # type: ignore[union-attr,arg-type]  # PlayCards of Cards
        else:
            if type(a) is Pass and s.pending is None:  # (so the player to move passes)
                s2, ev = apply_pass(s, s.turn)
            else:
                s2, ev = apply(s, a)
            if ev and type(ev[0]) is IllegalEvent:  # (a pushed play is not judged again)
                violations.append(f"generated action rejected: {a} -> {ev[0].rule}: "
                                  f"{ev[0].message}")
                break
        if keep:
            log.actions.append(a)
            log.events.append(ev)
        if check:
            violations.extend(check_invariants(s2))
        if log.first is None and s2.turn >= 0:
            log.first = s2.players[s2.turn]
        s = s2
        steps += 1
    log.steps = steps
    log.final = s
    return s, log


def simulate(rules: Rules, players: int, games: int, seed: int = 0,
             check: bool = True) -> dict[str, Any]:
    """Play ``games`` random games; returns the summary (see the CLI's ``simulate``)."""
    rng = random.Random(seed)
    names = [chr(ord("A") + i) for i in range(players)]
    s = new_match(rules, names)
    violations: list[str] = []
    actions = 0
    matches = 1
    t0 = time.perf_counter()
    c0 = time.process_time()
    for _ in range(games):
        if s.phase is OVER and s.match.over:
            matches += 1
        s, log = play_game(s, rng, check=check, violations=violations, keep=False)
        actions += log.steps
        if s.phase is not OVER:  # stuck: start afresh
            s = new_match(rules, names)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {
        "rules": rules.name,
        "players": players,
        "games": games,
        "rounds": games,
        "round": "one complete game: a deal played out until every rank is decided",
        "matches": matches,
        "seed": seed,
        "invariant_checks": check,
        "invariant_violations": len(violations),
        "violations": violations[:10],
        "actions": actions,
        "seconds": round(dt, 3),
        "rounds_per_second": round(games / dt, 1) if dt > 0 else None,
        "cpu_seconds": round(cpu, 3),
        "rounds_per_cpu_second": round(games / cpu, 1) if cpu > 0 else None,
    }
