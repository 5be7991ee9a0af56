"""The joker reader: a second opinion on the corners the classifier is unsure of, and on the
`back`s that hold a corner reading as a joker (referee.vision.jokers)."""

import os

import numpy as np
import pytest

from joker_tables import JESTERS, joker_table

from referee.errors import UserError
from referee.vision.back_verifier import BACK_VERIFIER_FILE
from referee.vision.crops import rectify_index
from referee.vision.jokers import (JOKER_CONFIRMED_PROBABILITY, JOKER_DOUBT_BELOW, JOKER_LOOK_BELOW, JOKER_MIN_PROBABILITY,
                                   JOKER_READER_FILE, SYMBOL_JOKER_READER_FILE, JokerReader, joker_partners,
                                   take_jokers)
from referee.vision.grouping import inside_a_card
from referee.vision.model_files import default_models_dir
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, LIVE_OPTIONS, STILL_IMAGE_OPTIONS, CardRecognizer
from referee.vision.types import Detection

NAMES = ["AS", "2D", "JK", "other"]


def row(**p):
    out = np.zeros(len(NAMES))
    for name, value in p.items():
        out[NAMES.index(name)] = value
    return out


def test_only_corners_read_as_nothing_a_joker_or_unsurely_take_the_readers_joker():
    sure = row(AS=0.97, other=0.03)
    rejected = row(AS=0.05, other=0.95)
    unsure = row(**{"2D": JOKER_LOOK_BELOW - 0.05}, other=1 - JOKER_LOOK_BELOW + 0.05)
    base = np.stack([sure, rejected, unsure, rejected])
    reader = np.stack([row(JK=0.999, other=0.001)] * 3 + [row(JK=JOKER_MIN_PROBABILITY - 0.01, other=0.02, AS=0.0)])
    out = take_jokers(base, reader, NAMES)
    assert out[0].tolist() == sure.tolist()               # a sure card stays what it is
    assert out[1].argmax() == out[2].argmax() == NAMES.index("JK")
    assert out[3].tolist() == rejected.tolist()           # the reader not sure enough: as read
    assert take_jokers(np.zeros((0, 4)), np.zeros((0, 4)), NAMES).shape == (0, 4)


def test_a_card_read_unsurely_that_the_reader_reads_as_a_joker_is_in_doubt(monkeypatch):
    """The word JOKER boxed in part: the classifier reads "JOK" as 2D unsurely, the reader (crop and
    half turn) as a joker, below its own bar: the two disagree."""
    reader = JokerReader(default_models_dir() / JOKER_READER_FILE)
    jk = reader.names.index("JK")
    said = {0: 0.86, 1: 0.5, 2: 0.99, 3: 0.9, 4: 0.95, 5: 0.95}

    def read_with_half_turn(crops):
        out = np.zeros((len(crops), len(reader.names)))
        out[:, jk] = [said[int(c)] for c in crops]
        return out

    monkeypatch.setattr(reader, "read_with_half_turn", read_with_half_turn)
    readings = [("2D", 0.75), ("2D", 0.75), ("AS", 0.6), ("AS", JOKER_DOUBT_BELOW), ("JK", 0.8), ("other", 0.9)]
    assert reader.doubted_corners(readings, lambda i: i, 0.7) == [0, 2]   # not a sure card, a joker, nothing
    assert reader.doubted_corners(readings, lambda i: i, 0.9) == [2]
    assert reader.doubted_corners([("AS", 0.99)], lambda i: i) == []
    # a card read short of JOKER_DOUBT_BELOW is asked about even where the joker reader would not take a joker
    assert reader.doubted_corners([("3H", 0.96)], lambda i: 3) == [0]


def test_still_images_doubt_what_the_reader_calls_a_joker_and_the_live_referee_does_not():
    from referee.vision.jokers import JOKER_DOUBT_PROBABILITY

    assert CardRecognizer(None, **STILL_IMAGE_OPTIONS).joker_doubt == JOKER_DOUBT_PROBABILITY
    assert CardRecognizer(None, **LIVE_OPTIONS).joker_doubt is None


