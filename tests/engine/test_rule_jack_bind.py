"""Jack Bind (a J may lock the colours): its seed examples (seed 000 (Profit)), one test each,
named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine import Declare
from referee.engine.events import (EffectEvent)
from referee.engine.rules.common import COLOUR_BIND


# ---- seed 000 (Profit) -------------------------------------------------------------------------

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
