"""Uno (call uno on dropping to one card): its seed examples (seed 002 (Shinafugo)), one test each,
named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine.state import Phase
from seed_helpers import effect, ranking, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

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
