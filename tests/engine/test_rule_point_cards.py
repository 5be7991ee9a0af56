"""Point cards (a passed-out trick's top, a finishing play): its seed examples (seed 000 (Profit)),
one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import parse_cards
from seed_helpers import points


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_passed_out_last_player_takes_the_top_card_as_point_card_and_leads():
    """パスが続き最後にカードを出したプレイヤーまで...全員にパスさせたプレイヤーは場の一番上のカード
    1枚を得点カードとして獲得し、それ以外を全て捨て札に（場をリセット）します。その後、全員に
    パスさせたプレイヤーからゲームを再開します。"""
    t = Table("profit", counts={})
    t.play("A", "9S")
    t.play("B", "6H")
    ev = t.passes("C", "D", "A")
    assert points(ev) == [("B", "6H")]
    assert t.trick_ended(ev) and t.turn == "B" and t.top is None
    assert [e.EVENT for e in ev] == ["pass", "point_card", "trick_end", "turn"]
    assert t.s.point_cards[1] == 1 << parse_cards("6H")[0]


def test_point_card_of_a_group_is_one_card():
    """場の一番上のカード1枚を得点カードとして獲得"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    ev = t.passes("B", "C", "D")
    assert points(ev) == [("A", "9S")]


def test_joker_on_top_gives_no_point_card():
    """※Jokerが一番上の場合、得点カードは獲得できません。"""
    t = Table("profit", counts={})
    t.play("A", "9S")
    t.play("B", "JK")
    ev = t.passes("C", "D", "A")
    assert points(ev) == [] and t.trick_ended(ev) and t.turn == "B"


def test_finishing_takes_one_card_of_the_final_play():
    """最終的に手札が0枚になると上がりとなり、最後に出したカード1枚を得点カードとして引き取る"""
    t = Table("profit", hands={"A": "9S 3S", "B": "4S 4H", "C": "KS", "D": "QS"})
    t.play("A", "9S")
    ev = t.play("B", "4S")
    assert points(ev) == []
    t.passes("C", "D", "A")                     # B takes 4S
    assert points(t.events) == [("B", "4S")]
    ev = t.play("B", "4H")                      # B finishes with 4H: point card 4H
    kinds = [e.EVENT for e in ev]
    assert kinds[:3] == ["play", "finish", "point_card"] and points(ev) == [("B", "4H")]


def test_after_a_finish_the_trick_goes_on_and_a_pass_out_gives_no_point_card():
    """(notes) After a finishing play the trick goes on; if it is then passed out, no point card
    is taken and the next active player after the finisher leads."""
    t = Table("profit", hands={"A": "9S 3S", "B": "4S", "C": "KS 2C", "D": "QS 2D"})
    t.play("A", "9S")
    t.play("B", "4S")                           # B finishes (takes 4S)
    assert t.top is not None and t.turn == "C"
    ev = t.passes("C", "D", "A")
    assert points(ev) == [] and t.turn == "C"
