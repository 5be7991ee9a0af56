"""The tracker's timings and distances, in one place."""

from __future__ import annotations

from dataclasses import dataclass

# How a player declares on their pad: "cover" as for a pass (the referee tells them apart by
# what it offered), or "double-tap", a gesture of its own (see `referee.tracking.pads`).
DECLARE_GESTURES = ("cover", "double-tap")


@dataclass(frozen=True)
class TrackerSettings:
    # A new card counts once seen for this long; a card counts as gone once unseen for this long.
    stable_seconds: float = 0.3
    # While a new card settles it must be seen in this share of the frames: a hand may hide it
    # now and then, but a card seen in one frame of three is a misreading.
    min_presence: float = 0.6
    # ... and its code must hold this share of its readings' weight (a card misread now and then
    # waits until its reading is clear rather than counting as another card).
    min_majority: float = 0.7
    # ... unless it has lain there this long with its readings split (a 6 read as a 9 from its
    # other corner, about as surely): then it counts, its look-alike among its candidates, and
    # the play it belongs to is asked about instead of being missed or merged with the next one.
    split_seconds: float = 0.6
    # Quiet time after the last card of a group arrived before the group is committed as one
    # play (the cards of a fanned play are laid over a few frames).
    settle_seconds: float = 0.1
    # The pile counts as cleared once none of the trick's cards was seen for this long. Longer
    # than stable_seconds: a hand laying cards often hides the whole pile for half a second.
    clear_seconds: float = 1.0
    # The pile counts as cleared while at most this many of the trick's cards are still seen.
    clear_max_cards: int = 0
    # A card's code is the confidence-weighted majority of its readings over this window.
    vote_seconds: float = 1.0
    # A joker (or a discard) hidden for less than this that reappears near where it was is the
    # same card, not a new one. Other cards cannot be played twice, so a card already played that
    # reappears anywhere is the same card.
    return_seconds: float = 2.0
    # Distances as fractions of the table's shorter side (a card is about 0.1 of a table).
    match_radius: float = 0.08      # how far one card may move between two readings
    flicker_radius: float = 0.025   # a reading of another code this close is the same card misread
    return_radius: float = 0.08     # how near its old place a hidden card must reappear
    declare_gesture: str = "cover"  # one of DECLARE_GESTURES

    def __post_init__(self) -> None:
        if self.stable_seconds <= 0 or self.clear_seconds <= 0:
            raise ValueError("stable_seconds and clear_seconds must be positive")
        if not 0 < self.min_presence <= 1:
            raise ValueError("min_presence must be in (0, 1]")
        if self.declare_gesture not in DECLARE_GESTURES:
            raise ValueError(f"declare_gesture must be one of {', '.join(DECLARE_GESTURES)}, got {self.declare_gesture!r}")
