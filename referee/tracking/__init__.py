"""Following the cards on the table over time: readings in table coordinates in, stable changes
out (a play on the pile, the pile cleared, point cards taken, cards discarded, a pad covered or
tapped twice).

Pure logic over plain data (no OpenCV): `TableTracker.update(t, readings, marker_ids)` takes one
frame's card readings already mapped to the table (`readings_on_table`) and returns
`Observation` values. A change counts only once it has held for ``stable_seconds`` (0.3 s by
default): a hand passing over the cards, a card read wrongly in a few frames, or a card held
above the table for a moment changes nothing.
"""

from referee.tracking.observations import (DeclarationSeen, DiscardSeen, Observation, PassSeen, PileCleared,
                                           PileRestored, PlaySeen, PointCardsSeen, TakenBack)
from referee.tracking.hands import HandEvidence, HandWatcher
from referee.tracking.pads import DoubleTap, PadEvidence, PadReport, PadWatcher
from referee.tracking.readings import TableReading, readings_on_table
from referee.tracking.settings import DECLARE_GESTURES, TrackerSettings
from referee.tracking.table import TableTracker, TableView, TrackedCard

__all__ = [
    "DECLARE_GESTURES", "DeclarationSeen", "DiscardSeen", "DoubleTap", "HandEvidence", "HandWatcher", "Observation",
    "PadEvidence", "PadReport", "PadWatcher", "PassSeen", "PileCleared", "PileRestored",
    "PlaySeen",
    "PointCardsSeen", "TableReading", "TableTracker", "TableView", "TakenBack", "TrackedCard",
    "TrackerSettings", "readings_on_table",
]
