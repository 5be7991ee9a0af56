"""8-cut (Seed 003 8切り; Seed 004 8切り).

Changes: a single/group of 8s ends the trick at once and the player leads again (Seed 004:
"8をシングル、ダブル、トリプル、4枚、で出すとその瞬間に流れて自分の番になる"; so an 8
revolution is never answered). Not inside stairs unless ``in-stairs`` (Seed 004: "階段に含まれる
8切りやJバックの効果は失われる"). A joker pinned to an 8 counts as an 8.
Announces: ``effect`` eight-cut, then ``trick_end``.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.cards import Rank
from referee.engine.effects import EndTrick
from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule, group_rank_effect


@option
@dataclass(frozen=True)
class EightCutOption(Option):
    ID = "eight-cut"
    TITLE = "8-cut (an 8 ends the trick)"
    SEED = "Seed 003 8切り; Seed 004 8切り"
    in_stairs: bool = param(False, "an 8 inside stairs also cuts")


class EightCut(Rule):
    ID = "eight-cut"
    OPTION = EightCutOption

    def effects(self, s, seat, play):
        if group_rank_effect(play, self.option.in_stairs, Rank.EIGHT):
            return (EndTrick(self.ID),)
        return ()
