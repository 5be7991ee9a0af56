"""What the tracker reports: plain values, each stamped with the time (seconds, the frame's
timestamp) at which the change became certain."""

from __future__ import annotations

from dataclasses import dataclass

from referee.vision.labels import Label


@dataclass(frozen=True, slots=True)
class PlaySeen:
    """New cards came to stay on the pile: one play (a fanned play arriving over several frames
    is one play). ``cards`` are the cards in the order they lie on the table, left to right;
    ``candidates``, card by card, the likeliest readings with their mean log-probability, best first
    (`Track.candidates`; empty when not known); ``seat``, the seat whose hand laid them (None: the
    camera could not tell, see `referee.tracking.hands`); ``places``, card by card, its centre in
    table coordinates (empty when not known)."""
    t: float
    cards: tuple[Label, ...]
    candidates: tuple[tuple[tuple[Label, float], ...], ...] = ()
    seat: int | None = None
    places: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True, slots=True)
class PileCleared:
    """None of the trick's cards has been seen on the pile for a while: the physical trick end."""
    t: float
    cards: tuple[Label, ...]          # the cards of the trick that went


@dataclass(frozen=True, slots=True)
class PileRestored:
    """Cards of a trick reported cleared are back where they were (it was not a clear after all)."""
    t: float
    cards: tuple[Label, ...]


@dataclass(frozen=True, slots=True)
class TakenBack:
    """The cards of a play the referee refused have left the pile."""
    t: float
    cards: tuple[Label, ...]


@dataclass(frozen=True, slots=True)
class PointCardsSeen:
    """Cards arrived in a seat's point-card zone. ``added``: the new ones; ``cards``: every card
    seen in that zone this game."""
    t: float
    seat: int
    added: tuple[Label, ...]
    cards: tuple[Label, ...]


@dataclass(frozen=True, slots=True)
class DiscardSeen:
    """Cards came to stay in the discard zone (face down ones as BACK): a 10-discard or the
    cards of a 9-pass; their number is what counts."""
    t: float
    cards: tuple[Label, ...]


@dataclass(frozen=True, slots=True)
class PassSeen:
    """A seat's pass pad has been covered (see `referee.tracking.PadWatcher`)."""
    t: float
    seat: int


@dataclass(frozen=True, slots=True)
class DeclarationSeen:
    """A seat tapped its pad twice: a declaration, at a table that declares so (see
    `referee.tracking.PadWatcher`)."""
    t: float
    seat: int


Observation = (PlaySeen | PileCleared | PileRestored | TakenBack | PointCardsSeen | DiscardSeen | PassSeen
               | DeclarationSeen)
