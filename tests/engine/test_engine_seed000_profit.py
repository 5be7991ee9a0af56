"""Seed 000 "Profit": every rule statement of the document (it has no 例), one test each, named
after it; plus the rulings of rules-notes.md. Players A B C D play in turn (A first)."""

import random

import pytest
from engine_helpers import Table

from referee.engine import Declare, Pass, load_preset, new_match, parse_cards
from referee.engine.events import (EffectEvent, FinishEvent, GameEndEvent, IllegalEvent,
                                   PointCardEvent)
from referee.engine.rules.common import COLOUR_BIND, JOKER_DEAD
from referee.engine.simulate import deal_hands
from referee.engine.state import Phase


def points(events):
    return [(e.player, e.card) for e in events if isinstance(e, PointCardEvent)]


def game_end(t):
    ends = [e for e in t.log if isinstance(e, GameEndEvent)]
    return ends[-1] if ends else None


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


def test_game_ends_when_two_players_have_finished():
    """2名が上がるまでゲームを続行し、ゲームが終了したら得点計算を行います。"""
    t = Table("profit", hands={"A": "9S", "B": "8S", "C": "KS 2C", "D": "QS 2D"})
    t.play("A", "9S")
    t.play("B", "8S")
    assert t.s.phase is Phase.OVER
    end = game_end(t)
    assert end.ranking[:2] == ("A", "B")
    assert [e.player for e in t.log if isinstance(e, FinishEvent)] == ["A", "B"]


def test_score_is_sum_of_point_cards_plus_5_for_the_first_finisher():
    """獲得した得点カードに書かれている数の合計値がそのまま得点になります。また、最初に上がった
    プレイヤーには追加で5点が加算されます。"""
    t = Table("profit", hands={"A": "QS 9S", "B": "JH 8S", "C": "KS 2C 3C",
                                "D": "KD 2D 3D"})
    t.play("A", "QS")
    t.play("B", "JH")
    t.passes("C", "D", "A")                     # B: J = 11
    t.play("B", "8S")                           # B first: 8 + 5
    t.passes("C", "D", "A")                     # B is out: no point card, C leads
    t.play("C", "KS")
    t.passes("D")
    t.play("A", "9S")                           # A second: 9
    end = game_end(t)
    assert dict(end.scores) == {"A": 9, "B": 11 + 8 + 5, "C": 0, "D": 0}


# ---- 決着方法 -------------------------------------------------------------------------------------

def test_match_is_as_many_games_as_players_led_by_previous_first_finisher():
    """プレイヤー人数と同じ回数までゲームを行い、全ゲームで獲得した点数の合計が一番大きかった
    プレイヤーの優勝となります。※２ゲーム目以降のスタートプレイヤーは、前のゲームで最初に上がった
    プレイヤーになります。"""
    t = Table("profit", players="ABC", hands={"A": "9S", "B": "8S", "C": "KS"})
    t.play("A", "9S")
    t.play("B", "8S")                            # A 9+5, B 8
    assert game_end(t).totals == (("A", 14), ("B", 8), ("C", 0))
    t.deal(hands={"A": "QS", "B": "KH", "C": "JD"})
    assert t.turn == "A"                         # A finished first
    t.play("A", "QS")                            # A first: 12 + 5
    t.passes("B")                                # K is weaker than Q
    t.play("C", "JD")                            # C second: 11
    assert not game_end(t).match_over
    t.deal(hands={"A": "5S", "B": "6H", "C": "3D"})
    assert t.turn == "A"
    t.play("A", "5S")                            # A first: 5 + 5
    t.passes("B")
    t.play("C", "3D")                            # C second: 3
    end = game_end(t)
    assert end.match_over and end.totals == (("A", 14 + 17 + 10), ("B", 8), ("C", 14))
    assert end.winners == ("A",)
    assert t.s.match.over


# ---- オールマイティ ----------------------------------------------------------------------------------

