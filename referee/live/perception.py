"""What the referee sees in one frame: the cards (the recogniser), the markers (pass pads and
table corners) and what lies and moves around each pad (`pad_sensor`). `Perception` is the seam
between the video and the referee's logic; tests drive the loop with a scripted one.

Given the table's calibration, the recogniser reads only when the card zones have changed
(`zone_reader`); with ZONE_READER_SWITCH set to 0 (or ``zone_reader=False``), and without a
calibration, it reads the whole frame on every frame. The markers, the pads and the hand over the
pile are measured on every frame either way."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping, Protocol

from referee.calibration.markers import MarkerDetector
from referee.live.hand_sensor import HandSensor
from referee.live.pad_sensor import PadSensor
from referee.live.zone_reader import ZoneReader

if TYPE_CHECKING:
    from referee.calibration import Calibration
    from referee.capture import Frame
    from referee.tracking import HandEvidence, PadEvidence
    from referee.vision.types import CardReading

ZONE_READER_SWITCH = "REFEREE_ZONE_READER"
# What on_notice is told (a key of referee.live.texts.LIVE_TEXTS): the cards read so far are a
# dark-faced deck's (CardRecognizer.dark_faced), which is read less surely than a light one
DARK_DECK_NOTICE = "dark_deck"


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
    calibration, the evidence around its pads and of the hand over its pile (the markers, the
    pads and the hand whole, on every frame). zone_reader: the recogniser only when the card
    zones changed, given a calibration (None: unless ZONE_READER_SWITCH is 0). on_notice: given
    DARK_DECK_NOTICE once, when the cards read so far are a dark-faced deck's."""

    def __init__(self, recognizer, marker_detector=None, calibration: "Calibration | None" = None,
                 zone_reader: bool | None = None, on_notice: Callable[[str], None] | None = None) -> None:
        self.recognizer = recognizer
        self.on_notice = on_notice
        self._dark_told = False
        # ids only: corner refinement is for calibration, not for telling a covered pad
        self.markers = marker_detector if marker_detector is not None else MarkerDetector(subpixel=False)
        self.pads = PadSensor(calibration) if calibration is not None else None
        if zone_reader is None:
            zone_reader = os.environ.get(ZONE_READER_SWITCH, "1") != "0"
        self.zones = ZoneReader(recognizer, calibration) if calibration is not None and zone_reader else None
        self.hands = HandSensor(calibration, self.pads) if self.pads is not None else None

    def look(self, frame: "Frame") -> Sighting:
        pads = self.pads.measure(frame.image, frame.timestamp) if self.pads is not None else None
        hand = self.hands.measure() if self.hands is not None else None
        if self.zones is not None:
            cards = self.zones.read(frame.image, frame.timestamp)
        else:
            cards = tuple(self.recognizer.read(frame.image))
        if self.on_notice is not None and not self._dark_told and self.recognizer.dark_faced():
            self._dark_told = True
            self.on_notice(DARK_DECK_NOTICE)
        return Sighting(cards, self.markers.visible_ids(frame.image), pads, hand)
