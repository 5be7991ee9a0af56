"""Spade-3 return (♠3 beats a lone joker; ♠2 under revolution): its seed examples (seed 004 (high-
school rules, its 例), seed 002 (Shinafugo)), one test each, named after the statement or 例 it
checks."""

from engine_helpers import Table
from seed_helpers import revolution_then_lead, table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_spade_three_rei_joker_answered_by_other_joker_or_spade3():
    """例：♡10 → ♠Q → ♣2 → JOKERと出た場合、出せるのは、もう一枚の JOKER か ♠3 である。
    （もう一枚のJOKERが出た場合、それをさらに♠3で返す事ができる）"""
    t = Table()
    t.play("A", "10H")
    t.play("B", "QS")
    t.play("C", "2C")
    t.play("D", "JK")
    assert t.legal("A", "3S")
    assert t.legal("A", "JK")
    t.illegal("A", "2S", "not-stronger")
    t.illegal("A", "3H", "not-stronger")
    t.play("A", "JK")
    ev = t.play("B", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev) and t.turn == "B"


def test_spade_three_rei2_joker_standing_for_spade10_is_returned_by_spade3():
    """例２：♠10 → ♠J → JOKER と出た場合、このJOKERは♠10扱いとなるが、♠3 で返す事ができる。"""
    t = Table()
    t.play("A", "10S")
    ev = t.play("B", "JS")
    assert t.effects(ev) == ["eleven-back", "suit-bind", "strict-bind"]
    t.play("C", "JK")
    assert t.top.represents()[0].code == "10S"
    ev = t.play("D", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev)


def test_spade_three_rei3_joker_double_cannot_be_returned():
    """例３：♡2♠2 → JOKERダブル と出た場合、♠3では返せない。"""
    t = Table()
    t.play("A", "2H 2S")
    t.play("B", "JK JK")
    t.illegal("C", "3S", "wrong-count")


def test_spade_two_returns_the_joker_under_revolution_but_spade3_under_eleven_back():
    """革命状態の時は、♠3で返す事ができなくなり、♠2 で返すことができるようになる。
    Under 11-back alone ♠3 still returns it: 例２ above (♠10 → ♠J → JOKER → ♠3); the seed's
    example wins over the notes' "(and under 11-back)"."""
    t = Table()
    revolution_then_lead(t)
    t.play("A", "6H")
    t.play("B", "JK")
    t.illegal("C", "3S", "not-stronger")
    ev = t.play("C", "2S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev)
    t2 = Table()
    t2.play("A", "4H")
    t2.play("B", "JD")  # 11-back: reversed until the trick ends
    t2.play("C", "JK")
    t2.illegal("D", "2S", "not-stronger")
    assert t2.legal("D", "3S")


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_spade3_after_a_single_joker_cuts_and_leads():
    """どのような用途であれ、１枚のジョーカーのあとスペードの３が出るとそこで切れて、その人が次の
    トリックの台札を出します。"""
    t = table()
    t.play("A", "6S")
    t.play("B", "JK")
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev) and t.turn == "C"


def test_spade3_after_a_joker_standing_for_a_card_whatever_the_binds():
    t = table()
    t.play("A", "3H")
    t.play("B", "JK=4H")                              # binds hearts and 5
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev) and t.turn == "C"


def test_spade3_also_under_revolution():
    t = table()
    t.play("A", "JS JH JD JC")
    t.passes("B", "C", "D")
    t.play("A", "9S")
    t.play("B", "JK")
    t.refuses("C", "2S", "not-stronger")
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev)


def test_spade3_not_after_a_joker_double():
    t = table()
    t.play("A", "6S 6H")
    t.play("B", "JK JK")
    t.refuses("C", "3S", "wrong-count")
