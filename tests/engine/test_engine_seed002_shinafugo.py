"""Seed 002 "Shinafugo" (新約しなふごう): every rule statement of the document (its only 例-like
case is the ♥3 → joker = ♥4 one), one test each, named after it; plus the rulings of
rules-notes.md. Players A B C D play in turn; hidden hands (counts) unless a test needs hands.

Under Chombo (on in this preset) an illegal play ends the game, so refusals are checked with
``Table.refuses`` (the play is judged, not applied) unless the chombo itself is the point.
"""

import random

import pytest
from engine_helpers import Table

from referee.engine import Claim, Pass, PlayCards, apply, load_preset, parse_cards
from referee.engine.events import EffectEvent, FinishEvent, GameEndEvent, IllegalEvent
from referee.engine.simulate import deal_hands
from referee.engine.state import Phase

BIG = {"A": 10, "B": 10, "C": 10, "D": 10}


def table(counts=None, **kw):
    return Table("shinafugo", counts=counts or dict(BIG), **kw)


def effect(events, rule):
    return next((e for e in events if isinstance(e, EffectEvent) and e.rule == rule), None)


def game_end(t):
    return next((e for e in reversed(t.log) if isinstance(e, GameEndEvent)), None)


def ranking(t):
    return [t.s.players[x] for x in t.s.ranking]


# ---- 条件 / カードの強さ / 準備 ------------------------------------------------------------------------

def test_joken_56_cards_with_4_jokers_3_to_8_players():
    """ジョーカー４枚を含むトランプ１セット５６枚; 人数は３人〜８人くらい"""
    rules = load_preset("shinafugo")
    assert rules.jokers == 4
    for n in range(3, 9):
        hands = deal_hands(rules, n, random.Random(n))
        assert sum(len(h) for h in hands) == 56 and all(hands)


def test_junbi_uneven_deal_needs_no_equal_split():
    """人数分に適当に分けます。すなわち等分する必要なし！ (the referee is told the counts)"""
    rules = load_preset("shinafugo")
    sizes = {tuple(len(h) for h in deal_hands(rules, 4, random.Random(seed))) for seed in range(20)}
    assert any(len(set(s)) > 1 for s in sizes)
    t = table({"A": 20, "B": 3, "C": 25, "D": 8})
    assert t.s.counts == (20, 3, 25, 8) and t.turn == "A"


def test_junbi_heart_three_holder_starts():
    """最初はハートの３を持つ人からスタートとなります。"""
    t = Table("shinafugo", hands={"A": "6S 9C", "B": "10D JD", "C": "3H KS", "D": "QC 6D"},
              first=None)
    assert t.turn == "C"


def test_strength_3_weakest_then_up_to_2_then_joker():
    """３＜４＜・・・＜１０＜Ｊ＜Ｑ＜Ｋ＜Ａ＜２＜ジョーカー"""
    t = table()
    t.play("A", "3S")
    t.play("B", "10H")
    t.refuses("C", "9D", "not-stronger")
    t.play("C", "KS")
    t.play("D", "2H")
    t.refuses("A", "AC", "not-stronger")
    t.play("A", "JK")


# ---- 進行 -----------------------------------------------------------------------------------------

def test_lead_several_cards_of_one_number_or_stairs_of_3_plus():
    """台札として複数枚出せる条件: 同じ数字であること。同じマークで数字が連続していること。この場合は
    ３枚以上でなくてはならない。（階段）"""
    t = table()
    assert t.legal("A", "6S 6H 6D")
    assert t.legal("A", "9S 10S JS")
    t.refuses("A", "9S 10S", "stairs")
    t.refuses("A", "9S 10H JS", "wrong-shape")


def test_answer_with_the_same_shape_and_count():
    """場札が複数枚であれば手札も同条件の同枚数出さなくてはいけません。"""
    t = table()
    t.play("A", "6S 6H")
    t.refuses("B", "9S", "wrong-count")
    t.refuses("B", "9S 10S JS", "wrong-shape")
    t.play("B", "9C 9D")
    t2 = table()
    t2.play("A", "9S 10S JS")
    t2.refuses("B", "6H 6D 6C", "wrong-shape")
    assert t2.legal("B", "10H JH QH")


