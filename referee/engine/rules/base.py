"""The shape every rule module follows.

A rule module holds one ``Option`` record (its parameters, registered under its kebab-case id)
and one ``Rule`` class (its behaviour), and names the seed rule it implements. The ``Rule``
class declares, once, what the registries are built from (``referee.engine.rules`` finds every
module of the package):

* ``ID`` and ``OPTION``: its kebab-case id and its option record;
* ``PLACE``: where the engine consults it among the rules (``RULE_ORDER`` sorts by it; effects
  of the same step apply in this order);
* ``ANNOUNCED``: false for a setting (no ``effect`` event of its own, not an event's rule id);
* ``NAMES``: its spoken name by language (``en``, ``ja``; Japanese in kana);
* ``TEXTS``: its announcement templates by language, by variant: ``""`` the effect itself,
  ``pending`` / ``declared`` / ``missed`` / ``declined`` / ``from`` / ``chombo`` / ``none`` /
  ``count`` the effect event's variants (see ``referee.engine.texts.describe``).

A rule answers
some of these questions by overriding the matching hook; the engine calls only the hooks a rule
overrides, in ``RULE_ORDER``:

* ``interpret``  what else may these cards count as?          (extra readings, tried first)
* ``explain``    why do these cards form no play at all? (a better message than wrong-shape)
* ``special``    may this play be made although it does not beat the top normally?
                 (a special beat: it skips the count, shape, strength and bind checks)
* ``equal_beats`` may a play *equal* to the top be made?
* ``restrict``   is this otherwise legal play forbidden?        (returns the violation message,
                 or ``(rule id, message)`` to name another rule, e.g. a basic violation)
* ``effects``    what does this legal play change?              (returns ``Effect`` values)
* ``finish_check`` / ``on_finish``  what happens when a hand empties? (``on_finish`` also gets
                 the finishing play, None when the hand emptied otherwise)
* ``on_trick_end`` what happens when a trick ends? (gets the top play, its player, the cause:
                 ``"passed"`` or the id of the rule that ended it, and the seats still in)
* ``declare``    what does the optional effect this rule offered (an ``Await`` with action
                 ``declare``) change when the player declares it?
* ``claim``      is this claim with these revealed cards right? (returns its effects, or the
                 message saying why not: the claim is then a violation)
* ``lapse``      what follows when a pending declaration of this rule is not made (an optional
                 one: somebody else acted; a claim: its player passed)?
* ``generate``   which special plays could this hand make now?  (for ``legal_actions``;
                 ``generates_on`` says on which top plays it may offer any, as ``fires_on``)

A rule whose ``special`` and ``effects`` answer only plays of some shapes says which in
``fires_on`` (e.g. eight-cut: groups of 8s): the engine then skips both hooks for plays of
other shapes (most plays fire no rule, and most rules fire on few shapes).

Every hook receives the state *before* the action (``GameState`` is immutable) and the seat.
A rule whose ``restrict`` may refuse a *lead* (nothing on the table), or whose ``interpret``
may read one, sets ``LEADS``: the engine asks only such rules about a lead, and
``legal_actions`` then checks leads too. ``uses(hook)`` lets a rule whose parameters make a hook idle leave it out of the
compiled pipeline (it costs nothing then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, Iterable, TypeVar, cast

from referee.engine.cards import JOKER, RANK_NUMBERS, Card
from referee.engine.effects import Effect
from referee.engine.options import Option
from referee.engine.plays import GROUP, Order, Play, Shape

if TYPE_CHECKING:
    from referee.engine.state import GameState, Pending

# Covariant: a rule over a subclass of Option is a rule over Option (the rule set holds them all).
OptionT = TypeVar("OptionT", bound=Option, covariant=True)

HOOKS = ("interpret", "explain", "special", "equal_beats", "restrict", "effects", "finish_check",
         "on_finish", "on_trick_end", "declare", "claim", "lapse", "generate")


class Rule(Generic[OptionT]):
    """Base class; subclasses set ``ID`` and ``OPTION`` and override some hooks.

    The type parameter is the rule's option record (its ``OPTION``): ``class Joker(Rule[JokerOption])``.
    """

    ID: ClassVar[str] = ""
    OPTION: ClassVar[type[Option]] = Option
    PLACE: ClassVar[int] = 0
    ANNOUNCED: ClassVar[bool] = True
    NAMES: ClassVar[dict[str, str]] = {}
    TEXTS: ClassVar[dict[str, dict[str, str]]] = {}
    LEADS: ClassVar[bool] = False

    def __init__(self, option: Option, order: Order, stairs_min: int) -> None:
        # The rule set builds every rule from the option registered under its ID: its OPTION.
        self.option = cast(OptionT, option)
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

    def restrict(self, s: "GameState", seat: int, play: Play) -> str | tuple[str, str] | None:
        return None

    def effects(self, s: "GameState", seat: int, play: Play) -> tuple[Effect, ...]:
        return ()

    def fires_on(self, shape: Shape) -> bool:
        """May ``special`` or ``effects`` answer anything (True, or effects) for a play of this
        shape, in some state? False must be certain: the engine then never asks them about
        such plays. Default: any shape."""
        return True

    def finish_check(self, s: "GameState", seat: int, play: Play | None) -> Effect | None:
        return None

    def on_finish(self, s: "GameState", seat: int, finished_before: int,
                  play: Play | None = None) -> tuple[Effect, ...]:
        return ()

    def on_trick_end(self, s: "GameState", top: Play, last: int, cause: str,
                     active: int) -> tuple[Effect, ...]:
        return ()

    def declare(self, s: "GameState", seat: int) -> tuple[Effect, ...]:
        return ()

    def claim(self, s: "GameState", seat: int,
              reveal: tuple[Card, ...]) -> tuple[Effect, ...] | str:
        return f"{self.ID} is not a claim"

    def lapse(self, s: "GameState", pending: "Pending") -> tuple[Effect, ...]:
        return ()

    def reveals(self, s: "GameState", seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        """Claims only: the cards this (known) hand might reveal for the claim (``legal``
        checks each with ``claim``)."""
        return ()

    def generate(self, s: "GameState", seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        """Card tuples of ``hand`` that might answer the top play (``legal`` judges them),
        beyond the plain answers of its shape. ``legal`` asks only while a play of a shape
        that ``generates_on`` accepts is on top; on any other top it offers nothing."""
        return ()

    def generates_on(self, top: Shape) -> bool:
        """May ``generate`` offer anything when the play to answer has this shape, in some
        state? False must be certain: ``legal`` then never asks it while such a play is on
        top. Default: any shape."""
        return True

    @classmethod
    def overrides(cls, hook: str) -> bool:
        return getattr(cls, hook) is not getattr(Rule, hook)

    def uses(self, hook: str) -> bool:
        """Does this rule, with its parameters, need ``hook`` called? (default: overridden)"""
        return type(self).overrides(hook)


def group_rank_effect(play: Play, in_stairs: bool, rank: int, max_cards: int = 0,
                      jokers: bool = True) -> bool:
    """Does a number effect of ``rank`` fire for this play?

    Groups of that rank (a joker pinned to it counts as it); stairs containing it only when
    ``in_stairs``; ``max_cards`` > 0 limits the group size (seed 004 11-back: single to triple).
    ``jokers`` false: only a real card of that rank fires it (Seed 002: "ジョーカーはあらゆる
    数字カードの特殊能力を使用することは出来ません").
    """
    if play.kind is GROUP:
        if play.low != rank or (max_cards > 0 and len(play.cards) > max_cards):
            return False
    elif not (in_stairs and play.low <= rank <= play.high):
        return False
    return jokers or real_rank_count(play, rank) > 0


def rank_shape(shape: Shape, in_stairs: bool, rank: int, max_cards: int = 0) -> bool:
    """May ``group_rank_effect`` fire for a play of this shape? (a rule's ``fires_on``)"""
    if shape.kind is GROUP:
        return shape.low == rank and not (max_cards > 0 and shape.count > max_cards)
    return in_stairs and shape.low <= rank <= shape.high


def real_rank_count(play: Play, rank: int) -> int:
    """How many real (non-joker) cards of ``rank`` the play holds."""
    return sum(1 for c in play.cards if c < JOKER and c >> 2 == rank)


def play_sum(cards: Iterable[Card]) -> int:
    """The sum of the cards' printed values (A=1 ... K=13); a joker has no value (notes)."""
    return sum(RANK_NUMBERS[c >> 2] for c in cards if c < JOKER)