@pytest.mark.parametrize("design,key", JESTERS)
def test_a_held_out_jester_is_read_with_the_reader_and_missed_without_it(design, key):
    image = joker_table(design, key).image
    with_reader = CardRecognizer(None, **STILL_IMAGE_OPTIONS)
    assert with_reader.joker_reader is not None
    assert sorted(r.code for r in with_reader.read(image)) == ["7D", "JK"]
    # (the dark reader learnt the dark training decks' jokers too, and reads a dark jester itself)
    without = CardRecognizer(None, joker_reader=False, dark_reader=False, **STILL_IMAGE_OPTIONS)
    assert [r.code for r in without.read(image)] == ["7D"]


@pytest.mark.parametrize("design,key", JESTERS)
def test_the_live_referee_reads_the_jester_with_the_reader(design, key):
    readings = CardRecognizer(None, **LIVE_OPTIONS).read(joker_table(design, key).image)
    assert sorted(r.code for r in readings) == ["7D", "JK"]


@pytest.mark.parametrize("design", ["referee-drawn-dark-1", "referee-drawn-dark-2"])
def test_a_back_over_a_dark_face_up_joker_is_dropped_and_a_face_down_card_kept(design):
    scene = joker_table(design, "JKR", face_down_beside=True)
    boxes = {o.kind: tuple(float(v) for v in o.box) for o in scene.objects if o.kind in ("card", "back")}
    recognizer = CardRecognizer(None, **STILL_IMAGE_OPTIONS)
    indices = [d for d in recognizer.detector.detect(scene.image) if d.kind == "index"]
    on_joker, face_down = Detection("back", boxes["card"], 0.5), Detection("back", boxes["back"], 0.5)
    kept = recognizer.joker_reader.backs_off_jokers(scene.image, [on_joker, face_down], indices)
    assert kept == [face_down]


def part_of(box, top: float, bottom: float) -> tuple:
    x1, y1, x2, y2 = box
    return (x1, y1 + top * (y2 - y1), x2, y1 + bottom * (y2 - y1))


def test_a_box_on_part_of_a_jokers_word_read_as_a_card_becomes_the_joker_the_reader_confirms():
    scene = joker_table("referee-drawn-aged-2", "JKR")
    joker_box = next(o.box for o in scene.objects if o.kind == "card" and o.code == "JK")
    recognizer = CardRecognizer(None, **STILL_IMAGE_OPTIONS)
    indices = [d for d in recognizer.detector.detect(scene.image) if d.kind == "index"]
    word = next(d for d in indices if inside_a_card(d, [Detection("card", joker_box, 0.9)]))
    seven = next(d for d in indices if not inside_a_card(d, [Detection("card", joker_box, 0.9)]))
    # the lower part of the word JOKER (the classifier reads it as a 2 or a 3), and part of the
    # 7D's index beside a box wrongly read as a joker
    boxes = [word, Detection("index", part_of(word.box, 0.4, 1.0), 0.3),
             Detection("index", seven.box, 0.9), Detection("index", part_of(seven.box, 0.0, 0.6), 0.3)]
    readings = [("JK", 0.995), ("2D", 0.93), ("JK", 0.995), ("7D", 0.8)]
    assert joker_partners(boxes, readings, []) == [1, 3]
    changed: dict = {}
    out = recognizer.joker_reader.confirmed_jokers(
        boxes, readings, [], lambda i: rectify_index(scene.image, boxes[i].box, recognizer.classifier.size)[0], changed)
    assert out[1][0] == "JK" and out[1][1] >= JOKER_CONFIRMED_PROBABILITY
    assert out[3] == ("7D", 0.8)          # the reader does not read the 7's index as a joker
    assert list(changed) == [1]


