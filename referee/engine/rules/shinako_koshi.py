"""Shinako-no-koshi (Seed 002 しなこの腰: "手札を別のマークでもいいので４、５、７を１枚づつだけに
すると、その人はあがったことになります").

A claim: a player whose whole hand is one 4, one 5 and one 7 (any suits) shows it (``{"claim":
"shinako-koshi", "reveal": ["4S", "5H", "7D"]}``) and finishes at once, in the next place; the
three cards are out of the game (no forbidden-finish check: they are not played). Any time a
game is being played (also right after the deal). The referee cannot see hands, so it waits for
the claim (the simulator claims at once). A wrong claim is a violation.
Announces: ``effect`` shinako-koshi with the ``cards``, then ``finish``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import Card, cards_of

from referee.engine.effects import Announce, Effect, Finish
from referee.engine.options import Option, option
from referee.engine.rules.base import Rule
from referee.engine.rules.common import FOUR_FIVE_SEVEN, has_joker, shown, whole_hand

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class ShinakoKoshiOption(Option):
    ID = "shinako-koshi"
    TITLE = "Shinako-no-koshi (a hand of just 4, 5, 7: finished)"
    SEED = "Seed 002 しなこの腰"


def koshi_cards(reveal: tuple[Card, ...]) -> bool:
    return (len(reveal) == 3 and not has_joker(reveal)
            and sorted(c >> 2 for c in reveal) == list(FOUR_FIVE_SEVEN))


class ShinakoKoshi(Rule[ShinakoKoshiOption]):
    ID = "shinako-koshi"
    OPTION = ShinakoKoshiOption
    PLACE = 320
    NAMES = {"en": "shinako koshi", "ja": "しなこのこし"}
    TEXTS = {
        "en": {
            "": "Shinako no koshi! {player} finishes with {cards}.",
        },
        "ja": {
            "": "しなこのこし！ {player}さん、あがり。{cards}。",
        },
    }

    def claim(self, s: GameState, seat: int, reveal: tuple[Card, ...]) -> tuple[Effect, ...] | str:
        if not s.is_active(seat):
            return f"{s.players[seat]} is already out"
        err = whole_hand(s, seat, reveal)
        if err:
            return err
        if not koshi_cards(reveal):
            return "shinako-no-koshi needs a hand of one 4, one 5 and one 7"
        return (Announce(self.ID, (("cards", shown(reveal)),)), Finish(self.ID, seat))

    def reveals(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        return [cards_of(hand)] if s.counts[seat] == 3 else []
