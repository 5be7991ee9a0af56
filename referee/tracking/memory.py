"""What a zone remembers about cards it has already accounted for, so that a card that was hidden
(under a hand, under later cards, swept aside) and shows again is not taken for a new one."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Callable, Iterator

from referee.tracking.readings import Point
from referee.tracking.tracks import EPS, Track, distance
from referee.vision.labels import Label, turned_twin

_ids = itertools.count(1)

# Groups of known cards.
TRICK = "trick"            # on the pile in the current trick (or lying in the zone now)
EARLIER = "earlier"        # on the pile in a trick reported cleared
TAKING_BACK = "taking-back"  # a refused play the player is taking back
OLD = "old"                # lying on the table before the game started (or left from an earlier game)


@dataclass(eq=False)
class KnownCard:
    code: Label
    position: Point | None          # None: remembered without being seen (a resumed game)
    group: str
    batch: int = 0                  # the play (or take-back) it came with
    track: int | None = None        # the live track showing it; None while hidden
    last_seen: float | None = None
    id: int = field(default_factory=lambda: next(_ids))
    read_as: Label | None = None    # what the camera read it as, when a correction changed `code`
    turned: bool = False            # it showed again as its turned twin (`turned_twin`)

    def shows_as(self, code: Label) -> bool:
        """A track reading ``code`` shows this card: its code, the misreading it was corrected
        from, or its turned twin once it showed again as that."""
        return code == self.code or code == self.read_as or (self.turned and code == turned_twin(self.code))


class CardMemory:
    """Known cards of one zone and the rule that recognises one when it shows again."""

    def __init__(self, *, return_radius: float, return_seconds: float,
                 anywhere: Callable[[KnownCard], bool] = lambda known: False,
                 forget_after: float | None = None) -> None:
        """``anywhere(known)``: a hidden known card that shows again anywhere in the zone is the
        same card (a card that cannot be played twice). Others (jokers, face-down cards) must show
        again within ``return_radius`` of where they were, within ``return_seconds``.
        ``forget_after``: hidden cards are forgotten after that long (None: kept for the game)."""
        self.return_radius = return_radius
        self.return_seconds = return_seconds
        self.anywhere = anywhere
        self.forget_after = forget_after
        self.cards: list[KnownCard] = []
        self._by_track: dict[int, KnownCard] = {}

    def __iter__(self) -> Iterator[KnownCard]:
        return iter(self.cards)

    def of_group(self, group: str) -> list[KnownCard]:
        return [k for k in self.cards if k.group == group]

    def add(self, code: Label, position: Point | None, group: str, *, track: Track | None = None,
            batch: int = 0, t: float | None = None) -> KnownCard:
        known = KnownCard(code, position, group, batch, last_seen=t)
        self.cards.append(known)
        if track is not None:
            self.link(known, track, t if t is not None else track.last_seen)
        return known

    def remove(self, known: KnownCard) -> None:
        self.cards.remove(known)
        if known.track is not None:
            self._by_track.pop(known.track, None)

    def clear(self) -> None:
        self.cards.clear()
        self._by_track.clear()

    def for_track(self, track: Track) -> KnownCard | None:
        return self._by_track.get(track.id)

    def link(self, known: KnownCard, track: Track, t: float) -> None:
        if not any(known.shows_as(code) for code in track.names()):
            known.turned = True         # `returning` took it for the card turned
        if known.track is not None:
            self._by_track.pop(known.track, None)
        known.track = track.id
        known.position = track.position
        known.last_seen = t
        self._by_track[track.id] = known

    def hide(self, track_id: int, t: float) -> KnownCard | None:
        """The track showing a known card ended (or now shows another card)."""
        known = self._by_track.pop(track_id, None)
        if known is not None:
            known.track = None
        return known

    def seen(self, track: Track) -> None:
        known = self._by_track.get(track.id)
        if known is not None:
            known.position = track.position
            known.last_seen = track.last_seen

    def returning(self, track: Track, t: float, groups: tuple[str, ...] | None = None) -> KnownCard | None:
        """The hidden known card this newly established track shows again, if any. A 6 or a 9
        read where its turned twin (same suit) lay a moment ago is that card, turned: a hand
        straightening or carrying off the pile turns cards, and a deck printing its indices
        upright then reads the other rank."""
        best, best_d = None, float("inf")
        names = track.names()
        for known in self.cards:
            if known.track is not None:
                continue
            turned = not any(known.shows_as(code) for code in names)
            if turned and (turned_twin(known.code) not in names or known.position is None):
                continue
            if groups is not None and known.group not in groups:
                continue
            if known.position is None:
                d = self.return_radius        # remembered without a place: anywhere, but last choice
            else:
                d = distance(known.position, track.position)
            # Only the card itself is known to be nowhere else; the misreading a correction
            # replaced, or its turned twin, is a card that may still be in a hand, so it must show
            # where this one lay, soon after.
            if turned or not (self.anywhere(known) and known.code in names):
                recent = known.last_seen is None or t - known.last_seen <= self.return_seconds + EPS
                if known.position is not None and (d > self.return_radius or not recent):
                    continue
                if known.position is None and not recent:
                    continue
            if d < best_d:
                best, best_d = known, d
        return best

    def stamp_unseen(self, t: float) -> None:
        """Cards remembered without being seen count as last seen now (when tracking starts)."""
        for known in self.cards:
            if known.last_seen is None:
                known.last_seen = t

    def forget_hidden(self, t: float) -> None:
        if self.forget_after is None:
            return
        gone = [k for k in self.cards if k.track is None and k.last_seen is not None
                and t - k.last_seen > self.forget_after + EPS]
        for known in gone:
            self.remove(known)
