"""Stairs (Seed 003 階段; Seed 004 階段).

Three or more cards of one suit with consecutive ranks (``min-length``), jokers filling gaps.
Stairs are answered only by stairs of the same length, stronger by their weakest card
(Seed 004: "同じ枚数でしか返せない"; "♡6♡7♡8 ... 最小が7以上から始まる階段で返せる").
The reading of cards as stairs is in ``referee.engine.plays.interpretations``; this module
holds the option and announces each stairs play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Announce, Effect
from referee.engine.options import Option, option, param
from referee.engine.plays import Kind, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class StairsOption(Option):
    ID = "stairs"
    TITLE = "Stairs (runs of one suit)"
    SEED = "Seed 003 階段; Seed 004 階段"
    min_length: int = param(3, "fewest cards in stairs", minimum=2, maximum=13)


class Stairs(Rule[StairsOption]):
    ID = "stairs"
    OPTION = StairsOption
    PLACE = 50
    NAMES = {"en": "stairs", "ja": "かいだん"}
    TEXTS = {
        "en": {
            "": "Stairs of {length}.",
        },
        "ja": {
            "": "かいだん、{length}まい。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return shape.kind is Kind.STAIRS and not shape.catapult

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if play.kind is Kind.STAIRS and not play.catapult:
            return (Announce(self.ID, (("length", len(play.cards)),)),)
        return ()
