"""Cards, suits, ranks and the card notation.

Notation (used everywhere: records, CLI, tests, events):

* a card is a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is accepted for 10) followed by a suit
  ``S H D C`` (``♠ ♥ ♦ ♣`` and ``♤ ♡ ♢ ♧`` accepted; the suit may also come first, as the seeds
  write it: ``♡10``); lower case is accepted;
* a joker is ``JK``; ``JK=8H`` is a joker pinned to stand for the 8 of hearts.

The canonical output form is rank then suit letter: ``10H``, ``QS``, ``JK``, ``JK=8H``.

Internally a card is a small int (``Card`` subclasses ``int``), so sets of cards are bitmasks:

* real cards: ``id = rank * 4 + suit`` with ``rank`` the position 0..12 in the standard daifugo
  order 3 < 4 < ... < K < A < 2 and ``suit`` 0..3 for S H D C; bits 0..51 of a mask;
* the joker token ``JK`` is id 52; in a *hand* or *seen* mask jokers occupy bits 52..55 (the
  jokers are interchangeable, so a mask holds "how many" as the lowest joker bits);
* a pinned joker ``JK=xx`` is id ``56 + id(xx)``; it is a joker that stands for ``xx``.

A rank's four cards are one nibble of a mask: ``(mask >> 4*rank) & 0xF`` is the suits held.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Iterable

from referee.errors import UserError


class CardError(UserError):
    """An unknown or malformed card code."""


class Suit(IntEnum):
    """The four suits, in the canonical order S H D C."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def red(self) -> bool:
        return self in (Suit.H, Suit.D)


class Rank(IntEnum):
    """The thirteen ranks, valued by their place in the standard order (3 weakest, 2 strongest).

    ``number`` is the printed value used for sums and points (A=1, J=11, Q=12, K=13).
    The strength order of a rule set is a separate table (see ``referee.engine.order``).
    """

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]

    @property
    def number(self) -> int:
        return RANK_NUMBERS[self]

    @classmethod
    def from_number(cls, number: int) -> "Rank":
        return cls(NUMBER_TO_RANK[number])


RANK_SYMBOLS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
RANK_NUMBERS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
NUMBER_TO_RANK = {n: r for r, n in enumerate(RANK_NUMBERS)}

JOKER = 52                 # the (unpinned) joker token
PINNED_BASE = 56           # JK=xx is PINNED_BASE + id(xx)
REAL_MASK = (1 << 52) - 1  # bits of the 52 real cards
JOKER_SHIFT = 52           # jokers in a hand/seen mask: bits 52..55
MAX_JOKERS = 4