def test_pass_any_number_of_times_strategic_pass():
    """パスは１トリック中何回でもできる。戦略的パスも可能。"""
    t = table()
    t.play("A", "3S")
    t.passes("B")
    t.play("C", "9H")
    t.play("D", "JC")
    t.passes("A")
    t.play("B", "KD")          # B passed before and plays again in the same trick


def test_passed_round_last_player_leads():
    """カードが出されてパスで１周した場合、最後にカードを出した人が次のトリックの台札を出します。"""
    t = table()
    t.play("A", "3S")
    t.play("B", "9H")
    ev = t.passes("C", "D", "A")
    assert t.trick_ended(ev) and t.turn == "B"


def test_finish_when_the_hand_is_empty_and_play_on_until_last_is_decided():
    """手札がなくなった時点であがりとなる。ビリが決まるまで残った人で続けていくことになります。"""
    t = Table("shinafugo", players="ABC", hands={"A": "6S", "B": "9H", "C": "JD KD 3H"},
              first="A")
    ev = t.play("A", "6S")
    assert any(isinstance(e, FinishEvent) and e.place == 1 for e in ev)
    t.play("B", "9H")
    assert t.s.phase is Phase.OVER and ranking(t) == ["A", "B", "C"]


# ---- 縛り -----------------------------------------------------------------------------------------

def test_mark_bind_two_consecutive_plays_of_one_mark():
    """出されたカードが２回連続同じマークだった場合、それ以降そのトリックではそのマークしか出せません。"""
    t = table()
    t.play("A", "6H")
    ev = t.play("B", "9H")
    assert effect(ev, "suit-bind").detail("suits") == ("H",)
    t.refuses("C", "JS", "suit-bind")
    t.play("C", "JH")


def test_mark_bind_multi_cards_only_when_every_mark_matches():
    """複数のカードが出された場合、全て同じマークの場合のみ縛りとなります。 (notes: the same suit
    pattern; no partial bind)"""
    t = table()
    t.play("A", "6S 6H")
    ev = t.play("B", "9S 9D")
    assert effect(ev, "suit-bind") is None
    t2 = table()
    t2.play("A", "6S 6H")
    ev = t2.play("B", "9S 9H")
    assert effect(ev, "suit-bind").detail("suits") == ("S", "H")
    t2.refuses("C", "JS JD", "suit-bind")
    t3 = table()
    t3.play("A", "9S 10S JS")
    ev = t3.play("B", "QS KS AS")
    assert effect(ev, "suit-bind").detail("suits") == ("S",)


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


# ---- ８切り / 革命 / クーデター / しなこバック ---------------------------------------------------------------

def test_eight_cut_ends_the_trick_and_the_player_leads():
    """８のカードはそれが出された時点でそのトリックは流れ、８を出した人が次のトリックの台札を出します。"""
    t = table()
    t.play("A", "6S")
    ev = t.play("B", "8H")
    assert "eight-cut" in t.effects(ev) and t.trick_ended(ev) and t.turn == "B"
    t2 = table()
    t2.play("A", "6S 6H")
    ev = t2.play("B", "8C 8D")
    assert "eight-cut" in t2.effects(ev) and t2.turn == "B"


def test_eight_cut_by_an_eight_inside_stairs():
    """(our reading of "８のカードはそれが出された時点で": any 8 card played, stairs too)"""
    t = table()
    ev = t.play("A", "8S 9S 10S")
    assert "eight-cut" in t.effects(ev) and t.turn == "A" and t.top is None


def test_eight_cut_not_by_jokers_standing_for_eights():
    """ジョーカーはあらゆる数字カードの特殊能力を使用することは出来ません。"""
    t = table()
    t.play("A", "6S 6H")
    ev = t.play("B", "JK=8S JK=8H")
    assert "eight-cut" not in t.effects(ev) and not t.trick_ended(ev)
    t2 = table()
    t2.play("A", "6S 6H")
    ev = t2.play("B", "8S JK")                   # a real 8 cuts
    assert "eight-cut" in t2.effects(ev)


