"""Eight Reset (an 8 may clear the table, no point card): its seed examples (seed 000 (Profit)),
one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Declare
from seed_helpers import points


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_eight_reset_declared_clears_the_table_player_leads_no_point_card():
    """エイトリセット(選択制8切り)：8を出した時に発動するか選択。強制的に場をリセットし、自分から
    カードを出す事ができる。しかしこの効果で場をリセットした場合、ボーナス点は獲得できない。"""
    t = Table("profit", counts={})
    t.play("A", "9S")
    ev = t.play("B", "8S")
    p = t.s.pending
    assert p is not None and p.rule == "eight-reset" and p.player == 1 and t.turn == "C"
    ev = t.do(Declare("B", "eight-reset"))
    assert t.effects(ev) == ["eight-reset", "eight-reset"]
    assert t.trick_ended(ev) and points(ev) == [] and t.turn == "B" and t.top is None


def test_eight_reset_is_optional():
    t = Table("profit", counts={})
    t.play("A", "8S")
    t.play("B", "7S")                            # not declared: lapsed
    assert t.s.pending is None
    assert t.do(Declare("A", "eight-reset"))[0].rule == "eight-reset"


def test_eight_reset_not_offered_to_a_finisher():
    t = Table("profit", hands={"A": "8S", "B": "9S 7S", "C": "KS 2C", "D": "KD 2D"})
    ev = t.play("A", "8S")
    assert t.s.pending is None and "eight-reset" not in t.effects(ev)


def test_eight_reset_off():
    t = Table("profit", counts={}, eight_reset=False)
    t.play("A", "8S")
    assert t.s.pending is None
