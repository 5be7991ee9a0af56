"""Dobon-gaeshi (the dobon'd player's own sum matches: the caller is last): its seed examples (seed
002 (Shinafugo)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Claim, parse_cards
from referee.engine.state import Phase
from seed_helpers import effect, ranking, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_dobon_gaeshi_the_remaining_hand_matches_too_the_caller_is_last():
    """ドボンとコールされた場合、さらに自分の残りの手札の合計がそれに一致する場合、ドボン返しとコール
    することが出来ます。ドボン返しとコールされた人はその時点でビリとなり、その時点でゲームが終わります。"""
    t = Table("shinafugo", hands={"A": "6S 3H 3D", "B": "AH 5C", "C": "9S QS", "D": "10C JC"},
              first="A")
    t.play("A", "6S")
    t.claim("B", "dobon", "AH 5C")
    t.refuses("C", "9S", "dobon-gaeshi")               # nobody else may act meanwhile
    ev = t.claim("A", "dobon-gaeshi", "3H 3D")
    e = effect(ev, "dobon-gaeshi")
    assert e.detail("target") == "B" and e.detail("sum") == 6
    assert ranking(t)[-1] == "B" and t.s.phase is Phase.OVER


def test_dobon_gaeshi_needs_no_joker_and_the_same_sum():
    t = table({"A": 3, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    t.claim("B", "dobon", "AH 5C")
    ev = t.do(Claim("A", "dobon-gaeshi", parse_cards("3H JK")))
    assert ev[0].rule == "dobon-gaeshi" and t.s.phase is Phase.PLAY   # refused; may still pass
    ev = t.do(Claim("A", "dobon-gaeshi", parse_cards("3H 4D")))
    assert ev[0].rule == "dobon-gaeshi"
    t.passes("A")
    assert ranking(t)[-1] == "A"
