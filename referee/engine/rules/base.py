"""The shape every rule module follows.

A rule module holds one ``Option`` record (its parameters, registered under its kebab-case id)
and one ``Rule`` class (its behaviour), and names the seed rule it implements. A rule answers
some of these questions by overriding the matching hook; the engine calls only the hooks a rule
overrides, in ``RULE_ORDER``:

* ``interpret``  what else may these cards count as?          (extra readings, tried first)
* ``explain``    why do these cards form no play at all? (a better message than wrong-shape)
* ``special``    may this play be made although it does not beat the top normally?
                 (a special beat: it skips the count, shape, strength and bind checks)
* ``equal_beats`` may a play *equal* to the top be made?
* ``restrict``   is this otherwise legal play forbidden?        (returns the violation message)
* ``effects``    what does this legal play change?              (returns ``Effect`` values)
* ``finish_check`` / ``on_finish``  what happens when a hand empties?
* ``declare``    what does the optional effect this rule offered (an ``Await`` with action
                 ``declare``) change when the player declares it?
* ``generate``   which special plays could this hand make now?  (for ``legal_actions``)

Every hook receives the state *before* the action (``GameState`` is immutable) and the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Iterable

from referee.engine.cards import Card
from referee.engine.effects import Effect
from referee.engine.options import Option
from referee.engine.plays import Order, Play

if TYPE_CHECKING:
    from referee.engine.state import GameState

HOOKS = ("interpret", "explain", "special", "equal_beats", "restrict", "effects", "finish_check",
         "on_finish", "declare", "generate")


class Rule:
    """Base class; subclasses set ``ID`` and ``OPTION`` and override some hooks."""

    ID: ClassVar[str] = ""
    OPTION: ClassVar[type[Option]] = Option

    def __init__(self, option: Option, order: Order, stairs_min: int) -> None:
        self.option = option
        self.order = order
        self.stairs_min = stairs_min

    def interpret(self, s: "GameState", seat: int, tokens: tuple[Card, ...]) -> list[Play]:
        return []

    def explain(self, s: "GameState", seat: int, tokens: tuple[Card, ...]) -> str | None:
        return None

    def special(self, s: "GameState", seat: int, play: Play) -> bool:
        return False

    def equal_beats(self, s: "GameState", seat: int, play: Play) -> bool:
        return False

    def restrict(self, s: "GameState", seat: int, play: Play) -> str | None:
        return None

    def effects(self, s: "GameState", seat: int, play: Play) -> tuple[Effect, ...]:
        return ()

    def finish_check(self, s: "GameState", seat: int, play: Play | None) -> Effect | None:
        return None

    def on_finish(self, s: "GameState", seat: int, finished_before: int) -> tuple[Effect, ...]:
        return ()

    def declare(self, s: "GameState", seat: int) -> tuple[Effect, ...]:
        return ()

    def generate(self, s: "GameState", seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        return ()

    @classmethod
    def overrides(cls, hook: str) -> bool:
        return getattr(cls, hook) is not getattr(Rule, hook)


def group_rank_effect(play: Play, in_stairs: bool, rank: int, max_cards: int = 0) -> bool:
    """Does a number effect of ``rank`` fire for this play?

    Groups of that rank (a joker pinned to it counts as it); stairs containing it only when
    ``in_stairs``; ``max_cards`` > 0 limits the group size (seed 004 11-back: single to triple).
    """
    if play.kind.value == "group":
        return play.low == rank and (max_cards <= 0 or len(play.cards) <= max_cards)
    return in_stairs and play.low <= rank <= play.high
