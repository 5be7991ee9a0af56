"""Effects: what a rule changes, returned as data, applied by the engine in ONE numbered order.

A rule never changes the state itself. Its hooks return effects; the engine sorts the effects of
one action by their ``STEP`` (a stable sort: effects of the same step keep the order of the rules
in ``referee.engine.rules.RULE_ORDER``) and applies them one by one: each effect applies itself
(``Effect.apply`` on the working copy, ``referee.engine.working``) and announces itself as an
``effect`` event, so the engine core names no effect and no rule. A rule may define its own
effect (a subclass with a ``STEP`` and an ``apply``) in its module: Jack Bind's
``SetColourBind``, Number Bind's ``SetNumberBind``. The order is:

====  ==========================  =====================================================
step  effect                      typical rules
====  ==========================  =====================================================
 0    ``Announce``                stairs, catapult, almighty, king-crown (nothing
                                  changes; only announced)
 1    ``FlipGameOrder``           revolution, coup (the game-long order flips first, so
                                  every later step sees the new order)
 2    ``FlipTrickOrder``          eleven-back, shinako-back (the trick-scoped flip;
                                  ``times`` flips at once: an even number changes nothing)
 3    ``ClearBinds``              catapult
 4    ``SetBind``                 suit-bind, strict-bind (the "next number" follows the
      ``SetNumberBind``           order after steps 1-2), number-bind,
      ``SetColourBind``           jack-bind (when declared)
 5    ``ReverseDirection``        nine-reverse
 6    ``Await``                   ten-discard, nine-pass, eight-reset, jack-bind, uno,
                                  dobon-gaeshi (a pending declaration or claim; a
                                  declaration of the player is dropped when the
                                  player's hand is empty: a finished player declares
                                  nothing)
 7    finishing                   the engine: an empty hand finishes; ``Disqualify``
                                  (forbidden-finish) and ``Fall`` (capital-fall) from the
                                  rules' ``on_finish`` hooks, then ``TakePointCard``
                                  (point-cards: one card of the finishing play) and
                                  ``MarkDead`` (joker-dead's own); ``Finish`` (a claim: tenho,
                                  shinako-koshi) and ``EndGame`` (chombo, dobon,
                                  dobon-gaeshi: the game ends now, that player last)
 8    ``EndTrick``                eight-cut, spade-three, lucky-seven, eight-reset (the
                                  trick ends; the player, or the next player still in,
                                  leads); then the rules' ``on_trick_end`` hooks
                                  (point-cards: none unless the trick was passed out)
 9    ``Skip``                    same-rank-skip, seven-skip (ignored when step 8 ended
                                  the trick)
10    turn                        the engine: passed-out trick end (``on_trick_end`` with
                                  cause ``passed``: the last player, if still in, takes
                                  one card of the top play as a point card), next player,
                                  game end
====  ==========================  =====================================================

Before an action is applied, an optional pending declaration that the action lets lapse is
given to its rule's ``lapse`` hook: a missed Uno call returns a ``Violation``, which the engine
announces and, under Chombo, turns into the offender's chombo (the action is then not applied:
the game is over). A player's ``pass`` while a mandatory claim of theirs is pending (Dobon-
gaeshi) declines it: the same hook says what follows.

When step 8 ends the trick (an effect with ``ENDS_TRICK``), the trick-scoped effects of steps
2-4 (``TRICK_SCOPED``: 11-back, binds) are dropped unannounced: they would end with the trick
anyway.

Two rules firing at once therefore always resolve the same way, e.g. four 8s: revolution (1),
then eight-cut (8); 9999 with nine-pass: revolution (1), then the give is awaited (6); Shinafugo
♠4♠5♠6 stairs on ♠J♠Q♠K under revolution: shinako-back (2, two flips: the order stays) before
the suit bind (4); a Profit finish with 7 7: the point card (7), then the two skips (9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.engine.cards import Card
from referee.engine.immutable import immutable
from referee.engine.plays import suit_list
from referee.engine.state import NO_RANK, Pending, Phase

if TYPE_CHECKING:
    from referee.engine.working import Working

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


@immutable
class Effect:
    """Base of every effect: ``rule`` is the rule that returned it (the ``effect`` event's)."""

    rule: str
    STEP: ClassVar[int] = -1
    TRICK_SCOPED: ClassVar[bool] = False   # ends with the trick (dropped when it ends at once)
    ENDS_TRICK: ClassVar[bool] = False

    def apply(self, w: Working, seat: int) -> None:
        """Change the working copy for ``seat``'s action and announce it."""
        raise TypeError(f"{self!r} does not apply itself")


@immutable
class Announce(Effect):
    """Nothing changes; an ``effect`` event with ``details`` is emitted."""
    details: tuple[tuple[str, Any], ...] = ()
    STEP: ClassVar[int] = STEP_ANNOUNCE

    def apply(self, w: Working, seat: int) -> None:
        w.effect(self.rule, seat, **dict(self.details))


@immutable
class FlipGameOrder(Effect):
    """The game-long order flips (revolution)."""
    STEP: ClassVar[int] = STEP_GAME_ORDER

    def apply(self, w: Working, seat: int) -> None:
        w.revolution = not w.revolution
        w.effect(self.rule, seat, order=w.order_name())


@immutable
class FlipTrickOrder(Effect):
    """The order flips ``times`` times until the trick ends (11-back once; Shinako back once
    per 4, 5 and 7: an even number leaves the order as it was)."""
    times: int = 1
    STEP: ClassVar[int] = STEP_TRICK_ORDER
    TRICK_SCOPED: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        if self.times & 1:
            w.flipped = not w.flipped
        if self.times == 1:
            w.effect(self.rule, seat, order=w.order_name())
        else:
            w.effect(self.rule, seat, count=self.times, order=w.order_name())


@immutable
class ClearBinds(Effect):
    """Suit and number binds of the trick end."""
    STEP: ClassVar[int] = STEP_CLEAR_BINDS
    TRICK_SCOPED: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        w.bind = 0
        w.strict = -1


@immutable
class SetBind(Effect):
    """Lock the suits (``suits`` mask); for a strict bind ``after_rank`` is the rank just played:
    the engine locks the rank after it in the order in force when this step runs."""
    suits: int = 0
    after_rank: int = -1
    STEP: ClassVar[int] = STEP_SET_BIND
    TRICK_SCOPED: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        w.bind = self.suits
        suits = tuple(suit_list(self.suits))
        if self.after_rank < 0:
            w.effect(self.rule, seat, suits=suits)
            return
        nxt = w.rules.order.next_rank(self.after_rank, w.reversed)
        w.strict = nxt if nxt >= 0 else NO_RANK
        nxt_cards = ([Card.of(nxt, x).code for x in range(4) if self.suits >> x & 1]
                     if nxt >= 0 else [])
        w.effect(self.rule, seat, suits=suits, next=tuple(nxt_cards))


@immutable
class ReverseDirection(Effect):
    STEP: ClassVar[int] = STEP_DIRECTION

    def apply(self, w: Working, seat: int) -> None:
        w.direction = -w.direction
        w.effect(self.rule, seat, direction="clockwise" if w.direction > 0
                 else "counterclockwise")


@immutable
class Await(Effect):
    """The player must (``mandatory``) or may declare ``action`` (discard/give/declare).

    ``limit``: the most cards (discard) or the exact count (give, capped by the hand)."""
    action: str = "declare"
    limit: int = 0
    mandatory: bool = False
    player: int = -1     # who must act (-1: the player who played)
    other: int = -1      # a second player it concerns (Dobon-gaeshi: the caller)
    value: int = 0       # a number it concerns (Dobon-gaeshi: the sum to match)
    STEP: ClassVar[int] = STEP_AWAIT

    def apply(self, w: Working, seat: int) -> None:
        if self.action == "claim":
            who = self.player if self.player >= 0 else seat
            w.pending = Pending(self.rule, self.action, who, 0, True, self.other, self.value)
            w.effect(self.rule, who, pending=True)
            return
        if not w.counts[seat]:
            return  # a player who finished declares nothing
        if self.action == "declare":
            w.pending = Pending(self.rule, self.action, seat, 0, self.mandatory)
            w.effect(self.rule, seat, pending=True)
            return
        limit = min(self.limit, w.counts[seat])
        if limit > 0:
            w.pending = Pending(self.rule, self.action, seat, limit, self.mandatory)
            if self.action == "give":
                w.effect(self.rule, seat, count=limit, to=w.name(w.next_active(seat)),
                         pending=True)
            else:
                w.effect(self.rule, seat, max=limit, pending=True)


@immutable
class Disqualify(Effect):
    """The player is out and ranks at the bottom (the later of several ranks higher); the
    answer of a ``finish_check`` hook, which the finishing step itself applies."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH


@immutable
class Fall(Effect):
    """The player is out and ranks just above the disqualified players (capital fall)."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH

    def apply(self, w: Working, seat: int) -> None:
        if w.active >> self.player & 1:
            w.active &= ~(1 << self.player)
            w.fallen += (self.player,)
            w.effect(self.rule, self.player)


@immutable
class TakePointCard(Effect):
    """The player takes ``card`` from the table as a point card (Profit)."""
    player: int = -1
    card: int = -1
    STEP: ClassVar[int] = STEP_FINISH

    def apply(self, w: Working, seat: int) -> None:
        w.take_point(self.player, self.card)


@immutable
class Finish(Effect):
    """The player is out now, finishing in the next place, whatever cards they hold (a claim:
    Tenho, Shinako-no-koshi)."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH

    def apply(self, w: Working, seat: int) -> None:
        if w.active >> self.player & 1:
            w.finish(self.player, None)
            if w.phase is Phase.PLAY and w.passed_out():
                w.end_trick(w.last)


@immutable
class EndGame(Effect):
    """The game ends now; ``player`` is last (Chombo, Dobon, Dobon-gaeshi). Players still in
    rank between the finished ones and ``player``, in seat order."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH

    def apply(self, w: Working, seat: int) -> None:
        w.end_game(last=self.player)


@immutable
class Violation(Effect):
    """``player`` broke ``rule`` without an action to refuse (a missed Uno call): announced;
    under Chombo it is that player's chombo. The answer of a ``lapse`` hook, which the engine's
    lapse step itself applies."""
    player: int = -1
    STEP: ClassVar[int] = STEP_FINISH


@immutable
class EndTrick(Effect):
    """The trick ends now; the player who played leads (or the next one still in)."""
    STEP: ClassVar[int] = STEP_END_TRICK
    ENDS_TRICK: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        if not w.ended:
            w.ended = True
            w.effect(self.rule, seat)
            w.end_trick(seat, self.rule)


@immutable
class Skip(Effect):
    """The next ``count`` players lose their turn (they count as having passed)."""
    count: int = 1
    STEP: ClassVar[int] = STEP_SKIP

    def apply(self, w: Working, seat: int) -> None:
        w.skips += self.count
        w.skip_rule = self.rule


def step_of(effect: Effect) -> int:
    return effect.STEP
