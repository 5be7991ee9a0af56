"""Tracks: the physical cards of one zone, followed from frame to frame.

Each frame's readings are matched to the tracks by position: a reading of the track's code up
to ``match_radius`` away (a card whose box changes because a corner got covered still matches),
a reading of another code only very close by (the same card misread: its code is the majority of
its readings); the nearest pairs first, another code counting as farther.
A reading that matches nothing starts a new track. A track is *established* once it has been
seen for ``stable_seconds``, in most of the zone's frames of that window, with one code holding
``min_majority`` of its readings (or, its readings split between look-alikes, once seen for
``split_seconds``: a card lying still is there, however unsure its code); it ends once it has not
been seen for ``stable_seconds`` (a hand passing over it for less changes nothing). An established
track's code changes only when another code has been the majority for ``stable_seconds`` (a card
laid right on top of it).
"""

from __future__ import annotations

import collections
import itertools
import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from referee.tracking.readings import Point, TableReading
from referee.tracking.settings import TrackerSettings
from referee.vision.labels import BACK, Label, is_joker, label_code
from referee.vision.middle import doubt_pips

EPS = 1e-6              # timestamps are sums of frame intervals: compare with a little slack
# A code a reading does not name counts as read with this probability (the recogniser passes on
# only its likeliest codes).
UNNAMED_PROBABILITY = 1e-3
# A frame whose look at a card's middle saw a picture puts that frame's pip readings of it in
# doubt (`doubt_pips`); a picture seen in at least MIN_PICTURE_FRAMES of the last MIDDLE_LOOKS
# frames that saw the middle (and in more of them than showed pips) puts all of them in doubt
# (`Track.candidates`).
MIN_PICTURE_FRAMES = 2
MIDDLE_LOOKS = 4
_ids = itertools.count(1)


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


@dataclass(eq=False)
class Track:
    """One physical card in one zone."""
    position: Point
    first_seen: float
    last_seen: float
    code: Label                                 # the stable majority reading
    id: int = field(default_factory=lambda: next(_ids))
    established: bool = False
    seen_at: collections.deque = field(default_factory=collections.deque)  # recent frame times it was seen in
    # (t, code, confidence, alternatives, picture): the readings of the vote window
    votes: collections.deque = field(default_factory=collections.deque)
    _rival: Label | None = None                 # a different majority reading, not stable yet
    _rival_since: float = 0.0

    def share(self, code: Label) -> float:
        """The share of the readings' weight that says ``code``."""
        total = sum(max(vote[2], 1e-3) for vote in self.votes)
        return sum(max(vote[2], 1e-3) for vote in self.votes if vote[1] == code) / total if total else 0.0

    def look(self, t: float, reading: TableReading) -> None:
        """Count one reading: its vote and its alternatives (a reading naming none: its own code)."""
        self.votes.append((t, reading.code, reading.confidence, reading.alternatives or ((reading.code, 1.0),),
                           reading.picture))

    def forget_before(self, t: float) -> None:
        while len(self.votes) > 1 and self.votes[0][0] < t - EPS:
            self.votes.popleft()

    def candidates(self, count: int = 4) -> tuple[tuple[Label, float], ...]:
        """The likeliest codes of this card with their mean log-probability over its recent
        readings, best first. A mean, not a sum: successive frames of a card lying still are
        nearly the same image, so their readings are not independent evidence.

        >>> from referee.engine.cards import Card
        >>> six_s, six_c = Card.parse("6S"), Card.parse("6C")
        >>> track = Track((0.0, 0.0), 0.0, 0.0, six_s)
        >>> for t, p in ((0.0, 0.6), (0.1, 0.9)):
        ...     track.look(t, TableReading(six_s, p, (0.0, 0.0), "pile", ((six_s, p), (six_c, 1 - p))))
        >>> [(label_code(card), round(score, 2)) for card, score in track.candidates()]
        [('6S', -0.31), ('6C', -1.61)]
        """
        if not self.votes:
            return ()
        floor = math.log(UNNAMED_PROBABILITY)
        excess: dict[Label, float] = {}
        picture = self._picture_seen()
        for vote in self.votes:
            alternatives = vote[3]
            if picture or vote[4] is True:
                alternatives = doubt_pips(alternatives)
            for code, p in alternatives:
                excess[code] = excess.get(code, 0.0) + math.log(max(p, UNNAMED_PROBABILITY)) - floor
        n = len(self.votes)
        # the last tie-break is the code's text, as it was when readings were strings
        ranked = sorted(excess.items(), key=lambda item: (-item[1], item[0] != self.code, label_code(item[0])))
        return tuple((code, floor + total / n) for code, total in ranked[:count])

    def _picture_seen(self) -> bool:
        """Whether the card's middle, in the last frames that could see it, mostly showed a
        picture: then every reading of it is in doubt, not only those of the frames that saw the
        middle (a card read by one corner at first has no middle to look at). The last frames,
        because the hand laying a card shows its own colours over the middle as it arrives, and
        a hand passing over a pip card shows a picture for a frame or two among frames of pips."""
        looks = [vote[4] for vote in self.votes if vote[4] is not None][-MIDDLE_LOOKS:]
        pictures = sum(looks)
        return pictures >= MIN_PICTURE_FRAMES and pictures > len(looks) - pictures

    def names(self) -> frozenset[Label]:
        """What this card may be taken for: its majority reading and, a face card, its
        likeliest card over the readings (a card's second corner, read as a look-alike frame
        by frame, is still most likely the card it belongs to)."""
        likeliest = self.candidates(1)
        extra = likeliest[0][0] if likeliest else None
        if extra is None or extra == BACK or self.code == BACK or is_joker(extra):
            return frozenset((self.code,))
        return frozenset((self.code, extra))

    def restart(self, t: float) -> None:
        """Read this card afresh from now on (its readings so far were judged wrong)."""
        self.established = False
        self.first_seen = t
        self.seen_at.clear()
        self.votes.clear()
        self._rival = None

    def majority(self) -> Label:
        weights: dict[Label, float] = {}
        counts: dict[Label, int] = {}
        for _, code, confidence, *_ in self.votes:
            weights[code] = weights.get(code, 0.0) + max(confidence, 1e-3)
            counts[code] = counts.get(code, 0) + 1
        # ties keep the current code, so a 50/50 flicker does not flip the card back and forth
        return max(weights, key=lambda c: (round(weights[c], 9), counts[c], c == self.code, label_code(c)))


