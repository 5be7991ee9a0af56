"""The twin reader (referee.vision.twins): asked on still images about the classifier's 4, 6, 7 and
9 readings; a corner it reads otherwise gives no card."""

from __future__ import annotations

import os

import numpy as np
import pytest
from twin_tables import UNTURNED_CORNERS, corner_table

from referee.errors import UserError
from referee.vision.back_verifier import BACK_VERIFIER_FILE
from referee.vision.classifier import REJECT_CLASS
from referee.vision.model_files import default_models_dir
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, LIVE_OPTIONS, STILL_IMAGE_OPTIONS, CardRecognizer
from referee.vision.twins import TWIN_READER_FILE, TwinReader


@pytest.fixture
def models_without_twins(tmp_path):
    for name in (DETECTOR_FILE, CLASSIFIER_FILE):
        os.symlink(default_models_dir() / name, tmp_path / name)
    return tmp_path


def test_still_images_ask_the_twin_reader_and_the_live_referee_does_not():
    assert CardRecognizer(None, **STILL_IMAGE_OPTIONS).twin_reader is not None
    assert CardRecognizer(None, **LIVE_OPTIONS).twin_reader is None


def test_a_models_folder_without_the_twin_reader_reads_without_it(models_without_twins):
    assert CardRecognizer(models_without_twins, **STILL_IMAGE_OPTIONS).twin_reader is None


def test_a_twin_reader_without_those_ranks_is_refused_in_one_line(models_without_twins):
    os.symlink(default_models_dir() / BACK_VERIFIER_FILE, models_without_twins / TWIN_READER_FILE)
    with pytest.raises(UserError, match="no card of ranks 4, 6, 7, 9") as caught:
        CardRecognizer(models_without_twins, **STILL_IMAGE_OPTIONS)
    assert "\n" not in str(caught.value)


class _Reading:
    """A twin reader's network that gives fixed probabilities, row by row (what `checked` asks)."""

    def __init__(self, names, rows):
        self.names, self.rows, self.asked = names, np.array(rows, float), []

    def probabilities(self, crops):
        self.asked.append(len(crops))
        return self.rows[:len(crops)]


def test_only_the_twin_ranks_are_asked_and_a_disagreement_gives_no_card():
    reader = TwinReader(default_models_dir() / TWIN_READER_FILE)
    names = reader.names
    row_9s = np.zeros(len(names))
    row_9s[names.index("9S")] = 0.9
    row_7h = np.zeros(len(names))
    row_7h[names.index("7H")] = 0.8
    reader.classifier = _Reading(names, [row_9s, row_7h])
    readings = [("6S", 0.99), ("KD", 0.97), (REJECT_CLASS, 0.6), ("7H", 0.95), ("JK", 0.99)]
    checked = reader.checked(readings, lambda i: np.zeros((64, 64, 3), np.uint8))
    assert reader.classifier.asked == [2]                 # the 6S and the 7H, in one batch
    assert checked == [(REJECT_CLASS, 0.99), ("KD", 0.97), (REJECT_CLASS, 0.6), ("7H", 0.95), ("JK", 0.99)]


@pytest.mark.parametrize("design,code,turned", UNTURNED_CORNERS)
def test_an_unturned_corner_read_the_other_way_round_gives_no_card_with_the_twin_reader(design, code, turned,
                                                                                        models_without_twins):
    image = corner_table(design, code).image
    for model in default_models_dir().iterdir():
        if model.suffix in (".onnx", ".npz") and model.name != TWIN_READER_FILE and \
                not (models_without_twins / model.name).exists():
            os.symlink(model, models_without_twins / model.name)
    without = CardRecognizer(models_without_twins, **STILL_IMAGE_OPTIONS)
    assert without.twin_reader is None
    assert turned in [r.code for r in without.read(image)]
    faces = [r.code for r in CardRecognizer(None, **STILL_IMAGE_OPTIONS).read(image) if r.code != "back"]
    assert turned not in faces and faces in ([], [code])


def test_a_dark_faces_corner_is_not_asked():
    """A corner printed light on dark paper (read through the inverted look) keeps its reading."""
    reader = TwinReader(default_models_dir() / TWIN_READER_FILE)
    names = reader.names
    row_9s = np.zeros(len(names))
    row_9s[names.index("9S")] = 0.9
    reader.classifier = _Reading(names, [row_9s])
    dark = np.full((64, 64, 3), 40, np.uint8)
    dark[10:30, 10:20] = 230                              # a light stroke on dark paper
    light = 255 - dark
    readings = [("6S", 0.99), ("6H", 0.97)]
    checked = reader.checked(readings, lambda i: dark if i == 0 else light)
    assert reader.classifier.asked == [1]                 # the light face's corner alone
    assert checked == [("6S", 0.99), (REJECT_CLASS, 0.97)]