def test_a_box_beside_a_joker_read_unsurely_is_not_its_partner():
    a, b = Detection("index", (0, 0, 10, 30), 0.9), Detection("index", (0, 5, 10, 25), 0.4)
    assert joker_partners([a, b], [("JK", JOKER_MIN_PROBABILITY - 0.1), ("2D", 0.93)], []) == []


@pytest.fixture
def models_without_reader(tmp_path):
    for name in (DETECTOR_FILE, CLASSIFIER_FILE):
        os.symlink(default_models_dir() / name, tmp_path / name)
    return tmp_path


def test_a_models_folder_without_the_reader_reads_without_it(models_without_reader):
    assert CardRecognizer(models_without_reader).joker_reader is None


def test_a_reader_without_the_joker_class_is_refused_in_one_line(models_without_reader):
    os.symlink(default_models_dir() / BACK_VERIFIER_FILE, models_without_reader / JOKER_READER_FILE)
    with pytest.raises(UserError, match="has no JK and other classes") as caught:
        CardRecognizer(models_without_reader)
    assert "\n" not in str(caught.value)
    with pytest.raises(UserError, match="has no JK"):
        JokerReader(models_without_reader / JOKER_READER_FILE)


class FixedReader:
    """A reader whose combined reading of crop i is rows[i] (IndexClassifier's two methods)."""

    names = NAMES

    def __init__(self, rows):
        self.rows = np.array(rows)

    def probabilities(self, crops):
        return self.rows[[int(c) for c in crops]]

    def with_turns(self, crops, probabilities, turns):
        return probabilities


def test_each_crop_takes_the_reading_of_the_reader_likelier_to_call_it_a_joker():
    reader = JokerReader(default_models_dir() / JOKER_READER_FILE)
    first = [row(AS=0.9, other=0.1), row(JK=0.5, other=0.5), row(JK=0.995, other=0.005)]
    second = [row(AS=0.2, JK=0.8), row(JK=0.3, other=0.7), row(JK=0.999, other=0.001)]
    reader.classifier = FixedReader(first)
    assert reader.read_with_half_turn([0, 1, 2]).tolist() == np.array(first).tolist()   # no symbol reader
    reader.symbol_reader = FixedReader(second)
    assert reader.read_with_half_turn([0, 1, 2]).tolist() == [second[0].tolist(), first[1].tolist(),
                                                              second[2].tolist()]
    assert reader.read_with_half_turn([]).shape[0] == 0


# the held-out gnome designs' jokers: a star in a ring in the corner (three of them), the word beside
RING_STARS = [("gnome-simplistic", "JKR"), ("gnome-plastic", "JKB"), ("gnome-neoclassical_4_color", "JKR")]


@pytest.mark.parametrize("design,key", RING_STARS)
def test_a_ring_star_joker_is_read_with_the_symbol_reader_and_not_without_it(design, key, tmp_path):
    image = joker_table(design, key).image
    with_it = CardRecognizer(None, **STILL_IMAGE_OPTIONS)
    assert with_it.joker_reader.symbol_reader is not None
    assert sorted(r.code for r in with_it.read(image)) == ["7D", "JK"]
    for model in default_models_dir().iterdir():
        if model.suffix in (".onnx", ".npz") and model.name != SYMBOL_JOKER_READER_FILE:
            os.symlink(model, tmp_path / model.name)
    without = CardRecognizer(tmp_path, **STILL_IMAGE_OPTIONS)
    assert without.joker_reader.symbol_reader is None
    assert "JK" not in [r.code for r in without.read(image)]


def test_a_symbol_reader_with_other_classes_is_refused_in_one_line(models_without_reader):
    os.symlink(default_models_dir() / JOKER_READER_FILE, models_without_reader / JOKER_READER_FILE)
    os.symlink(default_models_dir() / BACK_VERIFIER_FILE, models_without_reader / SYMBOL_JOKER_READER_FILE)
    with pytest.raises(UserError, match="other classes than joker reader") as caught:
        CardRecognizer(models_without_reader)
    assert "\n" not in str(caught.value)
