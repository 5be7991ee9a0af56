"""11-back (Seed 003 11バック; Seed 004 イレブンバック).

Changes: a single/group of Js reverses the order until the trick ends (Seed 004: "Jをシングル、
ダブル、トリプルで出すとその回が流れるまで革命状態となる": ``max-cards`` 3 there; 0 = any).
Not inside stairs unless ``in-stairs``; a Catapult onto a J keeps the 11-back already in force
and does not flip again (Seed 004 カタパルト: "Jバック状態だった場合はJバック状態が続く").
Announces: ``effect`` eleven-back with the new ``order``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Effect, FlipTrickOrder
from referee.engine.options import Option, option, param
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class ElevenBackOption(Option):
    ID = "eleven-back"
    TITLE = "11-back (a J reverses the order for the trick)"
    SEED = "Seed 003 11バック; Seed 004 イレブンバック"
    in_stairs: bool = param(False, "a J inside stairs also flips")
    max_cards: int = param(0, "largest group that flips (0: any size)", minimum=0, maximum=8)


class ElevenBack(Rule[ElevenBackOption]):
    ID = "eleven-back"
    OPTION = ElevenBackOption
    PLACE = 150
    NAMES = {"en": "eleven back", "ja": "イレブンバック"}
    TEXTS = {
        "en": {
            "": "Eleven back! The order is {order} until the trick ends.",
        },
        "ja": {
            "": "イレブンバック！ {order}",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        o = self.option
        return not shape.catapult and rank_shape(shape, o.in_stairs, Rank.JACK, o.max_cards)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        o = self.option
        if not play.catapult and group_rank_effect(play, o.in_stairs, Rank.JACK, o.max_cards):
            return (FlipTrickOrder(self.ID),)
        return ()
