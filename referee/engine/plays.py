"""Plays: what a set of cards put on the table counts as, and how plays compare.

A ``Play`` is the *interpreted* value of the cards a player put down:

* a **group**: one or more cards of one rank (a single is a group of one); jokers join as wild
  cards, or pinned (``JK=8H``); jokers alone form a group of the joker rank, stronger than any
  rank in every order;
* **stairs**: three or more cards of one suit with consecutive ranks in the standard order
  (3 4 5 ... K A 2, no wrap-around); jokers fill gaps or extend an end.

The *strength order* is a table per rule set (``Order``): the standard order and its reverse
(revolution XOR a trick-scoped flip such as 11-back). A play beats another of the same kind and
count when it is stronger; stairs compare by their weakest card in the current order (seed 004:
"♡6♡7♡8 ... 最小が7以上から始まる階段 で返せる").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from referee.engine.cards import JOKER, PINNED_BASE, RANK_SYMBOLS, Card, Rank, Suit, codes
from referee.engine.immutable import immutable

JOKER_RANK = 13
"""The rank of jokers standing for no card (a lone joker, or jokers played only together)."""


class Kind(Enum):
    GROUP = "group"
    STAIRS = "stairs"


# Plain names for the checks made on every play (see ``referee.engine.state.PLAY``: a member
# read through its Enum class is slow in Python 3.11).
GROUP, STAIRS = Kind.GROUP, Kind.STAIRS


@dataclass(frozen=True, slots=True)
class Order:
    """A strength order: ``normal[rank]`` and ``reverse[rank]`` give comparable strengths.

    Index 13 is the joker rank, strongest in both directions.
    """

    normal: tuple[int, ...]
    reverse: tuple[int, ...]
    # Derived once, since rules ask for them on every play: per direction (normal, reversed)
    # the strongest rank and each rank's next stronger rank (-1: none).
    _strongest: tuple[int, int] = field(init=False, repr=False, compare=False)
    _next: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False, repr=False,
                                                           compare=False)
    # ``beaters[reversed][equal][rank]``: the mask of the real cards of every rank stronger than
    # ``rank`` in that direction, or as strong when ``equal`` (read for every answer)
    beaters: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False,
                                                             compare=False)

    def __post_init__(self) -> None:
        tables = (self.normal, self.reverse)
        object.__setattr__(self, "_strongest",
                           tuple(max(range(13), key=t.__getitem__) for t in tables))
        object.__setattr__(self, "_next", tuple(tuple(_next_in(t, r) for r in range(13))
                                                for t in tables))
        object.__setattr__(self, "beaters", tuple(
            tuple(tuple(sum(0xF << 4 * r for r in range(13)
                            if t[r] > t[rank] or (equal and t[r] == t[rank]))
                        for rank in range(14))
                  for equal in (False, True))
            for t in tables))

    @staticmethod
    def standard() -> "Order":
        """3 < 4 < ... < K < A < 2 < joker, reversed 2 < A < ... < 3 < joker (seed 003/004)."""
        return Order(tuple(range(13)) + (99,), tuple(12 - r for r in range(13)) + (99,))

    def table(self, reversed_: bool) -> tuple[int, ...]:
        return self.reverse if reversed_ else self.normal

    def strongest_rank(self, reversed_: bool) -> int:
        return self._strongest[reversed_]

    def next_rank(self, rank: int, reversed_: bool) -> int:
        """The rank one step stronger than ``rank`` in the given direction, -1 if none."""
        return self._next[reversed_][rank]


def _next_in(table: tuple[int, ...], rank: int) -> int:
    want = table[rank] + 1
    for r in range(13):
        if table[r] == want:
            return r
    return -1


STANDARD_ORDER = Order.standard()


ShapeKey = tuple[bool, int, int, int, bool]
"""A play's shape as a cheap dictionary key: stairs or not (an Enum member hashes in Python),
then ``Shape``'s other fields but ``leads`` (a play is the same whether it leads or not)."""


@immutable
class Play:
    """The interpreted value of cards put on the table.

    ``cards``: the tokens as played (for a Catapult, the single on the table plus the two added);
    ``low``/``high``: the group's rank (both equal) or the stairs' lowest and highest rank;
    ``suits``: a mask of the determined suits (bit ``1 << suit``);
    ``wild``: jokers with no determined card (groups only; their suit is free);
    ``added``: how many of the cards came from the player's hand now (3 for a Catapult is 2);
    ``catapult``: made by the Catapult rule.
    ``shape_key``: its shape as a dictionary key (see ``Shape``), made once: the rules that may
    fire are looked up by it on every play (and most plays are read from a cache).
    """

    cards: tuple[Card, ...]
    kind: Kind
    low: int
    high: int
    suits: int
    wild: int = 0
    added: int = 0
    catapult: bool = False
    shape_key: ShapeKey = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape_key", (self.kind is STAIRS, self.low, self.high,
                                               len(self.cards), self.catapult))

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c >= JOKER)

    @property
    def rank(self) -> Rank | None:
        """The group's rank, None for stairs and for jokers standing for nothing."""
        if self.kind is Kind.STAIRS or self.low == JOKER_RANK:
            return None
        return Rank(self.low)

    @property
    def is_single_joker(self) -> bool:
        return len(self.cards) == 1 and self.cards[0] >= JOKER

    @property
    def fully_determined(self) -> bool:
        """Every card's suit is known (no wild joker, not the joker rank)."""
        return self.wild == 0 and self.low != JOKER_RANK

    def represents(self) -> tuple[Card, ...]:
        """The real cards this play stands for (wild group jokers left out)."""
        if self.kind is Kind.STAIRS:
            s = (self.suits & -self.suits).bit_length() - 1
            return tuple(Card.of(r, s) for r in range(self.low, self.high + 1))
        if self.low == JOKER_RANK:
            return ()
        return tuple(Card.of(self.low, s) for s in range(4) if self.suits >> s & 1)

    def describe(self) -> str:
        return " ".join(codes(self.cards))


