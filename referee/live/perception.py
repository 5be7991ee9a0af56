"""What the referee sees in one frame: the cards (the recogniser), the markers (pass pads and
table corners) and what lies and moves around each pad (`pad_sensor`). `Perception` is the seam
between the video and the referee's logic; tests drive the loop with a scripted one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Protocol

from referee.calibration.markers import MarkerDetector
from referee.live.hand_sensor import HandSensor
from referee.live.pad_sensor import PadSensor

if TYPE_CHECKING:
    from referee.calibration import Calibration
    from referee.capture import Frame
    from referee.tracking import HandEvidence, PadEvidence
    from referee.vision.types import CardReading


@dataclass(frozen=True)
class Sighting:
    cards: tuple["CardReading", ...]        # every card read, boxes in image pixels
    marker_ids: frozenset[int] | None       # the ArUco ids seen (None: not looked for)
    pads: "Mapping[int, PadEvidence] | None" = None   # seat → what lies and moves around its pad
    hand: "HandEvidence | None" = None                # which seat's hand reaches the pile


class Perception(Protocol):
    def look(self, frame: "Frame") -> Sighting: ...


class CameraPerception:
    """The card recogniser and the marker detector on each frame, and, given the table's
    calibration, the evidence around its pads and of the hand over its pile."""

    def __init__(self, recognizer, marker_detector=None, calibration: "Calibration | None" = None) -> None:
        self.recognizer = recognizer
        # ids only: corner refinement is for calibration, not for telling a covered pad
        self.markers = marker_detector if marker_detector is not None else MarkerDetector(subpixel=False)
        self.pads = PadSensor(calibration) if calibration is not None else None
        self.hands = HandSensor(calibration, self.pads) if self.pads is not None else None

    def look(self, frame: "Frame") -> Sighting:
        pads = self.pads.measure(frame.image, frame.timestamp) if self.pads is not None else None
        hand = self.hands.measure() if self.hands is not None else None
        return Sighting(tuple(self.recognizer.read(frame.image)), self.markers.visible_ids(frame.image), pads, hand)
