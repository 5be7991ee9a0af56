"""King Crown (Ks of the top's suits beat it): its seed examples (seed 000 (Profit)), one test
each, named after the statement or 例 it checks."""

from engine_helpers import Table


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_king_crown_a_king_of_the_top_suit_ignores_the_number():
    """キングクラウン：場の一番上のカードと同じスート(マーク)のKがあれば発動できる。...数字を
    無視してそのKを出せる。"""
    t = Table("profit", counts={})
    t.play("A", "2S")
    ev = t.play("B", "KS")
    assert "king-crown" in t.effects(ev)
    t2 = Table("profit", counts={})
    t2.play("A", "2S")
    t2.illegal("B", "KH", "not-stronger")


def test_king_crown_multi_card_all_suits_must_match():
    """複数枚ならば全てのスートが一致している場合、出すことが出来る。"""
    t = Table("profit", counts={})
    t.play("A", "3S 3H")
    t.illegal("B", "KS KD", "not-stronger")
    t.play("B", "KS KH")


def test_king_crown_with_jokers_on_either_side():
    """キングクラウンについてはJokerは全スートとして考える為、Jokerで代わりをするスート以外が一致
    していれば出すことができます。"""
    t = Table("profit", counts={})
    t.play("A", "3S 3H")
    assert t.legal("B", "KS JK")
    t.illegal("B", "KD JK", "not-stronger")
    t2 = Table("profit", counts={})
    t2.play("A", "3S JK")
    assert t2.legal("B", "KS KD")
    t2.illegal("B", "KH KD", "not-stronger")


def test_king_crown_not_on_a_lone_joker():
    t = Table("profit", counts={})
    t.play("A", "JK")
    t.illegal("B", "KS", "not-stronger")


def test_king_crown_off():
    t = Table("profit", counts={}, king_crown=False)
    t.play("A", "2S")
    t.illegal("B", "KS", "not-stronger")
