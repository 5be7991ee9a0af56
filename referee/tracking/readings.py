"""Card readings on the table: the recogniser's image boxes mapped through the calibration."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from referee.calibration.layout import DISCARD
from referee.vision.labels import Label

if TYPE_CHECKING:
    from referee.calibration import Calibration
    from referee.vision.types import CardReading

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class TableReading:
    """One card seen in one frame, placed on the table."""
    code: Label                     # QH, 10S, JK, or BACK for a face-down card
    confidence: float
    position: Point                 # the card's centre in table coordinates
    zone: str | None                # the name of the zone it lies in ("pile", "points-2", ...)
    alternatives: tuple[tuple[Label, float], ...] = ()   # likeliest readings with probabilities, best first
    picture: bool | None = None     # its middle showed a picture (True), pips alone (False), not looked at (None)


def readings_on_table(cards: Sequence["CardReading"], calibration: "Calibration") -> list[TableReading]:
    """Each reading's box centre mapped to the table, with the zone it falls in (None outside
    every zone). A faint back counts only in the discard zone: nothing else lies there, and a
    card laid face down is what it waits for."""
    if not cards:
        return []
    centres = [((c.box[0] + c.box[2]) / 2, (c.box[1] + c.box[3]) / 2) for c in cards]
    points = calibration.image_to_table(centres)
    out = []
    for card, (x, y) in zip(cards, points):
        position = (float(x), float(y))
        zone = calibration.zone_at(position)
        if card.faint and (zone is None or zone.kind != DISCARD):
            continue
        out.append(TableReading(card.label, float(card.confidence), position, zone.name if zone else None,
                                card.alternatives, card.picture))
    return out
