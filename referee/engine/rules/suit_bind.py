"""Suit bind (Seed 003 スート縛り; Seed 004 シバリ).

Changes: a play whose suits are exactly the suits of the play it answers locks those suits
until the trick ends (Seed 004 例 "♡4 のシングルに対して ♡6 を出すと、♡しか出せなくなる";
例2 "♠6♡6 のダブルに対して♠9♡9と出すと、♠♡の組み合わせしか出せなくなる"). No partial bind
(カタシバリ): every suit must match. Both plays must have every suit determined: an unpinned
joker in a group, or a lone joker, never forms a bind (pin it, ``JK=6H``, to bind with it).
Which plays can bind is a parameter: ``max-cards`` (the largest group that binds; 0: any) and
``in-stairs`` (stairs answered by stairs of the same suit bind). Seed 004 binds only
「シングル、ダブル、トリプルが出ている時に」 (``highschool``: ``max-cards = 3``, ``in-stairs =
false``); seeds 003 and 002 name no shape (any group, and stairs). Strict bind (激シバ) forms
only where a suit bind can, so these shapes limit it too.
May be made: under a bind, every determined suit of a play must be a locked suit (unpinned
jokers fill the locked suits).
Announces: ``effect`` suit-bind with the locked ``suits``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Effect, SetBind
from referee.engine.options import Option, option, param
from referee.engine.plays import Play, Shape, suit_list
from referee.engine.rules.base import Rule
from referee.engine.rules.common import binds, shape_binds

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class SuitBindOption(Option):
    ID = "suit-bind"
    TITLE = "Suit bind (same suits twice lock the suits)"
    SEED = "Seed 003 スート縛り; Seed 004 シバリ"
    max_cards: int = param(0, "the largest group that can bind (0: any; seed 004: 3, single to "
                              "triple)", minimum=0, maximum=8)
    in_stairs: bool = param(True, "stairs answered by stairs of the same suit bind too")


class SuitBind(Rule[SuitBindOption]):
    ID = "suit-bind"
    OPTION = SuitBindOption
    PLACE = 90
    NAMES = {"en": "suit bind", "ja": "しばり"}
    TEXTS = {
        "en": {
            "": "Suit bind: only {suits}.",
        },
        "ja": {
            "": "しばり！ {suits}のみ。",
        },
    }

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        bind = s.trick.bind
        if bind and play.suits & ~bind:
            return f"only {' '.join(suit_list(bind))} may be played"
        return None

    def fires_on(self, shape: Shape) -> bool:
        return (not shape.leads and not shape.catapult
                and shape_binds(shape, self.option.max_cards, self.option.in_stairs))

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        t = s.trick
        if not t.bind and not play.catapult and binds(t.top, play, self.option.max_cards, self.option.in_stairs):
            return (SetBind(self.ID, play.suits),)
        return ()
