"""Eight Reset (Seed 000 エイトリセット(選択制8切り): "8を出した時に発動するか選択。強制的に場を
リセットし、自分からカードを出す事ができる。しかしこの効果で場をリセットした場合、ボーナス点は
獲得できない").

Changes: after a play of 8s (almighty jokers standing for 8s count) the player may declare
``eight-reset`` (an optional declaration: the next player acting means it was not taken). When
declared the trick ends at once, nobody takes a point card, and the player leads. A player who
finished with the 8s declares nothing (they are out).
Announces: ``effect`` eight-reset with ``pending`` when offered; when declared ``effect``
eight-reset ``declared``, ``effect`` eight-reset, then ``trick_end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Await, Effect, EndTrick
from referee.engine.options import Option, option
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class EightResetOption(Option):
    ID = "eight-reset"
    TITLE = "Eight Reset (an 8 may clear the table, no point card)"
    SEED = "Seed 000 エイトリセット"


class EightReset(Rule[EightResetOption]):
    ID = "eight-reset"
    OPTION = EightResetOption
    PLACE = 190
    NAMES = {"en": "eight reset", "ja": "エイトリセット"}
    TEXTS = {
        "en": {
            "pending": "Eight reset? {player} may clear the table.",
            "declared": "{player} declares eight reset.",
            "": "Eight reset! The table is cleared; no point card.",
        },
        "ja": {
            "pending": "{player}さん、エイトリセット できます。",
            "declared": "{player}さん、エイトリセット。",
            "": "エイトリセット！ ばが ながれます。とくてんカードは ありません。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, False, Rank.EIGHT)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if group_rank_effect(play, False, Rank.EIGHT):
            return (Await(self.ID, "declare"),)
        return ()

    def declare(self, s: GameState, seat: int) -> tuple[Effect, ...]:
        return (EndTrick(self.ID),)
