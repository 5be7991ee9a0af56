"""Helpers of the seed examples (tests/engine/test_rule_*.py and the seed files)."""

from engine_helpers import Table

from referee.engine.events import EffectEvent, GameEndEvent, PointCardEvent

BIG = {"A": 10, "B": 10, "C": 10, "D": 10}
"""Shinafugo card counts that no example empties by accident."""


def table(counts=None, **kw):
    """A Shinafugo table (hidden hands: ``BIG`` counts unless given)."""
    return Table("shinafugo", counts=counts or dict(BIG), **kw)


def effect(events, rule):
    return next((e for e in events if isinstance(e, EffectEvent) and e.rule == rule), None)


def game_end(t):
    """The table's last ``game_end`` event (None while no game ended)."""
    return next((e for e in reversed(t.log) if isinstance(e, GameEndEvent)), None)


def ranking(t):
    return [t.s.players[x] for x in t.s.ranking]


def points(events):
    return [(e.player, e.card) for e in events if isinstance(e, PointCardEvent)]


def revolution_then_lead(t):
    """A plays four 5s (a revolution) and leads again after the others pass."""
    t.play("A", "5S 5H 5D 5C")
    t.passes("B", "C", "D")
    assert t.turn == "A" and t.s.revolution
