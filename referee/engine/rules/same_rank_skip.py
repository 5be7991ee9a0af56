"""Same-rank skip (Seed 003 スキップ; variant "2(または革命時の3)は同ランクスキップできない").

May be made: a play of the same shape and the same strength as the top (same rank; stairs over
the same ranks) is allowed — except, with ``except-strongest``, a play of the strongest rank of
the current order (2, or 3 when reversed). Lone jokers never skip.
Changes: the next player in turn loses their turn (counts as a pass).
Announces: ``effect`` same-rank-skip with the ``skipped`` player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Effect, Skip
from referee.engine.options import Option, option, param
from referee.engine.plays import JOKER_RANK, Kind, Play, same_shape, strength
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class SameRankSkipOption(Option):
    ID = "same-rank-skip"
    TITLE = "Same-rank skip (an equal play skips the next player)"
    SEED = "Seed 003 スキップ / 2(または革命時の3)は同ランクスキップできない"
    except_strongest: bool = param(False, "the strongest rank (2, or 3 reversed) cannot skip "
                                          "(BGA's \"2/3 cannot skip\" row)")


class SameRankSkip(Rule[SameRankSkipOption]):
    ID = "same-rank-skip"
    OPTION = SameRankSkipOption
    PLACE = 80
    NAMES = {"en": "same-rank skip", "ja": "スキップ"}
    TEXTS = {
        "en": {
            "": "Same rank! {skipped} is skipped.",
        },
        "ja": {
            "": "スキップ！ {skipped}さんは とばされます。",
        },
    }

    def _equal(self, s: GameState, play: Play) -> bool:
        top = s.trick.top
        if top is None or play.catapult or play.low == JOKER_RANK or not same_shape(top, play):
            return False
        table = self.order.table(s.reversed)
        if strength(play, table) != strength(top, table):
            return False
        if self.option.except_strongest:
            strongest = self.order.strongest_rank(s.reversed)
            if play.kind is Kind.GROUP and play.low == strongest:
                return False
            if play.kind is Kind.STAIRS and play.low <= strongest <= play.high:
                return False
        return True

    def equal_beats(self, s: GameState, seat: int, play: Play) -> bool:
        return self._equal(s, play)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        return (Skip(self.ID, 1),) if self._equal(s, play) else ()
