"""A second opinion on the ranks a turned corner confuses: 4, 6, 7 and 9.

Nearly every deck prints its bottom-right index as the top-left one turned 180 degrees, and the
classifier learnt only that: a corner whose suit sign lies above the rank is a turned index, read
turned. Some decks print that corner in the turned layout with each glyph upright (suit over rank,
both upright: kde-ancient-egyptians among the held-out designs), and the classifier reads its 6
as 9, 9 as 6, 4 as 7 and 7 as 4 at 0.9-1.0 (models/MODEL_CARD.md). The twin reader
(models/twin_reader.onnx, TWIN_READER_FILE; the classifier trained on with the corners of those
four ranks alone, both layouts among them: referee.train.twin_data) has seen both, and tells
them apart by the suit sign's own orientation where it has one (a heart or a spade; a diamond
has none).

It is asked one question, on still images (`referee detect`): a corner the classifier reads as
a 4, 6, 7 or 9: does it read it so too? Where its probability of that card is below
TWIN_MIN_AGREEMENT, the two disagree and the corner gives no card (checked): never the other
rank's card read the wrong way round. A corner whose ink is lighter than its paper (a dark
face's, read through the inverted look) is not asked: the twin reader learnt none of those as
that look shows them, and gave the dark faces' right readings less than the bar. A deck enrolled
at the table learnt its own corners and is not asked about.

    >>> names = ["6S", "9S", "AS", "other"]
    >>> base = [("6S", 0.99), ("AS", 0.98), ("9S", 0.97)]
    >>> twin = np.array([[0.1, 0.9, 0.0, 0.0], [0.05, 0.95, 0.0, 0.0]])
    >>> disagreeing(base, [0, 2], twin, names)
    [0]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import numpy as np

from referee.engine.cards import Card
from referee.errors import UserError
from referee.vision.classifier import REJECT_CLASS, IndexClassifier
from referee.vision.polarity import light_ink

TWIN_READER_FILE = "twin_reader.onnx"
TWIN_RANKS = ("4", "6", "7", "9")
# The twin reader's probability of the classifier's reading below which a corner gives no card.
TWIN_MIN_AGREEMENT = 0.5


def twin_code(code: str) -> bool:
    """Whether a classifier class is a card of TWIN_RANKS.

    >>> [twin_code(c) for c in ("6S", "9D", "10C", "other", "JK")]
    [True, True, False, False, False]
    """
    return code not in (REJECT_CLASS, Card.joker().code) and code[:-1] in TWIN_RANKS


def disagreeing(readings: Sequence[tuple[str, float]], asked: Sequence[int], twin: np.ndarray,
                names: Sequence[str], min_agreement: float = TWIN_MIN_AGREEMENT) -> list[int]:
    """The positions among `asked` (rows of `twin`, the twin reader's probabilities, classes
    `names`) whose reading in `readings` the twin reader gives less than `min_agreement`."""
    return [i for i, row in zip(asked, twin) if float(row[names.index(readings[i][0])]) < min_agreement]


class TwinReader:
    """The twin reader (models/twin_reader.onnx): a corner-index classifier with the classifier's
    classes, asked about its 4, 6, 7 and 9 readings."""

    def __init__(self, model_path: str | os.PathLike, threads: int | None = None, spin: bool = False) -> None:
        self.classifier = IndexClassifier(model_path, threads=threads, spin=spin)
        if REJECT_CLASS not in self.names or not any(twin_code(c) for c in self.names):
            raise UserError(f"twin reader {model_path} has no {REJECT_CLASS} class or no card of ranks "
                            f"{', '.join(TWIN_RANKS)}")

    @property
    def names(self) -> list[str]:
        return self.classifier.names

    def checked(self, readings: list[tuple[str, float]], crop: Callable[[int], np.ndarray],
                min_agreement: float = TWIN_MIN_AGREEMENT) -> list[tuple[str, float]]:
        """`readings` (code, probability per corner) with every 4, 6, 7 or 9 the twin reader reads
        otherwise (disagreeing; `crop(i)`: corner i's crop, its ink darker than its paper) turned
        into the reject class."""
        crops = {i: crop(i) for i, (code, _) in enumerate(readings) if twin_code(code)}
        # a dark face's corner (read through the inverted look) is not asked: the reader learnt
        # none as that look shows them, and read them otherwise (history, Session 42)
        asked = [i for i, c in crops.items() if not light_ink(c)]
        if not asked:
            return readings
        twin = self.classifier.probabilities([crops[i] for i in asked])
        out = list(readings)
        for i in disagreeing(readings, asked, twin, self.names, min_agreement):
            out[i] = (REJECT_CLASS, readings[i][1])
        return out
