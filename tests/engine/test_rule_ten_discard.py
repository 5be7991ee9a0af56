"""10-discard (discard as many cards as 10s played): its seed examples (seed 004 (high-school
rules, its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Discard, parse_cards


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_ten_discard_double_ten_discards_up_to_two():
    """10ダブルを出すと↓手札を２枚捨てる事ができる。"""
    t = Table(hands={"A": "10S 10H 3C 4C 5C 6C", "B": "JS QS", "C": "JH", "D": "JD"})
    ev = t.play("A", "10S 10H")
    assert t.s.pending is not None and t.s.pending.limit == 2
    assert t.turn == "B"
    t.do(Discard("A", parse_cards("3C 4C 5C")))
    assert t.events[0].rule == "ten-discard"  # three is too many: illegal
    t.discard("A", "3C 4C")
    assert t.s.counts[0] == 2 and t.s.pending is None
    assert "ten-discard" in t.effects(ev)
