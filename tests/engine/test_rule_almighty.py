"""Almighty (jokers make up a group): its seed examples (seed 000 (Profit)), one test each, named
after the statement or 例 it checks."""

from engine_helpers import Table
from seed_helpers import points


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_almighty_jokers_make_up_a_group():
    """オールマイティ：複数枚カードを出す時、Jokerで足りない分を補うことができる。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H 9D")
    ev = t.play("B", "5S JK JK")
    assert "almighty" in t.effects(ev)


def test_almighty_off_jokers_play_alone():
    """Each special rule is its own option: without Almighty a joker is played alone."""
    t = Table("profit", counts={}, almighty=False)
    t.play("A", "9S 9H")
    t.illegal("B", "5S JK", "wrong-shape")
    assert t.legal("B", "JK JK")


def test_almighty_group_has_at_most_four_cards():
    t = Table("profit", counts={})
    t.illegal("A", "5S 5H 5D 5C JK", "almighty")


def test_almighty_top_gives_no_point_card():
    """しかしこの効果により場をリセットすることになった場合、ボーナス点は獲得できない。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    t.play("B", "5S JK")
    ev = t.passes("C", "D", "A")
    assert points(ev) == [] and t.turn == "B"


def test_almighty_top_can_be_answered_when_the_real_cards_meet_the_conditions():
    """Jokerをオールマイティとして使用している場合、Joker以外のカードが条件を満たしていれば連続して
    出すことが可能です。"""
    t = Table("profit", counts={})
    t.play("A", "9S JK")
    t.illegal("B", "10S 10H", "not-stronger")
    t.play("B", "8S JK")
