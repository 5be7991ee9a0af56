"""Every worked example (例) of seed 004 (the high-school rules), one test each, named after it.

Hidden hands (counts only) unless the example needs to know hands; players A B C D play in turn.
"""

from engine_helpers import Table

from referee.engine import Discard, parse_cards

from referee.engine.events import FinishEvent


# ---- 出し方 / 革命 -----------------------------------------------------------------------------

def test_revolution_rei_10x4_is_beaten_by_3_to_9_quads_not_Q():
    """例：通常状態で ♡10♢10♠10♣10 と出して革命したとき、3～9のどれか4枚を出すと返せる。
    （Q、4枚はこの時点で10より弱いので返せない）"""
    t = Table()
    ev = t.play("A", "10H 10D 10S 10C")
    assert "revolution" in t.effects(ev)
    assert t.s.revolution
    for rank in "3456789":
        assert t.legal("B", f"{rank}H {rank}D {rank}S {rank}C"), rank
    t.illegal("B", "QH QD QS QC", "not-stronger")
    t.illegal("B", "JH JD JS JC", "not-stronger")


# ---- 階段 ------------------------------------------------------------------------------------

def test_stairs_rei_678_beaten_by_stairs_from_7_no_eight_cut():
    """例：♡6♡7♡8 と出した。これに勝てるのは、最小が7以上から始まる階段、例えば ♠7♠8♠9 で返せる。
    8切りは発動しない。"""
    t = Table()
    ev = t.play("A", "6H 7H 8H")
    assert "eight-cut" not in t.effects(ev) and not t.trick_ended(ev)
    assert t.turn == "B"
    assert t.legal("B", "7S 8S 9S")
    t.illegal("B", "6S 7S 8S", "not-stronger")
    t.illegal("B", "5S 6S 7S", "not-stronger")
    t.illegal("B", "7S 8S 9S 10S", "wrong-count")
    t.illegal("B", "9S 9D 9C", "wrong-shape")
    t.play("B", "7S 8S 9S")
    assert not t.trick_ended()


def test_stairs_rei2_5678_revolution_beaten_only_by_3456_or_4567():
    """例２：通常状態で ♡5♡6♡7♡8 と出すと革命状態となる。これを返せるのは同じマークの 3456 か
    4567 のみ。（革命状態なので）  ("同じマークの" = stairs, of any one suit.)"""
    t = Table()
    ev = t.play("A", "5H 6H 7H 8H")
    assert "revolution" in t.effects(ev)
    assert t.legal("B", "3S 4S 5S 6S")
    assert t.legal("B", "4S 5S 6S 7S")
    t.illegal("B", "6S 7S 8S 9S", "not-stronger")
    t.illegal("B", "5S 6S 7S 8S", "not-stronger")
    t.illegal("B", "3S 4S 5S", "wrong-count")


def test_stairs_rei3_6_to_10_revolution_beaten_by_five_from_3_to_9():
    """例３：通常状態から ♣6♣7♣8♣9♣10 と出すと革命状態となる。これを返すには、同じマークで3～9の
    つながりを5枚出さなければいけない。"""
    t = Table()
    ev = t.play("A", "6C 7C 8C 9C 10C")
    assert "revolution" in t.effects(ev)
    for low in ("3", "4", "5"):
        ranks = "3 4 5 6 7 8 9".split()
        i = ranks.index(low)
        assert t.legal("B", " ".join(r + "S" for r in ranks[i:i + 5]))
    t.illegal("B", "6S 7S 8S 9S 10S", "not-stronger")
    t.illegal("B", "7S 8S 9S 10S JS", "not-stronger")
    t.illegal("B", "3S 4S 5S 6S", "wrong-count")


# ---- 8切り / 10捨て ----------------------------------------------------------------------------

