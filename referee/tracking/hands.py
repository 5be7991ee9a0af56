"""Who laid a play: the seat whose hand reached the pile while its cards arrived.

`HandEvidence` is what the camera saw in one frame (`referee.live.hand_sensor`); `HandWatcher`
gathers it between two plays and names the seat when the frames agree, else nobody (the referee
then gives the play to the player to move)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

WINDOW_SECONDS = 3.0     # a hand is seen over the pile at most this long before its cards lie still
MIN_FRAMES = 2           # fewer frames with a hand over the pile are not enough to tell
AGREEMENT = 0.75         # the seat must account for this share of those frames


@dataclass(frozen=True, slots=True)
class HandEvidence:
    """One frame: the seat whose table edge something lying over the pile runs out to (an arm
    from the pile to that seat), or None (nothing over the pile reaches an edge, or several do)."""
    seat: int | None


class HandWatcher:
    """Frames with a hand over the pile since the last play, told apart by seat."""

    def __init__(self) -> None:
        self._seen: list[tuple[float, int]] = []

    def update(self, t: float, evidence: HandEvidence | None) -> None:
        if evidence is not None and evidence.seat is not None:
            self._seen.append((t, evidence.seat))

    def laid_by(self, t: float) -> int | None:
        """The seat that laid the play seen at ``t`` (None: cannot tell); starts afresh for the next."""
        votes = Counter(seat for seen, seat in self._seen if seen >= t - WINDOW_SECONDS)
        self._seen.clear()
        if not votes:
            return None
        seat, frames = votes.most_common(1)[0]
        if frames < MIN_FRAMES or frames < AGREEMENT * sum(votes.values()):
            return None
        if any(n >= MIN_FRAMES for other, n in votes.items() if other != seat):
            return None          # two players' hands over the pile (one idle): no telling which laid it
        return seat

    def forget(self) -> None:
        """Hands over the pile that laid nothing (cards taken back, the pile cleared)."""
        self._seen.clear()
