"""One module per rule. ``RULE_ORDER`` is the order in which the engine consults them (and in
which effects of the same step apply); it is also the order of the options in the docs."""

from __future__ import annotations

from referee.engine.rules.base import Rule
from referee.engine.rules.capital_fall import CapitalFall
from referee.engine.rules.catapult import Catapult
from referee.engine.rules.eight_cut import EightCut
from referee.engine.rules.eleven_back import ElevenBack
from referee.engine.rules.exchange import Exchange
from referee.engine.rules.first_player import FirstPlayer
from referee.engine.rules.forbidden_finish import ForbiddenFinish
from referee.engine.rules.joker import Joker
from referee.engine.rules.lucky_seven import LuckySeven
from referee.engine.rules.nine_pass import NinePass
from referee.engine.rules.nine_reverse import NineReverse
from referee.engine.rules.permanent_pass import PermanentPass
from referee.engine.rules.revolution import Revolution
from referee.engine.rules.same_rank_skip import SameRankSkip
from referee.engine.rules.scoring import Scoring
from referee.engine.rules.spade_three import SpadeThree
from referee.engine.rules.stairs import Stairs
from referee.engine.rules.strict_bind import StrictBind
from referee.engine.rules.suit_bind import SuitBind
from referee.engine.rules.ten_discard import TenDiscard

RULE_ORDER: tuple[type[Rule], ...] = (
    Joker, Stairs, Revolution, SameRankSkip, SuitBind, StrictBind, EightCut, NineReverse,
    ElevenBack, TenDiscard, NinePass, SpadeThree, Catapult, LuckySeven, ForbiddenFinish,
    CapitalFall, PermanentPass, Exchange, FirstPlayer, Scoring,
)
RULE_CLASSES: dict[str, type[Rule]] = {cls.ID: cls for cls in RULE_ORDER}

__all__ = ["RULE_ORDER", "RULE_CLASSES", "Rule"]