def test_eight_cut_single_to_quad_cuts_and_player_leads_again():
    """8をシングル、ダブル、トリプル、4枚、で出すとその瞬間に流れて自分の番になる。"""
    for lead, cards in (("5S", "8S"), ("5S 5H", "8S 8H"), ("5S 5H 5D", "8S 8H 8D"),
                        ("5S 5H 5D 5C", "3S 3H 3D 3C")):
        t = Table()
        t.play("A", lead)
        if lead.count("5") == 4:  # after a revolution of 5s, 8s are weaker: answer with 3s,
            t.passes("B", "C", "D")  # so check the 8 quad as a lead instead
            cards = "8S 8H 8D 8C"
            ev = t.play("A", cards)
            assert "eight-cut" in t.effects(ev) and t.trick_ended(ev) and t.turn == "A"
            continue
        ev = t.play("B", cards)
        assert "eight-cut" in t.effects(ev) and t.trick_ended(ev), cards
        assert t.turn == "B" and t.top is None


def test_eight_cut_rei_an_8_revolution_is_never_answered():
    """よって、8の革命は返されない。"""
    t = Table()
    ev = t.play("A", "8S 8H 8D 8C")
    assert t.effects(ev)[:2] == ["revolution", "eight-cut"]  # revolution (step 1) before the cut
    assert t.s.revolution and t.turn == "A" and t.top is None


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


# ---- シバリ -----------------------------------------------------------------------------------

def test_bind_rei_heart4_heart6_only_hearts():
    """例：♡4 のシングルに対して ♡6 を出すと、♡しか出せなくなる。"""
    t = Table()
    t.play("A", "4H")
    ev = t.play("B", "6H")
    assert "suit-bind" in t.effects(ev)
    t.illegal("C", "9S", "suit-bind")
    t.illegal("C", "KD", "suit-bind")
    assert t.legal("C", "9H")


def test_bind_rei2_spade_heart_pair_locks_spade_heart():
    """例2：♠6♡6 のダブルに対して♠9♡9と出すと、♠♡の組み合わせしか出せなくなる。"""
    t = Table()
    t.play("A", "6S 6H")
    ev = t.play("B", "9S 9H")
    assert "suit-bind" in t.effects(ev)
    t.give("B", 1)  # (9-pass is on in this preset)
    t.illegal("C", "QS QD", "suit-bind")
    t.illegal("C", "QC QD", "suit-bind")
    assert t.legal("C", "QS QH")


def test_bind_no_partial_bind_katashibari():
    """カタシバリはなし：ダブルで片方だけ同じスートでもシバリにならない。"""
    t = Table()
    t.play("A", "6S 6H")
    ev = t.play("B", "KS KD")
    assert "suit-bind" not in t.effects(ev)
    assert t.legal("C", "AC AD")


# ---- 激シバ ------------------------------------------------------------------------------------

def test_strict_bind_rei_heart6_heart7_only_heart8_and_joker_as_8_cuts():
    """例：♡6に対して♡7を出すと、♡8しか出せなくなる。（ここでジョーカーは出すことができ、8扱いと
    なるので、8切りすることが出来る）"""
    t = Table()
    t.play("A", "6H")
    ev = t.play("B", "7H")
    assert t.effects(ev) == ["suit-bind", "strict-bind"]
    t.illegal("C", "9H", "strict-bind")
    t.illegal("C", "8S", "suit-bind")
    assert t.legal("C", "8H")
    ev = t.play("C", "JK")
    assert "eight-cut" in t.effects(ev) and t.trick_ended(ev) and t.turn == "C"


def test_strict_bind_rei2_9_to_10_pairs_then_J_pair_then_only_joker_double():
    """例２：♡9♣9 に対して ♡10♣10 と出すと ♡J♣J しか出せなくなる。（この後はイレブンバックと
    なるためジョーカーダブルしか返せない）"""
    t = Table()
    t.play("A", "9H 9C")
    t.give("A", 1)  # (9-pass is on in this preset)
    ev = t.play("B", "10H 10C")
    assert "strict-bind" in t.effects(ev)
    t.illegal("C", "QH QC", "strict-bind")
    t.illegal("C", "JH JD", "suit-bind")
    ev = t.play("C", "JH JC")
    assert "eleven-back" in t.effects(ev)
    # next in the reversed order after J is 10: ♡10♣10 are gone, so only jokers
    t.illegal("D", "QH QC", "not-stronger")
    t.illegal("D", "8H 8C", "strict-bind")
    t.illegal("D", "10H 10C", "duplicate-card")
    assert t.legal("D", "JK JK")


