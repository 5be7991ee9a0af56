"""The game state: an immutable value (``@immutable``). ``referee.engine.engine.apply`` makes
new ones.

Seats are ints 0..n-1 in turn order (clockwise); names are in ``players``. Sets of cards are
masks (see ``referee.engine.cards``); sets of seats are masks too (bit ``1 << seat``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from referee.engine.cards import Card, cards_of, joker_count
from referee.engine.immutable import immutable, maker
from referee.engine.plays import Play

if TYPE_CHECKING:
    from referee.engine.ruleset import Rules


T = TypeVar("T")

SlotValues = tuple[tuple[str, object], ...]
"""The values of the rules' slots that differ from their initial value, by rule id."""


@dataclass(frozen=True, slots=True)
class Slot(Generic[T]):
    """A rule's own piece of state, declared once in the rule's module (or in ``rules.common``
    when several rules read it), e.g. ``COLOUR_BIND = Slot("jack-bind", 0, trick=True)``.

    Its value lives in the state, never as a core field: in ``GameState.slots`` for the game
    (a deal starts afresh), in ``Trick.slots`` when ``trick`` (the trick's end clears it).
    Rules read it with ``slot.of(state)``; an effect sets it with ``working.set_slot``.
    """

    rule: str
    initial: T
    trick: bool = False

    def of(self, s: "GameState") -> T:
        return self.read(s.trick.slots if self.trick else s.slots)

    def read(self, values: SlotValues) -> T:
        for rule, value in values:
            if rule == self.rule:
                return cast(T, value)
        return self.initial

    def put(self, values: SlotValues, value: T) -> SlotValues:
        """``values`` with this slot set to ``value`` (left out when it is the initial value)."""
        rest = tuple(kv for kv in values if kv[0] != self.rule)
        return rest if value == self.initial else rest + ((self.rule, value),)


class Phase(Enum):
    DEAL = "deal"          # no game in progress: the next action is a Deal
    EXCHANGE = "exchange"  # card exchange before the first play
    PLAY = "play"
    OVER = "over"          # the game ended; a Deal starts the next game of the match


# The phases under plain names, for the engine's checks on every action: in Python 3.11 a member
# read through its Enum class (``Phase.PLAY``) takes a slow path (the Enum metaclass defines
# ``__getattr__``), as slow as a function call.
DEAL, EXCHANGE, PLAY, OVER = Phase.DEAL, Phase.EXCHANGE, Phase.PLAY, Phase.OVER


@immutable
class Trick:
    """The cards on the table since the last lead, and what they lock."""

    top: Play | None = None   # the play to beat; None: the player to move leads
    last: int = -1            # seat whose play is on top
    passed: int = 0           # seats that passed (since the last play; all trick: permanent pass)
    flipped: bool = False     # trick-scoped order flip (11-back)
    bind: int = 0             # suit-bind: mask of the locked suits (0: none)
    strict: int = -1          # strict / number bind: the rank required next (-1: none;
                              # NO_RANK: nothing can follow)
    plays: int = 0            # plays made in this trick
    slots: "SlotValues" = ()  # the rules' own trick-scoped state (see ``Slot``)


EMPTY_TRICK = Trick()

if TYPE_CHECKING:  # checked as the class's own call
    make_trick = Trick
else:
    make_trick = maker(Trick)
"""``Trick(...)`` with every field, positionally, made cheaper (see ``maker``): the engine makes
a trick on most passes and plays."""

NO_RANK = 14
"""``Trick.strict`` when nothing can follow (no rank after the strongest)."""


@immutable
class Pending:
    """An interactive effect waiting for ``player``'s action (``discard``, ``give``, ``declare``).

    Optional (``mandatory`` false): anybody else acting means it was not taken.
    Mandatory: every other action is illegal until the player does it.
    ``limit``: the most cards to discard / the exact number of cards to give.
    A pending *claim* (``action`` ``claim``, Dobon-gaeshi) is mandatory: the player claims it
    or passes (declines). ``other``/``value``: a second player and a number it concerns (the
    Dobon caller and the sum to match).
    """

    rule: str
    action: str
    player: int
    limit: int
    mandatory: bool
    other: int = -1
    value: int = 0


