"""Coup (three 9s make a revolution): its seed examples (seed 002 (Shinafugo)), one test each,
named after the statement or 例 it checks."""

from seed_helpers import effect, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_coup_three_nines_including_jokers_make_a_revolution():
    """数字の９（代用含む）３枚で革命が起きます。クーデターも革命と同じ扱いです。"""
    t = table()
    ev = t.play("A", "9S 9H 9D")
    assert effect(ev, "coup").detail("order") == "reversed" and t.s.revolution
    t2 = table()
    ev = t2.play("A", "9S 9H JK")
    assert "coup" in t2.effects(ev) and t2.s.revolution
    t3 = table()
    ev = t3.play("A", "9S 9H 9D 9C")                 # four 9s: a revolution, not a coup as well
    assert t3.effects(ev) == ["revolution"] and t3.s.revolution