def test_revolution_4_plus_cards_reverse_the_order():
    """１度に４枚以上カードが出された場合、そのトリック以降、カードの強弱が逆転します。すなわち、
    ２＜Ａ＜Ｋ＜Ｑ＜Ｊ＜１０＜９＜・・・＜３＜ジョーカー。強制です。"""
    t = table()
    ev = t.play("A", "JS JH JD JC")
    assert "revolution" in t.effects(ev) and t.s.revolution
    t.passes("B", "C", "D")
    t.play("A", "9S")
    t.refuses("B", "KH", "not-stronger")
    t.refuses("B", "2H", "not-stronger")
    t.play("B", "6D")
    t.play("C", "3C")
    t.play("D", "JK")


def test_revolution_by_stairs_of_four():
    t = table()
    ev = t.play("A", "9S 10S JS QS")
    assert "revolution" in t.effects(ev)


def test_revolution_during_revolution_restores_the_order():
    """革命中に革命が起きた場合、もとのカードの強弱に戻ります。"""
    t = table()
    t.play("A", "JS JH JD JC")
    ev = t.play("B", "6S 6H 6D 6C")
    assert "revolution" in t.effects(ev) and not t.s.revolution


def test_coup_three_nines_including_jokers_make_a_revolution():
    """数字の９（代用含む）３枚で革命が起きます。クーデターも革命と同じ扱いです。"""
    t = table()
    ev = t.play("A", "9S 9H 9D")
    assert effect(ev, "coup").detail("order") == "reversed" and t.s.revolution
    t2 = table()
    ev = t2.play("A", "9S 9H JK")
    assert "coup" in t2.effects(ev) and t2.s.revolution
    t3 = table()
    ev = t3.play("A", "9S 9H 9D 9C")                 # four 9s: a revolution, not a coup as well
    assert t3.effects(ev) == ["revolution"] and t3.s.revolution


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


# ---- 天和 / しなこの腰 ----------------------------------------------------------------------------------

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


def test_shinako_koshi_hand_of_one_4_one_5_one_7_finishes():
    """手札を別のマークでもいいので４、５、７を１枚づつだけにすると、その人はあがったことになります。"""
    t = Table("shinafugo", hands={"A": "9C 4S 5H 7D", "B": "10D JD", "C": "6S QD", "D": "KC 3H"},
              first="A")
    t.play("A", "9C")
    ev = t.claim("A", "shinako-koshi", "4S 5H 7D")
    assert "shinako-koshi" in t.effects(ev) and t.s.finished == (0,)
    assert t.turn == "B"


def test_shinako_koshi_needs_the_whole_hand():
    t = table({"A": 4, "B": 10, "C": 10, "D": 10})
    _, ev = apply(t.s, Claim("A", "shinako-koshi", parse_cards("4S 5H 7D")))
    assert isinstance(ev[0], IllegalEvent) and ev[0].rule == "shinako-koshi"
    t = table({"A": 3, "B": 10, "C": 10, "D": 10})
    _, ev = apply(t.s, Claim("A", "shinako-koshi", parse_cards("4S 5H 5D")))
    assert isinstance(ev[0], IllegalEvent)
    t.claim("A", "shinako-koshi", "4S 5H 7D")
    assert t.s.finished == (0,)


# ---- ジョーカー ---------------------------------------------------------------------------------------

def test_joker_cannot_lead_alone():
    """ジョーカーだけで台札で出すことはできません。"""
    t = table()
    t.refuses("A", "JK", "wrong-shape")
    t.refuses("A", "JK JK", "wrong-shape")
    assert t.legal("A", "6S JK")


