"""Shared checks of the claims (Tenho, Shinako-no-koshi, Dobon, Dobon-gaeshi): a claim reveals
cards; the engine has already checked that none was named twice, seen on the table or revealed
before, and (known hands) that the player holds them."""

from __future__ import annotations

from referee.engine.cards import JOKER, codes


def whole_hand(s, seat: int, reveal) -> str | None:
    """The revealed cards are the player's whole hand (hidden hands: as many as they hold)."""
    if len(reveal) != s.counts[seat]:
        return (f"{s.players[seat]} holds {s.counts[seat]} card(s) and must show all of them, "
                f"not {len(reveal)}")
    return None


def has_joker(reveal) -> bool:
    return any(c >= JOKER for c in reveal)


def shown(reveal) -> tuple[str, ...]:
    return tuple(codes(reveal))
