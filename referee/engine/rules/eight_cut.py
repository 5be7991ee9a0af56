"""8-cut (Seed 003 8切り; Seed 004 8切り; Seed 002 ８切り).

Changes: a single/group of 8s ends the trick at once and the player leads again (Seed 004:
"8をシングル、ダブル、トリプル、4枚、で出すとその瞬間に流れて自分の番になる"; so an 8
revolution is never answered). Not inside stairs unless ``in-stairs`` (Seed 004: "階段に含まれる
8切りやJバックの効果は失われる"; Seed 002 reads "８のカードはそれが出された時点で": any 8 card
played, stairs too). A joker standing for an 8 counts as an 8 unless ``jokers`` is off (Seed 002
"ジョーカーはあらゆる数字カードの特殊能力を使用することは出来ません": only a real 8 cuts).
Announces: ``effect`` eight-cut, then ``trick_end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Effect, EndTrick
from referee.engine.options import Option, option, param
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class EightCutOption(Option):
    ID = "eight-cut"
    TITLE = "8-cut (an 8 ends the trick)"
    SEED = "Seed 003 8切り; Seed 004 8切り; Seed 002 ８切り"
    in_stairs: bool = param(False, "an 8 inside stairs also cuts")
    jokers: bool = param(True, "a joker standing for an 8 cuts too")


class EightCut(Rule[EightCutOption]):
    ID = "eight-cut"
    OPTION = EightCutOption
    PLACE = 130
    NAMES = {"en": "eight cut", "ja": "はちぎり"}
    TEXTS = {
        "en": {
            "": "Eight cut!",
        },
        "ja": {
            "": "はちぎり！",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, self.option.in_stairs, Rank.EIGHT)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        o = self.option
        if group_rank_effect(play, o.in_stairs, Rank.EIGHT, 0, o.jokers):
            return (EndTrick(self.ID),)
        return ()
