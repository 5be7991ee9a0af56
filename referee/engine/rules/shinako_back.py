"""Shinako back (Seed 002 しなこバック: "数字カードのうち、４、５、７は１枚に付き１回、その
トリックだけカードの強弱が逆転します。強制です").

Changes: every real 4, 5 and 7 in a play (groups and stairs alike: "１枚に付き１回") flips the
order until the trick ends; two of them cancel (4 4 leaves the order as it was). Jokers never
flip, even standing for a 4 ("ジョーカーはあらゆる数字カードの特殊能力を使用することは出来
ません"). The flip comes before the binds (a number bind's next number follows the new order).
Announces: ``effect`` shinako-back with ``count`` (the flips) and the resulting ``order``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import JOKER, Rank
from referee.engine.effects import Effect, FlipTrickOrder
from referee.engine.options import Option, option
from referee.engine.plays import Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState

_FLIP_RANKS = frozenset((Rank.FOUR, Rank.FIVE, Rank.SEVEN))


@option
@dataclass(frozen=True)
class ShinakoBackOption(Option):
    ID = "shinako-back"
    TITLE = "Shinako back (each 4, 5, 7 flips the order for the trick)"
    SEED = "Seed 002 しなこバック"


class ShinakoBack(Rule[ShinakoBackOption]):
    ID = "shinako-back"
    OPTION = ShinakoBackOption
    PLACE = 160
    NAMES = {"en": "shinako back", "ja": "しなこバック"}
    TEXTS = {
        "en": {
            "": "Shinako back! The order is {order} until the trick ends.",
            "count": "Shinako back times {count}! The order is {order} until the trick ends.",
        },
        "ja": {
            "": "しなこバック！ {order}",
            "count": "しなこバック {count}かい！ {order}",
        },
    }

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if play.catapult:
            return ()
        n = sum(1 for c in play.cards if c < JOKER and c >> 2 in _FLIP_RANKS)
        return (FlipTrickOrder(self.ID, n),) if n else ()
