"""11-back (a J reverses the order for the trick): its seed examples (seed 004 (high-school rules,
its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from seed_helpers import revolution_then_lead


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_eleven_back_rei_heart3_spadeJ_then_3_to_10_then_spade10_strict_spade9():
    """例：♡3 → ♠J と出した場合、出せるのは3~10のシングルである。ここに ♠10 を出すと激シバとなり、
    ♠9 しか出せなくなる。"""
    t = Table()
    t.play("A", "3H")
    ev = t.play("B", "JS")
    assert t.effects(ev) == ["eleven-back"]
    t.illegal("C", "QS", "not-stronger")
    t.illegal("C", "2S", "not-stronger")
    for r in "3456789":
        assert t.legal("C", f"{r}D")
    assert t.legal("C", "10D")
    ev = t.play("C", "10S")
    assert "strict-bind" in t.effects(ev)
    assert [e for e in ev if getattr(e, "rule", "") == "strict-bind"][0].detail("next") == ("9S",)
    t.illegal("D", "8S", "strict-bind")
    t.illegal("D", "9H", "suit-bind")
    assert t.legal("D", "9S")


def test_eleven_back_rei2_under_revolution_A_pair_then_J_pair_then_Q_to_2_pairs():
    """例2：革命状態で ♠A♣A → ♡J♣J などと出した場合、出せるのはQ~2のダブルである。"""
    t = Table()
    revolution_then_lead(t)
    t.play("A", "AS AC")
    ev = t.play("B", "JH JC")
    assert "eleven-back" in t.effects(ev) and not t.s.reversed
    for r in ("Q", "K", "A", "2"):
        if r != "A":
            assert t.legal("C", f"{r}S {r}D"), r
    assert t.legal("C", "AH AD")
    t.illegal("C", "10S 10D", "not-stronger")
    t.illegal("C", "3S 3D", "not-stronger")


def test_eleven_back_rei3_under_revolution_Q_pair_J_pair_strict_only_joker_double():
    """例3：革命状態で ♠Q♢Q → ♠J♢J と出した場合、激シバとなり、返せるのはJOKERダブル のみとなる。"""
    t = Table()
    revolution_then_lead(t)
    t.play("A", "QS QD")
    ev = t.play("B", "JS JD")
    assert t.effects(ev) == ["eleven-back", "suit-bind", "strict-bind"]
    t.illegal("C", "KS KD", "strict-bind")
    t.illegal("C", "2S 2D", "strict-bind")
    assert t.legal("C", "JK JK")
