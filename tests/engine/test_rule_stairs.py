"""Stairs (runs of one suit): its seed examples (seed 004 (high-school rules, its 例)), one test
each, named after the statement or 例 it checks."""

from engine_helpers import Table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

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
