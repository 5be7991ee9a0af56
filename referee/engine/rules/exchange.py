"""Card exchange (Seed 003 カードを交換する).

From the second game: the last-ranked (大貧民) gives their ``top-cards`` strongest cards to the
first (大富豪), who gives back ``top-cards`` cards of their choice; with 4 or more players the
second-last (貧民) and the second (富豪) do the same with ``second-cards``. "Strongest" is the
standard order (jokers strongest); with ties any of the tied cards may go. With hidden hands
only the number of cards is declared (the referee cannot see them). The exchange happens before
the first play; each giver acts once, in any order (the simulator: poorer first).
Announces: ``effect`` exchange with ``to``, ``count`` (and ``cards`` with known hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.cards import JOKER_SHIFT, REAL_MASK
from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule
from referee.engine.state import Transfer


@option
@dataclass(frozen=True)
class ExchangeOption(Option):
    ID = "exchange"
    TITLE = "Card exchange between the ranks"
    SEED = "Seed 003 カードを交換する"
    top_cards: int = param(2, "cards between 大富豪 and 大貧民", minimum=0, maximum=5)
    second_cards: int = param(1, "cards between 富豪 and 貧民 (4+ players)", minimum=0, maximum=5)


class Exchange(Rule[ExchangeOption]):
    ID = "exchange"
    OPTION = ExchangeOption
    PLACE = 360
    NAMES = {"en": "card exchange", "ja": "カードこうかん"}
    TEXTS = {
        "en": {
            "": "{player} gives {count} card(s) to {to}.",
        },
        "ja": {
            "": "{player}さんから {to}さんへ {count}まい こうかん。",
        },
    }

    def transfers(self, ranking: tuple[int, ...]) -> tuple[Transfer, ...]:
        o = self.option
        n = len(ranking)
        out = []
        pairs = [(ranking[0], ranking[-1], o.top_cards)]
        if n >= 4:
            pairs.append((ranking[1], ranking[-2], o.second_cards))
        for rich, poor, k in pairs:
            if k > 0:
                out.append(Transfer(poor, rich, k, True))
        for rich, poor, k in pairs:
            if k > 0:
                out.append(Transfer(rich, poor, k, False))
        return tuple(out)

    def strongest_ok(self, hand: int, given: int) -> bool:
        """Are the given cards (mask) the strongest of ``hand`` (mask, before giving)?"""
        kept = hand & ~given
        if kept >> JOKER_SHIFT:
            return not (given & REAL_MASK)  # a kept joker is stronger than any given card
        table = self.order.normal
        given_real = [table[c >> 2] for c in range(52) if given >> c & 1]
        kept_real = [table[c >> 2] for c in range(52) if kept >> c & 1]
        return not given_real or not kept_real or max(kept_real) <= min(given_real)
