"""Helpers that several rules share (a rule imports these, never a sibling rule's own code).

* claims (Tenho, Shinako-no-koshi, Dobon, Dobon-gaeshi): a claim reveals cards; the engine has
  already checked that none was named twice, seen on the table or revealed before, and (known
  hands) that the player holds them;
* card points (Profit's point cards, Dobon's sums);
* binds: which two plays bind the suits (suit bind, strict bind), the rank a strict or number
  bind locks (``referee.engine.state.NO_RANK``: none), the packed colours of a colour bind (Jack Bind, King Crown, the overlay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import JOKER, RANK_NUMBERS, REAL_MASK, Card, Rank, codes
from referee.engine.plays import STAIRS, Play, Shape, same_shape
from referee.engine.state import Slot

if TYPE_CHECKING:
    from referee.engine.state import GameState


# ---- claims --------------------------------------------------------------------------------

def whole_hand(s: GameState, seat: int, reveal: tuple[Card, ...]) -> str | None:
    """The revealed cards are the player's whole hand (hidden hands: as many as they hold)."""
    if len(reveal) != s.counts[seat]:
        return (f"{s.players[seat]} holds {s.counts[seat]} card(s) and must show all of them, "
                f"not {len(reveal)}")
    return None


def has_joker(reveal: Iterable[Card]) -> bool:
    return any(c >= JOKER for c in reveal)


def shown(reveal: Iterable[Card]) -> tuple[str, ...]:
    return tuple(codes(reveal))


FOUR_FIVE_SEVEN = (Rank.FOUR, Rank.FIVE, Rank.SEVEN)
"""The ranks of a Tenho (of one suit, dealt) and of a Shinako-no-koshi."""


# ---- points ------------------------------------------------------------------------------

def points_of(mask: int) -> int:
    """The sum of the numbers of the cards in a mask (A=1 ... K=13)."""
    m = mask & REAL_MASK
    total = 0
    while m:
        low = m & -m
        total += RANK_NUMBERS[(low.bit_length() - 1) >> 2]
        m ^= low
    return total


# ---- binds -------------------------------------------------------------------------------

def shape_binds(play: Play | Shape, max_cards: int, in_stairs: bool) -> bool:
    """May a play of this shape form a bind (``max_cards``: the largest group, 0: any;
    ``in_stairs``: stairs may)?"""
    if play.kind is STAIRS:
        return in_stairs
    return not max_cards or play.count <= max_cards


def binds(top: Play | None, play: Play, max_cards: int = 0, in_stairs: bool = True) -> bool:
    """Do these two consecutive plays have the same, fully determined suits (and a shape that
    can bind, see ``shape_binds``)?"""
    return (top is not None and top.suits == play.suits and same_shape(top, play)
            and top.fully_determined and play.fully_determined
            and shape_binds(play, max_cards, in_stairs))


JOKER_DEAD: Slot[int] = Slot("joker-dead", 0)
"""Joker Dead: the seats (mask) whose score for this game is 0; scoring reads it too."""


COLOUR_BIND: Slot[int] = Slot("jack-bind", 0, trick=True)
"""The colours a Jack Bind locks for the trick (``pack``ed; 0: none); King Crown reads it too."""


def colours_of(cards: Iterable[Card]) -> tuple[int, int, int]:
    """(black, red, jokers) among cards (a pinned joker is a joker: it binds no colour)."""
    black = red = free = 0
    for c in cards:
        if c >= JOKER:
            free += 1
        elif (c & 3) in (1, 2):
            red += 1
        else:
            black += 1
    return black, red, free


def pack(black: int, red: int, free: int) -> int:
    """``COLOUR_BIND``'s value: bit 0 set, then 4 bits each of black, red and free counts."""
    return 1 | black << 1 | red << 5 | free << 9


def unpack(colours: int) -> tuple[int, int, int]:
    return colours >> 1 & 0xF, colours >> 5 & 0xF, colours >> 9 & 0xF


def fits(colours: int, play: Play) -> bool:
    """Do the play's real cards fit the bound colours (jokers free on both sides)?"""
    b, r, w = unpack(colours)
    pb, pr, _ = colours_of(play.cards)
    return max(0, pb - b) + max(0, pr - r) <= w


def colour_names(colours: int) -> tuple[str, ...]:
    b, r, w = unpack(colours)
    return ("black",) * b + ("red",) * r + ("any",) * w
