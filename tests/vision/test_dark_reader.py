"""The dark reader (recognizer.DARK_READER_FILE): the inverted look's crops are read by a copy of
the classifier trained on with dark decks' corners as that look shows them."""

from __future__ import annotations

import os

import numpy as np
import pytest

from referee.errors import UserError
from referee.synth.scenes.generator import generate_scene
from referee.vision.back_verifier import BACK_VERIFIER_FILE
from referee.vision.model_files import default_models_dir
from referee.vision.recognizer import (CLASSIFIER_FILE, DARK_READER_FILE, DARK_READER_JOKER_PROBABILITY, DETECTOR_FILE,
                                      STILL_IMAGE_OPTIONS, CardRecognizer, unsure_jokers_rejected)

MODELS = default_models_dir()


@pytest.fixture
def models_without_dark_reader(tmp_path):
    """The committed models less the dark reader."""
    for model in MODELS.iterdir():
        if model.suffix in (".onnx", ".npz") and model.name != DARK_READER_FILE:
            os.symlink(model, tmp_path / model.name)
    assert (tmp_path / DETECTOR_FILE).exists() and (tmp_path / CLASSIFIER_FILE).exists()
    return tmp_path


def test_the_committed_models_read_the_inverted_look_with_the_dark_reader():
    rec = CardRecognizer(threads=1)
    assert rec.dark_reader is not None and rec.dark_reader.names == rec.classifier.names
    assert CardRecognizer(threads=1, dark_reader=False).dark_reader is None
    assert CardRecognizer(threads=1, inverted_look=False).dark_reader is None


def test_a_models_folder_without_the_dark_reader_reads_the_inverted_look_with_the_classifier(
        models_without_dark_reader):
    assert CardRecognizer(models_without_dark_reader, threads=1).dark_reader is None


def test_a_dark_reader_of_other_classes_is_refused_in_one_line(models_without_dark_reader):
    os.symlink(MODELS / BACK_VERIFIER_FILE, models_without_dark_reader / DARK_READER_FILE)
    with pytest.raises(UserError, match="has other classes than classifier") as caught:
        CardRecognizer(models_without_dark_reader, threads=1)
    assert "\n" not in str(caught.value)


def test_an_enrolled_deck_reads_its_dark_corners_itself():
    from referee.vision.deck_head import DeckHead, load_base_head

    base = load_base_head(MODELS / CLASSIFIER_FILE)
    deck = DeckHead("base-layer", base.weight, base.bias, base.names, ("AS",), base.classifier_sha256)
    assert CardRecognizer(threads=1, deck=deck).dark_reader is None


def test_the_dark_readers_unsure_jokers_read_as_nothing():
    """It learnt dark decks with both jokers in every scene: a joker it reads less surely than the
    joker reader's bar is no reading (the joker reader may still read one)."""
    names = ["AS", "JK", "other"]
    rows = np.array([[0.05, 0.9, 0.05], [0.0, 0.995, 0.005], [0.7, 0.3, 0.0]])
    out = unsure_jokers_rejected(rows, names, DARK_READER_JOKER_PROBABILITY)
    assert np.allclose(out[0], [0.05, 0.0, 0.95])         # an unsure joker: `other`
    assert out[1].tolist() == rows[1].tolist()            # a sure one stays
    assert out[2].tolist() == rows[2].tolist()            # a card with some joker in it stays
    assert np.allclose(out.sum(axis=1), rows.sum(axis=1))


def _faces(rec: CardRecognizer, scene) -> tuple[int, int]:
    truth = {o.code for o in scene.objects if o.kind == "card"}
    faces = [r for r in rec.read(scene.image) if r.code != "back"]
    return sum(r.code in truth for r in faces), len(faces)


def test_held_out_dark_four_colour_decks_read_more_cards_right_and_no_more_wrong(models_without_dark_reader):
    """referee-drawn-dark-1 and -2 (held out: in no training set) print light-blue diamonds beside
    white spades. On these 12 scenes (consecutive seeds, as `referee detect` reads them) the dark
    reader reads 52 cards right and 4 wrong, the classifier through the same look 40 and 4."""
    with_reader = CardRecognizer(threads=1, **STILL_IMAGE_OPTIONS)
    without = CardRecognizer(models_without_dark_reader, threads=1, **STILL_IMAGE_OPTIONS)
    right = found = right_before = found_before = 0
    for seed in range(4300, 4312):
        scene = generate_scene(seed, ["referee-drawn-dark-1", "referee-drawn-dark-2"])
        r, f = _faces(with_reader, scene)
        rb, fb = _faces(without, scene)
        right, found, right_before, found_before = right + r, found + f, right_before + rb, found_before + fb
    assert right >= right_before + 8
    assert found - right <= found_before - right_before
