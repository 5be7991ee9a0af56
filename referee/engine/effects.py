"""Effects: what a rule changes, returned as data, applied by the engine in ONE numbered order.

A rule never changes the state itself. Its hooks return effects; the engine sorts the effects of
one action by their ``STEP`` (a stable sort: effects of the same step keep the order of the rules
in ``referee.engine.rules.RULE_ORDER``) and applies them one by one, each announcing itself as an
``effect`` event. The order is:

====  ==========================  =====================================================
step  effect                      typical rules
====  ==========================  =====================================================
 0    ``Announce``                stairs, catapult (nothing changes; only announced)
 1    ``FlipGameOrder``           revolution (the game-long order flips first, so every
                                  later step sees the new order)
 2    ``FlipTrickOrder``          eleven-back (the trick-scoped flip)
 3    ``ClearBinds``              catapult
 4    ``SetBind``                 suit-bind, strict-bind (the "next number" follows the
                                  order after steps 1-2)
 5    ``ReverseDirection``        nine-reverse
 6    ``Await``                   ten-discard, nine-pass (a pending declaration; dropped
                                  when the player's hand is empty)
 7    finishing                   the engine: an empty hand finishes; ``Disqualify``
                                  (forbidden-finish) and ``Fall`` (capital-fall) from the
                                  rules' ``on_finish`` hooks
 8    ``EndTrick``                eight-cut, spade-three, lucky-seven (the trick ends; the
                                  player, or the next player still in, leads)
 9    ``Skip``                    same-rank-skip (ignored when step 8 ended the trick)
10    turn                        the engine: passed-out trick end, next player, game end
====  ==========================  =====================================================

When step 8 ends the trick, the trick-scoped effects of steps 2-4 (11-back, binds) are dropped
unannounced: they would end with the trick anyway.

Two rules firing at once therefore always resolve the same way, e.g. four 8s: revolution (1),
then eight-cut (8); 9999 with nine-pass: revolution (1), then the give is awaited (6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

STEP_ANNOUNCE = 0
STEP_GAME_ORDER = 1
STEP_TRICK_ORDER = 2
STEP_CLEAR_BINDS = 3
STEP_SET_BIND = 4
STEP_DIRECTION = 5
STEP_AWAIT = 6
STEP_FINISH = 7
STEP_END_TRICK = 8
STEP_SKIP = 9
STEP_TURN = 10


@dataclass(frozen=True, slots=True)
class Effect:
    rule: str
    STEP: ClassVar[int] = -1


@dataclass(frozen=True, slots=True)
class Announce(Effect):
    """Nothing changes; an ``effect`` event with ``details`` is emitted."""
    details: tuple[tuple[str, Any], ...] = ()
    STEP: ClassVar[int] = STEP_ANNOUNCE


@dataclass(frozen=True, slots=True)
class FlipGameOrder(Effect):
    """The game-long order flips (revolution)."""
    STEP: ClassVar[int] = STEP_GAME_ORDER


@dataclass(frozen=True, slots=True)
class FlipTrickOrder(Effect):
    """The order flips until the trick ends (11-back)."""
    STEP: ClassVar[int] = STEP_TRICK_ORDER


@dataclass(frozen=True, slots=True)
class ClearBinds(Effect):
    """Suit and number binds of the trick end."""
    STEP: ClassVar[int] = STEP_CLEAR_BINDS


@dataclass(frozen=True, slots=True)
class SetBind(Effect):
    """Lock the suits (``suits`` mask); for a strict bind ``after_rank`` is the rank just played:
    the engine locks the rank after it in the order in force when this step runs."""
    suits: int = 0
    after_rank: int = -1
    STEP: ClassVar[int] = STEP_SET_BIND


@dataclass(frozen=True, slots=True)
class ReverseDirection(Effect):
    STEP: ClassVar[int] = STEP_DIRECTION


@dataclass(frozen=True, slots=True)
class Await(Effect):
    """The player must (``mandatory``) or may declare ``action`` (discard/give/declare).

    ``limit``: the most cards (discard) or the exact count (give, capped by the hand)."""
    action: str = "declare"
    limit: int = 0
    mandatory: bool = False
    STEP: ClassVar[int] = STEP_AWAIT


@dataclass(frozen=True, slots=True)
class Disqualify(Effect):
    """The player is out and ranks at the bottom (the later of several ranks higher)."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH


@dataclass(frozen=True, slots=True)
class Fall(Effect):
    """The player is out and ranks just above the disqualified players (capital fall)."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH


@dataclass(frozen=True, slots=True)
class EndTrick(Effect):
    """The trick ends now; the player who played leads (or the next one still in)."""
    STEP: ClassVar[int] = STEP_END_TRICK


@dataclass(frozen=True, slots=True)
class Skip(Effect):
    """The next ``count`` players lose their turn (they count as having passed)."""
    count: int = 1
    STEP: ClassVar[int] = STEP_SKIP


def step_of(effect: Effect) -> int:
    return effect.STEP
