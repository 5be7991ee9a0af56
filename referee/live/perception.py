"""What the referee sees in one frame: the cards (the recogniser) and the markers (pass pads and
table corners). `Perception` is the seam between the video and the referee's logic; tests drive
the loop with a scripted one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from referee.calibration.markers import MarkerDetector

if TYPE_CHECKING:
    from referee.capture import Frame
    from referee.vision.types import CardReading


@dataclass(frozen=True)
class Sighting:
    cards: tuple["CardReading", ...]        # every card read, boxes in image pixels
    marker_ids: frozenset[int] | None       # the ArUco ids seen (None: not looked for)


class Perception(Protocol):
    def look(self, frame: "Frame") -> Sighting: ...


class CameraPerception:
    """The card recogniser and the marker detector on each frame."""

    def __init__(self, recognizer, marker_detector=None) -> None:
        self.recognizer = recognizer
        # ids only: corner refinement is for calibration, not for telling a covered pad
        self.markers = marker_detector if marker_detector is not None else MarkerDetector(subpixel=False)

    def look(self, frame: "Frame") -> Sighting:
        return Sighting(tuple(self.recognizer.read(frame.image)), self.markers.visible_ids(frame.image))
