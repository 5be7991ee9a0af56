"""Revolution (Seed 003 革命; Seed 004 出し方 "4枚以上出すと、出した時点で革命状態になり").

May be made: no change (a 4+ play is answered only by a play of the same shape that is stronger
in the NEW order: Seed 004 例 "♡10♢10♠10♣10 ... 3～9のどれか4枚を出すと返せる").
Changes: a group of ``min-cards`` or more (jokers count), or stairs of that length when
``stairs`` is on, flips the game-long order at once; another one flips it back.
Announces: ``effect`` revolution with the new ``order``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Effect, FlipGameOrder
from referee.engine.options import Option, option, param
from referee.engine.plays import Kind, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class RevolutionOption(Option):
    ID = "revolution"
    TITLE = "Revolution (4+ cards reverse the order)"
    SEED = "Seed 003 革命; Seed 004 出し方/革命"
    min_cards: int = param(4, "fewest cards that make a revolution", minimum=2, maximum=13)
    stairs: bool = param(True, "stairs of min-cards or more also make a revolution")


class Revolution(Rule[RevolutionOption]):
    ID = "revolution"
    OPTION = RevolutionOption
    PLACE = 60
    NAMES = {"en": "revolution", "ja": "かくめい"}
    TEXTS = {
        "en": {
            "": "Revolution! The order is now {order}.",
        },
        "ja": {
            "": "かくめい！ {order}",
        },
    }

    def fires_on(self, shape: Shape) -> bool:
        o = self.option
        return (not shape.catapult and shape.count >= o.min_cards
                and (shape.kind is Kind.GROUP or o.stairs))

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        o = self.option
        if play.catapult or len(play.cards) < o.min_cards:
            return ()
        if play.kind is Kind.STAIRS and not o.stairs:
            return ()
        return (FlipGameOrder(self.ID),)
