"""Actions: what players (or the dealer) do. Players are named by their names.

``cards`` hold card tokens (see ``referee.engine.cards``); where a number of cards is enough
(hidden hands: a 10-discard, a 9-pass, an exchange the referee cannot see) ``count`` is given
and ``cards`` is None.
"""

from __future__ import annotations

from referee.engine.cards import Card
from referee.engine.immutable import immutable


@immutable
class Deal:
    """Start a game: known ``hands`` (one tuple of cards per seat) or hidden ``counts``.

    ``first``: the player who leads (default: from the ``first-player`` option)."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    counts: tuple[int, ...] | None = None
    first: str | None = None


@immutable
class PlayCards:
    player: str
    cards: tuple[Card, ...]


@immutable
class Pass:
    player: str


@immutable
class Declare:
    """Take an optional effect offered by the play just made (e.g. ``eight-reset``)."""
    player: str
    rule: str


@immutable
class CardsOrCount:
    """Cards leaving a hand: the cards themselves (known hands) or just how many (hidden hands)."""
    player: str
    cards: tuple[Card, ...] | None = None
    count: int | None = None

    @property
    def n(self) -> int:
        return len(self.cards) if self.cards is not None else int(self.count or 0)


@immutable
class Discard(CardsOrCount):
    """10-discard: cards (known hands) or a count (hidden hands) leave the hand."""


@immutable
class Give(CardsOrCount):
    """9-pass: cards (known) or a count (hidden) go to the next player."""


@immutable
class Exchange(CardsOrCount):
    """Card exchange before a game: the giver's cards (known) or their count (hidden)."""


@immutable
class Claim:
    """A claim that depends on a hand's contents, proven by revealing cards."""
    player: str
    rule: str
    reveal: tuple[Card, ...] = ()


Action = Deal | PlayCards | Pass | Declare | Discard | Give | Exchange | Claim
