"""9-reverse (Seed 003 9リバース: "カードを出す順番が逆になります").

Changes: a single/group of 9s reverses the direction of play (once per play), for the rest of
the game. Not inside stairs unless ``in-stairs``.
Announces: ``effect`` nine-reverse with the new ``direction``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Effect, ReverseDirection
from referee.engine.options import Option, option, param
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class NineReverseOption(Option):
    ID = "nine-reverse"
    TITLE = "9-reverse (a 9 reverses the direction of play)"
    SEED = "Seed 003 9リバース"
    in_stairs: bool = param(False, "a 9 inside stairs also reverses")


class NineReverse(Rule[NineReverseOption]):
    ID = "nine-reverse"
    OPTION = NineReverseOption
    PLACE = 140
    NAMES = {"en": "nine reverse", "ja": "きゅうリバース"}
    TEXTS = {
        "en": {
            "": "Nine reverse! Play now goes {direction}.",
        },
        "ja": {
            "": "きゅうリバース！ じゅんばんが ぎゃくに なります。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, self.option.in_stairs, Rank.NINE)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if group_rank_effect(play, self.option.in_stairs, Rank.NINE):
            return (ReverseDirection(self.ID),)
        return ()
