"""Number bind (consecutive numbers lock the next number): its seed examples (seed 002
(Shinafugo)), one test each, named after the statement or 例 it checks."""

from seed_helpers import effect, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_number_bind_consecutive_numbers_must_stay_consecutive():
    """出されたカードの数字が連続していた場合、それ以降そのトリックでは数字を連続させないといけません。"""
    t = table()
    t.play("A", "9S")
    ev = t.play("B", "10H")
    assert effect(ev, "number-bind").detail("number") == "J"
    t.refuses("C", "QS", "number-bind")
    ev = t.play("C", "JC")
    assert effect(ev, "number-bind").detail("number") == "Q"
    t.refuses("D", "KD", "number-bind")
    t.play("D", "QD")


def test_number_bind_groups_too():
    t = table()
    t.play("A", "9S 9H")
    t.play("B", "10C 10D")
    t.refuses("C", "QS QH", "number-bind")
    assert t.legal("C", "JS JH")


def test_mark_bind_and_number_bind_together():
    """マーク縛りと数字縛りは重複することもあります。"""
    t = table()
    t.play("A", "9H")
    ev = t.play("B", "10H")
    assert {"suit-bind", "number-bind"} <= set(t.effects(ev))
    t.refuses("C", "JS", "suit-bind")
    t.refuses("C", "QH", "number-bind")
    t.play("C", "JH")