def test_almighty_jokers_make_up_a_group():
    """オールマイティ：複数枚カードを出す時、Jokerで足りない分を補うことができる。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H 9D")
    ev = t.play("B", "5S JK JK")
    assert "almighty" in t.effects(ev)


def test_almighty_off_jokers_play_alone():
    """Each special rule is its own option: without Almighty a joker is played alone."""
    t = Table("profit", counts={}, almighty=False)
    t.play("A", "9S 9H")
    t.illegal("B", "5S JK", "wrong-shape")
    assert t.legal("B", "JK JK")


def test_almighty_group_has_at_most_four_cards():
    t = Table("profit", counts={})
    t.illegal("A", "5S 5H 5D 5C JK", "almighty")


def test_almighty_top_gives_no_point_card():
    """しかしこの効果により場をリセットすることになった場合、ボーナス点は獲得できない。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    t.play("B", "5S JK")
    ev = t.passes("C", "D", "A")
    assert points(ev) == [] and t.turn == "B"


def test_almighty_top_can_be_answered_when_the_real_cards_meet_the_conditions():
    """Jokerをオールマイティとして使用している場合、Joker以外のカードが条件を満たしていれば連続して
    出すことが可能です。"""
    t = Table("profit", counts={})
    t.play("A", "9S JK")
    t.illegal("B", "10S 10H", "not-stronger")
    t.play("B", "8S JK")


# ---- ジョーカーデッド --------------------------------------------------------------------------------

def test_joker_dead_finishing_with_a_joker_scores_zero_and_bonus_moves_to_second():
    """ジョーカーデッド：Jokerを使用して上がったプレイヤーはそのゲームでの得点が0になる。また、1位の
    追加5点は2位のプレイヤーに移る。"""
    t = Table("profit", hands={"A": "JH JK", "B": "9S 8S", "C": "KS 2C 3C", "D": "KD 2D 3D"})
    t.play("A", "JH")
    t.passes("B", "C", "D")                      # A takes J (11)
    ev = t.play("A", "JK")                       # A finishes with a joker: dead
    assert "joker-dead" in t.effects(ev) and points(ev) == []
    t.passes("B", "C", "D")                      # passed out on A (out): no point card; B leads
    t.play("B", "9S")
    t.passes("C", "D")                           # B takes 9
    t.play("B", "8S")                            # B second: 9 + 8, and the +5 of the dead A
    end = game_end(t)
    scores = dict(end.scores)
    assert scores["A"] == 0
    assert scores["B"] == 9 + 8 + 5


def test_joker_dead_by_almighty_finish():
    """※オールマイティを使用し上がった場合、下のジョーカーデッドが発動する。"""
    t = Table("profit", hands={"A": "5S JK", "B": "9S", "C": "KS 2C", "D": "KD 2D"})
    ev = t.play("A", "5S JK")
    assert "joker-dead" in t.effects(ev) and points(ev) == []
    assert JOKER_DEAD.of(t.s) == 1


def test_joker_dead_both_finishers_no_bonus():
    """※2位もジョーカーデットした場合、追加5点は無しとなる。"""
    t = Table("profit", hands={"A": "JK", "B": "JK 3S", "C": "KS 2C", "D": "KD 2D"})
    t.play("A", "JK")
    t.passes("B", "C", "D")
    ev = t.play("B", "3S JK")
    assert "joker-dead" in t.effects(ev)
    end = game_end(t)
    assert dict(end.scores) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_joker_dead_off_finishing_with_a_joker_scores():
    t = Table("profit", hands={"A": "9S JK", "B": "8S 7S", "C": "KS 2C", "D": "KD 2D"},
              joker_dead=False)
    t.play("A", "9S")
    t.passes("B", "C", "D")
    ev = t.play("A", "JK")
    assert "joker-dead" not in t.effects(ev) and points(ev) == []
    t.passes("B", "C", "D")
    t.play("B", "8S")
    t.passes("C", "D")
    t.play("B", "7S")
    assert dict(game_end(t).scores)["A"] == 9 + 5


# ---- レボリューション ----------------------------------------------------------------------------------

