"""Uno (Seed 002 ウノ: "手札が残り１枚になるとき、必ず「ウノ」と言わなくてはなりません").

Changes: when a play leaves the player one card, the referee reminds them (a pending
declaration) and the player declares ``uno`` (``{"player": "C", "declare": "uno"}``) before
anybody acts; any other action first means the call was missed: a violation, announced, and
under Chombo the player's chombo (the game ends at once, the action is not applied). A dobon on
that play is then a dobon on a chombo play (see dobon).
Announces: ``effect`` uno with ``pending`` (the reminder), ``declared`` when called, ``missed``
when not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Await, Effect, Violation
from referee.engine.options import Option, option
from referee.engine.plays import Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState, Pending


@option
@dataclass(frozen=True)
class UnoOption(Option):
    ID = "uno"
    TITLE = "Uno (call uno on dropping to one card)"
    SEED = "Seed 002 ウノ"


class Uno(Rule[UnoOption]):
    ID = "uno"
    OPTION = UnoOption
    PLACE = 200
    NAMES = {"en": "uno", "ja": "ウノ"}
    TEXTS = {
        "en": {
            "": "{player}: uno.",
            "pending": "{player} is down to one card: call uno!",
            "declared": "{player}: uno!",
            "missed": "{player} did not call uno.",
        },
        "ja": {
            "": "{player}さん、ウノ。",
            "pending": "{player}さん、のこり 1まい。ウノと いってください。",
            "declared": "{player}さん、ウノ！",
            "missed": "{player}さん、ウノを いいませんでした。",
        },
    }

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if s.counts[seat] - play.added == 1:
            return (Await(self.ID, "declare"),)
        return ()

    def declare(self, s: GameState, seat: int) -> tuple[Effect, ...]:
        return ()

    def lapse(self, s: GameState, pending: Pending) -> tuple[Effect, ...]:
        return (Violation(self.ID, pending.player),)
