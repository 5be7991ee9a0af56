"""Capital fall (Seed 003 都落ち).

Changes: when a player other than the previous game's daifugo (first place) finishes first,
the old daifugo is out at once ("大富豪以外のプレイヤーが1位で上がったら、大富豪だったプレイヤー
は脱落"), ranked last — just above any player disqualified for an illegal finish.
Announces: ``effect`` capital-fall naming the fallen player; their ``finish`` event comes at
the game end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Effect, Fall
from referee.engine.options import Option, option
from referee.engine.plays import Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class CapitalFallOption(Option):
    ID = "capital-fall"
    TITLE = "Capital fall (the old daifugo not first is out, last)"
    SEED = "Seed 003 都落ち"


class CapitalFall(Rule[CapitalFallOption]):
    ID = "capital-fall"
    OPTION = CapitalFallOption
    PLACE = 290
    NAMES = {"en": "capital fall", "ja": "みやこおち"}
    TEXTS = {
        "en": {
            "": "Capital fall! {player} is out.",
        },
        "ja": {
            "": "みやこおち！ {player}さんは だつらく。",
        },
    }

    def on_finish(self, s: GameState, seat: int, finished_before: int,
                  play: Play | None = None) -> tuple[Effect, ...]:
        prev = s.match.ranking
        if finished_before or not prev:
            return ()
        king = prev[0]
        if king != seat and s.active >> king & 1 and king < s.n:
            return (Fall(self.ID, king),)
        return ()
