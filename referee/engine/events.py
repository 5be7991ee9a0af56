"""Events: what the engine announces. The vocabulary is fixed (other tools read it).

Every event serialises to one JSON object with ``"event"`` (its name) and ``"action"`` (the
index of the record action that caused it, ``None`` for set-up), then its fields:

=============  ===========================================================================
``play``       ``player``, ``cards`` (codes as played)
``pass``       ``player``
``illegal``    ``player``, ``rule`` (the rule id broken), ``message``
``effect``     ``rule``, ``player``, then details of that rule (e.g. ``order``, ``suits``,
               ``next``, ``count``, ``cards``, ``to``, ``skipped``)
``turn``       ``player``: whose turn it is now (after every action while a game runs)
``trick_end``  ``leader``: who leads the next trick
``finish``     ``player``, ``place`` (1 = first)
``point_card`` ``player``, ``card``
``game_end``   ``ranking`` (names, best first), ``scores`` (this game, by name), ``totals``
               (match so far, by name), ``match_over``, and when it is over ``winners``
               (the names with the highest total)
=============  ===========================================================================
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.engine.immutable import Memo, immutable
from referee.engine.rules import RULE_ORDER
from referee.engine.rules.basic import VIOLATIONS


@immutable
class Event:
    EVENT: ClassVar[str] = ""

    def fields(self) -> dict[str, Any]:
        return {}

    def to_dict(self, action: int | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {"event": self.EVENT, "action": action}
        d.update(self.fields())
        return d


@immutable
class PlayEvent(Event):
    player: str
    cards: tuple[str, ...]
    EVENT: ClassVar[str] = "play"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "cards": list(self.cards)}


@immutable
class PassEvent(Event):
    player: str
    EVENT: ClassVar[str] = "pass"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


@immutable
class IllegalEvent(Event):
    player: str | None
    rule: str
    message: str
    EVENT: ClassVar[str] = "illegal"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "rule": self.rule, "message": self.message}


@immutable
class EffectEvent(Event):
    rule: str
    player: str | None
    details: tuple[tuple[str, Any], ...] = ()
    EVENT: ClassVar[str] = "effect"

    def fields(self) -> dict[str, Any]:
        d: dict[str, Any] = {"rule": self.rule, "player": self.player}
        for k, v in self.details:
            d[k] = list(v) if isinstance(v, tuple) else v
        return d

    def detail(self, key: str, default: Any = None) -> Any:
        for k, v in self.details:
            if k == key:
                return v
        return default


@immutable
class TurnEvent(Event):
    player: str | None
    EVENT: ClassVar[str] = "turn"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player}


@immutable
class TrickEndEvent(Event):
    leader: str | None
    EVENT: ClassVar[str] = "trick_end"

    def fields(self) -> dict[str, Any]:
        return {"leader": self.leader}


@immutable
class FinishEvent(Event):
    player: str
    place: int
    EVENT: ClassVar[str] = "finish"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "place": self.place}


@immutable
class PointCardEvent(Event):
    player: str
    card: str
    EVENT: ClassVar[str] = "point_card"

    def fields(self) -> dict[str, Any]:
        return {"player": self.player, "card": self.card}


@immutable
class GameEndEvent(Event):
    ranking: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...] = ()
    match_over: bool = False
    winners: tuple[str, ...] = ()
    EVENT: ClassVar[str] = "game_end"

    def fields(self) -> dict[str, Any]:
        d = {"ranking": list(self.ranking), "scores": dict(self.scores),
             "totals": dict(self.totals), "match_over": self.match_over}
        if self.match_over:
            d["winners"] = list(self.winners)
        return d


# The events whose one field names a player, made once per player: events are immutable values,
# so any number of actions may share one (turn and pass events come with nearly every action).
TURN_EVENTS: Memo[str | None, TurnEvent] = Memo(TurnEvent)
PASS_EVENTS: Memo[str, PassEvent] = Memo(PassEvent)
TRICK_END_EVENTS: Memo[str | None, TrickEndEvent] = Memo(TrickEndEvent)


EVENT_NAMES = ("play", "pass", "illegal", "effect", "turn", "trick_end", "finish", "point_card",
               "game_end")

RULE_IDS = (tuple(cls.ID for cls in RULE_ORDER if cls.ANNOUNCED) + tuple(VIOLATIONS))
"""Every rule id an event may name: the announced rules' (their modules declare them) and the
basic violations."""
