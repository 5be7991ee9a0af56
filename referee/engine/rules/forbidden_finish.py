"""Forbidden finish (Seed 003 ルール違反のあがり).

Changes: a player who empties the hand with a play holding a joker (also as a wild card) or a
card of the strongest rank of the order in force when playing (2; 3 when reversed) is
disqualified: out of the game, ranked last; of several, the later one ranks higher ("後に
アウトしたプレイヤーがより高いランク"). The play itself stands. Emptying the hand by a
10-discard or a 9-pass is not a play and is never forbidden.
Announces: ``effect`` forbidden-finish; the ``finish`` event with the final place comes at the
game end, when the bottom places are known.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.effects import Disqualify
from referee.engine.options import Option, option, param
from referee.engine.plays import Play
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class ForbiddenFinishOption(Option):
    ID = "forbidden-finish"
    TITLE = "Illegal finish (finishing on a joker or the strongest rank disqualifies)"
    SEED = "Seed 003 ルール違反のあがり"
    strongest: bool = param(True, "finishing with the strongest rank (2, or 3 reversed) is "
                                  "forbidden")
    jokers: bool = param(True, "finishing with a joker (also as a wild card) is forbidden")


class ForbiddenFinish(Rule):
    ID = "forbidden-finish"
    OPTION = ForbiddenFinishOption

    def finish_check(self, s, seat, play: Play | None):
        if play is None:
            return None
        o = self.option
        if o.jokers and play.jokers:
            return Disqualify(self.ID, seat)
        if o.strongest:
            r = self.order.strongest_rank(s.reversed)
            if any(c >> 2 == r for c in play.represents()):
                return Disqualify(self.ID, seat)
        return None
