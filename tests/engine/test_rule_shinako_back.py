"""Shinako back (each 4, 5, 7 flips the order for the trick): its seed examples (seed 002
(Shinafugo)), one test each, named after the statement or 例 it checks."""

from seed_helpers import effect, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_shinako_back_each_4_5_7_flips_the_order_for_the_trick():
    """数字カードのうち、４、５、７は１枚に付き１回、そのトリックだけカードの強弱が逆転します。強制です。"""
    t = table()
    t.play("A", "3S")
    ev = t.play("B", "7H")
    assert effect(ev, "shinako-back").detail("order") == "reversed" and t.s.reversed
    t.refuses("C", "9D", "not-stronger")
    t.play("C", "6D")
    ev = t.passes("D", "A", "B")
    assert t.trick_ended(ev) and not t.s.reversed     # only for that trick


def test_shinako_back_two_flips_cancel():
    """１枚に付き１回: a pair of 4s, or stairs with a 4 and a 5, flip twice."""
    t = table()
    ev = t.play("A", "4S 4H")
    e = effect(ev, "shinako-back")
    assert e.detail("count") == 2 and e.detail("order") == "normal" and not t.s.reversed
    t2 = table()
    ev = t2.play("A", "3S 4S 5S")
    assert effect(ev, "shinako-back").detail("count") == 2 and not t2.s.reversed
    t3 = table()
    ev = t3.play("A", "4S 5S 6S 7S")                  # three flips and a revolution
    assert t3.s.revolution and t3.s.trick.flipped and not t3.s.reversed


def test_shinako_back_then_number_bind_follows_the_new_order():
    """(notes) the number bind's next number follows the order after the flip"""
    t = table()
    t.play("A", "3S")
    ev = t.play("B", "4H")                            # 3 -> 4 consecutive; the 4 flips
    assert t.effects(ev) == ["shinako-back", "number-bind"]
    assert effect(ev, "number-bind").detail("number") == "3"
    t.refuses("C", "5C", "not-stronger")
    assert t.legal("C", "3C")
