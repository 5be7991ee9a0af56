"""The strength order of the numbers (Seed 000 準備 "Aを1、2~10は数字通り、Jを11、Qを12、Kを13";
ゲーム進行 "場の一番上のカードよりも小さい数").

* ``standard`` (seeds 002/003/004): 3 < 4 < ... < 10 < J < Q < K < A < 2, a lone joker above all;
  a revolution reverses it (2 < A < K < ... < 3), the joker stays strongest.
* ``descending`` (Profit): the *smaller number* is stronger: K (13) < Q < ... < 2 < A (1), a lone
  joker above all ("JOKERをX(数が無く、どの時でも最強)"); Profit's revolution makes it ascending
  (A < 2 < ... < K), the joker still strongest (rules-notes: "The joker is strongest in every
  state").

Stairs (if a table turns them on) stay runs in the physical sequence 3 4 ... K A 2 whatever the
order; they compare by their weakest card in the order in force.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.cards import RANK_NUMBERS
from referee.engine.options import Option, option, param
from referee.engine.plays import STANDARD_ORDER, Order
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class OrderOption(Option):
    ID = "order"
    TITLE = "Strength order of the numbers"
    SEED = "Seed 000 準備 / ゲーム進行 (descending); Seed 002 カードの強さ (standard)"
    PRIMARY = "numbers"
    enabled: bool = param(True, "always on")
    numbers: str = param("standard", "standard (3 weakest ... A, 2 strongest) or descending "
                                     "(Profit: K weakest ... 2, A strongest)",
                         choices=("standard", "descending"))


DESCENDING_ORDER = Order(tuple(13 - RANK_NUMBERS[r] for r in range(13)) + (99,),
                         tuple(RANK_NUMBERS[r] - 1 for r in range(13)) + (99,))
"""Profit's order: a smaller number is stronger (A=1 strongest); reversed: A weakest, K strongest."""


def order_of(opt: OrderOption) -> Order:
    if opt.enabled and opt.numbers == "descending":
        return DESCENDING_ORDER
    return STANDARD_ORDER


class StrengthOrder(Rule[OrderOption]):
    ID = "order"
    OPTION = OrderOption
    PLACE = 10
    ANNOUNCED = False
