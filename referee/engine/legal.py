"""Legal actions for the player(s) to move, with known hands.

``legal_actions(state)`` lists actions that ``apply`` accepts. Plays that answer a top play are
checked with the engine's own ``judge``; leads only when a rule may refuse a lead
(``Rules.lead_rules``: Shinafugo's lone joker and forbidden finish, Profit's almighty jokers).
To keep the lists small it leaves out absurd variants: a joker is added to a group only together
with every real card of that rank the player holds, and a joker never replaces a card the player
holds in stairs. Pinned jokers appear only where they are needed (stairs, Catapult stairs, a
Shinafugo lone joker standing for the next card up). Claims (any player) are listed when the
rule's own ``claim`` check accepts them; a pending declaration or claim is offered to its player.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

from referee.engine.actions import Action, Claim, Declare, Discard, Exchange, Give, Pass, PlayCards
from referee.engine.cards import (CARDS, JOKER, JOKER_SHIFT, MAX_JOKERS, PINNED_BASE, REAL_MASK,
                                  Card, cards_of, joker_count, mask_of)
from referee.engine.engine import EngineError, judge, possession
from referee.engine.plays import GROUP, JOKER_RANK, Play, strength
from referee.engine.state import EXCHANGE, PLAY, GameState, Transfer

_JK = Card(JOKER)
_POP4 = [bin(i).count("1") for i in range(16)]


def legal_actions(s: GameState) -> list[Action]:
    """Every action (modulo the pruning above) that may be applied now."""
    if not s.known:
        raise EngineError("legal actions need known hands")
    if s.phase is EXCHANGE:
        exchanges: list[Action] = []
        for t in s.transfers:
            exchanges.extend(exchange_options(s, t))
        return exchanges
    if s.phase is not PLAY:
        return []
    p = s.pending
    out: list[Action] = []
    if p is not None:
        out.extend(pending_options(s))
        if p.mandatory:
            return out
    out.extend(claim_options(s))
    out.extend(play_actions(s, s.turn))
    return out


def claim_options(s: GameState) -> list[Claim]:
    """Every claim some player still in may make now (checked by the rules themselves)."""
    rules = s.rules
    if not rules.claim_rules or s.phase is not PLAY:
        return []
    out: list[Claim] = []
    for r in rules.claim_rules:
        for seat in range(s.n):
            if not s.active >> seat & 1:
                continue
            for reveal in r.reveals(s, seat, s.hands[seat]):
                if (possession(s, seat, reveal, allow_pins=False) is None
                        and type(r.claim(s, seat, reveal)) is not str):
                    out.append(Claim(s.players[seat], r.ID, reveal))
    return out


def play_actions(s: GameState, seat: int) -> list[PlayCards | Pass]:
    name = s.players[seat]
    out: list[PlayCards | Pass] = [PlayCards(name, t) for t in play_options(s, seat)]
    if s.trick.top is not None:
        out.append(Pass(name))
    return out


def pending_options(s: GameState) -> list[Action]:
    p = s.pending
    if p is None:
        return []
    name = s.players[p.player]
    cards = cards_of(s.hands[p.player])
    if p.action == "claim":  # claim it (if the hand allows) or pass (decline)
        claims: list[Action] = [Pass(name)]
        for r in s.rules.claim_rules:
            if r.ID == p.rule:
                for reveal in r.reveals(s, p.player, s.hands[p.player]):
                    if type(r.claim(s, p.player, reveal)) is not str:
                        claims.append(Claim(name, r.ID, reveal))
        return claims
    sizes: Iterable[int]
    make: type[Discard | Give]
    if p.action == "discard":
        sizes = range(1, p.limit + 1)
        make = Discard
    elif p.action == "give":
        sizes = (p.limit,)
        make = Give
    else:
        return [Declare(name, p.rule)]
    seen: set[tuple[Card, ...]] = set()
    out: list[Action] = []
    for k in sizes:
        for combo in combinations(cards, k):
            if combo not in seen:
                seen.add(combo)
                out.append(make(name, combo))
    return out


def exchange_options(s: GameState, t: Transfer) -> list[Exchange]:
    name = s.players[t.giver]
    hand = s.hands[t.giver]
    cards = cards_of(hand)
    if t.strongest:
        table = s.rules.order.normal
        ranked = sorted(cards, key=lambda c: (99 if c >= JOKER else table[c >> 2], c),
                        reverse=True)
        return [Exchange(name, tuple(ranked[:t.count]))]
    seen: set[tuple[Card, ...]] = set()
    out: list[Exchange] = []
    for combo in combinations(cards, t.count):
        if combo not in seen:
            seen.add(combo)
            out.append(Exchange(name, combo))
    return out


def play_options(s: GameState, seat: int) -> list[tuple[Card, ...]]:
    """Card tuples ``seat`` may play now."""
    hand = s.hands[seat]
    top = s.trick.top
    if top is None:
        opts = leads(s, hand)
        if s.rules.lead_rules:
            opts = [t for t in opts if judge(s, seat, t)[1] is None]
        return opts
    return [t for t in candidates(s, seat) if judge(s, seat, t)[1] is None]


def candidates(s: GameState, seat: int) -> list[tuple[Card, ...]]:
    """Distinct card tuples that might answer the top play (to be judged)."""
    hand = s.hands[seat]
    top = s.trick.top
    assert top is not None, "candidates answer a top play"
    cands = follows(s, hand, top)
    extra = False
    for r in s.rules.generators[top.shape_key]:
        more = r.generate(s, seat, hand)
        if more:
            cands.extend(more)
            extra = True
    if extra:
        cands = list(dict.fromkeys(cands))
    return cands


_EVERY4 = sum(1 << (4 * r) for r in range(13))
_SPREAD4 = {sum((b >> i & 1) << (4 * i) for i in range(4)): b for b in range(16)}


def suit_ranks(hand: int, suit: int) -> int:
    """The ranks (bit r) of the cards of ``suit`` in a hand mask."""
    x = (hand >> suit) & _EVERY4
    t = _SPREAD4
    return (t[x & 0xFFFF] | t[x >> 16 & 0xFFFF] << 4 | t[x >> 32 & 0xFFFF] << 8
            | t[x >> 48 & 0xFFFF] << 12)


_suit_runs = suit_ranks


# _GROUPS[r][nib][k]: the k-card subsets of the suits ``nib`` of rank r, as card tuples
_GROUPS = [[[list(combinations([CARDS[r * 4 + su] for su in range(4) if nib >> su & 1], k))
             for k in range(5)] for nib in range(16)] for r in range(13)]
# _LEADS[r][nib]: every non-empty subset of those cards
_LEADS = [[[c for k in range(1, 5) for c in _GROUPS[r][nib][k]] for nib in range(16)]
          for r in range(13)]
_ALL = [[tuple(CARDS[r * 4 + su] for su in range(4) if nib >> su & 1) for nib in range(16)]
        for r in range(13)]
# _LEADS_WITH[jokers][r][nib]: _LEADS[r][nib], then with wild jokers all those cards with one
# joker, two jokers, ...
_LEADS_WITH = [[[_LEADS[r][nib] + [_ALL[r][nib] + (_JK,) * j for j in range(1, jk + 1)]
                 for nib in range(16)] for r in range(13)] for jk in range(MAX_JOKERS + 1)]
# _PAIR_LEADS[jokers][p][byte]: _LEADS_WITH[jokers] of ranks 2p and 2p + 1 (of each rank held),
# the cards held of them being the bits of ``byte`` (a hand's bits 8p..8p + 7): a hand's leads
# are read a pair of ranks at a time, half the steps of a rank at a time
_PAIR_LEADS = [[[(by_rank[2 * p][byte & 0xF] if byte & 0xF else [])
                 + (by_rank[2 * p + 1][byte >> 4] if byte >> 4 else [])
                 for byte in range(256 if 2 * p < 12 else 16)] for p in range(7)]
               for by_rank in _LEADS_WITH]
# _SINGLE_BY_BIT[1 << card]: the card alone
_SINGLE_BY_BIT = {1 << c: (CARDS[c],) for c in range(52)}


def leads(s: GameState, hand: int) -> list[tuple[Card, ...]]:
    out: list[tuple[Card, ...]] = []
    jk = joker_count(hand)
    pairs = _PAIR_LEADS[jk if s.rules.jokers_wild else 0]
    cards = hand & REAL_MASK
    while cards:  # each pair of ranks held, weakest first
        p = ((cards & -cards).bit_length() - 1) >> 3
        byte = cards >> 8 * p & 0xFF
        cards ^= byte << 8 * p
        out.extend(pairs[p][byte])
    for j in range(1, jk + 1):
        out.append((_JK,) * j)
    smin = s.rules.stairs_min
    if smin:
        if jk:
            suits = REAL_MASK
        else:  # without jokers only a suit holding ``smin`` ranks in a row has stairs (few do)
            suits = hand
            for _ in range(smin - 1):
                suits &= suits >> 4  # bit c: the card c and the next ones up of its suit held
            if not suits:
                return out
        for su in range(4):
            held = hand & _EVERY4 << su  # the suit's cards (their bits also say the suit)
            if held and suits >> su & _EVERY4:
                key = held | jk << JOKER_SHIFT | smin << _SMIN_SHIFT
                runs = _SUIT_STAIRS.get(key)
                if runs is None:
                    runs = _SUIT_STAIRS[key] = _suit_stairs(suit_ranks(hand, su), su, jk, smin)
                out.extend(runs)
    return out


# the cards held of a suit | jokers << JOKER_SHIFT | shortest stairs << _SMIN_SHIFT (one int:
# a tuple key cost more than the lookup) -> the stairs leads of that suit
_SUIT_STAIRS: dict[int, tuple[tuple[Card, ...], ...]] = {}
_SMIN_SHIFT = JOKER_SHIFT + 8


def _suit_stairs(m: int, su: int, jk: int, smin: int) -> tuple[tuple[Card, ...], ...]:
    """Every stairs of ``smin`` or more cards of suit ``su`` from the ranks ``m`` (bit r) and
    ``jk`` jokers, each joker pinned where a rank is missing. Which ranks each spans depends
    on the ranks alone (``_stairs_spans``, shared by the four suits)."""
    key = m | jk << 13 | smin << 16
    spans = _STAIRS_SPANS.get(key)
    if spans is None:
        spans = _STAIRS_SPANS[key] = _stairs_spans(m, jk, smin)
    if not spans:
        return ()
    tokens = _suit_tokens(m, su)
    return tuple([tuple(tokens[lo:hi]) for lo, hi in spans])


# ranks held | jokers << 13 | shortest stairs << 16 -> _stairs_spans
_STAIRS_SPANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _stairs_spans(m: int, jk: int, smin: int) -> tuple[tuple[int, int], ...]:
    """The rank slices [lo, hi) of every stairs of ``smin`` or more from the ranks ``m`` and
    ``jk`` jokers (not all jokers), lowest first, then shortest."""
    out = []
    for lo in range(13):
        if not jk and not m >> lo & 1:
            continue
        missing = 0
        for hi in range(lo, 13):
            if not m >> hi & 1:
                missing += 1
                if missing > jk:
                    break
            length = hi - lo + 1
            if length >= smin and missing < length:
                out.append((lo, hi + 1))
    return tuple(out)


def _suit_tokens(m: int, su: int) -> list[Card]:
    """Each rank's token in suit ``su``: the card where its rank is in ``m``, else a joker
    pinned to it (stairs are slices of this list)."""
    return [CARDS[r * 4 + su] if m >> r & 1 else CARDS[PINNED_BASE + r * 4 + su]
            for r in range(13)]


def _stairs_tokens(m: int, lo: int, hi: int, su: int) -> tuple[Card, ...]:
    return tuple(CARDS[r * 4 + su] if m >> r & 1 else CARDS[PINNED_BASE + r * 4 + su]
                 for r in range(lo, hi + 1))


def follows(s: GameState, hand: int, top: Play) -> list[tuple[Card, ...]]:
    rules = s.rules
    trick = s.trick
    rev = s.revolution is not trick.flipped  # s.reversed (this runs for every answer)
    c = len(top.cards)
    jk = (hand >> JOKER_SHIFT).bit_count()
    bind = trick.bind
    out: list[tuple[Card, ...]]
    if top.kind is GROUP:
        # the cards that may answer, by their rank (and the strict bind's rank, the bound suits)
        cards = hand & rules.beaters[rev][top.low]
        strict = trick.strict
        if strict >= 0:
            cards &= 0xF << 4 * strict
        if bind:
            cards &= bind * _EVERY4
        out = []
        if c == 1:  # a single (the commonest top): each card alone, weakest id first
            while cards:
                low = cards & -cards
                out.append(_SINGLE_BY_BIT[low])
                cards ^= low
        else:
            wild = rules.jokers_wild
            while cards:  # each rank held, weakest id first
                r = ((cards & -cards).bit_length() - 1) >> 2
                nib = cards >> 4 * r & 0xF
                cards ^= nib << 4 * r
                k = _POP4[nib]
                if k >= c:
                    out.extend(_GROUPS[r][nib][c])
                elif k + jk >= c and (wild or not k):
                    out.append(_ALL[r][nib] + (_JK,) * (c - k))
        if jk >= c and (top.low != JOKER_RANK or rules.equal_beats_rules):
            out.append((_JK,) * c)
    else:
        out = []
        eq = bool(rules.equal_beats_rules)
        table = rules.order.table(rev)
        smin = c
        lows = _stairs_lows(table, strength(top, table), eq, smin)
        full = (1 << smin) - 1
        for su in range(4):
            if bind and not bind >> su & 1:
                continue
            m = _suit_runs(hand, su)
            if not jk:  # no jokers: only a suit holding a whole run can answer
                run = m
                for _ in range(smin - 1):
                    run &= run >> 1
                if not run:
                    continue
            for lo in lows:
                missing = smin - (m >> lo & full).bit_count()
                if missing > jk or missing == smin:
                    continue
                out.append(_stairs_tokens(m, lo, lo + smin - 1, su))
    return out


# (order table, strength, equal allowed, length) -> the lowest ranks of the stairs that beat it
_STAIRS_LOWS: dict[tuple[tuple[int, ...], int, bool, int], tuple[int, ...]] = {}


def _stairs_lows(table: tuple[int, ...], strength: int, equal: bool,
                 length: int) -> tuple[int, ...]:
    """The lowest ranks of the stairs of ``length`` that beat stairs of ``strength`` (their
    weakest card's, in ``table``), or equal it when ``equal``; in rank order."""
    key = (table, strength, equal, length)
    found = _STAIRS_LOWS.get(key)
    if found is None:
        found = _STAIRS_LOWS[key] = tuple(
            lo for lo in range(14 - length)
            if min(table[lo], table[lo + length - 1]) > strength
            or (equal and min(table[lo], table[lo + length - 1]) == strength))
    return found


def hand_mask(cards: Iterable[int]) -> int:
    return mask_of(cards)