def test_strict_bind_rei3_no_number_bind_without_suit_bind():
    """例３：♡4♢4に対して♡5♠5と出しても何も起こらない。"""
    t = Table()
    t.play("A", "4H 4D")
    ev = t.play("B", "5H 5S")
    assert t.effects(ev) == []
    assert t.legal("C", "9C 9D")


# ---- イレブンバック ------------------------------------------------------------------------------

def test_eleven_back_rei_heart3_spadeJ_then_3_to_10_then_spade10_strict_spade9():
    """例：♡3 → ♠J と出した場合、出せるのは3~10のシングルである。ここに ♠10 を出すと激シバとなり、
    ♠9 しか出せなくなる。"""
    t = Table()
    t.play("A", "3H")
    ev = t.play("B", "JS")
    assert t.effects(ev) == ["eleven-back"]
    t.illegal("C", "QS", "not-stronger")
    t.illegal("C", "2S", "not-stronger")
    for r in "3456789":
        assert t.legal("C", f"{r}D")
    assert t.legal("C", "10D")
    ev = t.play("C", "10S")
    assert "strict-bind" in t.effects(ev)
    assert [e for e in ev if getattr(e, "rule", "") == "strict-bind"][0].detail("next") == ("9S",)
    t.illegal("D", "8S", "strict-bind")
    t.illegal("D", "9H", "suit-bind")
    assert t.legal("D", "9S")


def _revolution_then_lead(t):
    t.play("A", "5S 5H 5D 5C")
    t.passes("B", "C", "D")
    assert t.turn == "A" and t.s.revolution


def test_eleven_back_rei2_under_revolution_A_pair_then_J_pair_then_Q_to_2_pairs():
    """例2：革命状態で ♠A♣A → ♡J♣J などと出した場合、出せるのはQ~2のダブルである。"""
    t = Table()
    _revolution_then_lead(t)
    t.play("A", "AS AC")
    ev = t.play("B", "JH JC")
    assert "eleven-back" in t.effects(ev) and not t.s.reversed
    for r in ("Q", "K", "A", "2"):
        if r != "A":
            assert t.legal("C", f"{r}S {r}D"), r
    assert t.legal("C", "AH AD")
    t.illegal("C", "10S 10D", "not-stronger")
    t.illegal("C", "3S 3D", "not-stronger")


def test_eleven_back_rei3_under_revolution_Q_pair_J_pair_strict_only_joker_double():
    """例3：革命状態で ♠Q♢Q → ♠J♢J と出した場合、激シバとなり、返せるのはJOKERダブル のみとなる。"""
    t = Table()
    _revolution_then_lead(t)
    t.play("A", "QS QD")
    ev = t.play("B", "JS JD")
    assert t.effects(ev) == ["eleven-back", "suit-bind", "strict-bind"]
    t.illegal("C", "KS KD", "strict-bind")
    t.illegal("C", "2S 2D", "strict-bind")
    assert t.legal("C", "JK JK")


# ---- ジョーカースペ3返し --------------------------------------------------------------------------

def test_spade_three_rei_joker_answered_by_other_joker_or_spade3():
    """例：♡10 → ♠Q → ♣2 → JOKERと出た場合、出せるのは、もう一枚の JOKER か ♠3 である。
    （もう一枚のJOKERが出た場合、それをさらに♠3で返す事ができる）"""
    t = Table()
    t.play("A", "10H")
    t.play("B", "QS")
    t.play("C", "2C")
    t.play("D", "JK")
    assert t.legal("A", "3S")
    assert t.legal("A", "JK")
    t.illegal("A", "2S", "not-stronger")
    t.illegal("A", "3H", "not-stronger")
    t.play("A", "JK")
    ev = t.play("B", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev) and t.turn == "B"


