"""10-discard (Seed 004 10捨て).

Changes: after a single/group of 10s the player may discard up to as many cards as 10s played
("10をシングル、ダブル、トリプル、4枚で出した時、その枚数の手札を捨てることが出来る"); after a
Catapult only the two added cards count. It is an optional declaration: the engine waits
(``pending``); the player's ``discard`` (cards with known hands, a number with hidden hands)
takes it, anybody else acting means it was not taken. Emptying the hand this way finishes.
Announces: ``effect`` ten-discard with ``max`` when offered, with ``count`` (and ``cards``) when
taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import Rank
from referee.engine.effects import Await, Effect
from referee.engine.options import Option, option
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class TenDiscardOption(Option):
    ID = "ten-discard"
    TITLE = "10-discard (discard as many cards as 10s played)"
    SEED = "Seed 004 10捨て"


class TenDiscard(Rule[TenDiscardOption]):
    ID = "ten-discard"
    OPTION = TenDiscardOption
    PLACE = 170
    NAMES = {"en": "ten discard", "ja": "じゅうすて"}
    TEXTS = {
        "en": {
            "pending": "Ten discard: {player} may discard up to {max} card(s).",
            "": "{player} discards {count} card(s).",
        },
        "ja": {
            "pending": "じゅうすて。{max}まいまで すてられます。",
            "": "{player}さん、{count}まい すてました。",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, False, Rank.TEN)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if group_rank_effect(play, False, Rank.TEN):
            return (Await(self.ID, "discard", play.added, False),)
        return ()
