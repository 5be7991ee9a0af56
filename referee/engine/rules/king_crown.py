"""King Crown (Seed 000 キングクラウン: "場の一番上のカードと同じスート(マーク)のKがあれば発動
できる。場の一番上のカードと同じキングの場合、数字を無視してそのKを出せる。複数枚ならば全ての
スートが一致している場合、出すことが出来る"; Jokerについて "キングクラウンについてはJokerは全
スートとして考える為、Jokerで代わりをするスート以外が一致していれば出すことができます").

May be made: a group of Ks with as many cards as the top play, whose suits are the top play's
suits, whatever the numbers (in Profit's descending order a K is otherwise the weakest card).
Jokers match any suit on either side (almighty jokers in the Ks, or in the top play). Not on a
top of jokers only (a lone joker is strongest in every state: our reading). A colour bind still
holds (the Ks must fit it).
Announces: ``effect`` king-crown when the Ks would not have beaten the top otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable
from itertools import combinations

from referee.engine.cards import JOKER, JOKER_SHIFT, Card, Rank
from referee.engine.effects import Announce, Effect
from referee.engine.options import Option, option
from referee.engine.plays import JOKER_RANK, Kind, Play, Shape, strength
from referee.engine.rules.base import Rule
from referee.engine.rules.common import COLOUR_BIND, fits

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class KingCrownOption(Option):
    ID = "king-crown"
    TITLE = "King Crown (Ks of the top's suits beat it)"
    SEED = "Seed 000 キングクラウン"


class KingCrown(Rule[KingCrownOption]):
    ID = "king-crown"
    OPTION = KingCrownOption
    PLACE = 240
    NAMES = {"en": "king crown", "ja": "キングクラウン"}
    TEXTS = {
        "en": {
            "": "King crown!",
        },
        "ja": {
            "": "キングクラウン！",
        },
    }

    def _fits(self, s: GameState, play: Play) -> bool:
        top = s.trick.top
        if (top is None or play.kind is not Kind.GROUP or play.low != Rank.KING
                or top.kind is not Kind.GROUP or top.low == JOKER_RANK
                or len(play.cards) != len(top.cards)):
            return False
        # suits (masks) of the determined cards; unpinned jokers (``wild``) match any suit
        if ((top.suits & ~play.suits).bit_count() > play.wild
                or (play.suits & ~top.suits).bit_count() > top.wild):
            return False
        c = COLOUR_BIND.of(s)
        return not c or fits(c, play)

    def special(self, s: GameState, seat: int, play: Play) -> bool:
        return self._fits(s, play)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        top = s.trick.top
        if top is None or not self._fits(s, play):  # _fits needs a top
            return ()
        table = s.rules.order.table(s.reversed)
        if strength(play, table) > strength(top, table):
            return ()
        return (Announce(self.ID),)

    def generates_on(self, top: Shape) -> bool:
        return top.kind is Kind.GROUP and top.low != JOKER_RANK

    def generate(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        top = s.trick.top
        if top is None or top.kind is not Kind.GROUP or top.low == JOKER_RANK:
            return []
        n = len(top.cards)
        kings = [Card.of(Rank.KING, su) for su in range(4) if hand >> (Rank.KING * 4 + su) & 1]
        jk = (hand >> JOKER_SHIFT).bit_count() if s.rules.jokers_wild else 0
        pool = kings + [Card(JOKER)] * min(jk, n - 1)
        return list(dict.fromkeys(c for c in combinations(pool, n) if any(x < JOKER for x in c)))
