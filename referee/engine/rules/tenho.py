"""Tenho (Seed 002 天和: "手札が配られた時点で、同じマークの４、５、７を持っていた場合強制的に
その人はあがったことになります").

A claim: right after the deal, before the first play, a player shows a 4, a 5 and a 7 of one suit
(``{"claim": "tenho", "reveal": ["4H", "5H", "7H"]}``) and finishes at once, in the next place,
whatever else they hold (those cards are out of the game). The seed makes it forced; the referee
cannot see hands, so it waits for the claim (the simulator always claims it). A wrong claim is a
violation (``tenho``; a chombo under Chombo).
Announces: ``effect`` tenho with the ``cards``, then ``finish``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import CARDS, Card
from referee.engine.effects import Announce, Effect, Finish
from referee.engine.options import Option, option
from referee.engine.rules.base import Rule
from referee.engine.rules.common import FOUR_FIVE_SEVEN, has_joker, shown

if TYPE_CHECKING:
    from referee.engine.state import GameState

@option
@dataclass(frozen=True)
class TenhoOption(Option):
    ID = "tenho"
    TITLE = "Tenho (dealt 4, 5, 7 of one suit: finished)"
    SEED = "Seed 002 天和"


def tenho_cards(reveal: tuple[Card, ...]) -> bool:
    return (len(reveal) == 3 and not has_joker(reveal) and len({c & 3 for c in reveal}) == 1
            and sorted(c >> 2 for c in reveal) == list(FOUR_FIVE_SEVEN))


class Tenho(Rule[TenhoOption]):
    ID = "tenho"
    OPTION = TenhoOption
    PLACE = 310
    NAMES = {"en": "tenho", "ja": "テンホー"}
    TEXTS = {
        "en": {
            "": "Tenho! {player} finishes with {cards}.",
        },
        "ja": {
            "": "テンホー！ {player}さん、あがり。{cards}。",
        },
    }

    def claim(self, s: GameState, seat: int, reveal: tuple[Card, ...]) -> tuple[Effect, ...] | str:
        if s.seen or s.trick.top is not None:
            return "tenho is claimed when the cards are dealt, before the first play"
        if not s.is_active(seat):
            return f"{s.players[seat]} is already out"
        if not tenho_cards(reveal):
            return "tenho needs a 4, a 5 and a 7 of one suit"
        return (Announce(self.ID, (("cards", shown(reveal)),)), Finish(self.ID, seat))

    def reveals(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        if s.seen or s.trick.top is not None:
            return []
        out = []
        for su in range(4):
            cards = tuple(CARDS[r * 4 + su] for r in FOUR_FIVE_SEVEN)
            if all(hand >> c & 1 for c in cards):
                out.append(cards)
        return out
