"""A second opinion on jokers: a classifier trained with many joker designs, asked about corners.

The committed classifier reads few jokers of a design it never saw (a jester whose corner is the
word JOKER written downwards reads `other`), and the detector then often calls the joker's
picture a `back`: a face-down card where a face-up joker lies (models/MODEL_CARD.md, "Dark,
coloured and aged faces, jokers"). A classifier trained with jokers in every other scene reads
them, but loses some of the dark and light faces the committed one reads
(docs/recognition-history.md, Session 30). So the joker reader (models/joker_reader.onnx, the
same 54 classes) is asked only these questions:

* a corner the classifier reads as nothing, as a joker, or less surely than JOKER_LOOK_BELOW: is
  it a joker? The reader reads the crop and its half turn (the view of the card's other corner),
  the two readings combined as the turned look combines them; the corner's reading is the
  reader's where that says JK at JOKER_MIN_PROBABILITY or more (take_jokers); every other corner
  keeps the classifier's reading. The half turn halves the JKs read where no joker lies;
* a box on the same index as a corner read surely as a joker, or at that card's opposite corner,
  read as something else: is it that joker's corner too? The word JOKER is long and narrow, so the
  detector often boxes part of it as well, and the classifier reads an upside-down "JOK" as 2D
  surely (0.9-0.97). The reader reads it with its half turn, and a joker's corner it is where that
  says JK at JOKER_CONFIRMED_PROBABILITY or more (confirmed_jokers): a lower bar than a lone
  corner's, as the card's other box already read JK at JOKER_MIN_PROBABILITY;
* on still images, a corner the classifier reads as a card other than a joker below
  JOKER_DOUBT_BELOW: does the reader read it (with its half turn) as a joker at
  JOKER_DOUBT_PROBABILITY or more? Then the two disagree, and that corner gives no card
  (doubted_corners), unless the recogniser's second look at it (the box moved) reads a joker;
* a `back`: does it hold an index box read as no card whose crop, with its luma turned over (as
  a dark face's corner is read), the reader reads as a joker at BACK_JOKER_PROBABILITY or more?
  Then it is a dark face-up joker, not a face-down card, and no `back` is reported
  (backs_off_jokers); nothing is reported in its place: a face not read surely gives no card.
  Crops as they are were measured too: the reader reads JK at 0.5-0.96 on the edges of a fanned
  face-down hand, while no inverted crop inside a face-down card read JK at 0.8;
* a `back` shown enlarged to the detector (referee.vision.zoomed_backs, on still images): does
  that view box an index whose inverted crop the reader reads as a joker at
  ENLARGED_BACK_JOKER_PROBABILITY, or whose crop as it is the reader reads as a joker at
  ENLARGED_BACK_LIGHT_JOKER_PROBABILITY (joker_among)? Then it is not reported either: a dark
  joker's corners, or the small JOKER written across a coloured or aged joker's corner.

Chosen on tuning scenes (seeds 500000+) of the held-out face decks with both jokers in every deck;
see docs/recognition-history.md, Sessions 31 and 32.

The joker reader saw few jokers whose corner is a symbol (a star in a ring, a star beside the
word), and read those of three held-out gnome designs as 3H, QD or QH. Where the models folder
has the symbol joker reader (models/symbol_joker_reader.onnx, SYMBOL_JOKER_READER_FILE: the
classifier trained on with 20 decks of such jokers, referee.train.joker_mix_data), every question
above but the `back` check (backs_off_jokers: inverted crops, which the symbol reader never
learnt) reads each crop with both and takes the reading of the one whose P(JK) is the higher
(Session 41).

    >>> names = ["AS", "JK", "other"]
    >>> base = np.array([[0.1, 0.0, 0.9], [0.97, 0.0, 0.03], [0.2, 0.1, 0.7]])
    >>> reader = np.array([[0.0, 0.995, 0.005], [0.0, 0.995, 0.005], [0.1, 0.8, 0.1]])
    >>> take_jokers(base, reader, names).round(3).tolist()
    [[0.0, 0.995, 0.005], [0.97, 0.0, 0.03], [0.2, 0.1, 0.7]]
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from referee.engine.cards import Card
from referee.errors import UserError
from referee.vision.classifier import REJECT_CLASS, IndexClassifier
from referee.vision.crops import crop_index
from referee.vision.grouping import DUPLICATE_OVERLAP, inside_a_card, opposite_corners, overlap_of_smaller
from referee.vision.polarity import luma_inverted
from referee.vision.types import Detection

JOKER_READER_FILE = "joker_reader.onnx"
# The second reader (JokerReader symbol_path), read beside the first where the models folder has it.
SYMBOL_JOKER_READER_FILE = "symbol_joker_reader.onnx"
JOKER_CODE = Card.joker().code
# The classifier's readings the reader is asked about: nothing, a joker, or a card below this.
JOKER_LOOK_BELOW = 0.95
# The reader's P(JK) (crop and half turn combined) that makes a corner a joker. Lower bars read
# more jokers and more JK where none lies: tuning scenes (400 of the face decks, 200 of the
# ordinary designs, both jokers in every deck), JK readings right 80 of 85 at 0.99, 99 of 116 at
# 0.97; without the half turn 81 of 90 at 0.99.
JOKER_MIN_PROBABILITY = 0.99
# On still images, a corner read as a card (not a joker) below JOKER_DOUBT_BELOW whose crop the
# reader reads as a joker this surely (with its half turn) gives no card, unless its second look
# (the box moved a quarter of its size) reads a joker: the two disagree (the word JOKER boxed in
# part: "JOK" reads 2D unsurely, and the moved box shows the reader more of the word).
JOKER_DOUBT_PROBABILITY = 0.7
# The doubt asks about readings up to this sure: a star-in-a-box joker corner read 3H at 0.96
# (the readers: JK at 0.998); asking up to 0.99 lost no right reading on the tuning scenes (seeds
# 500000+ and 501000+ with jokers; docs/recognition-history.md, Session 43).
JOKER_DOUBT_BELOW = 0.99
# A `back` holding an index box whose inverted crop the reader reads as a joker this surely is a
# face-up joker (tuning scenes: none of 988 face-down cards' boxes, at 0.5 one).
BACK_JOKER_PROBABILITY = 0.8
# A box on a sure joker's index or at its card's opposite corner becomes a joker at this P(JK)
# (reader, crop and half turn combined). Tuning scenes: the two JOKER corners read 2D were read
# JK at 0.989 and 0.997.
JOKER_CONFIRMED_PROBABILITY = 0.9
# A `back` whose enlarged view (referee.vision.zoomed_backs) boxes an index whose inverted crop the
# reader reads as a joker this surely (crop and half turn) is a dark face-up joker: the enlarged
# view boxes many faint shapes on a back's pattern, so the bar is higher than for the frame's own
# boxes (tuning scenes: 9 of 14 backs on jokers dropped and 3 of 1,460 face-down cards at 0.98, 4
# at 0.95).
ENLARGED_BACK_JOKER_PROBABILITY = 0.98
# ... and one whose crop as it is the reader reads as a joker this surely: a coloured or aged
# joker's corner. Crops as they are read JK more often on face-down cards (a back's pattern, the
# edge of a fanned hand), so the bar is higher (tuning scenes: of the 737 backs left by the
# other checks, the boxes of 2 on face-up jokers and of 1 face-down card at 0.99, 2 at 0.98).
ENLARGED_BACK_LIGHT_JOKER_PROBABILITY = 0.99
HALF_TURN = (2,)           # quarter turns


def asked_rows(base: np.ndarray, names: Sequence[str], look_below: float = JOKER_LOOK_BELOW) -> np.ndarray:
    """Which rows of the classifier's probabilities (n, classes) the reader is asked about: read as
    nothing, as a joker, or below `look_below`."""
    top = base.argmax(axis=1)
    return (top == names.index(JOKER_CODE)) | (top == names.index(REJECT_CLASS)) | (base.max(axis=1) < look_below)


def take_jokers(base: np.ndarray, reader: np.ndarray, names: Sequence[str],
                look_below: float = JOKER_LOOK_BELOW, min_probability: float = JOKER_MIN_PROBABILITY) -> np.ndarray:
    """The classifier's probabilities (n, classes) with the rows it reads as nothing, as a joker
    or below `look_below` replaced by the reader's (same classes) where the reader reads JK at
    `min_probability` or more."""
    if not len(base):
        return base
    taken = asked_rows(base, names, look_below) & (reader[:, names.index(JOKER_CODE)] >= min_probability)
    if not taken.any():
        return base
    out = base.copy()
    out[taken] = reader[taken]
    return out


def joker_partners(indices: Sequence[Detection], readings: Sequence[tuple[str, float]],
                   cards: list[Detection], sure: float = JOKER_MIN_PROBABILITY) -> list[int]:
    """Positions of the boxes not read as a joker that lie on the index of a corner read as a
    joker at `sure` or more (overlapping it by DUPLICATE_OVERLAP of the smaller box) or at that
    card's opposite corner (grouping.opposite_corners, in one of `cards`).

    >>> a = Detection("index", (0, 0, 10, 30), 0.9)
    >>> b = Detection("index", (0, 5, 10, 25), 0.4)
    >>> c = Detection("index", (200, 0, 210, 30), 0.9)
    >>> joker_partners([a, b, c], [("JK", 0.995), ("2D", 0.93), ("5S", 0.99)], [])
    [1]
    """
    jokers = [i for i, (code, p) in enumerate(readings) if code == JOKER_CODE and p >= sure]
    return [i for i, (code, _) in enumerate(readings)
            if code != JOKER_CODE and any(overlap_of_smaller(indices[i].box, indices[j].box) >= DUPLICATE_OVERLAP
                                          or opposite_corners(indices[i], indices[j], cards) for j in jokers)]


def _with_half_turn(reader: IndexClassifier, crops: list[np.ndarray]) -> np.ndarray:
    """`reader`'s probabilities of the crops and of their half turns, combined."""
    return reader.with_turns(crops, reader.probabilities(crops), HALF_TURN)


