"""Tenho (dealt 4, 5, 7 of one suit: finished): its seed examples (seed 002 (Shinafugo)), one test
each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Claim, apply, parse_cards
from referee.engine.events import FinishEvent, IllegalEvent
from seed_helpers import effect, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_tenho_dealt_4_5_7_of_one_suit_finishes_at_once():
    """手札が配られた時点で、同じマークの４、５、７を持っていた場合強制的にその人はあがったことに
    なります。"""
    t = Table("shinafugo", hands={"A": "3H 9C", "B": "4D 5D 7D KS 2C", "C": "6S JD",
                                   "D": "QC 10H"}, first=None)
    ev = t.claim("B", "tenho", "4D 5D 7D")
    assert effect(ev, "tenho").detail("cards") == ("4D", "5D", "7D")
    assert any(isinstance(e, FinishEvent) and e.player == "B" and e.place == 1 for e in ev)
    assert not t.s.is_active(1) and t.turn == "A"


def test_tenho_with_hidden_hands_and_only_before_the_first_play():
    t = table()
    bad = t.do(Claim("B", "tenho", parse_cards("4D 5H 7D")))[0]     # not one suit
    assert isinstance(bad, IllegalEvent) and bad.rule == "tenho"
    t = table()
    t.play("A", "9C")
    _, ev = apply(t.s, Claim("B", "tenho", parse_cards("4D 5D 7D")))
    assert isinstance(ev[0], IllegalEvent) and ev[0].rule == "tenho"
    t = table()
    t.claim("C", "tenho", "4S 5S 7S")
    assert t.s.finished == (2,) and t.s.counts[2] == 10   # out, with their cards
    t.refuses("A", "4S", "duplicate-card")                # the shown cards are tracked