def test_joker_single_on_heart3_is_heart4_and_forces_the_binds():
    """ハートの３が出ている状態でジョーカーが出された場合、ジョーカーはハートの４の代わりとなります。
    単独で使う場合、ジョーカーは数字縛り・マーク縛りを強制的に起こすことが出来ます。"""
    t = table()
    t.play("A", "3H")
    ev = t.play("B", "JK=4H")
    assert t.effects(ev) == ["suit-bind", "number-bind"]      # no Shinako back: a joker
    t.refuses("C", "5S", "suit-bind")
    t.refuses("C", "6H", "number-bind")
    assert t.legal("C", "5H")


def test_joker_single_as_the_strongest_card_binds_nothing():
    """２より大きいカード（（一時）革命中は２より小さいカード）として使った場合、一番強いカードとなり
    ます。"""
    t = table()
    t.play("A", "3H")
    ev = t.play("B", "JK")
    assert t.effects(ev) == []
    t.refuses("C", "2H", "not-stronger")


def test_joker_single_stands_only_for_the_next_card_up():
    """３より小さいカード（革命中は２より大きいカード）として使うことは出来ません (a lone joker is the
    next card up in the led suit, or the strongest)."""
    t = table()
    t.play("A", "3H")
    t.refuses("B", "JK=6H", "wrong-shape")
    t.refuses("B", "JK=4S", "wrong-shape")
    t2 = table()
    t2.play("A", "2S")
    t2.refuses("B", "JK=3S")
    assert t2.legal("B", "JK")


def test_joker_single_under_a_number_bind_reads_as_the_required_card():
    t = table()
    t.play("A", "9H")
    t.play("B", "10H")                               # only JH now
    ev = t.play("C", "JK")
    assert t.top.cards[0].code == "JK=JH" and "number-bind" in t.effects(ev)


def test_joker_combined_with_number_cards_and_in_revolutions():
    """ジョーカーと数字カードなど、組み合わせて使うことができます。ジョーカーを含めて革命・クーデターを
    引き起こすことができます。"""
    t = table()
    t.play("A", "6S 6H")
    t.play("B", "10S JK")
    t.play("C", "QS JK")
    t2 = table()
    ev = t2.play("A", "QS JK JK JK")
    assert "revolution" in t2.effects(ev)


# ---- スペ3 ------------------------------------------------------------------------------------------

def test_spade3_after_a_single_joker_cuts_and_leads():
    """どのような用途であれ、１枚のジョーカーのあとスペードの３が出るとそこで切れて、その人が次の
    トリックの台札を出します。"""
    t = table()
    t.play("A", "6S")
    t.play("B", "JK")
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev) and t.turn == "C"


def test_spade3_after_a_joker_standing_for_a_card_whatever_the_binds():
    t = table()
    t.play("A", "3H")
    t.play("B", "JK=4H")                              # binds hearts and 5
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev) and t.turn == "C"


def test_spade3_also_under_revolution():
    t = table()
    t.play("A", "JS JH JD JC")
    t.passes("B", "C", "D")
    t.play("A", "9S")
    t.play("B", "JK")
    t.refuses("C", "2S", "not-stronger")
    ev = t.play("C", "3S")
    assert "spade-three" in t.effects(ev)


def test_spade3_not_after_a_joker_double():
    t = table()
    t.play("A", "6S 6H")
    t.play("B", "JK JK")
    t.refuses("C", "3S", "wrong-count")


# ---- ウノ --------------------------------------------------------------------------------------------

def test_uno_the_referee_reminds_and_the_player_calls_it():
    """手札が残り１枚になるとき、必ず「ウノ」と言わなくてはなりません。"""
    t = table({"A": 2, "B": 10, "C": 10, "D": 10})
    ev = t.play("A", "9S")
    assert effect(ev, "uno").detail("pending") and t.s.pending.rule == "uno"
    ev = t.declare("A", "uno")
    assert effect(ev, "uno").detail("declared")
    t.play("B", "10H")
    assert t.s.phase is Phase.PLAY