class JokerReader:
    """The joker reader (models/joker_reader.onnx): a corner-index classifier asked about jokers;
    with `symbol_path` (models/symbol_joker_reader.onnx) a second one, and each crop's reading is
    that of the reader that reads it the likelier a joker (read_with_half_turn)."""

    def __init__(self, model_path: str | os.PathLike, threads: int | None = None, spin: bool = False,
                 symbol_path: str | os.PathLike | None = None) -> None:
        self.classifier = IndexClassifier(model_path, threads=threads, spin=spin)
        names = self.classifier.names
        if JOKER_CODE not in names or REJECT_CLASS not in names:
            raise UserError(f"joker reader {model_path} has no {JOKER_CODE} and {REJECT_CLASS} classes")
        self.symbol_reader = None if symbol_path is None else IndexClassifier(symbol_path, threads=threads, spin=spin)
        if self.symbol_reader is not None and self.symbol_reader.names != names:
            raise UserError(f"symbol joker reader {symbol_path} has other classes than joker reader {model_path}")

    @property
    def names(self) -> list[str]:
        return self.classifier.names

    def second_opinion(self, crops: list[np.ndarray], base: np.ndarray, names: Sequence[str]) -> np.ndarray:
        """`base` (the classifier's probabilities of `crops`, classes `names`: the reader's own)
        with the corners the reader reads as jokers taken from it (take_jokers); the reader runs
        only on the crops take_jokers would ask about."""
        if not len(crops):
            return base
        asked = np.flatnonzero(asked_rows(base, names))
        if not len(asked):
            return base
        reader = np.zeros_like(base)
        reader[asked] = self.read_with_half_turn([crops[i] for i in asked])
        return take_jokers(base, reader, names)

    def doubted_corners(self, readings: Sequence[tuple[str, float]], crop,
                        min_probability: float = JOKER_DOUBT_PROBABILITY) -> list[int]:
        """Positions of the corners read as a card other than a joker below JOKER_DOUBT_BELOW whose
        crop (`crop(i)`) the reader reads, with its half turn, as a joker at `min_probability` or
        more: the classifier and the reader disagree."""
        asked = [i for i, (code, p) in enumerate(readings) if code not in (JOKER_CODE, REJECT_CLASS) and p < JOKER_DOUBT_BELOW]
        if not asked:
            return []
        joker = self.read_with_half_turn([crop(i) for i in asked])[:, self.names.index(JOKER_CODE)]
        return [i for i, p in zip(asked, joker) if p >= min_probability]

    def confirmed_jokers(self, indices: Sequence[Detection], readings: list[tuple[str, float]],
                         cards: list[Detection], crop, distributions: dict[int, np.ndarray]) -> list[tuple[str, float]]:
        """`readings` (one per index box) with each joker partner (joker_partners) the reader
        reads as JK at JOKER_CONFIRMED_PROBABILITY or more read as a joker; `crop(i)` gives box
        i's crop, and `distributions` gets the reader's probabilities of each box it changed."""
        asked = joker_partners(indices, readings, cards)
        if not asked:
            return readings
        joker = self.names.index(JOKER_CODE)
        out = list(readings)
        for i, row in zip(asked, self.read_with_half_turn([crop(i) for i in asked])):
            if row[joker] >= JOKER_CONFIRMED_PROBABILITY:
                out[i] = (JOKER_CODE, float(row[joker]))
                distributions[i] = row
        return out

    def joker_among(self, frame: np.ndarray, indices: Sequence[Detection],
                    min_probability: float = ENLARGED_BACK_JOKER_PROBABILITY,
                    light_min_probability: float = ENLARGED_BACK_LIGHT_JOKER_PROBABILITY) -> bool:
        """Whether the reader reads (with its half turn) the luma-inverted crop of one of
        `indices` as a joker at `min_probability` or more (a dark joker's corner), or its crop as
        it is at `light_min_probability` or more (a joker's corner on light or coloured paper)."""
        if not indices:
            return False
        joker = self.names.index(JOKER_CODE)
        crops = [crop_index(frame, d.box, self.classifier.size) for d in indices]
        # one run of the reader: the inverted crops, then the crops as they are
        p = self.read_with_half_turn([luma_inverted(c) for c in crops] + crops)[:, joker]
        n = len(indices)
        return bool(p[:n].max() >= min_probability or p[n:].max() >= light_min_probability)

    def inverted_crops(self, frame: np.ndarray, indices: Sequence[Detection]) -> list[np.ndarray]:
        """The index boxes' crops with their luma turned over: a dark joker's corner as the
        inverted look shows it."""
        return [luma_inverted(crop_index(frame, d.box, self.classifier.size)) for d in indices]

    def read_with_half_turn(self, crops: list[np.ndarray]) -> np.ndarray:
        """The reader's probabilities of the crops and of their half turns, combined
        (normalised_geometric_mean): a class both views back stays sure. With the symbol reader,
        each row is the combined reading of the reader whose P(JK) is the higher."""
        first = _with_half_turn(self.classifier, crops)
        if self.symbol_reader is None or not len(crops):
            return first
        second = _with_half_turn(self.symbol_reader, crops)
        joker = self.names.index(JOKER_CODE)
        return np.where((second[:, joker] > first[:, joker])[:, None], second, first)

    def backs_off_jokers(self, frame: np.ndarray, backs: list[Detection], indices: Sequence[Detection]) -> list[Detection]:
        """The backs less those holding one of `indices` (its centre inside the back's box) whose
        luma-inverted crop the reader reads as a joker at BACK_JOKER_PROBABILITY or more (the first
        reader alone: the symbol reader learnt no inverted crops)."""
        if not backs or not indices:
            return backs
        kept = []
        joker = self.names.index(JOKER_CODE)
        for back in backs:
            inside = [d for d in indices if inside_a_card(d, [back])]
            if inside:
                p = self.classifier.probabilities(self.inverted_crops(frame, inside))[:, joker]
                if p.max() >= BACK_JOKER_PROBABILITY:
                    continue
            kept.append(back)
        return kept
