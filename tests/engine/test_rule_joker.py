"""Jokers (wild, strongest single): its seed examples (seed 002 (Shinafugo)), one test each, named
after the statement or 例 it checks."""

from seed_helpers import table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

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
