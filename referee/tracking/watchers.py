"""What each kind of zone means: the pile (plays, clears, take-backs), a seat's point-card zone,
the discard zone. Each watcher reads the tracks of its zone after every frame."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Iterable, Mapping, Sequence

from referee.tracking.memory import EARLIER, OLD, TAKING_BACK, TRICK, CardMemory, KnownCard
from referee.tracking.observations import (DiscardSeen, Observation, PileCleared, PileRestored,
                                           PlaySeen, PointCardsSeen, TakenBack)
from referee.tracking.settings import TrackerSettings
from referee.tracking.tracks import EPS, Track, ZoneTracks, by_position, distance
from referee.vision.labels import BACK, Label, is_joker, turned_twin

# A card being laid settles within a stable time or two of first showing; a reading still
# settling after this many, where a known card lies, is no card arriving.
LINGERING_STABLE_TIMES = 3
# A card's own second reading (a corner misread) is far less sure than its first; a new card
# laid on it, in its first frames, reads about as surely.
DOUBLING_CONFIDENCE = 2 / 3
# A card's length as a share of the table's shorter side (a card is about a tenth of it, with
# room for a tilt): two sights of one card lie closer than this.
CARD_LENGTH = 0.12


class ArrivalWatcher(ABC):
    """Cards that come to stay in a zone, committed in groups: a group is complete once its
    cards are established, none has joined for ``settle_seconds`` and no other new card is still
    settling (the next card of a fan on its way)."""

    face_up_only = False

    def __init__(self, settings: TrackerSettings, memory: CardMemory) -> None:
        self.settings = settings
        self.memory = memory
        self.forming: dict[int, Track] = {}
        self._forming_changed = 0.0
        self._batch = 0

    def counts(self, code: Label) -> bool:
        return not (self.face_up_only and code == BACK)

    def update(self, t: float, zone: ZoneTracks, ended: Iterable[Track]) -> list[Observation]:
        self.memory.stamp_unseen(t)
        out: list[Observation] = []
        for track in ended:
            self.memory.hide(track.id, t)
            self.forming.pop(track.id, None)
        for track in zone.tracks:
            known = self.memory.for_track(track)
            if known is None:
                continue
            if known.shows_as(track.code) or self._still_read_as(track, known):
                self.memory.seen(track)
            elif track.established:
                self.memory.hide(track.id, t)       # another card was laid right on top of it
        returned: list[KnownCard] = []
        for track in self._unaccounted(zone):
            if self._undecided(track, t):
                continue
            known = self.memory.returning(track, t)
            if known is not None:
                self.memory.link(known, track, t)
                returned.append(known)
            else:
                self.forming[track.id] = track
                self._forming_changed = t
        out.extend(self.on_returned(t, returned))
        out.extend(self.housekeeping(t, zone))
        if (self.forming and t - self._forming_changed >= self.settings.settle_seconds - EPS
                and not self._arriving(zone, t) and self._in_view(zone)):
            out.append(self._commit(t))
        return out

    def _in_view(self, zone: ZoneTracks) -> bool:
        """Every card of the group forming was seen in one of the zone's last two frames: cards
        that lie there. A track no longer read (a pile being lifted and carried off) waits until
        it shows again or ends."""
        recent = zone.frame_times[-2] if len(zone.frame_times) >= 2 else zone.frame_times[-1]
        return all(track.last_seen >= recent - EPS for track in self.forming.values())

    @staticmethod
    def _still_read_as(track: Track, known: KnownCard) -> bool:
        """The track's recent readings (its vote window) still name the known card now and then:
        its new majority is a misreading of that card, not another card laid on top of it (that
        one hides the old card's index for good)."""
        return any(known.shows_as(vote[1]) for vote in track.votes)

    def arriving(self, zone: ZoneTracks, t: float) -> bool:
        """A group is on its way: cards settling, or settled and not yet committed."""
        return bool(self.forming) or self._arriving(zone, t)

    def _unaccounted(self, zone: ZoneTracks) -> list[Track]:
        """Established cards that are neither known nor part of the group forming, and not a
        misread twin of another card."""
        return [tr for tr in zone.established()
                if self.counts(tr.code) and self.memory.for_track(tr) is None and tr.id not in self.forming
                and not self._twin(tr, zone)]

    def _undecided(self, track: Track, t: float) -> bool:
        """Too early to tell what this established card is: its readings are changing their
        mind, or it looks like a card swept away long ago (more often a new card misread in its
        first frames)."""
        if track.majority() != track.code:
            return True
        return self._doubtful_return(track, t) and t - track.first_seen < 2 * self.settings.stable_seconds - EPS

    def _doubtful_return(self, track: Track, t: float) -> bool:
        known = self.memory.returning(track, t)
        return (known is not None and known.group == EARLIER and known.last_seen is not None
                and t - known.last_seen > self.settings.return_seconds)

    def _arriving(self, zone: ZoneTracks, t: float) -> bool:
        """A new card is still settling (not a known card showing again, not a misread twin), or
        an established one is still undecided: the group may not be complete."""
        settling = any(self.counts(tr.code) and self.memory.for_track(tr) is None and not self._twin(tr, zone)
                       and (self.memory.returning(tr, t) is None or self._doubtful_return(tr, t))
                       and not self._lingering_on_known(tr, zone, t)
                       for tr in zone.settling())
        return (settling or any(self._undecided(tr, t) for tr in self._unaccounted(zone))
                or any(tr.majority() != tr.code for tr in self.forming.values()))

    def _lingering_on_known(self, track: Track, zone: ZoneTracks, t: float) -> bool:
        """A reading that has flickered for a while right where a known card lies and still
        reads: most likely a second reading of that card. It may yet become a card, but it does
        not hold up a pass as cards arriving would. So is, from its first frame, a weaker reading
        that shows only in frames where the known card is read too: a card laid on that spot
        would hide it."""
        settled = t - track.first_seen >= LINGERING_STABLE_TIMES * self.settings.stable_seconds - EPS
        return any(other is not track and other.last_seen >= track.last_seen - self.settings.stable_seconds
                   and self.memory.for_track(other) is not None
                   and distance(other.position, track.position) <= zone.flicker_radius
                   and (settled or _doubles(track, other))
                   for other in zone.tracks)

    def _twin(self, track: Track, zone: ZoneTracks) -> bool:
        """Another card in the zone already shows this code, and a deck holds each card once
        (jokers and backs aside): this one is misread until its reading says otherwise. So is a
        6 or a 9 right by a card known as its turned twin (`turned_twin`, same suit): the other
        corner of that card, on a deck printing both indices upright."""
        if is_joker(track.code) or track.code == BACK:
            return False
        turned = turned_twin(track.code)
        names = track.names()
        return any(other is not track
                   and (other.code in names
                        or (other.code == turned and distance(other.position, track.position) <= zone.match_radius))
                   and self._placed(other)
                   for other in zone.tracks)

    def _placed(self, track: Track) -> bool:
        """The track shows a known card or one of the group forming."""
        return self.memory.for_track(track) is not None or track.id in self.forming

    def _commit(self, t: float) -> Observation:
        self._batch += 1
        tracks = by_position(self.forming.values())
        self.forming.clear()
        for track in tracks:     # in the play's order, so that relabel_last_play lines up
            self.memory.add(track.code, track.position, TRICK, track=track, batch=self._batch, t=t)
        return self.committed(t, tracks)

    # ---- what a kind of zone adds -----------------------------------------------------------

    @abstractmethod
    def committed(self, t: float, tracks: list[Track]) -> Observation:
        """The observation a complete group makes (its cards in the order they lie)."""

    def on_returned(self, t: float, cards: list[KnownCard]) -> list[Observation]:
        return []

    def housekeeping(self, t: float, zone: ZoneTracks) -> list[Observation]:
        self.memory.forget_hidden(t)
        return []

    def adopt(self, zone: ZoneTracks, t: float | None) -> None:
        """Whatever lies in the zone now is old, not new (a new game, a restart)."""
        self.forming.clear()
        for track in zone.tracks:
            if self.counts(track.code) and self.memory.for_track(track) is None:
                self.memory.add(track.code, track.position, OLD, track=track, t=t)


class PileWatcher(ArrivalWatcher):
    """The central pile: new face-up cards are a play; the trick's cards all gone for a while is
    the pile cleared; a refused play's cards are expected to leave."""

    face_up_only = True

    def __init__(self, settings: TrackerSettings, scale: float) -> None:
        memory = CardMemory(return_radius=settings.return_radius * scale, return_seconds=settings.return_seconds,
                            anywhere=self._anywhere)
        super().__init__(settings, memory)
        self._card_length = CARD_LENGTH * scale
        self._taking_back: dict[int, tuple[Label, ...]] = {}
        self._reported_cleared: set[int] = set()     # known cards a PileCleared named

    @staticmethod
    def _anywhere(known: KnownCard) -> bool:
        # A card played this game cannot be played again, so wherever it shows it is the same card
        # (pushed aside, uncovered). Jokers come in several, and cards from before the game may be
        # played in it: those must show again where they were.
        return known.group in (TRICK, EARLIER) and not is_joker(known.code)

    def committed(self, t: float, tracks: list[Track]) -> Observation:
        return PlaySeen(t, tuple(tr.code for tr in tracks), tuple(tr.candidates() for tr in tracks),
                        places=tuple(tr.position for tr in tracks))

    def on_returned(self, t: float, cards: list[KnownCard]) -> list[Observation]:
        restored = [k for k in cards if k.id in self._reported_cleared]
        for known in restored:
            known.group = TRICK
            self._reported_cleared.discard(known.id)
        return [PileRestored(t, tuple(k.code for k in restored))] if restored else []

    def housekeeping(self, t: float, zone: ZoneTracks) -> list[Observation]:
        out: list[Observation] = []
        stable = self.settings.stable_seconds
        for known in list(self.memory):
            hidden_for = None if known.track is not None or known.last_seen is None else t - known.last_seen
            if hidden_for is None:
                continue
            # cards remembered from before a restart get the time to be seen first
            wait = stable if known.position is not None else self.settings.return_seconds
            if known.group == TAKING_BACK and hidden_for >= wait - EPS:
                self.memory.remove(known)
            elif known.group == OLD and hidden_for > self.settings.return_seconds + EPS:
                self.memory.remove(known)
        for batch, cards in list(self._taking_back.items()):
            if not any(k.batch == batch and k.group == TAKING_BACK for k in self.memory):
                del self._taking_back[batch]
                out.append(TakenBack(t, cards))
        cleared = self._cleared(t, zone)
        if cleared:
            for known in cleared:
                known.group = EARLIER
                self._reported_cleared.add(known.id)
            out.append(PileCleared(t, tuple(k.code for k in cleared)))
        return out

    def _cleared(self, t: float, zone: ZoneTracks) -> list[KnownCard]:
        """The trick's cards, when at most ``clear_max_cards`` of them were seen lately (a card
        showing again after a hand counts as seen before it is established again)."""
        trick = self.memory.of_group(TRICK)
        if not trick:
            return []
        since = t - self.settings.clear_seconds + EPS
        showing = {tr.code for tr in zone.tracks if tr.last_seen > since}
        still = [k for k in trick if (k.last_seen is not None and k.last_seen > since) or k.code in showing]
        return trick if len(still) <= self.settings.clear_max_cards else []

    def take_back_last_play(self) -> tuple[Label, ...]:
        """The referee refused the last play: its cards are expected to leave the pile (they are
        no longer cards of the trick; if they stay, they are judged again as a new play)."""
        batch = self._batch
        cards = [k for k in self.memory if k.batch == batch and k.group == TRICK]
        if not cards:
            return ()
        self._batch += 1
        for known in cards:
            known.group = TAKING_BACK
            known.batch = self._batch
        codes = tuple(k.code for k in cards)
        self._taking_back[self._batch] = codes
        return codes

    def forget_last_play(self) -> list[int]:
        """The referee reads the last play again (its player said the reading was wrong): its
        cards are no longer known, refused or not. Returns the ids of the tracks showing them."""
        cards = [k for k in self.memory if k.batch == self._batch and k.group in (TRICK, TAKING_BACK)]
        showing = [k.track for k in cards if k.track is not None]
        for known in cards:
            self.memory.remove(known)
        self._taking_back.pop(self._batch, None)
        return showing

    def last_play_refused(self) -> bool:
        """The last play's cards are expected to leave the pile (`take_back_last_play`)."""
        return self._batch in self._taking_back

    def keep_last_play(self) -> None:
        """The refused last play was corrected into one the game takes: its cards are the
        trick's again, not expected to leave."""
        if self._taking_back.pop(self._batch, None) is None:
            return
        for known in self.memory:
            if known.batch == self._batch and known.group == TAKING_BACK:
                known.group = TRICK

    def relabel_last_play(self, codes: Sequence[Label], tracks: Mapping[int, Track] | None = None) -> None:
        """The referee corrected the last play's cards: the cards it remembers for that play
        carry the corrected codes (so seeing them again is no new play). A card already carrying
        one of the codes keeps it; then a card whose readings (its track in ``tracks``, by id)
        name a code left takes it; the others take the codes left, in order. A card left over
        near a corrected card (one card seen as two: its corners read apart) is that card's
        other sight of it; one lying farther than a card's length from every corrected card and
        read as itself is a card of its own that joined the play before it settled (the next
        player's, laid at once): it is forgotten, so that it arrives again as the next play."""
        cards = [k for k in self.memory if k.batch == self._batch and k.group in (TRICK, TAKING_BACK)]
        tracks = tracks or {}
        left = list(codes)
        keep = []
        for known in cards:
            if known.code in left:
                left.remove(known.code)
                keep.append(known)
        for known in cards:
            track = tracks.get(known.track) if known.track is not None else None
            if known in keep or track is None:
                continue
            named = [code for code, _ in track.candidates() if code in left]
            if named:
                known.read_as = known.read_as or known.code
                known.code = named[0]
                left.remove(named[0])
                keep.append(known)
        extra = []
        for known in cards:
            if known in keep:
                continue
            if left:
                known.read_as = known.read_as or known.code     # the camera may go on reading that
                known.code = left.pop(0)
                keep.append(known)
            else:
                extra.append(known)
        for known in extra:
            if not keep:
                continue
            nearest = min(keep, key=lambda k: _apart(k, known))
            track = tracks.get(known.track) if known.track is not None else None
            if (track is not None and _apart(nearest, known) > self._card_length
                    and track.candidates(1)[0][0] == known.code):
                self.memory.remove(known)
            else:
                known.read_as = known.read_as or known.code
                known.code = nearest.code

    def relabel_cards(self, old: Sequence[Label], new: Sequence[Label]) -> None:
        """The referee read an earlier play of the trick again (``old`` cards now ``new``): the
        cards it remembers carry the new codes and still show under the old ones."""
        gone = [code for code in old if code not in new]
        came = [code for code in new if code not in old]
        for was, now in zip(gone, came):
            known = next((k for k in reversed(self.memory.cards) if k.code == was and k.group == TRICK), None)
            if known is not None:
                known.read_as = known.read_as or was
                known.code = now

    def taken(self, cards: Iterable[Label]) -> None:
        """Cards of the trick picked up on purpose (a point card): their leaving is no clear."""
        for code in cards:
            known = next((k for k in reversed(self.memory.cards) if k.code == code and k.group == TRICK), None)
            if known is not None:
                known.group = EARLIER

    def remember(self, trick: Iterable[Label], earlier: Iterable[Label], refused: Iterable[Label] = ()) -> None:
        """Cards played before a restart: the current trick's and earlier tricks' (no place known),
        and a refused play's still to be taken back."""
        for code in trick:
            self.memory.add(code, None, TRICK)
        for code in earlier:
            self.memory.add(code, None, EARLIER)
        refused = tuple(refused)
        if refused:
            self._batch += 1
            for code in refused:
                self.memory.add(code, None, TAKING_BACK, batch=self._batch)
            self._taking_back[self._batch] = refused

    def new_game(self, zone: ZoneTracks, t: float | None) -> None:
        self.memory.clear()
        self._taking_back.clear()
        self._reported_cleared.clear()
        self.adopt(zone, t)

    @property
    def trick_cards(self) -> tuple[Label, ...]:
        # one card seen as two and corrected is remembered twice under one code
        return tuple(dict.fromkeys(k.code for k in self.memory.of_group(TRICK)))


class DiscardWatcher(ArrivalWatcher):
    """The discard zone: the cards of a 10-discard or a 9-pass, face down or up; their number is
    what counts. Cards taken away are forgotten after a while (the next discard may lie there).

    Some backs carry a picture of cards (kde-nicu-white: a fan of aces) that reads as an index:
    a face reading right by a face-down card is that card's back, not another card."""

    def __init__(self, settings: TrackerSettings, scale: float) -> None:
        memory = CardMemory(return_radius=settings.return_radius * scale, return_seconds=settings.return_seconds,
                            forget_after=settings.return_seconds)
        super().__init__(settings, memory)
        self._near = settings.match_radius * scale

    def _twin(self, track: Track, zone: ZoneTracks) -> bool:
        return super()._twin(track, zone) or (
            track.code != BACK and any(other.code == BACK and self._placed(other)
                                       and distance(other.position, track.position) <= zone.match_radius
                                       for other in zone.tracks))

    def committed(self, t: float, tracks: list[Track]) -> Observation:
        backs = [tr for tr in tracks if tr.code == BACK]
        cards = [tr for tr in tracks
                 if tr.code == BACK or all(distance(b.position, tr.position) > self._near for b in backs)]
        return DiscardSeen(t, tuple(tr.code for tr in cards))


class PointsWatcher:
    """A seat's point-card zone: the cards seen in it this game (later cards are often laid on
    earlier ones, so a card no longer seen still counts)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cards: list[Label] = []
        self._counted: set[tuple[int, Label]] = set()   # (track, code): a card laid right on another is new

    def update(self, t: float, zone: ZoneTracks) -> list[Observation]:
        added = []
        for track in zone.established():
            key = (track.id, track.code)
            if track.code == BACK or key in self._counted:
                continue
            self._counted.add(key)
            if track.code not in self.cards:
                self.cards.append(track.code)
                added.append(track.code)
        return [PointCardsSeen(t, self.seat, tuple(added), tuple(self.cards))] if added else []

    def remember(self, cards: Iterable[Label]) -> None:
        for code in cards:
            if code not in self.cards:
                self.cards.append(code)

    def new_game(self, zone: ZoneTracks) -> None:
        """Cards left from the last game are not taken in this one."""
        self.cards = []
        self.adopt(zone)

    def adopt(self, zone: ZoneTracks) -> None:
        """The cards lying in the zone now were taken before: they are not taken again."""
        self._counted |= {(track.id, track.code) for track in zone.tracks}


def _apart(a: KnownCard, b: KnownCard) -> float:
    return distance(a.position, b.position) if a.position is not None and b.position is not None else 0.0


def _doubles(track: Track, known: Track) -> bool:
    """``track`` reads only in frames that also read ``known``, and much less surely: a second
    reading of that card (its other corner misread), not a card laid on it."""
    if not track.votes or not set(track.seen_at) <= set(known.seen_at):
        return False
    return _mean_confidence(track) <= DOUBLING_CONFIDENCE * _mean_confidence(known)


def _mean_confidence(track: Track) -> float:
    return sum(vote[2] for vote in track.votes) / len(track.votes) if track.votes else 0.0
