"""8-cut (an 8 ends the trick): its seed examples (seed 004 (high-school rules, its 例), seed 002
(Shinafugo)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from seed_helpers import table


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

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


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

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
