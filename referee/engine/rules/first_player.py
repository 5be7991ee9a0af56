"""First player (Seed 003 最初の番のプレイヤー; Seed 004 "大貧民からスタート"; Seed 000 準備 /
決着方法; Seed 002 準備).

The first game is led by the holder of ``card``: ♦3 (Seed 003 "最初のラウンドは♦3を持っている
プレイヤーが親"; Seed 004 "♢3 を持っている人からスタート（♢3を出す必要はない）"), ♥3 (Seed 002
"最初はハートの３を持つ人からスタート"), or ``none`` (Profit: "ジャンケンや話し合いなどで" —
the table decides: the record's ``first``, else the first listed player). With hidden hands the
record says who (``first``), else the first listed player. Later games are led by the previous
game's last-ranked player (``later = "poorest"``, BGA option 2), its first (``"richest"``, BGA
option 1; Profit "２ゲーム目以降のスタートプレイヤーは、前のゲームで最初に上がったプレイヤー"),
or again the ``card`` holder (``"card"``: Shinafugo, whose games stand alone). When cards are
exchanged before the first play, the card holder is the holder *after* the exchange (the UECda
server and wecraw's spec agree); with hidden hands the referee cannot see it and the record says
who. A record's ``first`` always wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.cards import Card, Rank, Suit
from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class FirstPlayerOption(Option):
    ID = "first-player"
    TITLE = "First player of later games"
    SEED = "Seed 003 最初の番のプレイヤー; Seed 004 ルール; Seed 000 準備; Seed 002 準備"
    PRIMARY = "later"
    enabled: bool = param(True, "always on (who leads the first game is not optional)")
    later: str = param("poorest", "who leads games 2+: the previous last (poorest, 大貧民), "
                                  "first (richest, 大富豪), or the card holder again (card)",
                       choices=("poorest", "richest", "card"))
    card: str = param("3D", "whose card leads the first game (none: the table decides)",
                      choices=("3D", "3H", "none"))


DIAMOND_THREE = Card.of(Rank.THREE, Suit.D)
HEART_THREE = Card.of(Rank.THREE, Suit.H)
_CARDS = {"3D": DIAMOND_THREE, "3H": HEART_THREE}


class FirstPlayer(Rule[FirstPlayerOption]):
    ID = "first-player"
    OPTION = FirstPlayerOption
    PLACE = 370
    ANNOUNCED = False

    def by_card(self, ranking: tuple[int, ...] | None) -> bool:
        """Does the holder of a card lead this game (so an exchange can change who)?"""
        return _CARDS.get(self.option.card) is not None and (not ranking
                                                            or self.option.later == "card")

    def first_seat(self, ranking: tuple[int, ...] | None, hands: tuple[int, ...] | None) -> int:
        o = self.option
        if ranking and o.later != "card":
            return ranking[0] if o.later == "richest" else ranking[-1]
        card = _CARDS.get(o.card)
        if hands and card is not None:
            for seat, h in enumerate(hands):
                if h >> card & 1:
                    return seat
        return 0
