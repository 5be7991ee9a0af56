"""9-pass (Seed 004 9渡し).

Changes: after a double/triple/quad of 9s the player gives (count − 1) cards to the next player
in turn order ("9のダブル、トリプル、4枚を出した時、出した枚数マイナス1枚を左隣のプレイヤーに
渡す"); after a Catapult only the two added cards count (so one card). Fewer if the hand holds
fewer; giving the last cards finishes (例 "手札3枚を左の人に渡し、手札がなくなり、上がり").
The engine waits for the ``give`` (cards with known hands, a number with hidden hands); it is
mandatory unless ``optional``: until it is made every other action is illegal (rule nine-pass).
Announces: ``effect`` nine-pass with ``count`` when due, with ``to``/``count``/``cards`` when made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Await, Effect
from referee.engine.options import Option, option, param
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class NinePassOption(Option):
    ID = "nine-pass"
    TITLE = "9-pass (give count−1 cards to the next player)"
    SEED = "Seed 004 9渡し"
    optional: bool = param(False, "the give may be skipped (the next player acting skips it)")


class NinePass(Rule[NinePassOption]):
    ID = "nine-pass"
    OPTION = NinePassOption
    PLACE = 180
    NAMES = {"en": "nine pass", "ja": "きゅうわたし"}
    TEXTS = {
        "en": {
            "pending": "Nine pass: {player} gives {count} card(s) to {to}.",
            "": "{player} gives {count} card(s) to {to}.",
        },
        "ja": {
            "pending": "きゅうわたし。{to}さんに {count}まい わたします。",
            "": "{player}さんから {to}さんへ {count}まい わたしました。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, False, Rank.NINE)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if group_rank_effect(play, False, Rank.NINE) and play.added >= 2:
            return (Await(self.ID, "give", play.added - 1, not self.option.optional),)
        return ()