def test_spade_three_rei2_joker_standing_for_spade10_is_returned_by_spade3():
    """例２：♠10 → ♠J → JOKER と出た場合、このJOKERは♠10扱いとなるが、♠3 で返す事ができる。"""
    t = Table()
    t.play("A", "10S")
    ev = t.play("B", "JS")
    assert t.effects(ev) == ["eleven-back", "suit-bind", "strict-bind"]
    t.play("C", "JK")
    assert t.top.represents()[0].code == "10S"
    ev = t.play("D", "3S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev)


def test_spade_three_rei3_joker_double_cannot_be_returned():
    """例３：♡2♠2 → JOKERダブル と出た場合、♠3では返せない。"""
    t = Table()
    t.play("A", "2H 2S")
    t.play("B", "JK JK")
    t.illegal("C", "3S", "wrong-count")


def test_spade_two_returns_the_joker_under_revolution_but_spade3_under_eleven_back():
    """革命状態の時は、♠3で返す事ができなくなり、♠2 で返すことができるようになる。
    Under 11-back alone ♠3 still returns it: 例２ above (♠10 → ♠J → JOKER → ♠3); the seed's
    example wins over the notes' "(and under 11-back)"."""
    t = Table()
    _revolution_then_lead(t)
    t.play("A", "6H")
    t.play("B", "JK")
    t.illegal("C", "3S", "not-stronger")
    ev = t.play("C", "2S")
    assert "spade-three" in t.effects(ev) and t.trick_ended(ev)
    t2 = Table()
    t2.play("A", "4H")
    t2.play("B", "JD")  # 11-back: reversed until the trick ends
    t2.play("C", "JK")
    t2.illegal("D", "2S", "not-stronger")
    assert t2.legal("D", "3S")


# ---- カタパルト ---------------------------------------------------------------------------------

def test_catapult_rei_club3_plus_diamond3_heart3_is_a_triple():
    """例：♣3 に対して、自分の手札から ♢3♡3 と出すと、3のトリプルを出した事になる。"""
    t = Table()
    t.play("A", "3C")
    ev = t.play("B", "3D 3H")
    assert "catapult" in t.effects(ev)
    assert len(t.top.cards) == 3 and t.top.low == 0
    t.illegal("C", "5S", "wrong-count")
    assert t.legal("C", "4S 4D 4C")


def test_catapult_rei_strict_bind_is_lifted_by_a_6_triple():
    """例：♠3 → ♡5 → ♡6 と回ってきた時、激シバであるので、♡7しか出せないが、♢6♣6 を出すと、6の
    トリプルを出した事になる。（激シバはなくなる）"""
    t = Table()
    t.play("A", "3S")
    t.play("B", "5H")
    ev = t.play("C", "6H")
    assert "strict-bind" in t.effects(ev)
    t.illegal("D", "8H", "strict-bind")
    t.play("D", "6D 6C")
    assert t.s.trick.bind == 0 and t.s.trick.strict < 0
    assert t.legal("A", "7S 7D 7C")


def test_catapult_rei_heartQ_heartA_on_heartK_makes_QKA_stairs_beaten_only_by_KA2():
    """例：♢5 → ♡K に ♡Q♡A を出すと、♡Q♡K♡A を出した事になり、返せるのはスーテッド K A 2 のみ。"""
    t = Table()
    t.play("A", "5D")
    t.play("B", "KH")
    ev = t.play("C", "QH AH")
    assert "catapult" in t.effects(ev)
    assert t.top.kind.value == "stairs"
    assert t.legal("D", "KS AS 2S")
    t.illegal("D", "QS KS AS", "not-stronger")
    t.illegal("D", "JS QS KS", "not-stronger")


def test_catapult_rei_diamond9_10_on_diamondJ_under_eleven_back_beaten_by_3_to_10_stairs():
    """例：♣5 → ♢J に ♢9♢10 と出すと ♢9♢10♢J の階段を出したことになる。返せるのはJバック状態
    なので3~10の階段3枚で返せる。"""
    t = Table()
    t.play("A", "5C")
    t.play("B", "JD")
    ev = t.play("C", "9D 10D")
    assert "catapult" in t.effects(ev) and t.s.reversed  # 11-back goes on
    assert t.legal("D", "8S 9S 10S")
    assert t.legal("D", "3S 4S 5S")
    t.illegal("D", "9S 10S JS", "not-stronger")
    t.illegal("D", "10S JS QS", "not-stronger")


def test_catapult_rei_club10_plus_two_10s_discards_two():
    """例：♣10 に ♢10♡10 を出すと、10のトリプルを出した事になる。（自分の手から出した10は2枚なので、
    捨てられるのは2枚）"""
    t = Table(hands={"A": "10C 3S", "B": "10D 10H 4S 5S 6S 7S", "C": "QS", "D": "KS"})
    t.play("A", "10C")
    ev = t.play("B", "10D 10H")
    assert "catapult" in t.effects(ev)
    assert t.s.pending.rule == "ten-discard" and t.s.pending.limit == 2
    assert t.turn == "C"
    t.discard("B", "4S 5S")
    assert t.s.counts[1] == 2


def test_catapult_rei_diamond2_beaten_by_2_pair_or_diamond_K_A():
    """例：♢2 を ♣2♠2 や ♢K♢A で返す事ができる。"""
    t = Table()
    t.play("A", "2D")
    assert t.legal("B", "2C 2S")
    assert t.legal("B", "KD AD")
    t.illegal("B", "KS AS", "catapult")


# ---- 9渡し ------------------------------------------------------------------------------------

def test_nine_pass_rei_diamond9_club9_gives_heartJ_and_left_answers_with_J_pair():
    """例：♢9♣9 を出して、左の人に ♡J を渡した。左のプレイヤーはもらったカードを使って ♡J♢J で返した。"""
    t = Table(hands={"A": "9D 9C JH 3S", "B": "JD 4S", "C": "5S 6S", "D": "7S 8S"})
    ev = t.play("A", "9D 9C")
    assert t.s.pending.rule == "nine-pass" and t.s.pending.limit == 1
    t.illegal("B", "JD", "nine-pass")  # the give comes first
    t.give("A", "JH")
    assert "JH" in [c.code for c in t.s.hand(1)]
    t.play("B", "JH JD")
    assert "nine-pass" in t.effects(ev)


def test_nine_pass_rei_four_9s_give_three_cards_and_finish_with_revolution():
    """例：♡9♢9♠9♣9 と出し、手札3枚を左の人に渡し、手札がなくなり、上がり。（革命状態になる）"""
    t = Table(hands={"A": "9H 9D 9S 9C 3S 4S 5S", "B": "6S", "C": "7S", "D": "8D"})
    ev = t.play("A", "9H 9D 9S 9C")
    assert "revolution" in t.effects(ev) and t.s.revolution
    assert t.s.pending.limit == 3
    ev = t.give("A", "3S 4S 5S")
    assert any(isinstance(e, FinishEvent) and e.player == "A" and e.place == 1 for e in ev)
    assert t.s.counts[0] == 0 and t.s.counts[1] == 4


# ---- ラッキー7 ---------------------------------------------------------------------------------

def test_lucky_seven_rei_7_triple_beats_2_pair_under_bind_and_cuts():
    """例：♡4♢4 → ♡A♢A（シバリ） → ♡2♢2 → ♢7♣7♠7（流れ）"""
    t = Table()
    t.play("A", "4H 4D")
    ev = t.play("B", "AH AD")
    assert "suit-bind" in t.effects(ev)
    t.play("C", "2H 2D")
    ev = t.play("D", "7D 7C 7S")
    assert "lucky-seven" in t.effects(ev) and t.trick_ended(ev) and t.turn == "D"


def test_lucky_seven_rei_after_jack_back_and_catapult_7_triple_beats_3_triple():
    """例：♡6 → ♡J（シバック） → ♡3 → ♢3♣3（カタパルト） → ♡7♠7♣7（流れ）"""
    t = Table()
    t.play("A", "6H")
    ev = t.play("B", "JH")
    assert t.effects(ev) == ["eleven-back", "suit-bind"]
    t.play("C", "3H")
    ev = t.play("D", "3D 3C")
    assert "catapult" in t.effects(ev)
    ev = t.play("A", "7H 7S 7C")
    assert "lucky-seven" in t.effects(ev) and t.trick_ended(ev)


def test_lucky_seven_jokers_may_stand_for_sevens():
    """↓JOKERはなんの代わりとしても使える。"""
    t = Table()
    t.play("A", "2S")
    assert t.legal("B", "7S JK JK")
    assert t.legal("B", "7S 7H JK")
