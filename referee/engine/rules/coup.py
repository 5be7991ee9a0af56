"""Coup (Seed 002 クーデター: "数字の９（代用含む）３枚で革命が起きます。クーデターも革命と同じ
扱いです").

Changes: a group of exactly three 9s (jokers standing for 9s count: "代用含む") flips the
game-long order like a revolution (a second coup or revolution flips it back).
Announces: ``effect`` coup with the new ``order``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Effect, FlipGameOrder
from referee.engine.options import Option, option, param
from referee.engine.plays import Kind, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class CoupOption(Option):
    ID = "coup"
    TITLE = "Coup (three 9s make a revolution)"
    SEED = "Seed 002 クーデター"
    cards: int = param(3, "how many 9s make a coup", minimum=2, maximum=8)


class Coup(Rule[CoupOption]):
    ID = "coup"
    OPTION = CoupOption
    PLACE = 70
    NAMES = {"en": "coup", "ja": "クーデター"}
    TEXTS = {
        "en": {
            "": "Coup! The order is now {order}.",
        },
        "ja": {
            "": "クーデター！ {order}",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return (shape.kind is Kind.GROUP and shape.low == Rank.NINE and not shape.catapult
                and shape.count == self.option.cards)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if (play.kind is Kind.GROUP and play.low == Rank.NINE and not play.catapult
                and len(play.cards) == self.option.cards):
            return (FlipGameOrder(self.ID),)
        return ()
