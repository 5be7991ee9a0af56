"""Seven Skip (Seed 000 セブンスキップ(7飛ばし): "7を出した時に発動。次のプレイヤーの手番を
スキップする。複数枚出した場合、出した枚数と同じ数のプレイヤーをスキップする").

Changes: a play of 7s skips as many of the next players as it has cards (almighty jokers standing
for 7s count: "オールマイティ使用時の特殊効果の発生については、Jokerの枚数もカウント"); a
skipped player counts as having passed, so skipping everybody else passes the trick out (the
player takes the point card). ``in-stairs``: 7s inside stairs skip too (one player per 7).
Announces: ``effect`` seven-skip with the ``skipped`` players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Effect, Skip
from referee.engine.options import Option, option, param
from referee.engine.plays import Kind, Play, Shape
from referee.engine.rules.base import Rule, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class SevenSkipOption(Option):
    ID = "seven-skip"
    TITLE = "Seven Skip (each 7 skips a player)"
    SEED = "Seed 000 セブンスキップ"
    in_stairs: bool = param(False, "a 7 inside stairs also skips")


class SevenSkip(Rule[SevenSkipOption]):
    ID = "seven-skip"
    OPTION = SevenSkipOption
    PLACE = 250
    NAMES = {"en": "seven skip", "ja": "セブンスキップ"}
    TEXTS = {
        "en": {
            "": "Seven skip! {skipped} skipped.",
        },
        "ja": {
            "": "セブンスキップ！ {skipped}さんは とばされます。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return not shape.catapult and rank_shape(shape, self.option.in_stairs, Rank.SEVEN)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if play.catapult:
            return ()
        if play.kind is Kind.GROUP:
            n = len(play.cards) if play.low == Rank.SEVEN else 0
        else:
            n = 1 if self.option.in_stairs and play.low <= Rank.SEVEN <= play.high else 0
        return (Skip(self.ID, n),) if n else ()
