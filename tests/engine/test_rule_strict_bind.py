"""Strict bind (suit bind + consecutive ranks lock the next rank): its seed examples (seed 004
(high-school rules, its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_strict_bind_rei_heart6_heart7_only_heart8_and_joker_as_8_cuts():
    """例：♡6に対して♡7を出すと、♡8しか出せなくなる。（ここでジョーカーは出すことができ、8扱いと
    なるので、8切りすることが出来る）"""
    t = Table()
    t.play("A", "6H")
    ev = t.play("B", "7H")
    assert t.effects(ev) == ["suit-bind", "strict-bind"]
    t.illegal("C", "9H", "strict-bind")
    t.illegal("C", "8S", "suit-bind")
    assert t.legal("C", "8H")
    ev = t.play("C", "JK")
    assert "eight-cut" in t.effects(ev) and t.trick_ended(ev) and t.turn == "C"


def test_strict_bind_rei2_9_to_10_pairs_then_J_pair_then_only_joker_double():
    """例２：♡9♣9 に対して ♡10♣10 と出すと ♡J♣J しか出せなくなる。（この後はイレブンバックと
    なるためジョーカーダブルしか返せない）"""
    t = Table()
    t.play("A", "9H 9C")
    t.give("A", 1)  # (9-pass is on in this preset)
    ev = t.play("B", "10H 10C")
    assert "strict-bind" in t.effects(ev)
    t.illegal("C", "QH QC", "strict-bind")
    t.illegal("C", "JH JD", "suit-bind")
    ev = t.play("C", "JH JC")
    assert "eleven-back" in t.effects(ev)
    # next in the reversed order after J is 10: ♡10♣10 are gone, so only jokers
    t.illegal("D", "QH QC", "not-stronger")
    t.illegal("D", "8H 8C", "strict-bind")
    t.illegal("D", "10H 10C", "duplicate-card")
    assert t.legal("D", "JK JK")


def test_strict_bind_rei3_no_number_bind_without_suit_bind():
    """例３：♡4♢4に対して♡5♠5と出しても何も起こらない。"""
    t = Table()
    t.play("A", "4H 4D")
    ev = t.play("B", "5H 5S")
    assert t.effects(ev) == []
    assert t.legal("C", "9C 9D")