@immutable
class Shape:
    """A play without its cards: its kind, ranks, number of cards, whether it is a Catapult and
    whether it leads a trick (nothing on the table).

    What ``Rule.fires_on`` looks at: the engine asks it once per shape and rule set, and then
    skips the rules that cannot fire on plays of that shape."""

    kind: Kind
    low: int
    high: int
    count: int
    catapult: bool
    leads: bool = False


def shape_key(play: Play) -> ShapeKey:
    return play.shape_key


def shape_of(key: ShapeKey, leads: bool = False) -> Shape:
    stairs, low, high, count, catapult = key
    return Shape(STAIRS if stairs else GROUP, low, high, count, catapult, leads)


def suit_list(mask: int) -> list[str]:
    return [Suit(s).letter for s in range(4) if mask >> s & 1]


def rank_symbol(rank: int) -> str:
    return "JK" if rank == JOKER_RANK else RANK_SYMBOLS[rank]


_READINGS: dict[tuple[tuple[Card, ...], int, bool, int | None, bool], tuple[Play, ...]] = {}
_MAX_READINGS = 200_000  # a bound for a long-lived process fed arbitrary cards (never reached
                         # by games: there are far fewer distinct plays)


def interpretations(tokens: tuple[Card, ...], stairs_min: int, reversed_: bool,
                    added: int | None = None, catapult: bool = False) -> tuple[Play, ...]:
    """Every reading of ``tokens`` as a play, preferred first.

    ``stairs_min`` 0 means stairs are not allowed. Stairs whose jokers could sit at either end
    give several readings, the strongest (in the current order) first; a pinned joker removes
    the doubt. Returns () when the cards form no play.

    Remembered: the same cards are read again and again, and a ``Play`` is an immutable value
    that any number of states may share.
    """
    key = (tokens, stairs_min, reversed_, added, catapult)
    found = _READINGS.get(key)
    if found is None:
        if len(_READINGS) >= _MAX_READINGS:
            _READINGS.clear()
        found = _READINGS[key] = tuple(_read(tokens, stairs_min, reversed_, added, catapult))
    return found


def _read(tokens: tuple[Card, ...], stairs_min: int, reversed_: bool, added: int | None,
          catapult: bool) -> list[Play]:
    n = len(tokens)
    if added is None:
        added = n
    out: list[Play] = []
    if n == 0:
        return out
    det: list[int] = []
    wild = 0
    for t in tokens:
        if t < JOKER:
            det.append(t)
        elif t >= PINNED_BASE:
            det.append(t - PINNED_BASE)
        else:
            wild += 1
    if not det:
        out.append(Play(tokens, Kind.GROUP, JOKER_RANK, JOKER_RANK, 0, wild, added, catapult))
        return out
    r0 = det[0] >> 2
    s0 = det[0] & 3
    same_rank = True
    same_suit = True
    suits = 0
    rank_mask = 0
    distinct = True
    dup_rank = False
    for c in det:
        r = c >> 2
        s = c & 3
        if r != r0:
            same_rank = False
        if s != s0:
            same_suit = False
        if same_rank:
            b = 1 << s
            if suits & b:
                distinct = False
            suits |= b
        rb = 1 << r
        if rank_mask & rb:
            dup_rank = True
        rank_mask |= rb
    if same_rank and distinct:
        out.append(Play(tokens, Kind.GROUP, r0, r0, suits, wild, added, catapult))
    if stairs_min and n >= stairs_min and same_suit and not dup_rank and n <= 13:
        lo_r = (rank_mask & -rank_mask).bit_length() - 1
        hi_r = rank_mask.bit_length() - 1
        if hi_r - lo_r + 1 <= n:
            first = max(0, hi_r - n + 1)
            last = min(lo_r, 13 - n)
            lows = range(last, first - 1, -1) if not reversed_ else range(first, last + 1)
            for lo in lows:
                out.append(Play(tokens, Kind.STAIRS, lo, lo + n - 1, 1 << s0, 0, added, catapult))
    return out


def strength(play: Play, table: tuple[int, ...]) -> int:
    """A comparable strength of a play in an order table (stairs: their weakest card)."""
    if play.kind is Kind.GROUP:
        return table[play.low]
    a = table[play.low]
    b = table[play.high]
    return a if a < b else b


def same_shape(a: Play, b: Play) -> bool:
    return a.kind is b.kind and len(a.cards) == len(b.cards)
