"""Shared checks of the claims (Tenho, Shinako-no-koshi, Dobon, Dobon-gaeshi): a claim reveals
cards; the engine has already checked that none was named twice, seen on the table or revealed
before, and (known hands) that the player holds them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import JOKER, Card, codes

if TYPE_CHECKING:
    from referee.engine.state import GameState


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
