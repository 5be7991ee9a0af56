"""Catapult (add two cards to a single: triple or 3-stairs): its seed examples (seed 004 (high-
school rules, its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_catapult_rei_club3_plus_diamond3_heart3_is_a_triple():
    """例：♣3 に対して、自分の手札から ♢3♡3 と出すと、3のトリプルを出した事になる。"""
    t = Table()
    t.play("A", "3C")
    ev = t.play("B", "3D 3H")
    assert "catapult" in t.effects(ev)
    assert len(t.top.cards) == 3 and t.top.low == 0
    t.illegal("C", "5S", "wrong-count")
    assert t.legal("C", "4S 4D 4C")


def test_catapult_rei_strict_bind_is_lifted_by_a_6_triple():
    """例：♠3 → ♡5 → ♡6 と回ってきた時、激シバであるので、♡7しか出せないが、♢6♣6 を出すと、6の
    トリプルを出した事になる。（激シバはなくなる）"""
    t = Table()
    t.play("A", "3S")
    t.play("B", "5H")
    ev = t.play("C", "6H")
    assert "strict-bind" in t.effects(ev)
    t.illegal("D", "8H", "strict-bind")
    t.play("D", "6D 6C")
    assert t.s.trick.bind == 0 and t.s.trick.strict < 0
    assert t.legal("A", "7S 7D 7C")


def test_catapult_rei_heartQ_heartA_on_heartK_makes_QKA_stairs_beaten_only_by_KA2():
    """例：♢5 → ♡K に ♡Q♡A を出すと、♡Q♡K♡A を出した事になり、返せるのはスーテッド K A 2 のみ。"""
    t = Table()
    t.play("A", "5D")
    t.play("B", "KH")
    ev = t.play("C", "QH AH")
    assert "catapult" in t.effects(ev)
    assert t.top.kind.value == "stairs"
    assert t.legal("D", "KS AS 2S")
    t.illegal("D", "QS KS AS", "not-stronger")
    t.illegal("D", "JS QS KS", "not-stronger")


def test_catapult_rei_diamond9_10_on_diamondJ_under_eleven_back_beaten_by_3_to_10_stairs():
    """例：♣5 → ♢J に ♢9♢10 と出すと ♢9♢10♢J の階段を出したことになる。返せるのはJバック状態
    なので3~10の階段3枚で返せる。"""
    t = Table()
    t.play("A", "5C")
    t.play("B", "JD")
    ev = t.play("C", "9D 10D")
    assert "catapult" in t.effects(ev) and t.s.reversed  # 11-back goes on
    assert t.legal("D", "8S 9S 10S")
    assert t.legal("D", "3S 4S 5S")
    t.illegal("D", "9S 10S JS", "not-stronger")
    t.illegal("D", "10S JS QS", "not-stronger")


def test_catapult_rei_club10_plus_two_10s_discards_two():
    """例：♣10 に ♢10♡10 を出すと、10のトリプルを出した事になる。（自分の手から出した10は2枚なので、
    捨てられるのは2枚）"""
    t = Table(hands={"A": "10C 3S", "B": "10D 10H 4S 5S 6S 7S", "C": "QS", "D": "KS"})
    t.play("A", "10C")
    ev = t.play("B", "10D 10H")
    assert "catapult" in t.effects(ev)
    assert t.s.pending.rule == "ten-discard" and t.s.pending.limit == 2
    assert t.turn == "C"
    t.discard("B", "4S 5S")
    assert t.s.counts[1] == 2


def test_catapult_rei_diamond2_beaten_by_2_pair_or_diamond_K_A():
    """例：♢2 を ♣2♠2 や ♢K♢A で返す事ができる。"""
    t = Table()
    t.play("A", "2D")
    assert t.legal("B", "2C 2S")
    assert t.legal("B", "KD AD")
    t.illegal("B", "KS AS", "catapult")