def test_revolution_four_cards_reverse_the_order_until_the_next_four():
    """レボリューション(革命)：一度に4枚カードを出した時に発動。そのゲームが終了するか、再度4枚
    カードが出るまでカードの強さが逆転する。"""
    t = Table("profit", counts={})
    ev = t.play("A", "5S 5H 5D 5C")
    assert "revolution" in t.effects(ev) and t.s.revolution
    t.illegal("B", "4S 4H 4D 4C", "not-stronger")   # ascending now: 4 is weaker than 5
    ev = t.play("B", "9S 9H 9D JK")                 # jokers count: a second revolution
    assert "revolution" in t.effects(ev) and not t.s.revolution
    t.passes("C", "D", "A")
    t.play("B", "6S")
    t.illegal("C", "7S", "not-stronger")
    t.play("C", "2S")


def test_revolution_lasts_the_game_and_joker_stays_strongest():
    t = Table("profit", counts={})
    t.play("A", "5S 5H 5D 5C")
    t.passes("B", "C", "D")
    t.play("A", "QS")
    t.illegal("B", "JS", "not-stronger")
    t.play("B", "KS")
    t.play("C", "JK")
    t.illegal("D", "KH", "not-stronger")


def test_revolution_off():
    t = Table("profit", counts={}, revolution=False)
    ev = t.play("A", "5S 5H 5D 5C")
    assert "revolution" not in t.effects(ev) and not t.s.revolution


# ---- エイトリセット -----------------------------------------------------------------------------------

def test_eight_reset_declared_clears_the_table_player_leads_no_point_card():
    """エイトリセット(選択制8切り)：8を出した時に発動するか選択。強制的に場をリセットし、自分から
    カードを出す事ができる。しかしこの効果で場をリセットした場合、ボーナス点は獲得できない。"""
    t = Table("profit", counts={})
    t.play("A", "9S")
    ev = t.play("B", "8S")
    p = t.s.pending
    assert p is not None and p.rule == "eight-reset" and p.player == 1 and t.turn == "C"
    ev = t.do(Declare("B", "eight-reset"))
    assert t.effects(ev) == ["eight-reset", "eight-reset"]
    assert t.trick_ended(ev) and points(ev) == [] and t.turn == "B" and t.top is None


def test_eight_reset_is_optional():
    t = Table("profit", counts={})
    t.play("A", "8S")
    t.play("B", "7S")                            # not declared: lapsed
    assert t.s.pending is None
    assert t.do(Declare("A", "eight-reset"))[0].rule == "eight-reset"


def test_eight_reset_not_offered_to_a_finisher():
    t = Table("profit", hands={"A": "8S", "B": "9S 7S", "C": "KS 2C", "D": "KD 2D"})
    ev = t.play("A", "8S")
    assert t.s.pending is None and "eight-reset" not in t.effects(ev)


def test_eight_reset_off():
    t = Table("profit", counts={}, eight_reset=False)
    t.play("A", "8S")
    assert t.s.pending is None


# ---- セブンスキップ ----------------------------------------------------------------------------------

def test_seven_skip_skips_the_next_player():
    """セブンスキップ(7飛ばし)：7を出した時に発動。次のプレイヤーの手番をスキップする。"""
    t = Table("profit", counts={})
    ev = t.play("A", "7S")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("B",) and t.turn == "C"


def test_seven_skip_as_many_players_as_sevens():
    """複数枚出した場合、出した枚数と同じ数のプレイヤーをスキップする。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    ev = t.play("B", "7S 7H")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("C", "D") and t.turn == "A"


def test_seven_skip_counts_almighty_jokers():
    """オールマイティ使用時の特殊効果の発生については、Jokerの枚数もカウントして行います。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    ev = t.play("B", "7S JK")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("C", "D")


def test_seven_skip_of_everybody_passes_the_trick_out():
    """Skipped players count as passing: skipping all the others passes the trick out (the
    player takes the point card)."""
    t = Table("profit", counts={})
    t.play("A", "9S 9H 9D")
    ev = t.play("B", "7S 7H 7D")
    assert points(ev) == [("B", "7S")] and t.trick_ended(ev) and t.turn == "B"


