"""Dobon (your hand's sum matches the play: its player is last): its seed examples (seed 002
(Shinafugo)), one test each, named after the statement or 例 it checks."""

from referee.engine import Claim, Pass, apply, parse_cards
from referee.engine.state import Phase
from seed_helpers import effect, ranking, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_dobon_hand_sum_equals_the_play_sum_the_player_is_last():
    """自分の手札の合計と場に出されたカードの合計が一致した場合、ドボンとコールすることが出来ます。
    ドボンとコールされた人はドボン返しする以外はその時点でビリとなり、その時点でゲームが終わります。"""
    t = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    ev = t.claim("B", "dobon", "AH 5C")               # 1 + 5 = 6
    e = effect(ev, "dobon")
    assert e.player == "B" and e.detail("target") == "A" and e.detail("sum") == 6
    assert t.s.pending.rule == "dobon-gaeshi" and t.s.pending.player == 0
    ev = t.do(Pass("A"))                               # A cannot (or will not) answer
    assert effect(ev, "dobon-gaeshi").detail("declined")
    assert ranking(t)[-1] == "A" and t.s.phase is Phase.OVER


def test_dobon_sums_use_A1_J11_Q12_K13_and_jokers_count_zero():
    t = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t.play("A", "KS JK")                               # 13 + 0
    t.claim("B", "dobon", "JH 2C")                     # 11 + 2


def test_dobon_only_without_a_joker_in_hand():
    """自分の手札にジョーカーがない時に限ります。"""
    t = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    ev = t.do(Claim("B", "dobon", parse_cards("6H JK")))
    assert ev[0].rule == "dobon" and "joker" in ev[0].message


def test_dobon_wrong_sum_is_a_chombo():
    t = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    ev = t.do(Claim("B", "dobon", parse_cards("AH 6C")))
    assert ev[0].rule == "dobon" and effect(ev, "chombo").player == "B"


def test_dobon_must_show_the_whole_hand_and_only_on_the_play_just_made():
    t = table({"A": 3, "B": 3, "C": 10, "D": 10})
    t.play("A", "6S")
    _, ev = apply(t.s, Claim("B", "dobon", parse_cards("AH 5C")))
    assert ev[0].rule == "dobon" and "must show all" in ev[0].message
    t2 = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t2.play("A", "6S")
    t2.passes("B")
    _, ev = apply(t2.s, Claim("B", "dobon", parse_cards("AH 5C")))
    assert ev[0].rule == "dobon"


def test_dobon_on_a_finishing_play_makes_the_finisher_last():
    t = table({"A": 1, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    assert t.s.finished == (0,)
    t.claim("B", "dobon", "2H 4C")
    assert t.s.phase is Phase.OVER and ranking(t)[-1] == "A"


def test_dobon_after_the_uno_call_is_a_plain_dobon():
    t = table({"A": 2, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    t.declare("A", "uno")
    t.claim("B", "dobon", "AH 5C")
    assert t.s.pending.rule == "dobon-gaeshi"
