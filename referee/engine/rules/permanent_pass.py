"""Permanent pass (Seed 003 永久パス).

Changes: a player who passes cannot play again until the trick ends; without it a player who
passed may play again after somebody else plays. (The engine's turn step reads
``Rules.permanent_pass``; the trick ends once every other player still in has passed.)
Announces: nothing of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.options import Option, option
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class PermanentPassOption(Option):
    ID = "permanent-pass"
    TITLE = "Permanent pass (a pass lasts until the trick ends)"
    SEED = "Seed 003 永久パス"


class PermanentPass(Rule[PermanentPassOption]):
    ID = "permanent-pass"
    OPTION = PermanentPassOption
    PLACE = 300
    NAMES = {"en": "permanent pass", "ja": "えいきゅうパス"}
