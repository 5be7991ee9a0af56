"""Suit bind (seed 003 スート縛り, seed 004 シバリ, seed 002 マーク縛り) and the play shapes that
can bind (issue 24): seed 004 binds only 「シングル、ダブル、トリプルが出ている時に」."""

import pytest
from engine_helpers import Table
from referee.engine import load_preset
from seed_helpers import effect, table





def test_highschool_binds_a_triple_answered_by_the_same_suits():
    t = Table()
    t.play("A", "4H 4D 4S")
    ev = t.play("B", "6H 6D 6S")
    assert "suit-bind" in t.effects(ev)
    t.illegal("C", "9H 9D 9C", "suit-bind")


def test_highschool_stairs_answered_by_same_suit_stairs_do_not_bind():
    """Stairs are not a single, double or triple: ♡3♡4♡5 → ♡6♡7♡9 … no bind (seed 004)."""
    t = Table()
    t.play("A", "3H 4H 5H")
    ev = t.play("B", "6H 7H 8H")   # 8-cut does not fire inside stairs
    assert "suit-bind" not in t.effects(ev)
    assert t.s.trick.bind == 0
    assert t.legal("C", "9S 10S JS")


def test_highschool_four_cards_answered_by_the_same_suits_do_not_bind():
    """A 4-card play is a revolution, not a single/double/triple: no bind, no strict bind."""
    t = Table()
    t.play("A", "6H 6D 6S 6C")
    ev = t.play("B", "5H 5D 5S 5C")   # revolution: 5 beats 6; consecutive ranks
    assert "suit-bind" not in t.effects(ev) and "strict-bind" not in t.effects(ev)
    assert t.s.trick.bind == 0 and t.s.trick.strict < 0
    assert t.legal("C", "7H 7D 7S 7C")   # a strict bind would allow only the 6s


def test_highschool_strict_bind_only_from_singles_to_triples():
    t = Table()
    t.play("A", "5H 5D 5S")
    ev = t.play("B", "6H 6D 6S")
    assert t.effects(ev) == ["suit-bind", "strict-bind"]
    t.illegal("C", "8H 8D 8S", "strict-bind")


def test_bind_shapes_are_parameters_of_suit_bind():
    hs = load_preset("highschool").option("suit-bind")
    assert (hs.max_cards, hs.in_stairs) == (3, False)
    for preset in ("president-all", "shinafugo"):
        o = load_preset(preset).option("suit-bind")
        assert (o.max_cards, o.in_stairs) == (0, True), preset


@pytest.mark.parametrize("preset", ["president-all", "shinafugo"])
def test_other_presets_keep_binding_stairs(preset):
    """Seed 003 「場のカードと同じスートを出した場合」 and seed 002 「２回連続同じマーク」 name no
    shape: stairs and 4-card groups still bind there."""
    t = Table(preset)
    t.play("A", "3H 4H 5H")
    ev = t.play("B", "9H 10H JH")
    assert "suit-bind" in t.effects(ev)


def test_a_table_can_let_stairs_bind_in_highschool():
    t = Table("highschool", suit_bind={"in-stairs": True, "max-cards": 0})
    t.play("A", "3H 4H 5H")
    ev = t.play("B", "9H 10H JH")
    assert "suit-bind" in t.effects(ev)
    t.illegal("C", "QS KS AS", "suit-bind")


def test_strict_bind_follows_the_suit_bind_shapes():
    """Four 6s answered by four 7s (a strict bind by shape) binds nothing when suit-bind allows
    only 1-3 cards, even without suit-bind on (strict bind is a suit bind plus a number)."""
    t = Table("highschool", suit_bind={"enabled": False, "max-cards": 3},
              revolution=False)
    t.play("A", "6H 6D 6S 6C")
    ev = t.play("B", "7H 7D 7S 7C")
    assert "strict-bind" not in t.effects(ev)


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

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


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

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