def test_uno_missed_is_a_chombo():
    """(notes) a missing call is a violation: with Chombo the offender is last, the game over;
    the action that let the call lapse is not applied."""
    t = table({"A": 2, "B": 10, "C": 10, "D": 10})
    t.play("A", "9S")
    ev = t.play("B", "10H")
    kinds = [(e.EVENT, getattr(e, "rule", None)) for e in ev]
    assert kinds[0] == ("effect", "uno") and ev[0].detail("missed")
    assert ("effect", "chombo") in kinds and kinds[-1] == ("game_end", None)
    assert not any(e.EVENT == "play" for e in ev)
    assert ranking(t)[-1] == "A" and t.s.phase is Phase.OVER


def test_uno_missed_without_chombo_is_only_announced():
    t = Table("shinafugo", counts={"A": 2, "B": 10, "C": 10, "D": 10}, chombo=False)
    t.play("A", "9S")
    ev = t.play("B", "10H")
    assert effect(ev, "uno").detail("missed") and t.s.phase is Phase.PLAY
    assert any(e.EVENT == "play" for e in ev)


# ---- あがり制限カード --------------------------------------------------------------------------------------

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


# ---- チョンボ -----------------------------------------------------------------------------------------

def test_chombo_any_violation_makes_the_offender_last_and_ends_the_game():
    """チョンボとコールされた人はその時点でビリとなり、その時点でゲームが終わります。"""
    t = table()
    t.play("A", "9S")
    ev = t.do(PlayCards("B", parse_cards("6S")))
    assert ev[0].rule == "not-stronger" and effect(ev, "chombo").player == "B"
    assert ranking(t)[-1] == "B" and game_end(t) is not None
    t2 = table()
    ev = t2.do(PlayCards("C", parse_cards("6S")))
    assert ev[0].rule == "out-of-turn" and ranking(t2)[-1] == "C"


def test_chombo_not_for_a_misread_card():
    t = table()
    t.play("A", "9S")
    ev = t.do(PlayCards("B", parse_cards("9S")))
    assert ev[0].rule == "duplicate-card" and t.s.phase is Phase.PLAY


# ---- ドボン / ドボン返し / チョンボのなすりつけ ------------------------------------------------------------------

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


def test_chombo_transfer_dobon_on_a_chombo_play_blames_the_caller():
    """チョンボしているカードにドボン／ドボン返しした場合、それを行った人に罪がなすりつけられます。
    (A drops to one card and has not called uno: B's dobon lets the call lapse, so A's play is a
    chombo play, and B takes the blame.)"""
    t = table({"A": 2, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    ev = t.claim("B", "dobon", "AH 5C")
    kinds = [(e.EVENT, getattr(e, "rule", None)) for e in ev]
    assert kinds[:3] == [("effect", "uno"), ("effect", "dobon"), ("effect", "chombo")]
    ch = effect(ev, "chombo")
    assert ch.player == "B" and ch.detail("from") == "A"
    assert ranking(t)[-1] == "B" and t.s.phase is Phase.OVER


def test_dobon_after_the_uno_call_is_a_plain_dobon():
    t = table({"A": 2, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    t.declare("A", "uno")
    t.claim("B", "dobon", "AH 5C")
    assert t.s.pending.rule == "dobon-gaeshi"


def test_shinafugo_hidden_record_replays_with_claims():
    from referee.engine.record import load_record, replay_events
    rec = {"rules": "shinafugo", "players": ["A", "B", "C"], "first": "A",
           "counts": {"A": 3, "B": 2, "C": 10},
           "actions": [{"player": "A", "play": ["6S"]},
                       {"player": "B", "claim": "dobon", "reveal": ["AH", "5C"]},
                       {"player": "A", "pass": True}]}
    events = replay_events(load_record(rec))
    assert events[-1]["event"] == "game_end" and events[-1]["ranking"][-1] == "A"
    assert {"event": "effect", "action": 1, "rule": "dobon", "player": "B", "target": "A",
            "sum": 6, "cards": ["AH", "5C"]} in events


@pytest.mark.parametrize("n", [3, 6, 8])
def test_simulated_shinafugo_games_keep_the_invariants(n):
    from referee.engine.simulate import simulate
    summary = simulate(load_preset("shinafugo"), n, 40, seed=n)
    assert summary["invariant_violations"] == 0, summary["violations"]
