"""How the cards are dealt (Seed 000 準備 "全員に手札として12枚カードを配ります。残ったカードは
使わない"; Seed 002 準備 "人数分に適当に分けます。すなわち等分する必要なし").

The engine accepts any deal it is given (known hands, or hidden counts: the referee is told each
player's count); this option says what the table deals, which the simulator follows and the
docs state:

* ``hand-size`` 0: the whole deck, as evenly as possible (seeds 003/004); Profit 12 each, the
  rest set aside (never seen; a set-aside card played with known hands is ``not-in-hand``);
* ``uneven``: the dealer splits the deck unevenly (Shinafugo); the simulator deals random sizes;
* ``min-players`` / ``max-players``: how many players the rules are for (``referee simulate``
  refuses other counts; Profit is for 3–4, seed 000 「3～4人向け」; a table file may say otherwise).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class DealOption(Option):
    ID = "deal"
    TITLE = "The deal"
    SEED = "Seed 000 準備 (12 each, rest aside); Seed 002 準備 (uneven)"
    PRIMARY = "hand_size"
    enabled: bool = param(True, "always on")
    hand_size: int = param(0, "cards per player (0: the whole deck, as evenly as possible); the "
                              "rest is set aside", minimum=0, maximum=27)
    uneven: bool = param(False, "the deck is split unevenly; the referee is told the counts")
    min_players: int = param(3, "the fewest players the rules are for", minimum=2, maximum=8)
    max_players: int = param(8, "the most players the rules are for (Profit: 4, seed 000 "
                                "「3～4人向け」)", minimum=2, maximum=8)


class Dealing(Rule[DealOption]):
    ID = "deal"
    OPTION = DealOption
    PLACE = 20
    ANNOUNCED = False

    def players_range(self) -> tuple[int, int]:
        """(fewest, most) players these rules are for."""
        o = self.option
        return o.min_players, max(o.min_players, o.max_players)

    def sizes(self, deck: int, n: int, rng: random.Random | None = None) -> list[int]:
        """Hand sizes for ``n`` players from a deck of ``deck`` cards (``rng``: uneven)."""
        o = self.option
        per = deck // n
        if o.hand_size:
            return [min(o.hand_size, per)] * n
        sizes = [per + (1 if k < deck - per * n else 0) for k in range(n)]
        if o.uneven and rng is not None:
            spread = max(1, per // 3)
            for _ in range(n * 2):
                a, b = rng.randrange(n), rng.randrange(n)
                k = rng.randint(0, spread)
                if a != b and sizes[a] - k >= 1:
                    sizes[a] -= k
                    sizes[b] += k
        return sizes