class Card(int):
    """One card or joker token, an ``int`` (see the module docstring for the numbering).

    Instances are cached: ``Card(5) is Card(5)``. Build them with ``Card.parse("10H")``,
    ``Card.of(Rank.TEN, Suit.H)``, ``Card.joker()`` or ``Card.joker(pinned_to)``.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> "Card":  # cached flyweights
        try:
            return _CARDS[value]
        except (IndexError, TypeError):
            raise CardError(f"no card with id {value!r}") from None

    # constructors -------------------------------------------------------------------------
    @staticmethod
    def of(rank: int, suit: int) -> "Card":
        return _CARDS[rank * 4 + suit]

    @staticmethod
    def joker(stands_for: "Card | None" = None) -> "Card":
        if stands_for is None:
            return _CARDS[JOKER]
        if stands_for >= JOKER:
            raise CardError("a joker can only stand for a real card")
        return _CARDS[PINNED_BASE + stands_for]

    @staticmethod
    def parse(code: str) -> "Card":
        return parse_card(code)

    # properties ----------------------------------------------------------------------------
    @property
    def is_joker(self) -> bool:
        return self >= JOKER

    @property
    def is_pinned(self) -> bool:
        return self >= PINNED_BASE

    @property
    def stands_for(self) -> "Card | None":
        """The real card this token counts as: itself, a pinned joker's card, None for ``JK``."""
        if self < JOKER:
            return self
        if self >= PINNED_BASE:
            return _CARDS[self - PINNED_BASE]
        return None

    @property
    def rank(self) -> Rank | None:
        c = self.stands_for
        return None if c is None else Rank(c >> 2)

    @property
    def suit(self) -> Suit | None:
        c = self.stands_for
        return None if c is None else Suit(c & 3)

    @property
    def code(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        return f"Card({_CODES[self]})"

    def __str__(self) -> str:
        return _CODES[self]


def _code(i: int) -> str:
    if i < JOKER:
        return RANK_SYMBOLS[i >> 2] + "SHDC"[i & 3]
    if i < PINNED_BASE:
        return "JK"
    return "JK=" + _code(i - PINNED_BASE)


_CARDS: list[Card] = []
_CODES: list[str] = [_code(i) if i < 53 or i >= PINNED_BASE else "" for i in range(PINNED_BASE + 52)]
for _i in range(PINNED_BASE + 52):
    _CARDS.append(int.__new__(Card, _i))
for _i in range(53, PINNED_BASE):  # ids 53..55 are hand-mask bits, not tokens: they read as JK
    _CARDS[_i] = _CARDS[JOKER]
    _CODES[_i] = "JK"

_SUIT_CHARS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
               "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_CHARS = {s: r for r, s in enumerate(RANK_SYMBOLS)}
_RANK_CHARS["T"] = 7
_RANK_CHARS["1"] = 11  # never matched alone: "1" only appears in "10"
_CARD_RE = re.compile(r"^(?:(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])|([SHDC♠♥♦♣♤♡♢♧])(10|[2-9TJQKA]))$")
_PARSE_CACHE: dict[str, Card] = {}


CARDS: tuple[Card, ...] = tuple(_CARDS)
"""Every card token by id (a flyweight table: ``CARDS[i] is Card(i)``)."""


def parse_card(code: str) -> Card:
    """Parse one card code (see the module docstring); raise ``CardError`` if it is unknown."""
    try:
        return _PARSE_CACHE[code]
    except (KeyError, TypeError):
        pass
    if not isinstance(code, str):
        raise CardError(f"card code must be a string, not {code!r}")
    text = code.strip().upper().replace("\ufe0f", "")
    if text in ("JK", "JOKER", "🃏"):
        card = _CARDS[JOKER]
    elif text.startswith("JK="):
        card = Card.joker(_parse_real(text[3:], code))
    else:
        card = _parse_real(text, code)
    _PARSE_CACHE[code] = card
    return card


def _parse_real(text: str, original: str) -> Card:
    m = _CARD_RE.match(text)
    if not m:
        raise CardError(
            f"unknown card code {original!r} (expected rank A 2-10 J Q K (T for 10) + suit S H D C, "
            f"or JK, or JK=<card>)")
    rank_s, suit_s = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    return _CARDS[_RANK_CHARS[rank_s] * 4 + _SUIT_CHARS[suit_s]]


def parse_cards(codes: Iterable[str] | str) -> tuple[Card, ...]:
    """Parse a list of codes, or one string of codes separated by spaces/commas."""
    if isinstance(codes, str):
        codes = [c for c in re.split(r"[\s,]+", codes) if c]
    return tuple(parse_card(c) for c in codes)


def codes(cards: Iterable[int]) -> list[str]:
    """Canonical codes of cards or tokens."""
    return list(map(_CODES.__getitem__, cards))


# ---- masks --------------------------------------------------------------------------------

def deck_mask(jokers: int = 2) -> int:
    """The mask of a full deck: 52 cards and ``jokers`` jokers."""
    return REAL_MASK | (((1 << jokers) - 1) << JOKER_SHIFT)


def joker_count(mask: int) -> int:
    return (mask >> JOKER_SHIFT).bit_count()


def add_jokers(mask: int, n: int) -> int:
    """Add ``n`` jokers to a mask (jokers fill the lowest free joker bits)."""
    have = joker_count(mask)
    return (mask & REAL_MASK) | (((1 << (have + n)) - 1) << JOKER_SHIFT)


def remove_jokers(mask: int, n: int) -> int:
    have = joker_count(mask)
    return (mask & REAL_MASK) | (((1 << (have - n)) - 1) << JOKER_SHIFT)


def mask_of(cards: Iterable[int]) -> int:
    """Hand-style mask of real cards and joker tokens (pinned jokers count as jokers)."""
    m = 0
    j = 0
    for c in cards:
        if c < JOKER:
            m |= 1 << c
        else:
            j += 1
    if j:
        m = add_jokers(m, j)
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in id order, jokers as ``JK`` tokens at the end."""
    out = []
    m = mask & REAL_MASK
    while m:
        low = m & -m
        out.append(_CARDS[low.bit_length() - 1])
        m ^= low
    out.extend([_CARDS[JOKER]] * joker_count(mask))
    return tuple(out)


def card_count(mask: int) -> int:
    return mask.bit_count()
