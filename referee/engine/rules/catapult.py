"""Catapult (Seed 004 カタパルト).

May be made: on a single on the table, the player adds two cards from hand so that the three
form a triple or 3-card stairs containing it ("場のシングルカードに自分が2枚足して「トリプル」
または「3枚の階段」にする"), whatever binds are in force, stronger or not (例 "♣3 に対して
♢3♡3"; "♢2 を ♣2♠2 や ♢K♢A で返す"). Not onto a lone joker standing for nothing.
Changes: the table now holds that triple/stairs (the next play must beat it); suit and strict
binds end; an 11-back in force stays and is not flipped again; number effects count only the
two added cards (例 "♣10 に ♢10♡10 ... 捨てられるのは2枚").
Announces: ``effect`` catapult with the combined ``cards``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import CARDS, JOKER, JOKER_SHIFT, MAX_JOKERS, PINNED_BASE, Card, codes
from referee.engine.effects import Announce, ClearBinds, Effect
from referee.engine.options import Option, option
from referee.engine.plays import JOKER_RANK, Play, Shape, interpretations
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class CatapultOption(Option):
    ID = "catapult"
    TITLE = "Catapult (add two cards to a single: triple or 3-stairs)"
    SEED = "Seed 004 カタパルト"


class Catapult(Rule[CatapultOption]):
    ID = "catapult"
    OPTION = CatapultOption
    PLACE = 220
    NAMES = {"en": "catapult", "ja": "カタパルト"}
    TEXTS = {
        "en": {
            "": "Catapult! The table holds {cards}.",
        },
        "ja": {
            "": "カタパルト！ {cards}。",
        },
    }

    @staticmethod
    def _target(s: GameState) -> Play | None:
        top = s.trick.top
        if top is None or len(top.cards) != 1 or top.low == JOKER_RANK:
            return None
        return top

    def interpret(self, s: GameState, seat: int, tokens: tuple[Card, ...]) -> list[Play]:
        if len(tokens) != 2:
            return []
        top = self._target(s)
        if top is None:
            return []
        return list(interpretations(top.cards + tuple(tokens), 3, s.reversed, added=2,
                                    catapult=True))

    def explain(self, s: GameState, seat: int, tokens: tuple[Card, ...]) -> str | None:
        top = self._target(s)
        if top is not None and len(tokens) == 2:
            return (f"{' '.join(codes(tokens))} and {top.describe()} make neither a triple nor "
                    f"3-card stairs")
        return None

    def fires_on(self, shape: Shape) -> bool:
        return shape.catapult

    def special(self, s: GameState, seat: int, play: Play) -> bool:
        return play.catapult

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if not play.catapult:
            return ()
        return (Announce(self.ID, (("cards", tuple(codes(play.cards))),)), ClearBinds(self.ID))

    def generates_on(self, top: Shape) -> bool:
        return top.count == 1 and top.low != JOKER_RANK

    def generate(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        top = s.trick.top  # (_target, inline: this runs for every single answered)
        if top is None or len(top.cards) != 1 or top.low == JOKER_RANK:
            return ()
        c: int = top.cards[0]
        if c >= JOKER:
            c = c - PINNED_BASE
        # all the answer depends on: the rank's cards, the suit's cards within two ranks and
        # the jokers (asked on every single answered, with few distinct answers), as one int
        # (a tuple key cost more than the lookup)
        key = hand & _AROUND[c] | c << _CARD_SHIFT
        found = _ADDED.get(key)
        if found is None:
            jk = (hand >> JOKER_SHIFT).bit_count()
            found = _ADDED[key] = _added_pairs(c >> 2, c & 3, hand, jk)
        return found


def _added_pairs(r: int, su: int, hand: int, jk: int) -> tuple[tuple[Card, ...], ...]:
    """The two cards from ``hand`` that make a triple or 3-card stairs with the card of rank
    ``r`` and suit ``su`` (jokers only for the missing ones; one joker at most in stairs): the
    triples, then the stairs. Each part is remembered by the few cards it depends on (the
    whole answer's key, in ``_ADDED``, is met once in a few games)."""
    nib = hand >> 4 * r & 0xF & ~(1 << su)
    jk = min(jk, 2)
    same = _SAME_ADDED.get((r, su, nib, jk))
    if same is None:
        same = _SAME_ADDED[r, su, nib, jk] = _same_rank_pairs(r, su, nib, jk)
    near = hand & _NEAR[r * 4 + su]
    stairs = _STAIRS_ADDED.get((r, su, near, jk > 0))
    if stairs is None:
        stairs = _STAIRS_ADDED[r, su, near, jk > 0] = _stairs_pairs(r, su, near, jk > 0)
    return same + stairs


def _same_rank_pairs(r: int, su: int, nib: int, jk: int) -> tuple[tuple[Card, ...], ...]:
    """Two cards of rank ``r`` (the other suits held: ``nib``), jokers standing in."""
    same = [CARDS[r * 4 + x] for x in range(4) if nib >> x & 1]
    if len(same) >= 2:
        return tuple(combinations(same, 2))
    if len(same) + jk >= 2:
        return (tuple(same) + (_JK,) * (2 - len(same)),)
    return ()


def _stairs_pairs(r: int, su: int, near: int, joker: bool) -> tuple[tuple[Card, ...], ...]:
    """Two cards of suit ``su`` (``near``: those held within two ranks of ``r``) making 3-card
    stairs with rank ``r``, a joker pinned for one missing card when ``joker``."""
    out: list[tuple[Card, ...]] = []
    for lo in (r - 2, r - 1, r):
        if lo < 0 or lo > 10:
            continue
        toks = []
        missing = 0
        for x in range(lo, lo + 3):
            if x != r:
                card = x * 4 + su
                if near >> card & 1:
                    toks.append(CARDS[card])
                else:
                    missing += 1
                    toks.append(CARDS[PINNED_BASE + card])
        if missing == 0 or (missing == 1 and joker):
            out.append(tuple(toks))
    return tuple(out)


def _around(card: int) -> int:
    """The mask of the cards of ``card``'s rank, of its suit within two ranks, and the jokers."""
    r, su = card >> 2, card & 3
    near = range(max(0, r - 2), min(12, r + 2) + 1)
    return (0xF << 4 * r | sum(1 << (4 * x + su) for x in near)
            | ((1 << MAX_JOKERS) - 1) << JOKER_SHIFT)


_AROUND = [_around(c) for c in range(52)]
# _NEAR[card]: the other cards of its suit within two ranks
_NEAR = [sum(1 << (4 * x + (c & 3)) for x in range(max(0, (c >> 2) - 2), min(12, (c >> 2) + 2) + 1)
             if x != c >> 2) for c in range(52)]
_SAME_ADDED: dict[tuple[int, int, int, int], tuple[tuple[Card, ...], ...]] = {}
_STAIRS_ADDED: dict[tuple[int, int, int, bool], tuple[tuple[Card, ...], ...]] = {}
_ADDED: dict[int, tuple[tuple[Card, ...], ...]] = {}
_CARD_SHIFT = JOKER_SHIFT + MAX_JOKERS  # the card on the table, in a key of _ADDED


_JK = CARDS[JOKER]
