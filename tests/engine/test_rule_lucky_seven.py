"""Lucky 7 (three 7s beat 2s, 3s when reversed): its seed examples (seed 004 (high-school rules,
its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_lucky_seven_rei_7_triple_beats_2_pair_under_bind_and_cuts():
    """例：♡4♢4 → ♡A♢A（シバリ） → ♡2♢2 → ♢7♣7♠7（流れ）"""
    t = Table()
    t.play("A", "4H 4D")
    ev = t.play("B", "AH AD")
    assert "suit-bind" in t.effects(ev)
    t.play("C", "2H 2D")
    ev = t.play("D", "7D 7C 7S")
    assert "lucky-seven" in t.effects(ev) and t.trick_ended(ev) and t.turn == "D"


def test_lucky_seven_rei_after_jack_back_and_catapult_7_triple_beats_3_triple():
    """例：♡6 → ♡J（シバック） → ♡3 → ♢3♣3（カタパルト） → ♡7♠7♣7（流れ）"""
    t = Table()
    t.play("A", "6H")
    ev = t.play("B", "JH")
    assert t.effects(ev) == ["eleven-back", "suit-bind"]
    t.play("C", "3H")
    ev = t.play("D", "3D 3C")
    assert "catapult" in t.effects(ev)
    ev = t.play("A", "7H 7S 7C")
    assert "lucky-seven" in t.effects(ev) and t.trick_ended(ev)


def test_lucky_seven_jokers_may_stand_for_sevens():
    """↓JOKERはなんの代わりとしても使える。"""
    t = Table()
    t.play("A", "2S")
    assert t.legal("B", "7S JK JK")
    assert t.legal("B", "7S 7H JK")
