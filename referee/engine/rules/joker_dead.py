"""Joker Dead (Seed 000 ジョーカーデッド(ジョーカー上がり禁止): "Jokerを使用して上がったプレイヤー
はそのゲームでの得点が0になる。また、1位の追加5点は2位のプレイヤーに移る。※2位もジョーカー
デットした場合、追加5点は無しとなる"; オールマイティ "※オールマイティを使用し上がった場合、
下のジョーカーデッドが発動する").

Changes: a player whose finishing play holds a joker (alone, both jokers, or almighty) scores 0
for the game, point cards taken earlier included, and takes no point card from that play; the
first-finisher bonus goes to the first finisher who is not Joker Dead (none if both are; see
``scoring`` mode ``points``). The finish itself stands (places are kept).
Announces: ``effect`` joker-dead naming the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from referee.engine.effects import STEP_FINISH, Effect
from referee.engine.immutable import immutable
from referee.engine.options import Option, option
from referee.engine.plays import Play
from referee.engine.rules.base import Rule
from referee.engine.rules.common import JOKER_DEAD

if TYPE_CHECKING:
    from referee.engine.state import GameState
    from referee.engine.working import Working


@option
@dataclass(frozen=True)
class JokerDeadOption(Option):
    ID = "joker-dead"
    TITLE = "Joker Dead (finishing with a joker scores 0)"
    SEED = "Seed 000 ジョーカーデッド"


@immutable
class MarkDead(Effect):
    """The player's score for this game is 0 (announced)."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH

    def apply(self, w: Working, seat: int) -> None:
        w.set_slot(JOKER_DEAD, JOKER_DEAD.read(w.slots) | 1 << self.player)
        w.effect(self.rule, self.player)


class JokerDead(Rule[JokerDeadOption]):
    ID = "joker-dead"
    OPTION = JokerDeadOption
    PLACE = 280
    NAMES = {"en": "joker dead", "ja": "ジョーカーデッド"}
    TEXTS = {
        "en": {
            "": "Joker dead! {player} scores nothing this game.",
        },
        "ja": {
            "": "ジョーカーデッド！ {player}さんは このゲーム 0てん。",
        },
    }

    def on_finish(self, s: GameState, seat: int, finished_before: int,
                  play: Play | None = None) -> tuple[Effect, ...]:
        if play is not None and play.jokers:
            return (MarkDead(self.ID, seat),)
        return ()
