"""Shinako-no-koshi (a hand of just 4, 5, 7: finished): its seed examples (seed 002 (Shinafugo)),
one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Claim, apply, parse_cards
from referee.engine.events import IllegalEvent
from seed_helpers import table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_shinako_koshi_hand_of_one_4_one_5_one_7_finishes():
    """手札を別のマークでもいいので４、５、７を１枚づつだけにすると、その人はあがったことになります。"""
    t = Table("shinafugo", hands={"A": "9C 4S 5H 7D", "B": "10D JD", "C": "6S QD", "D": "KC 3H"},
              first="A")
    t.play("A", "9C")
    ev = t.claim("A", "shinako-koshi", "4S 5H 7D")
    assert "shinako-koshi" in t.effects(ev) and t.s.finished == (0,)
    assert t.turn == "B"


def test_shinako_koshi_needs_the_whole_hand():
    t = table({"A": 4, "B": 10, "C": 10, "D": 10})
    _, ev = apply(t.s, Claim("A", "shinako-koshi", parse_cards("4S 5H 7D")))
    assert isinstance(ev[0], IllegalEvent) and ev[0].rule == "shinako-koshi"
    t = table({"A": 3, "B": 10, "C": 10, "D": 10})
    _, ev = apply(t.s, Claim("A", "shinako-koshi", parse_cards("4S 5H 5D")))
    assert isinstance(ev[0], IllegalEvent)
    t.claim("A", "shinako-koshi", "4S 5H 7D")
    assert t.s.finished == (0,)
