"""Almighty (Seed 000 オールマイティ: "複数枚カードを出す時、Jokerで足りない分を補うことができる").

May be made: jokers join cards of one number to make up a group ("Joker は...オールマイティと
して扱っている場合、全スートの代わりをしている数字"), at most ``max-cards`` cards in all (four:
the joker fills a missing suit). Without this rule (and with ``joker.wild`` off, as in Profit) a
joker is played alone, or with the other joker.
On a group with jokers another group may follow when its real cards meet the conditions ("Joker
以外のカードが条件を満たしていれば連続して出すことが可能").
Special effects count the jokers (Seven Skip, Revolution: "Jokerの枚数もカウントして行います").
A top play with an almighty joker gives no point card; finishing with one is Joker Dead (see
point-cards, joker-dead).
Announces: ``effect`` almighty when jokers join real cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.effects import Announce, Effect
from referee.engine.options import Option, option, param
from referee.engine.plays import JOKER_RANK, Kind, Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class AlmightyOption(Option):
    ID = "almighty"
    TITLE = "Almighty (jokers make up a group)"
    SEED = "Seed 000 オールマイティ"
    max_cards: int = param(4, "most cards in a group with almighty jokers", minimum=2, maximum=8)


def almighty(play: Play) -> bool:
    """Do jokers join real cards in this play?"""
    return play.kind is Kind.GROUP and play.low != JOKER_RANK and play.jokers > 0


class Almighty(Rule[AlmightyOption]):
    ID = "almighty"
    OPTION = AlmightyOption
    PLACE = 40
    NAMES = {"en": "almighty", "ja": "オールマイティ"}
    TEXTS = {
        "en": {
            "": "Almighty! The jokers fill in.",
        },
        "ja": {
            "": "オールマイティ！",
        },
    }
    LEADS = True

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        if len(play.cards) > self.option.max_cards and almighty(play):
            return f"a group with almighty jokers has at most {self.option.max_cards} cards"
        return None

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if almighty(play):
            return (Announce(self.ID),)
        return ()
