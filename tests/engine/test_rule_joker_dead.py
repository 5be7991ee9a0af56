"""Joker Dead (finishing with a joker scores 0): its seed examples (seed 000 (Profit)), one test
each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine.rules.common import JOKER_DEAD
from seed_helpers import game_end, points


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_joker_dead_finishing_with_a_joker_scores_zero_and_bonus_moves_to_second():
    """ジョーカーデッド：Jokerを使用して上がったプレイヤーはそのゲームでの得点が0になる。また、1位の
    追加5点は2位のプレイヤーに移る。"""
    t = Table("profit", hands={"A": "JH JK", "B": "9S 8S", "C": "KS 2C 3C", "D": "KD 2D 3D"})
    t.play("A", "JH")
    t.passes("B", "C", "D")                      # A takes J (11)
    ev = t.play("A", "JK")                       # A finishes with a joker: dead
    assert "joker-dead" in t.effects(ev) and points(ev) == []
    t.passes("B", "C", "D")                      # passed out on A (out): no point card; B leads
    t.play("B", "9S")
    t.passes("C", "D")                           # B takes 9
    t.play("B", "8S")                            # B second: 9 + 8, and the +5 of the dead A
    end = game_end(t)
    scores = dict(end.scores)
    assert scores["A"] == 0
    assert scores["B"] == 9 + 8 + 5


def test_joker_dead_by_almighty_finish():
    """※オールマイティを使用し上がった場合、下のジョーカーデッドが発動する。"""
    t = Table("profit", hands={"A": "5S JK", "B": "9S", "C": "KS 2C", "D": "KD 2D"})
    ev = t.play("A", "5S JK")
    assert "joker-dead" in t.effects(ev) and points(ev) == []
    assert JOKER_DEAD.of(t.s) == 1


def test_joker_dead_both_finishers_no_bonus():
    """※2位もジョーカーデットした場合、追加5点は無しとなる。"""
    t = Table("profit", hands={"A": "JK", "B": "JK 3S", "C": "KS 2C", "D": "KD 2D"})
    t.play("A", "JK")
    t.passes("B", "C", "D")
    ev = t.play("B", "3S JK")
    assert "joker-dead" in t.effects(ev)
    end = game_end(t)
    assert dict(end.scores) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_joker_dead_off_finishing_with_a_joker_scores():
    t = Table("profit", hands={"A": "9S JK", "B": "8S 7S", "C": "KS 2C", "D": "KD 2D"},
              joker_dead=False)
    t.play("A", "9S")
    t.passes("B", "C", "D")
    ev = t.play("A", "JK")
    assert "joker-dead" not in t.effects(ev) and points(ev) == []
    t.passes("B", "C", "D")
    t.play("B", "8S")
    t.passes("C", "D")
    t.play("B", "7S")
    assert dict(game_end(t).scores)["A"] == 9 + 5
