"""Revolution (4+ cards reverse the order): its seed examples (seed 004 (high-school rules, its 例),
seed 000 (Profit), seed 002 (Shinafugo)), one test each, named after the statement or 例 it
checks."""

from engine_helpers import Table
from seed_helpers import table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

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


# ---- seed 000 (Profit) -------------------------------------------------------------------------

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


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

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
