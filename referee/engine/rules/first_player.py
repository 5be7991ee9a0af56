"""First player (Seed 003 最初の番のプレイヤー; Seed 004 "大貧民からスタート").

The first game is led by the holder of ♦3 (Seed 003 "最初のラウンドは♦3を持っているプレイヤー
が親"; Seed 004 "♢3 を持っている人からスタート（♢3を出す必要はない）"); with hidden hands the
record says who (``first``), else the first listed player. Later games are led by the previous
game's last-ranked player (``later = "poorest"``, BGA option 2) or its first (``"richest"``,
BGA option 1). A record's ``first`` always wins.
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
    SEED = "Seed 003 最初の番のプレイヤー; Seed 004 ルール"
    PRIMARY = "later"
    enabled: bool = param(True, "always on (who leads the first game is not optional)")
    later: str = param("poorest", "who leads games 2+: the previous last (poorest, 大貧民) or "
                                  "first (richest, 大富豪)", choices=("poorest", "richest"))


DIAMOND_THREE = Card.of(Rank.THREE, Suit.D)


class FirstPlayer(Rule):
    ID = "first-player"
    OPTION = FirstPlayerOption

    def first_seat(self, ranking: tuple[int, ...] | None, hands: tuple[int, ...] | None) -> int:
        if ranking:
            return ranking[0] if self.option.later == "richest" else ranking[-1]
        if hands:
            for seat, h in enumerate(hands):
                if h >> DIAMOND_THREE & 1:
                    return seat
        return 0
