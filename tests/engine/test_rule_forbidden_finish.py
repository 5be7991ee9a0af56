"""Illegal finish (finishing on a joker or the strongest rank disqualifies): its seed examples
(seed 002 (Shinafugo)), one test each, named after the statement or 例 it checks."""

import pytest

from engine_helpers import Table
from referee.engine import PlayCards, parse_cards
from referee.engine.state import Phase
from seed_helpers import effect, ranking, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

@pytest.mark.parametrize("card", ["4S", "5S", "7S", "8S", "2S", "JK"])
def test_forbidden_finishing_cards(card):
    """４、５、７、８、２（革命中は３）、ジョーカーを含めてあがってはいけません。"""
    t = table({"A": 10, "B": 1, "C": 10, "D": 10})
    t.play("A", "3D")
    t.refuses("B", card, "forbidden-finish")


def test_forbidden_finish_in_a_group_and_allowed_cards():
    t = table({"A": 10, "B": 2, "C": 10, "D": 10})
    t.play("A", "3D 3C")
    t.refuses("B", "9S JK", "forbidden-finish")
    t.refuses("B", "2S 2H", "forbidden-finish")
    assert t.legal("B", "9S 9H")
    t2 = table({"A": 10, "B": 1, "C": 10, "D": 10})
    t2.play("A", "3D")
    for card in ("6S", "9S", "10S", "JS", "QS", "KS", "AS"):
        assert t2.legal("B", card), card


def test_forbidden_finish_three_under_revolution_two_allowed():
    """２（革命中は３）"""
    t = table({"A": 10, "B": 1, "C": 10, "D": 10})
    t.play("A", "JS JH JD JC")
    t.passes("B", "C", "D")
    t.play("A", "9S")
    t.refuses("B", "3H", "forbidden-finish")
    assert t.legal("B", "6H")
    t = table({"A": 10, "B": 2, "C": 10, "D": 10})
    t.play("A", "JS JH JD JC")
    t.passes("B", "C", "D")
    t.play("A", "9S")
    t.play("B", "3H")
    t.declare("B", "uno")
    t.passes("C", "D", "A")
    assert t.turn == "B" and t.legal("B", "2H")     # a 2 is no longer the strongest


def test_forbidden_finish_is_a_chombo():
    t = table({"A": 10, "B": 1, "C": 10, "D": 10})
    t.play("A", "3D")
    ev = t.do(PlayCards("B", parse_cards("2S")))
    assert ev[0].EVENT == "illegal" and ev[0].rule == "forbidden-finish"
    assert effect(ev, "chombo").detail("violation") == "forbidden-finish"
    assert ranking(t)[-1] == "B" and t.s.counts[1] == 1        # the card went back


def test_stuck_leader_must_lead_a_forbidden_card_and_it_is_a_chombo():
    """(our ruling) a leader whose only card is forbidden (or only jokers) cannot lead anything
    else: the play stands and it is their chombo."""
    t = table({"A": 1, "B": 10, "C": 10, "D": 10})
    ev = t.play("A", "4D")
    assert t.effects(ev) == ["shinako-back", "forbidden-finish", "chombo"]
    assert ranking(t)[-1] == "A" and t.s.phase is Phase.OVER
    t2 = Table("shinafugo", counts={"A": 1, "B": 10, "C": 10, "D": 10}, chombo=False)
    ev = t2.play("A", "4D")                           # without Chombo: disqualified, play on
    assert "forbidden-finish" in t2.effects(ev) and t2.s.disqualified == (0,)
    assert t2.s.phase is Phase.PLAY and t2.turn == "B"