def test_seven_skip_off():
    t = Table("profit", counts={}, seven_skip=False)
    t.play("A", "7S")
    assert t.turn == "B"


# ---- ジャックバインド ----------------------------------------------------------------------------------

def test_jack_bind_declared_fixes_the_colour_until_reset():
    """ジャックバインド(色縛り)：Jを出した時に発動するか選択。場がリセットされるまで、出せるカードの
    色を出したJの色に固定する。"""
    t = Table("profit", counts={})
    t.play("A", "JS")
    ev = t.do(Declare("A", "jack-bind"))
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.detail("colours")][0]
    assert eff.detail("colours") == ("black",)
    t.illegal("B", "9H", "jack-bind")
    t.play("B", "9C")
    t.passes("C", "D", "A")
    assert t.legal("B", "5H")                     # reset: no bind


def test_jack_bind_is_optional():
    t = Table("profit", counts={})
    t.play("A", "JS")
    t.play("B", "9H")
    assert COLOUR_BIND.of(t.s) == 0


def test_jack_bind_multi_card_same_combination():
    """複数枚出た時は、その組み合わせと同じでなければいけない。"""
    t = Table("profit", counts={})
    t.play("A", "JS JH")
    t.do(Declare("A", "jack-bind"))
    t.illegal("B", "9S 9C", "jack-bind")
    t.illegal("B", "9H 9D", "jack-bind")
    t.play("B", "9C 9D")


def test_jack_bind_jokers_are_free():
    """ジャックバインドについてはJoker以外のカードの色と一致していれば出すことができます。"""
    t = Table("profit", counts={})
    t.play("A", "JS JH")
    t.do(Declare("A", "jack-bind"))
    t.play("B", "9H JK")
    t2 = Table("profit", counts={})
    t2.play("A", "JS JK")                         # the joker binds no colour
    t2.do(Declare("A", "jack-bind"))
    t2.illegal("B", "9H 9D", "jack-bind")
    t2.play("B", "9H 9C")


def test_jack_bind_off():
    t = Table("profit", counts={}, jack_bind=False)
    t.play("A", "JS")
    assert t.s.pending is None


# ---- キングクラウン -----------------------------------------------------------------------------------

def test_king_crown_a_king_of_the_top_suit_ignores_the_number():
    """キングクラウン：場の一番上のカードと同じスート(マーク)のKがあれば発動できる。...数字を
    無視してそのKを出せる。"""
    t = Table("profit", counts={})
    t.play("A", "2S")
    ev = t.play("B", "KS")
    assert "king-crown" in t.effects(ev)
    t2 = Table("profit", counts={})
    t2.play("A", "2S")
    t2.illegal("B", "KH", "not-stronger")


def test_king_crown_multi_card_all_suits_must_match():
    """複数枚ならば全てのスートが一致している場合、出すことが出来る。"""
    t = Table("profit", counts={})
    t.play("A", "3S 3H")
    t.illegal("B", "KS KD", "not-stronger")
    t.play("B", "KS KH")


def test_king_crown_with_jokers_on_either_side():
    """キングクラウンについてはJokerは全スートとして考える為、Jokerで代わりをするスート以外が一致
    していれば出すことができます。"""
    t = Table("profit", counts={})
    t.play("A", "3S 3H")
    assert t.legal("B", "KS JK")
    t.illegal("B", "KD JK", "not-stronger")
    t2 = Table("profit", counts={})
    t2.play("A", "3S JK")
    assert t2.legal("B", "KS KD")
    t2.illegal("B", "KH KD", "not-stronger")


def test_king_crown_not_on_a_lone_joker():
    t = Table("profit", counts={})
    t.play("A", "JK")
    t.illegal("B", "KS", "not-stronger")


def test_king_crown_off():
    t = Table("profit", counts={}, king_crown=False)
    t.play("A", "2S")
    t.illegal("B", "KS", "not-stronger")


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
