"""Frame in, physical cards out: detector + classifier + corner grouping."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Collection, Sequence
from pathlib import Path
from types import MappingProxyType

import numpy as np

from referee.errors import UserError
from referee.vision.back_check import cut_by_edge, plausible_backs
from referee.vision.back_verifier import BACK_VERIFIER_FILE, BackVerifier
from referee.vision.classifier import REJECT_CLASS, IndexClassifier, normalised_geometric_mean
from referee.vision.crops import crop_index, rectify_index, small_index_crops
from referee.vision.deck import DeckIndex, load_deck
from referee.vision.deck_head import DeckHead
from referee.vision.deck_model import DeckModel
from referee.vision.detector import CornerDetector
from referee.vision.grouping import (CornerReading, angle_gap, conflicting_corners, contradicted, duplicate_clusters,
                                    face_up_backs, group_corners, inside_a_card, off_every_card, overlap_of_smaller,
                                    readings_alike, separate_corners, symmetric_pairs, without_backs_within_faces)
from referee.vision.jokers import (JOKER_CODE, JOKER_DOUBT_PROBABILITY, JOKER_MIN_PROBABILITY, JOKER_READER_FILE,
                                   SYMBOL_JOKER_READER_FILE, JokerReader)
from referee.vision.labels import BACK, parse_label, turned_twin
from referee.vision.middle import PICTURE_SHARE, box_middle, middle_square, picture_share
from referee.vision.model_files import default_models_dir, file_sha256
from referee.vision.polarity import light_ink, luma_inverted
from referee.vision.twins import TWIN_READER_FILE, TwinReader
from referee.vision.types import CardReading, Detection
from referee.vision.zoomed_backs import enlarged_look

DETECTOR_FILE = "detector.onnx"
CLASSIFIER_FILE = "classifier.onnx"
# The dark reader: a copy of the classifier trained on with dark decks' corners as the inverted
# look shows them (referee.train.dark_data); it reads the inverted look's crops where the models
# folder has it and no deck is enrolled (an enrolled deck learnt its own dark corners).
DARK_READER_FILE = "dark_reader.onnx"
# Its joker readings count only this sure (the joker reader's own bar); below it the row reads
# `other`: it learnt dark decks with both jokers in every scene and read dark cards' corners as
# jokers at 0.9-0.96 (tuning scenes).
DARK_READER_JOKER_PROBABILITY = JOKER_MIN_PROBABILITY
# Chosen on held-out generated scenes with bench/threshold_sweep.py, never on real photos; see
# docs/recognition-history.md. Higher values read single frames more precisely but miss cards in
# tight fans and faint four-colour corners, which the live referee needs to see a play.
DEFAULT_DET_CONF = 0.15
DEFAULT_MIN_PROBABILITY = 0.6
# A corner whose lead (a more confident box on the same index, or the other corner of the same
# card) reads a card with at least this probability takes the lead's reading instead of being
# classified itself, saving crops; None classifies every corner (STILL_IMAGE_OPTIONS). Chosen on
# held-out generated scenes.
DEFAULT_SHARE_PROBABILITY = 0.95
# The two corners of one card are rotated alike: a partner whose rectified crop turned by more
# than this (degrees, modulo 90) from the lead's is classified itself.
PAIR_MAX_ANGLE_GAP = 5.0

# A box a few pixels off its index can make the classifier reject a plain index (filmed: the 8H
# of a tight fan, its box shifted onto the heart pip). An index box read as nothing sure is read
# again from the box moved by this share of its size left, right, up and down; the surest card
# reading of those counts when it reaches min_probability. None: no second look.
DEFAULT_SECOND_LOOK_SHIFT = 0.25

# Still images (`referee detect`) read a crop whose top probability is below this again turned
# half way (TURNED_LOOK_TURNS) and combine the two readings (normalised geometric mean of the
# probabilities): the classifier learnt every quarter turn of an index (rectification fixes a
# crop only up to one), and the half-turned crop is the view of the card's other corner, a fresh
# look at the same index. It costs extra crops a frame and saved no filmed game, so the live
# referee does without it (None), like conflict_likeness; see docs/recognition-history.md.
DEFAULT_TURNED_LOOK_BELOW = 0.9
TURNED_LOOK_TURNS = (2,)          # quarter turns read besides the crop as it is (a half turn)

# A crop read as nothing, or below INVERTED_LOOK_BELOW, whose ink is lighter than its paper
# (referee.vision.polarity: a dark-faced deck) is read again with its luma turned over; that
# reading counts when it is a card at INVERTED_MIN_PROBABILITY or more and surer than the first.
# The classifier learnt dark ink on light paper and rejected nearly every dark face. Chosen on
# tuning scenes of the held-out face decks (seeds 500000+, 60 scenes): dark faces 0.914 / 0.731
# precision / recall with no floor, 0.956 / 0.699 at 0.8; see docs/recognition-history.md.
# With the turned look (still images) the inverted crop is read with its half turn as well:
# same-rank suit confusions (a spade read as a diamond) were most of the wrong dark readings left.
INVERTED_LOOK_BELOW = 0.9
INVERTED_MIN_PROBABILITY = 0.8
# A deck is taken for dark-faced (CardRecognizer.dark_faced) once DARK_DECK_EVIDENCE crops have
# been read as cards and DARK_DECK_SHARE of them through the inverted look: the live referee then
# tells the table that such a deck is read less surely (models/MODEL_CARD.md). Light decks give
# the look a card now and then (a shadowed corner), never most of them.
DARK_DECK_EVIDENCE = 30
DARK_DECK_SHARE = 0.5
# `referee detect` tells from fewer: a photo holds a few cards. Of the images with 6 card crops
# or more, none of 60 tuning scenes of the held-out designs had any read inverted and none of the
# real photos more than a third; the dark decks' scenes nearly all of them
# (docs/recognition-history.md, Session 24).
PHOTO_DARK_DECK_EVIDENCE = 6

# A corner index the detector finds only faintly (confidence from FAINT_INDEX_CONF up to
# det_conf) counts when the classifier reads it at FAINT_MIN_PROBABILITY or more: a sure reading
# of the crop vouches for the box. Readable corners of partly covered pile cards often score
# this low, while a faint box on a hand or on printed paper rarely reads as a card that surely.
# Their crops are read once (no turned or second look): the extra looks gained nothing there.
# Chosen on held-out generated scenes; see docs/recognition-history.md.
FAINT_INDEX_CONF = 0.05
FAINT_MIN_PROBABILITY = 0.8

# A face-down card the detector scores only faintly (from FAINT_BACK_CONF up to det_conf) is
# passed on marked `faint`, when it is a plausible back (back_check) and holds no face-up card:
# the live referee counts such a back only in the discard zone, where nothing else lies and a
# card laid face down is what a 10-discard or a 9-pass brings (a pale back design scored
# 0.07-0.15 there, steadily, in a filmed game). Still images never get them.
FAINT_BACK_CONF = 0.05
FAINT_BACK_MAX_OVERLAP = 0.3    # of the smaller box: more lies on a card already read

# On still images a `back` that passed back_check counts only when the back verifier
# (models/back_verifier.onnx, referee.vision.back_verifier) reads its box as a back at least this
# surely. Chosen on tuning scenes of the held-out designs (seeds 500000+) with hard negatives and
# of the face decks (502000+: lower, it kept backs on face-up jokers and dark faces); see
# models/MODEL_CARD.md. The live referee does without it: with it, a filmed game's play out of
# turn (gnome-plastic profit, seed 3) was misread and then missed, which it is not without.
BACK_MIN_PROBABILITY = 0.3

# A card read only from corners that lie outside every detected `card` box needs this score
# (detector confidence x class probability) on still images: printed glyphs on paper (a "Z",
# "No.7") can read as cards, while a real card's corner nearly always lies in the card's own box.
# Chosen on held-out generated scenes; see docs/recognition-history.md.
OFF_CARD_MIN_SCORE = 0.2

# Still images classify every corner (no shared readings) and never drop a corner read at this
# probability or more for contradicting another corner: with a stronger classifier the conflict
# rule dropped more right readings than wrong ones. The live referee keeps sharing and every
# conflict: a spared flickering reading can turn a one-card play into two cards.
CONFLICT_SPARE_PROBABILITY = 0.9

# Still images (`referee detect`) spare a sure corner reading that contradicts another only by
# geometry, when the classifier finds the two crops unlike (grouping.readings_alike: a
# neighbour's corner, not this card's other corner). Video (the live referee) does not: a card
# missed in one frame is read in the next, while the readings spared this way flicker in and out
# as a hand moves and can delay a play past the next seat's pass.
# Still images read a corner index whose box's long side is below this many pixels (an index of
# a card about 80 px tall or less; training's indices are mostly larger) from five crops, bicubic
# and moved a tenth of the box along each diagonal (crops.small_index_crops), their readings'
# normalised geometric mean counting. Chosen on generated held-out scenes (tuning seeds 500000+,
# bench/detect_scale.py --scenes 30): with cards 55 px tall, card recall 0.732 -> 0.762 and
# precision 0.913 -> 0.933; at 70 and 85 px recall as before or higher, and at 85 px precision as
# before (17 px lost 0.007 there). It costs four more crops per small index, so the live referee
# does without it.
SMALL_INDEX_PX = 14.0
# On still images a card read from one corner only (its corner boxes all on one index:
# grouping.separate_corners) needs this probability; two corners that agree are the stronger
# evidence, and most wrong readings of unseen designs are single corners. 0.9: of the bars
# measured (0.8, 0.85, 0.9, 0.95), the lowest at which the held-out designs' light faces read at
# 0.97 precision; 0.95 loses cards 55 px tall (recall 0.943 there). The live referee does without
# it: a card missed in one frame is read in the next, and its tracker weighs unsure readings.
SINGLE_CORNER_MIN_PROBABILITY = 0.9
# ... and one whose index is printed light on dark paper and read through the inverted look
# needs this: the classifier never learnt dark faces, and a lone inverted corner is the least
# sure reading left (a light blue diamond turned dark reads as a spade). Chosen on tuning scenes
# of the held-out dark decks (seeds 502000+, 300): 33 of the 38 wrong dark outputs were cards
# read from one corner; at 0.95 11 of them are left, at 0.97 5, with a sixth and a quarter of
# those cards' right readings lost. Benchmark dark faces 0.971 / 0.608 -> 0.983 / 0.538
# (docs/recognition-history.md, Session 36).
DARK_SINGLE_CORNER_MIN_PROBABILITY = 0.95
# ... and one read below SINGLE_CORNER_SCORE_BELOW needs its score (the detector's confidence in
# the box times the probability) at SINGLE_CORNER_MIN_SCORE or more: a box the detector barely
# takes for an index, read not quite surely, was right about three times in four on the tuning
# scenes (seeds 500000+ and 501000+, 600 with jokers), against 0.97 needed: light cards of eight
# designs misread, and held-out jokers' symbol corners read as QD or JS. Chosen there
# (docs/recognition-history.md, Session 43); jokers keep the joker reader's bars.
SINGLE_CORNER_SCORE_BELOW = 0.95
SINGLE_CORNER_MIN_SCORE = 0.35

# On still images a `back` the photo's edge cuts (its box within this share of the photo's short
# side of the edge) is not reported: a back is told from a look-alike by its whole outline, and at
# a photo's edge lie the things beyond the table (books, bowls, carpet, cables). Generated scenes
# draw them only with SceneConfig.p_room_edge, so there it mostly costs face-down cards (a sixth to
# a quarter of those found: hands at the table's edge); on the real photos it is where three in
# four phantom backs lay (models/MODEL_CARD.md). The live referee
# keeps them: calibration says where the table is, and a hand at the frame's edge is a hand.
EDGE_BACK_CLEARANCE = 0.01
# The joker doubt (jokers.JOKER_DOUBT_PROBABILITY) was chosen on still scenes; the live referee
# reads without it until its filmed games are measured with it.
STILL_IMAGE_OPTIONS = MappingProxyType({"small_index_px": SMALL_INDEX_PX, "conflict_likeness": True, "turned_look_below": DEFAULT_TURNED_LOOK_BELOW,
                                        "faint_index_conf": FAINT_INDEX_CONF, "off_card_min_score": OFF_CARD_MIN_SCORE,
                                        "share_probability": None,
                                        "conflict_spare_probability": CONFLICT_SPARE_PROBABILITY,
                                        "back_min_probability": BACK_MIN_PROBABILITY,
                                        "single_corner_min_probability": SINGLE_CORNER_MIN_PROBABILITY,
                                        "dark_single_corner_min_probability": DARK_SINGLE_CORNER_MIN_PROBABILITY,
                                        "single_corner_min_score": SINGLE_CORNER_MIN_SCORE,
                                        "edge_back_clearance": EDGE_BACK_CLEARANCE,
                                        "enlarged_back_look": True, "joker_doubt": JOKER_DOUBT_PROBABILITY,
                                        "twin_check": True})
# The live referee (referee watch, the filmed games): faint backs, for the discard zone, and a pip
# card whose middle shows a picture marked (referee.vision.middle): the tracker puts its pip
# readings in doubt, so that the referee asks about it.
LIVE_OPTIONS = MappingProxyType({"faint_back_conf": FAINT_BACK_CONF, "check_middles": True})

STAGES = ("detector", "crops", "classifier", "grouping")


# The codes a reading passes on besides its best: enough for the referee to weigh a misread
# against what the game allows, few enough to stay a small value.
ALTERNATIVES = 4
ALTERNATIVE_MIN_PROBABILITY = 1e-3


def likeliest_codes(probabilities: np.ndarray, names: Sequence[str]) -> tuple[tuple[str, float], ...]:
    """The likeliest card codes of one classifier output, best first (the reject class left out).

    >>> likeliest_codes(np.array([0.7, 0.2, 0.1, 0.0]), ["6S", "other", "6C", "9S"])
    (('6S', 0.7), ('6C', 0.1))
    """
    order = np.argsort(-probabilities, kind="stable")
    out = []
    for k in order:
        p = float(probabilities[k])
        if p < ALTERNATIVE_MIN_PROBABILITY or len(out) == ALTERNATIVES:
            break
        if names[k] != REJECT_CLASS:
            out.append((names[k], round(p, 6)))
    return tuple(out)


def corner_leads(indices: list[Detection], cards: list[Detection], angle) -> tuple[list[int | None], frozenset[int]]:
    """For each index detection, the position of the detection whose confident reading it may
    share, or None when it must be classified itself; and the positions whose lead is their
    card's other corner. Duplicates on one corner index lead to the cluster's most confident box;
    the second corner of a card (symmetric_pairs) leads to the first when both crops are rotated
    alike (`angle(i)`: the card angle of detection i's crop)."""
    leads: list[int | None] = [None] * len(indices)
    across: set[int] = set()
    clusters = duplicate_clusters(indices)
    for cluster in clusters:
        for j in cluster[1:]:
            leads[j] = cluster[0]
    for lead, partner in symmetric_pairs(indices, cards, [c[0] for c in clusters]):
        if angle_gap(angle(lead), angle(partner)) <= PAIR_MAX_ANGLE_GAP:
            leads[partner] = lead
            across.add(partner)
    return leads, frozenset(across)


def _turned_twin(code: str) -> bool:
    """A 6 or a 9 (`TURNED_TWINS`): a corner of one is never taken from the other corner's
    reading; the two readings then disagree and the referee asks (recognizer doubts) instead of
    reading one corner twice."""
    return turned_twin(parse_label(code)) is not None


def read_with_leads(leads: list[int | None], classify, share_probability: float,
                    across: frozenset[int] = frozenset()) -> list[tuple[str, float]]:
    """(code, probability) for every detection, classifying as few as the leads allow.

    `classify(positions)` returns the readings of those detections (one batch). Rounds: every
    detection without a lead is classified; then a detection whose lead has been read takes the
    lead's reading when that is a card with probability >= share_probability, else it is
    classified in the next round. The result equals classifying everything whenever every shared
    reading is what the detection itself would have read. A 6 or a 9 is not shared ``across`` to
    a card's other corner (TURNED_TWINS).
    """
    readings: list[tuple[str, float] | None] = [None] * len(leads)
    todo = [i for i, lead in enumerate(leads) if lead is None]
    while todo:
        for i, reading in zip(todo, classify(todo)):
            readings[i] = reading
        todo = []
        changed = True
        while changed:  # shared readings can be shared again (partner -> its duplicates)
            changed = False
            for i, lead in enumerate(leads):
                if readings[i] is not None or lead is None or readings[lead] is None or i in todo:
                    continue
                code, p = readings[lead]
                if code != REJECT_CLASS and p >= share_probability and not (i in across and _turned_twin(code)):
                    readings[i] = (code, p)
                    changed = True
                else:
                    todo.append(i)
        if not todo:  # leads that never resolve (a cycle; corner_leads makes none): classify them
            todo = [i for i, r in enumerate(readings) if r is None]
    return readings  # type: ignore[return-value]


def reading_probability(reading: CardReading) -> float:
    """The probability its surest corner gave the card's own label (0 when not among them)."""
    return max((q for label, q in reading.alternatives if label == reading.label), default=0.0)


def _long_side(box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


class _FrameCorners:
    """The index detections of one frame as CardRecognizer.read_corners reads them: each crop
    made once, every classifier batch timed and counted, and the probabilities behind each
    reading kept for the alternatives and the likeness of two corners."""

    def __init__(self, frame: np.ndarray, indices: list[Detection], size: int,
                 classify_with_probabilities, faint, small_look=None, small_index_px: float = 0.0) -> None:
        """`classify_with_probabilities(crops, turnable)` and `faint(detection)`: the
        recognizer's CardRecognizer.classify_with_probabilities and CardRecognizer._faint;
        `small_look(frame, detections, turnable)`: the readings and probabilities of index boxes
        whose long side is below `small_index_px` (CardRecognizer.small_look), None when every
        box is read from its one crop."""
        self.small_look = small_look
        self.small_index_px = small_index_px
        self.frame = frame
        self.indices = indices
        self.size = size
        self.classify_with_probabilities = classify_with_probabilities
        self.faint = faint
        self.crops: dict[int, tuple[np.ndarray, float]] = {}  # position -> (crop, card angle)
        self.distributions: dict[int, np.ndarray] = {}  # position -> classifier probabilities
        self.leads: list[int | None] = [None] * len(indices)  # see corner_leads
        self.crop_s = 0.0
        self.classify_s: list[float] = []
        self.classified: list[int] = []  # batch sizes of the corners' own crops
        self.second_looks: list[int] = []  # batch sizes of the shifted boxes' crops

    def crop(self, i: int) -> tuple[np.ndarray, float]:
        if i not in self.crops:
            t = time.perf_counter()
            self.crops[i] = rectify_index(self.frame, self.indices[i].box, self.size)
            self.crop_s += time.perf_counter() - t
        return self.crops[i]

    def card_angle(self, i: int) -> float:
        return self.crop(i)[1]

    def _run_classifier(self, batch: list[np.ndarray], tally: list[int], turnable=None
                        ) -> tuple[list[tuple[str, float]], np.ndarray]:
        t = time.perf_counter()
        out = self.classify_with_probabilities(batch, turnable)
        self.classify_s.append(time.perf_counter() - t)
        tally.append(len(batch))
        return out

    def classify(self, positions: list[int]) -> list[tuple[str, float]]:
        """The readings of those detections (one batch), their probabilities kept."""
        # a faint box's crop gets no turned look: it costs 3 crops a frame and gained nothing
        turnable = [not self.faint(self.indices[i]) for i in positions]
        small = ([k for k, i in enumerate(positions) if _long_side(self.indices[i].box) < self.small_index_px]
                 if self.small_look is not None else [])
        if not small:
            readings, probabilities = self._run_classifier([self.crop(i)[0] for i in positions], self.classified, turnable)
        else:
            # small boxes are read from their five crops (the plain crop still gives the card angle)
            t = time.perf_counter()
            got, got_p = self.small_look(self.frame, [self.indices[positions[k]] for k in small],
                                         [turnable[k] for k in small])
            self.classify_s.append(time.perf_counter() - t)
            self.classified.append(len(small))
            readings = [("", 0.0)] * len(positions)
            probabilities = np.zeros((len(positions), got_p.shape[1]), got_p.dtype)
            for k, reading, p in zip(small, got, got_p):
                readings[k], probabilities[k] = reading, p
            looked = set(small)
            plain = [k for k in range(len(positions)) if k not in looked]
            if plain:
                got, got_p = self._run_classifier([self.crop(positions[k])[0] for k in plain], self.classified,
                                                  [turnable[k] for k in plain])
                for k, reading, p in zip(plain, got, got_p):
                    readings[k], probabilities[k] = reading, p
        self.distributions.update(zip(positions, probabilities))
        return readings

    def classify_boxes(self, boxes: list) -> tuple[list[tuple[str, float]], np.ndarray]:
        """Readings and probabilities of crops from other boxes (the second look's shifted ones)."""
        t = time.perf_counter()
        batch = [rectify_index(self.frame, box, self.size)[0] for box in boxes]
        self.crop_s += time.perf_counter() - t
        return self._run_classifier(batch, self.second_looks)

    def distribution(self, i: int) -> np.ndarray:
        """The probabilities behind detection i's reading (a shared reading: its lead's)."""
        while i not in self.distributions and self.leads[i] is not None:
            i = self.leads[i]
        return self.distributions[i]

    def alike(self, a: int, b: int) -> bool:
        return readings_alike(self.distribution(a), self.distribution(b))

    def add_timings(self, timings: dict, turned_looks: int, inverted_looks: int) -> None:
        """Add this frame's milliseconds and counts to `timings`."""
        timings["crops"] = timings.get("crops", 0.0) + self.crop_s * 1000
        timings["classifier"] = timings.get("classifier", 0.0) + sum(self.classify_s) * 1000
        timings["cropped"] = timings.get("cropped", 0) + len(self.crops)
        timings["classified"] = timings.get("classified", 0) + sum(self.classified)
        timings["second_looks"] = timings.get("second_looks", 0) + sum(self.second_looks)
        timings["turned_looks"] = timings.get("turned_looks", 0) + turned_looks
        timings["inverted_looks"] = timings.get("inverted_looks", 0) + inverted_looks


def unsure_jokers_rejected(probabilities: np.ndarray, names: Sequence[str], min_probability: float) -> np.ndarray:
    """The probabilities (n, classes) with each row read as a joker below `min_probability` made
    to read `other`: its joker probability moved to the reject class.

    >>> unsure_jokers_rejected(np.array([[0.1, 0.9, 0.0], [0.0, 0.995, 0.005]]), ["AS", "JK", "other"], 0.99)
    array([[0.1  , 0.   , 0.9  ],
           [0.   , 0.995, 0.005]])
    """
    joker, reject = names.index(JOKER_CODE), names.index(REJECT_CLASS)
    unsure = (probabilities.argmax(axis=1) == joker) & (probabilities[:, joker] < min_probability)
    if not unsure.any():
        return probabilities
    out = probabilities.copy()
    out[unsure, reject] += out[unsure, joker]
    out[unsure, joker] = 0.0
    return out


class CardRecognizer:
    """Reads every card in a BGR frame.

    deck: an enrolled deck (a DeckHead, DeckModel or DeckIndex, or a deck name or folder loaded
    with load_deck from this models folder). With one, each classified corner is read by the deck
    (its classify on the classifier's probabilities and embeddings; a DeckModel replaces the
    classifier by its own network) instead of by the classifier alone; sharing,
    min_probability, conflicts and grouping are the same.

    faint_index_conf: also keep index boxes the detector scores from this up to det_conf, when
    their reading reaches faint_min_probability (FAINT_INDEX_CONF); None keeps only det_conf's.
    off_card_min_score: the score a card read only outside every `card` box needs
    (OFF_CARD_MIN_SCORE); None: no such test.
    single_corner_min_probability: the probability a card read from one corner only (its corner
    boxes all on one index: grouping.separate_corners) needs (SINGLE_CORNER_MIN_PROBABILITY in
    STILL_IMAGE_OPTIONS); None (the default, live): min_probability as for any card.
    dark_single_corner_min_probability: with single_corner_min_probability, what such a card
    needs where its corner's ink is lighter than its paper (polarity.light_ink: a dark face) and
    the crop as it is does not give the reading (the inverted look's; single_corner_sure;
    DARK_SINGLE_CORNER_MIN_PROBABILITY in STILL_IMAGE_OPTIONS; not for a joker, read at the joker
    reader's bars, nor with an enrolled deck, which learnt its own dark corners); None: the same
    as any other.
    single_corner_min_score: with single_corner_min_probability, the score (detection confidence
    times probability) such a card read below SINGLE_CORNER_SCORE_BELOW needs (SINGLE_CORNER_MIN_SCORE
    in STILL_IMAGE_OPTIONS; not for a joker); None: no such test.
    conflict_spare_probability: a corner read at least this surely is never dropped for
    contradicting another corner (CONFLICT_SPARE_PROBABILITY); None: conflicts drop any reading.
    check_backs: keep only the `back` boxes that can be face-down cards (back_check.plausible_backs)
    and, with back_min_probability (BACK_MIN_PROBABILITY in STILL_IMAGE_OPTIONS; None: back_check
    alone), that the back verifier, where the models folder has one, reads as a back that surely.
    edge_back_clearance: drop the `back` boxes within this share of the frame's short side of its
    edge (back_check.cut_by_edge; EDGE_BACK_CLEARANCE in STILL_IMAGE_OPTIONS); None: keep them.
    faint_back_conf: also pass on plausible `back` boxes scored from this up to det_conf, marked
    `faint` (FAINT_BACK_CONF; LIVE_OPTIONS); None: none.
    check_middles: each card reading says what its middle showed (`CardReading.picture`: a
    picture, pips, or not looked at; referee.vision.middle); the tracker weighs it over frames
    (LIVE_OPTIONS). Its label and alternatives stay as read.
    inverted_look: read an unsure crop with light ink on dark paper again with its luma turned
    over (inverted_look_at; INVERTED_LOOK_BELOW; with an enrolled deck, by the deck); False: never.
    dark_reader: where the models folder has the dark reader (DARK_READER_FILE) and no deck is
    enrolled, the inverted look's crops are read by it instead of the classifier; False: by the
    classifier.
    joker_reader: where the models folder has the joker reader (referee.vision.jokers; with the
    symbol joker reader beside it where the folder has SYMBOL_JOKER_READER_FILE) and no deck
    is enrolled, ask it about the corners the classifier is unsure of and the boxes beside a sure
    joker's corner (jokers.confirmed_jokers), and drop the `back`s that hold a corner it reads as a
    joker; False: never.
    joker_doubt: with the joker reader, a corner read as a card other than a joker below
    jokers.JOKER_DOUBT_BELOW that the reader reads as a joker at this or more gives no card, unless
    its second look reads a joker (JokerReader.doubted_corners; JOKER_DOUBT_PROBABILITY in
    STILL_IMAGE_OPTIONS): the two disagree. None (the default, live): no such doubt.
    twin_check: where the models folder has the twin reader (referee.vision.twins) and no deck is
    enrolled, a corner the classifier reads as a 4, 6, 7 or 9 that the twin reader reads
    otherwise gives no card (TwinReader.checked; STILL_IMAGE_OPTIONS); False (the default, live):
    never asked.
    enlarged_back_look: with check_backs, drop a `back` whose box the detector, shown it enlarged,
    sees as a face-up card, or where it boxes a corner the joker reader reads as a joker's
    (referee.vision.zoomed_backs; STILL_IMAGE_OPTIONS): one more detector run per back left after
    the other checks.
    """

    def __init__(
        self,
        models_dir: str | os.PathLike | None = None,
        det_conf: float = DEFAULT_DET_CONF,
        min_probability: float = DEFAULT_MIN_PROBABILITY,
        threads: int | None = None,
        share_probability: float | None = DEFAULT_SHARE_PROBABILITY,
        spin: bool = False,
        deck: DeckHead | DeckModel | DeckIndex | str | os.PathLike | None = None,
        second_look_shift: float | None = DEFAULT_SECOND_LOOK_SHIFT,
        conflict_likeness: bool = False,
        turned_look_below: float | None = None,
        faint_index_conf: float | None = None,
        faint_min_probability: float = FAINT_MIN_PROBABILITY,
        off_card_min_score: float | None = None,
        single_corner_min_probability: float | None = None,
        dark_single_corner_min_probability: float | None = None,
        single_corner_min_score: float | None = None,
        conflict_spare_probability: float | None = None,
        check_backs: bool = True,
        faint_back_conf: float | None = None,
        check_middles: bool = False,
        small_index_px: float | None = None,
        back_min_probability: float | None = None,
        inverted_look: bool = True,
        dark_reader: bool = True,
        edge_back_clearance: float | None = None,
        joker_reader: bool = True,
        enlarged_back_look: bool = False,
        joker_doubt: float | None = None,
        twin_check: bool = False,
    ) -> None:
        models = Path(models_dir) if models_dir else default_models_dir()
        if deck is not None and not isinstance(deck, (DeckIndex, DeckHead, DeckModel)):
            deck = load_deck(deck, models_dir or None)  # before the models: a missing deck is the likelier slip
        self.det_conf = det_conf
        self.faint_index_conf = faint_index_conf if faint_index_conf is not None and faint_index_conf < det_conf else None
        self.faint_min_probability = faint_min_probability
        self.check_backs = check_backs
        self.faint_back_conf = faint_back_conf if faint_back_conf is not None and faint_back_conf < det_conf else None
        self.off_card_min_score = off_card_min_score
        self.single_corner_min_probability = single_corner_min_probability
        self.dark_single_corner_min_probability = dark_single_corner_min_probability
        self.single_corner_min_score = single_corner_min_score
        self.check_middles = check_middles
        self.small_index_px = small_index_px
        self.small_looks = 0             # small index boxes read from five crops, since construction
        self.detector = CornerDetector(models / DETECTOR_FILE,
                                       conf=min(c for c in (self.faint_index_conf, self.faint_back_conf, det_conf)
                                                if c is not None),
                                       threads=threads, spin=spin)
        self.classifier = IndexClassifier(models / CLASSIFIER_FILE, threads=threads, spin=spin)
        # a models folder without the verifier (a candidate just exported) checks backs by back_check alone
        verifier = models / BACK_VERIFIER_FILE
        self.back_verifier = (BackVerifier(verifier, threads=threads)
                              if check_backs and back_min_probability is not None and verifier.is_file() else None)
        self.back_min_probability = back_min_probability
        # an enrolled deck learnt its own jokers; a models folder without the reader reads without it
        reader, symbols = models / JOKER_READER_FILE, models / SYMBOL_JOKER_READER_FILE
        self.joker_reader = (JokerReader(reader, threads=threads, spin=spin,
                                         symbol_path=symbols if symbols.is_file() else None)
                             if joker_reader and deck is None and reader.is_file() else None)
        if self.joker_reader is not None and self.joker_reader.names != self.classifier.names:
            raise UserError(f"joker reader {reader} has other classes than classifier {self.classifier.model.path}")
        # an enrolled deck learnt its own corners; a models folder without the reader reads without it
        twins = models / TWIN_READER_FILE
        self.twin_reader = (TwinReader(twins, threads=threads, spin=spin)
                            if twin_check and deck is None and twins.is_file() else None)
        if self.twin_reader is not None and self.twin_reader.names != self.classifier.names:
            raise UserError(f"twin reader {twins} has other classes than classifier {self.classifier.model.path}")
        dark = models / DARK_READER_FILE
        self.dark_reader = (IndexClassifier(dark, threads=threads, spin=spin)
                            if dark_reader and inverted_look and deck is None and dark.is_file() else None)
        if self.dark_reader is not None and self.dark_reader.names != self.classifier.names:
            raise UserError(f"dark reader {dark} has other classes than classifier {self.classifier.model.path}")
        self.edge_back_clearance = edge_back_clearance
        self.enlarged_back_look = enlarged_back_look
        self.joker_doubt = joker_doubt
        self.min_probability = min_probability
        self.share_probability = share_probability
        self.second_look_shift = second_look_shift
        self.conflict_likeness = conflict_likeness
        self.conflict_spare_probability = conflict_spare_probability
        self.turned_look_below = turned_look_below
        self.turned_looks = 0            # crops read again turned (the turned look), since construction
        self.inverted_look = inverted_look
        self.inverted_looks = 0          # crops read again with their luma turned over, since construction
        self.card_crops = 0              # crops read as a card at min_probability or more, since construction
        self.inverted_cards = 0          # ... of them through the inverted look
        self.deck: DeckIndex | DeckHead | DeckModel | None = deck
        if isinstance(deck, DeckModel):
            if tuple(deck.names) != tuple(self.classifier.names):
                raise UserError(f"deck {deck.name} was fine-tuned for other classes than classifier "
                                f"{self.classifier.model.path}; enrol it again with referee enroll --name {deck.name} --force")
            self.classifier = deck.index_classifier(threads=threads, spin=spin)
        elif deck is not None:
            self._check_deck(deck)

    def _check_deck(self, deck: DeckHead | DeckIndex) -> None:
        model = self.classifier.model
        self.classifier.require_embeddings()
        width = self.classifier.embedding_size
        if width is not None and width != deck.dimension:
            raise UserError(f"deck {deck.name} holds {deck.dimension}-wide embeddings but classifier {model.path} "
                            f"makes {width}-wide ones; enrol it again with referee enroll --name {deck.name}")
        if deck.classifier_sha256 and deck.classifier_sha256 != file_sha256(model.path):
            raise UserError(f"deck {deck.name} was enrolled with another classifier than {model.path}; "
                            f"enrol it again with referee enroll --name {deck.name} --force")
        unknown = sorted(set(deck.codes) - set(self.classifier.names))
        if unknown:
            raise UserError(f"deck {deck.name} has codes the classifier does not know: {', '.join(unknown)}")

    def classify_crops(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        return self.classify_with_probabilities(crops)[0]

    def classify_with_probabilities(self, crops: list[np.ndarray], turnable: Sequence[bool] | None = None
                                     ) -> tuple[list[tuple[str, float]], np.ndarray]:
        """The readings of the crops, and the base classifier's probabilities (n, classes) they
        came from (with a deck: the probabilities beside the deck's readings). `turnable`: which
        crops may have the turned look (default: all)."""
        readings, probabilities = self._read_once(crops)
        if self.turned_look_below is not None and not self._reads_embeddings:
            probabilities = self.turned_look(crops, probabilities, turnable)
            readings = self.classifier.readings(probabilities)
        if self.inverted_look:
            readings, probabilities = self.inverted_look_at(crops, readings, probabilities)
        self.card_crops += sum(1 for code, p in readings if code != REJECT_CLASS and p >= self.min_probability)
        return readings, probabilities

    def dark_faced(self, evidence: int = DARK_DECK_EVIDENCE) -> bool | None:
        """Whether the cards read so far are a dark-faced deck's (DARK_DECK_SHARE of the crops read
        as cards were read through the inverted look); None until `evidence` were read."""
        if self.card_crops < evidence:
            return None
        return self.inverted_cards >= DARK_DECK_SHARE * self.card_crops

    @property
    def _reads_embeddings(self) -> bool:
        """Whether an enrolled deck's head or index reads the classifier's embeddings (a
        DeckModel is self.classifier)."""
        return self.deck is not None and not isinstance(self.deck, DeckModel)

    def _read_once(self, crops: list[np.ndarray]) -> tuple[list[tuple[str, float]], np.ndarray]:
        """Readings and base probabilities of the crops from one run of the classifier: its own
        readings (with the joker reader's second opinion), or an enrolled deck's of its embeddings."""
        if not self._reads_embeddings:
            return self._with_joker_opinion(crops, self.classifier.probabilities(crops))
        probabilities, embeddings = self.classifier.read(crops)
        return self.deck.classify(probabilities, embeddings, self.classifier.names, reject=REJECT_CLASS), probabilities

    def _read_inverted(self, inverted: list[np.ndarray]) -> tuple[list[tuple[str, float]], np.ndarray]:
        """Readings and probabilities of luma-inverted crops: the dark reader's (with the joker
        reader's second opinion) where there is one, else as _read_once reads any crop."""
        if self.dark_reader is None:
            return self._read_once(inverted)
        probabilities = self.dark_reader.probabilities(inverted)
        return self._with_joker_opinion(inverted, unsure_jokers_rejected(probabilities, self.classifier.names,
                                                                          DARK_READER_JOKER_PROBABILITY))

    def _with_joker_opinion(self, crops: list[np.ndarray], probabilities: np.ndarray
                            ) -> tuple[list[tuple[str, float]], np.ndarray]:
        """Readings and probabilities of the crops: `probabilities` with the joker reader's second
        opinion where there is a reader."""
        if self.joker_reader is not None:
            probabilities = self.joker_reader.second_opinion(crops, probabilities, self.classifier.names)
        return self.classifier.readings(probabilities), probabilities

    def turned_look(self, crops: list[np.ndarray], probabilities: np.ndarray,
                     turnable: Sequence[bool] | None = None) -> np.ndarray:
        """The probabilities with each unsure crop's (top probability < turned_look_below)
        replaced by the normalised geometric mean over the crop as it is and its turns
        TURNED_LOOK_TURNS (DEFAULT_TURNED_LOOK_BELOW); only `turnable` crops when given."""
        wanted = probabilities.max(axis=1) < self.turned_look_below if len(probabilities) else np.zeros(0, bool)
        if turnable is not None:
            wanted &= np.asarray(turnable, bool)
        unsure = np.flatnonzero(wanted)
        if len(unsure) == 0:
            return probabilities
        out = probabilities.copy()
        out[unsure] = self._with_turns([crops[i] for i in unsure], probabilities[unsure])
        return out

    def _with_turns(self, crops: list[np.ndarray], probabilities: np.ndarray,
                    reader: IndexClassifier | None = None) -> np.ndarray:
        """The normalised geometric mean of the crops' probabilities and the reader's (default the
        classifier's) over their turns TURNED_LOOK_TURNS (counted in turned_looks)."""
        self.turned_looks += len(crops)
        return (reader or self.classifier).with_turns(crops, probabilities, TURNED_LOOK_TURNS)

    def inverted_look_at(self, crops: list[np.ndarray], readings: list[tuple[str, float]], probabilities: np.ndarray
                         ) -> tuple[list[tuple[str, float]], np.ndarray]:
        """The readings and probabilities with each crop read as nothing or below
        INVERTED_LOOK_BELOW, whose ink is lighter than its paper (polarity.light_ink), read again
        from its luma-inverted crop (by the classifier, or an enrolled deck's head or index),
        that reading taken when it is a card at INVERTED_MIN_PROBABILITY or more and surer.
        With the turned look (turned_look_below), the classifier reads each inverted crop with its
        turns too, as it reads an unsure crop: a reading the turned crop does not back falls below the bars."""
        unsure = [i for i, (code, p) in enumerate(readings)
                  if (code == REJECT_CLASS or p < INVERTED_LOOK_BELOW) and light_ink(crops[i])]
        if not unsure:
            return readings, probabilities
        self.inverted_looks += len(unsure)
        inverted = [luma_inverted(crops[i]) for i in unsure]
        looks, looked = self._read_inverted(inverted)
        if self.turned_look_below is not None and not self._reads_embeddings:
            looked = self._with_turns(inverted, looked, self.dark_reader)
            looks = self.classifier.readings(looked)
        readings, probabilities = list(readings), probabilities.copy()
        for i, (code, p), row in zip(unsure, looks, looked):
            first_code, first_p = readings[i]
            if code != REJECT_CLASS and p >= INVERTED_MIN_PROBABILITY and (first_code == REJECT_CLASS or p > first_p):
                readings[i], probabilities[i] = (code, p), row
                self.inverted_cards += p >= self.min_probability
        return readings, probabilities

    def small_look(self, frame: np.ndarray, detections: list[Detection], turnable: Sequence[bool] | None = None
                   ) -> tuple[list[tuple[str, float]], np.ndarray]:
        """Readings and probabilities of small index boxes, each from its five crops
        (crops.small_index_crops; each crop as classify_with_probabilities reads it, the turned
        look included): the normalised geometric mean of the five readings' probabilities."""
        size = self.classifier.size
        looks = [small_index_crops(frame, d.box, size) for d in detections]
        count = len(looks[0]) if looks else 0
        flat = [crop for crops_ in looks for crop in crops_]
        flat_turnable = None if turnable is None else [t for t in turnable for _ in range(count)]
        _, probabilities = self.classify_with_probabilities(flat, flat_turnable)
        combined = normalised_geometric_mean(probabilities.reshape(len(detections), count, -1), axis=1)
        self.small_looks += len(detections)
        return self.classifier.readings(combined), combined

    def detections(self, frame: np.ndarray) -> list[Detection]:
        """The detector's boxes at det_conf, and faint index boxes (faint_index_conf .. det_conf)."""
        return self._detections(frame)[0]

    def _detections(self, frame: np.ndarray, detect=None) -> tuple[list[Detection], list[Detection], list[Detection]]:
        """(detections as `detections` gives them, faint backs: faint_back_conf .. det_conf,
        every index box found, faint ones included); `detect(frame)` finds the boxes instead of
        the detector on the whole frame."""
        found = (detect or self.detector.detect)(frame)
        every_index = [d for d in found if d.kind == "index"]
        if self.faint_index_conf is None and self.faint_back_conf is None:
            return found, [], every_index
        faint_index = self.faint_index_conf is not None
        kept = [d for d in found if d.confidence >= self.det_conf or (faint_index and d.kind == "index")]
        back_floor = self.faint_back_conf
        faint_backs = [] if back_floor is None else [d for d in found if d.kind == "back"
                                                      and back_floor <= d.confidence < self.det_conf]
        return kept, faint_backs, every_index

    def _faint_backs(self, frame: np.ndarray, faint: list[Detection], readings: list[CardReading],
                     cards: list[Detection], unread: list[Detection]) -> list[CardReading]:
        """The faint backs that are plausible backs and lie on no card already read (a faint
        `back` over a face-up card is that card, or part of it)."""
        taken = [r.box for r in readings] + [c.box for c in cards]
        free = [d for d in faint if not any(overlap_of_smaller(d.box, box) > FAINT_BACK_MAX_OVERLAP for box in taken)]
        if self.check_backs:
            free = self._checked_backs(frame, free, cards, unread)
        return [CardReading(BACK, d.confidence, d.box, faint=True) for d in free]

    def _checked_backs(self, frame: np.ndarray, backs: list[Detection], cards: list[Detection],
                       unread: list[Detection]) -> list[Detection]:
        """The backs that pass back_check, lie clear of the frame's edge (with
        edge_back_clearance), hold no `unread` index box (one read as no card) that the joker
        reader reads as a joker (where there is one), with a verifier, read as a back at
        back_min_probability or more and, with enlarged_back_look, stay backs enlarged."""
        if self.edge_back_clearance is not None:   # first: it is the cheap test
            backs = [b for b in backs if not cut_by_edge(b.box, frame.shape[:2], self.edge_back_clearance)]
        backs = plausible_backs(frame, backs, cards)
        if self.joker_reader is not None:
            backs = self.joker_reader.backs_off_jokers(frame, backs, unread)
        if self.back_verifier is not None and backs:
            p = self.back_verifier.back_probabilities(frame, [b.box for b in backs])
            backs = [b for b, pb in zip(backs, p) if pb >= self.back_min_probability]
        if self.enlarged_back_look:   # last: it costs a detector run per back
            backs = [b for b in backs if not self._face_up_enlarged(frame, b)]
        return backs

    def _face_up_enlarged(self, frame: np.ndarray, back: Detection) -> bool:
        """The detector, shown `back` enlarged, sees a face-up card there, or boxes an index the
        joker reader (where there is one) reads as a joker's (JokerReader.joker_among;
        referee.vision.zoomed_backs)."""
        look = enlarged_look(self.detector, frame, back)
        return look.face_up or (self.joker_reader is not None and self.joker_reader.joker_among(frame, look.indices))

    @staticmethod
    def _middle_checked(frame: np.ndarray, reading: CardReading, indices: list[Detection],
                        others: Sequence[CardReading] = ()) -> CardReading:
        """The reading with what its middle showed (`CardReading.picture`): the middle
        between its two opposite corners, or of the card box around its one corner; never a
        middle that holds another card's index, nor one inside another card's box (a fan's next
        card would lend it its colours, a court's picture over a pip card's middle)."""
        if reading.label is BACK or not reading.corners:
            return reading
        middle = middle_square(reading.corners) or box_middle(reading.box, reading.corners[0])
        if middle is None:
            return reading
        cx, cy, side = middle
        own = set(reading.corners)
        if any(abs(d.centre[0] - cx) <= side / 2 and abs(d.centre[1] - cy) <= side / 2
               for d in indices if d.box not in own):
            return reading
        if any(other is not reading and other.box[0] <= cx <= other.box[2] and other.box[1] <= cy <= other.box[3]
               for other in others):
            return reading
        share = picture_share(frame, middle, reading.corners[0])
        if share is None:
            return reading
        if share < PICTURE_SHARE:
            return dataclasses.replace(reading, picture=False)
        return dataclasses.replace(reading, picture=True)

    def _faint(self, detection: Detection) -> bool:
        """A faint index box (faint_index_conf .. det_conf): it needs faint_min_probability and
        is read once (no turned look, no shifted second look)."""
        return self.faint_index_conf is not None and detection.confidence < self.det_conf

    def _needed_probability(self, detection: Detection) -> float:
        if self._faint(detection):
            return max(self.min_probability, self.faint_min_probability)
        return self.min_probability

    def read_corners(
        self,
        frame: np.ndarray,
        indices: list[Detection],
        cards: Sequence[Detection] = (),
        timings: dict | None = None,
    ) -> list[CornerReading]:
        """The card read at each index detection (rejects and unsure readings left out).

        With share_probability set, duplicates and second corners of a card take the reading of
        their lead when it is sure (corner_leads); `cards` are the `card` detections that pair
        corners. `timings`, when given, gains milliseconds spent on crops and on the classifier.
        """
        # a deck that reads embeddings gives no probabilities to combine: no small-index look
        small = self.small_index_px is not None and not self._reads_embeddings
        corners = _FrameCorners(frame, indices, self.classifier.size, self.classify_with_probabilities, self._faint,
                                self.small_look if small else None, self.small_index_px or 0.0)
        turned_before, inverted_before = self.turned_looks, self.inverted_looks
        card_list = list(cards)
        across: frozenset[int] = frozenset()
        if self.share_probability is not None:
            corners.leads, across = corner_leads(indices, card_list, corners.card_angle)
        results = read_with_leads(corners.leads, corners.classify, self.share_probability or 0.0, across)
        doubted: set[int] = set()
        if self.joker_reader is not None and self.joker_doubt is not None:
            doubted = set(self.joker_reader.doubted_corners(results, lambda i: corners.crop(i)[0], self.joker_doubt))
            results = [(REJECT_CLASS, p) if i in doubted else (code, p) for i, (code, p) in enumerate(results)]
        if self.second_look_shift:
            results = self.second_look(indices, card_list, results, corners.classify_boxes, corners.distributions,
                                       doubted=doubted)
        if self.joker_reader is not None:
            results = self.joker_reader.confirmed_jokers(indices, results, card_list, lambda i: corners.crop(i)[0],
                                                         corners.distributions)
        if self.twin_reader is not None:
            results = self.twin_reader.checked(results, lambda i: corners.crop(i)[0])
        if timings is not None:
            corners.add_timings(timings, self.turned_looks - turned_before, self.inverted_looks - inverted_before)
        sure = self._sure_readings(indices, results)
        conflicts = conflicting_corners(indices, card_list, sure, REJECT_CLASS, corners.card_angle,
                                        corners.alike if self.conflict_likeness else None,
                                        spare_probability=self.conflict_spare_probability)
        names = self.classifier.names
        doubts = contradicted(indices, card_list, sure, conflicts, REJECT_CLASS)

        def weighed(i: int) -> np.ndarray:
            # a corner its card's other corner contradicts: the readings of both, evenly, so the
            # referee sees the doubt (and asks) instead of a sure reading of one corner
            own = corners.distribution(i)
            if i not in doubts:
                return own
            return np.mean([own, *(corners.distribution(j) for j in doubts[i])], axis=0)

        # the class names become labels here, where a corner's reading is made
        return [
            CornerReading(det, parse_label(code), p,
                          tuple((parse_label(alternative), q) for alternative, q in
                                likeliest_codes(weighed(i), names)))
            for i, (det, (code, p)) in enumerate(zip(indices, sure))
            if code != REJECT_CLASS and i not in conflicts
        ]

    def _sure_readings(self, indices: list[Detection], results: list[tuple[str, float]]) -> list[tuple[str, float]]:
        """The readings with those below the probability their box needs turned into rejects."""
        return [(code, p) if p >= self._needed_probability(det) else (REJECT_CLASS, p)
                for det, (code, p) in zip(indices, results)]

    def single_corner_sure(self, frame: np.ndarray, reading: CardReading) -> bool:
        """Whether a card read from one corner only is read surely enough to print: at
        single_corner_min_probability, and at dark_single_corner_min_probability where its index
        is printed light on dark paper and read through the inverted look (the crop as it is
        reads otherwise, or below INVERTED_LOOK_BELOW); below SINGLE_CORNER_SCORE_BELOW, with a
        score (confidence) of single_corner_min_score or more."""
        p = reading_probability(reading)
        if p < (self.single_corner_min_probability or 0.0):
            return False
        if (self.single_corner_min_score is not None and p < SINGLE_CORNER_SCORE_BELOW
                and reading.confidence < self.single_corner_min_score and reading.code != JOKER_CODE):
            return False
        dark_bar = self.dark_single_corner_min_probability
        # an enrolled deck learnt its own corners, dark ones inverted (enroll.adapt.as_read); a
        # joker is the joker reader's reading, at its own bars (referee.vision.jokers)
        if (dark_bar is None or p >= dark_bar or not reading.corners or self.deck is not None
                or reading.code == JOKER_CODE):
            return True
        crop = crop_index(frame, reading.corners[0], self.classifier.size)
        if not light_ink(crop):
            return True
        # light ink is also a light card's corner on a dark table (the crop's median is the table):
        # the dark bar is for a reading the crop as it is does not give, the inverted look's
        code, q = self.classifier.readings(self.classifier.probabilities([crop]))[0]
        return code == reading.code and q >= INVERTED_LOOK_BELOW

    def second_look(self, indices: list[Detection], cards: list[Detection],
                     results: list[tuple[str, float]], classify_boxes,
                     distributions: dict[int, np.ndarray], doubted: Collection[int] = ()) -> list[tuple[str, float]]:
        """Readings with the unsure ones read again from shifted boxes (DEFAULT_SECOND_LOOK_SHIFT):
        only boxes inside a detected card (a box on printed paper or a hand is rightly rejected),
        and not faint ones (FAINT_INDEX_CONF: the same figures with a third fewer turned crops).
        A `doubted` one (the joker doubt: read as a card, but by the joker reader as a joker) takes
        only a joker's reading from them: the moved box may show the reader the whole word JOKER.
        `distributions` gets the probabilities of each reading taken from a shifted box."""
        unsure = [i for i, (code, p) in enumerate(results)
                  if code == REJECT_CLASS and inside_a_card(indices[i], cards) and not self._faint(indices[i])]
        if not unsure:
            return results
        shift = self.second_look_shift or 0.0
        boxes, owners = [], []
        for i in unsure:
            x1, y1, x2, y2 = indices[i].box
            dx, dy = shift * (x2 - x1), shift * (y2 - y1)
            for mx, my in ((-dx, 0.0), (dx, 0.0), (0.0, -dy), (0.0, dy)):
                boxes.append((x1 + mx, y1 + my, x2 + mx, y2 + my))
                owners.append(i)
        best: dict[int, tuple[str, float]] = {}
        readings, probabilities = classify_boxes(boxes)
        for i, (code, p), dist in zip(owners, readings, probabilities):
            if i in doubted and code != JOKER_CODE:
                continue
            if code != REJECT_CLASS and p >= self.min_probability and p > best.get(i, ("", 0.0))[1]:
                best[i] = (code, p)
                distributions[i] = dist
        return [best.get(i, reading) for i, reading in enumerate(results)]

    def read(self, frame: np.ndarray, timings: dict | None = None, detect=None) -> list[CardReading]:
        """Every card in `frame`. `timings`, when given, is filled with milliseconds per stage
        (STAGES) plus counts: `indices` (index detections), `cropped`, `classified`, `second_looks` (shifted
        crops of unsure corners), `turned_looks` (crops read again turned, with turned_look_below),
        `inverted_looks` (crops read again with their luma turned over, inverted_look_at).
        `detect(frame)`, when given, finds the detector's boxes (e.g. at another scale,
        referee.vision.scale) instead of the detector on the whole frame."""
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
            raise ValueError("frame must be a non-empty BGR image")
        t0 = time.perf_counter()
        dets, faint_backs, every_index = self._detections(frame, detect)
        t1 = time.perf_counter()
        indices = [d for d in dets if d.kind == "index"]
        cards = [d for d in dets if d.kind == "card"]
        backs = [d for d in dets if d.kind == "back"]
        stage: dict = {}
        corners = self.read_corners(frame, indices, cards, stage)
        t2 = time.perf_counter()
        # the index boxes read as no card: a face-up card's read corner inside a `back` box is
        # that card lying over a face-down one, not a joker's corner
        read_boxes = {c.detection.box for c in corners}
        unread = [d for d in every_index if d.box not in read_boxes]
        face_up, backs = face_up_backs(corners, backs)
        cards = cards + face_up
        if self.check_backs:
            backs = self._checked_backs(frame, backs, cards, unread)
        readings = group_corners(corners, cards, backs)
        if self.check_backs:
            readings = without_backs_within_faces(readings)
        if self.check_middles:
            readings = [self._middle_checked(frame, r, indices, readings) for r in readings]
        if self.off_card_min_score is not None:
            readings = [r for r in readings if r.confidence >= self.off_card_min_score or not off_every_card(r, cards)]
        if self.single_corner_min_probability is not None:
            readings = [r for r in readings if r.label is BACK or separate_corners(r) > 1
                        or self.single_corner_sure(frame, r)]
        if faint_backs:
            readings.extend(self._faint_backs(frame, faint_backs, readings, cards, unread))
        t3 = time.perf_counter()
        if timings is not None:
            timings["detector"] = (t1 - t0) * 1000
            timings["crops"] = stage["crops"]
            timings["classifier"] = (t2 - t1) * 1000 - stage["crops"]  # planning included
            timings["grouping"] = (t3 - t2) * 1000
            timings["indices"] = len(indices)
            timings["cropped"] = stage["cropped"]
            timings["classified"] = stage["classified"]
            timings["second_looks"] = stage["second_looks"]
            timings["turned_looks"] = stage["turned_looks"]
            timings["inverted_looks"] = stage["inverted_looks"]
        return readings
