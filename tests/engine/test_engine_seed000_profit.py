"""Seed 000 "Profit": the statements of the document about the game itself (preparation, the
flow of play, hidden hands, the simulated matches), one test each, named after it; each rule's
own statements are in its ``test_rule_*.py``. Players A B C D play in turn (A first)."""

import random

import pytest
from engine_helpers import Table
from seed_helpers import game_end, points

from referee.engine import Pass, load_preset, new_match
from referee.engine.events import (IllegalEvent)
from referee.engine.simulate import deal_hands


# ---- 準備 -----------------------------------------------------------------------------------------

def test_junbi_54_cards_12_each_rest_set_aside():
    """ジョーカー2枚を含めた54枚のトランプをシャッフルし、全員に手札として12枚カードを配ります。
    残ったカードは使わない"""
    rules = load_preset("profit")
    assert rules.jokers == 2
    for n in (3, 4):
        hands = deal_hands(rules, n, random.Random(n))
        assert [len(h) for h in hands] == [12] * n
        assert len({c for h in hands for c in h if not c.is_joker}) + sum(
            c.is_joker for h in hands for c in h) == 12 * n


def test_junbi_set_aside_card_is_not_in_hand():
    """残ったカードは使わない: a set-aside card is nobody's (known hands)."""
    t = Table("profit", hands={"A": "5S 6S", "B": "4S", "C": "3S", "D": "2S"})
    t.illegal("A", "9H", "not-in-hand")


def test_junbi_start_player_is_decided_by_the_table_not_by_a_card():
    """ジャンケンや話し合いなどでスタートプレイヤーを決めておきます: the record's ``first``, else
    the first listed player (the ♦3 holder has no privilege)."""
    t = Table("profit", hands={"A": "5S", "B": "3D", "C": "6S", "D": "7S"}, first=None)
    assert t.turn == "A"
    t = Table("profit", hands={"A": "5S", "B": "3D", "C": "6S", "D": "7S"}, first="C")
    assert t.turn == "C"


# ---- ゲーム進行 -----------------------------------------------------------------------------------

def test_values_A_is_1_and_smaller_numbers_are_stronger():
    """Aを1、2~10は数字通り、Jを11、Qを12、Kを13 ... 場の一番上のカードよりも小さい数"""
    t = Table("profit", counts={})
    t.play("A", "KS")
    t.play("B", "QS")
    t.illegal("C", "KH", "not-stronger")
    t.play("C", "10H")
    t.play("D", "2D")
    t.play("A", "AS")          # A = 1: the strongest number
    t.illegal("B", "2C", "not-stronger")
    t.illegal("B", "3C", "not-stronger")
    assert t.legal("B", "JK")


def test_lead_any_card_or_cards_of_one_number():
    """場にカードがない場合、好きなカードを出すことが出来ます。この時、同じ数のカードであれば一度に
    出すことができます。"""
    for cards in ("9S", "9S 9H", "9S 9H 9D"):
        t = Table("profit", counts={})
        assert t.legal("A", cards)
    t = Table("profit", counts={})
    t.illegal("A", "9S 10S", "wrong-shape")


def test_same_count_as_the_first_play():
    """最初に出されたカードの枚数と同じ枚数"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    t.illegal("B", "5S", "wrong-count")
    t.illegal("B", "5S 5H 5D", "wrong-count")
    t.play("B", "5S 5H")


def test_no_stairs():
    """このゲームでは階段出しは出来ません。"""
    t = Table("profit", counts={})
    t.illegal("A", "3S 4S 5S", "wrong-shape")


def test_joker_is_strongest_and_can_always_be_played():
    """例外としてJokerは最強なのでいつでも出せます; JOKERをX(数が無く、どの時でも最強)"""
    t = Table("profit", counts={})
    t.play("A", "AS")
    t.play("B", "JK")
    for cards in ("AH", "2H", "KH"):
        t.illegal("C", cards, "not-stronger")


def test_joker_on_a_single_joker_is_not_allowed():
    """以上からJoker単体に対して連続してJokerを出すことはできません。"""
    t = Table("profit", counts={})
    t.play("A", "JK")
    t.illegal("B", "JK", "not-stronger")


def test_pass_when_unable_or_unwilling():
    """もしカードが出せない場合や出したくない場合「パス」を宣言して次のプレイヤーに手番を移す"""
    t = Table("profit", counts={})
    t.play("A", "5S")
    t.passes("B")
    assert t.turn == "C"
    t.play("C", "4S")


# ---- hidden hands, records ------------------------------------------------------------------------

def test_hidden_hands_point_cards_and_scores():
    t = Table("profit", counts={"A": 2, "B": 3, "C": 12, "D": 12})
    t.play("A", "QS")
    t.play("B", "JH")
    t.passes("C", "D", "A")
    t.play("B", "5S")
    t.passes("C", "D", "A")
    ev = t.play("B", "AS")                        # B first: 11 + 5 + 1 + 5
    assert t.s.finished == (1,) and points(ev) == [("B", "AS")]
    t.passes("C", "D", "A")                       # C leads
    t.play("C", "9D")
    t.passes("D")
    t.play("A", "3D")
    end = game_end(t)
    assert dict(end.scores) == {"A": 3, "B": 11 + 5 + 1 + 5, "C": 0, "D": 0}


def test_profit_options_are_each_their_own_switch():
    """特殊ルールは少し数が多い為、始めは段階的に取り入れることをお勧めします。"""
    base = load_preset("profit")
    for opt in ("almighty", "joker-dead", "revolution", "eight-reset", "seven-skip",
                "jack-bind", "king-crown"):
        assert base.enabled(opt)
        assert not base.with_options({opt: False}).enabled(opt)
    plain = base.with_options({o: False for o in ("almighty", "joker-dead", "revolution",
                                                   "eight-reset", "seven-skip", "jack-bind",
                                                   "king-crown")})
    s = new_match(plain, ["A", "B", "C"])
    assert s.rules.jokers_wild is False


@pytest.mark.parametrize("n", [3, 4])
def test_simulated_profit_matches_keep_the_invariants(n):
    from referee.engine.simulate import simulate
    summary = simulate(load_preset("profit"), n, 40, seed=n)
    assert summary["invariant_violations"] == 0, summary["violations"]


def test_pass_action_is_a_plain_pass_in_profit():
    t = Table("profit", counts={})
    t.play("A", "5S")
    ev = t.do(Pass("B"))
    assert not isinstance(ev[0], IllegalEvent)