@dataclass(frozen=True, slots=True)
class Transfer:
    """A card exchange still to make before the first play: ``giver`` gives ``count`` cards."""

    giver: int
    receiver: int
    count: int
    strongest: bool   # the giver must give their strongest cards


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What carries from game to game."""

    game: int = 0                         # index of the current (or last) game
    ranking: tuple[int, ...] | None = None  # the previous game's ranking, best first
    totals: tuple[int, ...] = ()          # match score so far
    over: bool = False                    # the match has ended


@immutable
class GameState:
    rules: "Rules"
    players: tuple[str, ...]
    phase: Phase = Phase.DEAL
    known: bool = True                 # hands known (simulation) or only counts (live referee)
    hands: tuple[int, ...] = ()        # card masks (known); zeros when hidden
    counts: tuple[int, ...] = ()
    dealt: int = 0                     # known: mask of the cards dealt
    dealt_count: int = 0
    seen: int = 0                      # every card that reached the table this game
    discarded: int = 0                 # known: cards out of play by a 10-discard
    discarded_count: int = 0
    turn: int = -1
    direction: int = 1
    revolution: bool = False
    trick: Trick = EMPTY_TRICK
    active: int = 0                    # seats still playing
    finished: tuple[int, ...] = ()     # seats that finished, in order (places 1, 2, ...)
    disqualified: tuple[int, ...] = ()  # forbidden finish, in order
    fallen: tuple[int, ...] = ()       # capital fall
    pending: Pending | None = None
    transfers: tuple[Transfer, ...] = ()
    ranking: tuple[int, ...] | None = None   # this game's ranking once over
    scores: tuple[int, ...] | None = None    # this game's scores once over
    match: MatchInfo = MatchInfo()
    point_cards: tuple[int, ...] = ()  # Profit: card masks of the point cards each seat took
    revealed: int = 0                  # cards shown by claims (still held; never playable)
    recent: Play | None = None         # the play just made (Dobon's target) ...
    recent_seat: int = -1              # ... and who made it; cleared by a pass or a deal
    leader: int = -1                   # a deal's ``first`` kept through a card exchange whose
                                       # end decides the leader (``turn`` is -1 until then)
    slots: SlotValues = ()             # the rules' own state for this game (see ``Slot``)

    # ---- convenience ---------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int:
        return self.players.index(name)

    @property
    def reversed(self) -> bool:
        """The effective order is reversed (revolution XOR a trick-scoped flip)."""
        return self.revolution is not self.trick.flipped

    @property
    def to_move(self) -> int:
        """The seat expected to act next (a mandatory pending's player, else ``turn``)."""
        p = self.pending
        if p is not None and p.mandatory:
            return p.player
        return self.turn

    def next_active(self, seat: int) -> int:
        """The next seat after ``seat`` still playing, in the direction of play (-1: none)."""
        active = self.active
        if seat >= 0:  # read from the mask's bits, with no loop (this runs on most actions)
            if self.direction > 0:  # the lowest seat above, else the lowest
                later = active >> seat + 1
                if later:
                    return seat + (later & -later).bit_length()
                return (active & -active).bit_length() - 1
            earlier = active & (1 << seat) - 1  # the highest seat below, else the highest
            return (earlier or active).bit_length() - 1
        n = len(self.players)
        cur = seat
        for _ in range(n):
            cur = (cur + self.direction) % n
            if active >> cur & 1:
                return cur
        return -1

    if TYPE_CHECKING:  # written out by ``maker`` below the class
        def after_turn(self, turn: int, trick: Trick, recent: Play | None, recent_seat: int,
                       hands: tuple[int, ...], counts: tuple[int, ...], seen: int) -> GameState:
            """This state with these fields replaced: the state after a pass or a play that
            changes nothing else (the commonest actions, so the engine builds it directly,
            not through a working copy)."""

    def hand(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.hands[seat]) if self.known else ()

    def is_active(self, seat: int) -> bool:
        return bool(self.active >> seat & 1)

    @property
    def jokers_seen(self) -> int:
        return joker_count(self.seen)


if not TYPE_CHECKING:
    # the method ``after_turn`` declared in the class, made cheaper (see ``maker``): the engine
    # makes a state this way on most passes and plays
    GameState.after_turn = maker(GameState, "turn", "trick", "recent", "recent_seat", "hands",
                                 "counts", "seen")
