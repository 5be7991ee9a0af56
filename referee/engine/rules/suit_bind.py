"""Suit bind (Seed 003 スート縛り; Seed 004 シバリ).

Changes: a play whose suits are exactly the suits of the play it answers locks those suits
until the trick ends (Seed 004 例 "♡4 のシングルに対して ♡6 を出すと、♡しか出せなくなる";
例2 "♠6♡6 のダブルに対して♠9♡9と出すと、♠♡の組み合わせしか出せなくなる"). No partial bind
(カタシバリ): every suit must match. Both plays must have every suit determined: an unpinned
joker in a group, or a lone joker, never forms a bind (pin it, ``JK=6H``, to bind with it).
May be made: under a bind, every determined suit of a play must be a locked suit (unpinned
jokers fill the locked suits).
Announces: ``effect`` suit-bind with the locked ``suits``.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.effects import SetBind
from referee.engine.options import Option, option
from referee.engine.plays import Play, same_shape, suit_list
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class SuitBindOption(Option):
    ID = "suit-bind"
    TITLE = "Suit bind (same suits twice lock the suits)"
    SEED = "Seed 003 スート縛り; Seed 004 シバリ"


def binds(top: Play | None, play: Play) -> bool:
    """Do these two consecutive plays have the same, fully determined suits?"""
    return (top is not None and same_shape(top, play) and top.fully_determined
            and play.fully_determined and top.suits == play.suits)


class SuitBind(Rule):
    ID = "suit-bind"
    OPTION = SuitBindOption

    def restrict(self, s, seat, play: Play):
        bind = s.trick.bind
        if bind and play.suits & ~bind:
            return f"only {' '.join(suit_list(bind))} may be played"
        return None

    def effects(self, s, seat, play: Play):
        t = s.trick
        if not t.bind and not play.catapult and binds(t.top, play):
            return (SetBind(self.ID, play.suits),)
        return ()