class ZoneTracks:
    """The tracks of one zone."""

    def __init__(self, settings: TrackerSettings, scale: float) -> None:
        """``scale``: the table's shorter side, in table units (radii are fractions of it)."""
        self.settings = settings
        self.match_radius = settings.match_radius * scale
        self.flicker_radius = settings.flicker_radius * scale
        self.tracks: list[Track] = []
        self.frame_times: collections.deque = collections.deque()   # this zone's recent frames
        self.t: float | None = None

    def update(self, t: float, readings: Sequence[TableReading]) -> list[Track]:
        """Feed one frame's readings of this zone; returns the tracks that ended in this frame."""
        self.t = t
        self.frame_times.append(t)
        while self.frame_times[0] < t - self.settings.stable_seconds - EPS:
            self.frame_times.popleft()
        unmatched = self._match(t, readings)
        for reading in unmatched:
            track = Track(reading.position, t, t, reading.code)
            track.look(t, reading)
            track.seen_at.append(t)
            self.tracks.append(track)
        ended = [tr for tr in self.tracks if t - tr.last_seen >= self.settings.stable_seconds - EPS]
        if ended:
            self.tracks = [tr for tr in self.tracks if tr not in ended]
        for track in self.tracks:
            self._maybe_establish(track, t)
        return ended

    def established(self) -> list[Track]:
        return [tr for tr in self.tracks if tr.established]

    def settling(self) -> list[Track]:
        """Tracks seen recently that are not established yet (cards still arriving, or noise)."""
        return [tr for tr in self.tracks if not tr.established]

    # ---- matching ---------------------------------------------------------------------------

    def _match(self, t: float, readings: Sequence[TableReading]) -> list[TableReading]:
        # Cost: the distance, plus a penalty for another code. A misread card right where it was
        # stays that card, rather than jumping to a neighbour of the fan that shares the code.
        pairs = []
        for ti, track in enumerate(self.tracks):
            for ri, reading in enumerate(readings):
                d = distance(track.position, reading.position)
                if reading.code == track.code and d <= self.match_radius:
                    pairs.append((d, ti, ri))
                elif d <= self.flicker_radius:
                    pairs.append((d + self.flicker_radius, ti, ri))
        pairs.sort()
        used_tracks: set[int] = set()
        used_readings: set[int] = set()
        for _, ti, ri in pairs:
            if ti in used_tracks or ri in used_readings:
                continue
            used_tracks.add(ti)
            used_readings.add(ri)
            self._see(self.tracks[ti], readings[ri], t)
        return [r for ri, r in enumerate(readings) if ri not in used_readings]

    def _see(self, track: Track, reading: TableReading, t: float) -> None:
        track.position = reading.position
        track.last_seen = t
        track.seen_at.append(t)
        while track.seen_at[0] < t - self.settings.stable_seconds - EPS:
            track.seen_at.popleft()
        track.look(t, reading)
        track.forget_before(t - self.settings.vote_seconds)
        majority = track.majority()
        if majority == track.code:
            track._rival = None
        elif not track.established:
            track.code = majority            # nothing depends on it yet
        elif track._rival != majority:
            track._rival, track._rival_since = majority, t
        elif t - track._rival_since >= self.settings.stable_seconds - EPS:
            track.code, track._rival = majority, None   # another card now lies here

    def _maybe_establish(self, track: Track, t: float) -> None:
        """Seen now, for ``stable_seconds`` already, in most of the zone's frames of that window,
        and read clearly enough, or seen for ``split_seconds`` however split its readings are."""
        if track.established or track.last_seen != t:
            return
        age = t - track.first_seen
        if (age >= self.settings.stable_seconds - EPS
                and len(track.seen_at) >= self.settings.min_presence * len(self.frame_times) - EPS
                and (track.share(track.code) >= self.settings.min_majority - EPS
                     or age >= self.settings.split_seconds - EPS)):
            track.established = True


def by_position(tracks: Iterable[Track]) -> list[Track]:
    """Left to right (then top to bottom): the order a fan of cards is read in."""
    return sorted(tracks, key=lambda tr: (round(tr.position[0], 3), tr.position[1]))
