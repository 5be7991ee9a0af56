"""Lucky 7 (Seed 004 ラッキー7).

May be made: three 7s (jokers may stand for 7s) on a single/double/triple of 2s — of 3s when
the order is reversed (revolution or 11-back) — whatever the count or binds ("通常状態の 2の
シングル、ダブル、トリプル を 7のトリプルで返す事ができる"; "JOKERはなんの代わりとしても使える").
Changes: the trick ends at once ("問答無用で流れ"); the player leads.
Announces: ``effect`` lucky-seven, then ``trick_end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable
from itertools import combinations

from referee.engine.cards import JOKER, Card, Rank, cards_of, joker_count
from referee.engine.effects import Effect, EndTrick
from referee.engine.options import Option, option
from referee.engine.plays import GROUP, Order, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class LuckySevenOption(Option):
    ID = "lucky-seven"
    TITLE = "Lucky 7 (three 7s beat 2s, 3s when reversed)"
    SEED = "Seed 004 ラッキー7"


_SEVENS = 0xF << 4 * Rank.SEVEN
"""The mask of the four 7s."""


class LuckySeven(Rule[LuckySevenOption]):
    ID = "lucky-seven"
    OPTION = LuckySevenOption
    PLACE = 230
    NAMES = {"en": "lucky seven", "ja": "ラッキーセブン"}
    TEXTS = {
        "en": {
            "": "Lucky seven! The trick ends.",
        },
        "ja": {
            "": "ラッキーセブン！ ながれます。",
        },
    }

    def __init__(self, option: Option, order: Order, stairs_min: int) -> None:
        super().__init__(option, order, stairs_min)
        # the strongest rank in either direction: a quick first test (most tops are neither)
        self.strongest = (order.strongest_rank(False), order.strongest_rank(True))

    def _target(self, s: GameState) -> bool:
        top = s.trick.top
        return (top is not None and top.low in self.strongest and top.kind is GROUP
                and len(top.cards) <= 3 and top.low == self.order.strongest_rank(s.reversed))

    def _fits(self, s: GameState, play: Play) -> bool:
        return (play.kind is GROUP and play.low == Rank.SEVEN and len(play.cards) == 3
                and self._target(s))

    def fires_on(self, shape: Shape) -> bool:
        return shape.kind is GROUP and shape.low == Rank.SEVEN and shape.count == 3

    def special(self, s: GameState, seat: int, play: Play) -> bool:
        return self._fits(s, play)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        return (EndTrick(self.ID),) if self._fits(s, play) else ()

    def generates_on(self, top: Shape) -> bool:
        return top.kind is GROUP and top.count <= 3 and top.low in self.strongest

    def generate(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        if not self._target(s):
            return []
        sevens = cards_of(hand & _SEVENS)
        jk = joker_count(hand)
        out = []
        for k in range(max(1, 3 - jk), min(3, len(sevens)) + 1):
            for combo in combinations(sevens, k):
                out.append(combo + (Card(JOKER),) * (3 - k))
        return out
