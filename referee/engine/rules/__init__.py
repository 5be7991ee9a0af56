"""One module per rule. ``RULE_ORDER`` is the order in which the engine consults them (and in
which effects of the same step apply); it is also the order of the options in the docs."""

from __future__ import annotations

from referee.engine.options import Option
from referee.engine.rules.almighty import Almighty
from referee.engine.rules.base import Rule
from referee.engine.rules.capital_fall import CapitalFall
from referee.engine.rules.catapult import Catapult
from referee.engine.rules.chombo import Chombo
from referee.engine.rules.coup import Coup
from referee.engine.rules.deal import Dealing
from referee.engine.rules.dobon import Dobon
from referee.engine.rules.dobon_gaeshi import DobonGaeshi
from referee.engine.rules.eight_cut import EightCut
from referee.engine.rules.eight_reset import EightReset
from referee.engine.rules.eleven_back import ElevenBack
from referee.engine.rules.exchange import Exchange
from referee.engine.rules.first_player import FirstPlayer
from referee.engine.rules.forbidden_finish import ForbiddenFinish
from referee.engine.rules.jack_bind import JackBind
from referee.engine.rules.joker import Joker
from referee.engine.rules.joker_dead import JokerDead
from referee.engine.rules.king_crown import KingCrown
from referee.engine.rules.lucky_seven import LuckySeven
from referee.engine.rules.nine_pass import NinePass
from referee.engine.rules.nine_reverse import NineReverse
from referee.engine.rules.number_bind import NumberBind
from referee.engine.rules.order import StrengthOrder
from referee.engine.rules.permanent_pass import PermanentPass
from referee.engine.rules.point_cards import PointCards
from referee.engine.rules.revolution import Revolution
from referee.engine.rules.same_rank_skip import SameRankSkip
from referee.engine.rules.scoring import Scoring
from referee.engine.rules.seven_skip import SevenSkip
from referee.engine.rules.shinako_back import ShinakoBack
from referee.engine.rules.shinako_koshi import ShinakoKoshi
from referee.engine.rules.spade_three import SpadeThree
from referee.engine.rules.stairs import Stairs
from referee.engine.rules.strict_bind import StrictBind
from referee.engine.rules.suit_bind import SuitBind
from referee.engine.rules.tenho import Tenho
from referee.engine.rules.ten_discard import TenDiscard
from referee.engine.rules.uno import Uno

RULE_ORDER: tuple[type[Rule[Option]], ...] = (
    StrengthOrder, Dealing, Joker, Almighty, Stairs, Revolution, Coup, SameRankSkip, SuitBind,
    StrictBind, NumberBind, JackBind, EightCut, NineReverse, ElevenBack, ShinakoBack, TenDiscard,
    NinePass, EightReset, Uno, SpadeThree, Catapult, LuckySeven, KingCrown, SevenSkip,
    ForbiddenFinish, PointCards, JokerDead, CapitalFall, PermanentPass, Tenho, ShinakoKoshi,
    Dobon, DobonGaeshi, Chombo, Exchange, FirstPlayer, Scoring,
)
RULE_CLASSES: dict[str, type[Rule[Option]]] = {cls.ID: cls for cls in RULE_ORDER}

SETTINGS = frozenset(("order", "deal", "joker", "first-player", "scoring", "point-cards"))
"""Options that are settings rather than rules announced by id (no ``effect`` event of their
own; Profit's point cards announce themselves with the ``point_card`` event)."""

__all__ = ["RULE_ORDER", "RULE_CLASSES", "Rule", "SETTINGS"]
