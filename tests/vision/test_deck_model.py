"""An enrolled deck with a network of its own (referee.vision.deck_model): saved, loaded,
checked, and read with by the recogniser. The network here is the base classifier itself, so
the recogniser with the deck must read exactly as without it."""

from __future__ import annotations

import numpy as np
import pytest

from referee.errors import UserError
from referee.vision.deck import load_deck
from referee.vision.deck_files import MODEL_FILE
from referee.vision.deck_model import DeckModel
from referee.vision.recognizer import CardRecognizer, default_models_dir


@pytest.fixture(scope="module")
def base():
    return CardRecognizer(threads=1)


@pytest.fixture(scope="module")
def deck(base):
    onnx = (default_models_dir() / "classifier.onnx").read_bytes()
    return DeckModel(name="same", onnx=onnx, names=tuple(base.classifier.names), codes=("AS", "KH", "JK"))


def test_saved_and_loaded(deck, tmp_path):
    folder = deck.save(tmp_path / "same", {"date": "2026-11-30"})
    loaded = load_deck(folder)
    assert isinstance(loaded, DeckModel)
    assert loaded.onnx == deck.onnx and loaded.names == deck.names and loaded.enrolled_codes() == ("AS", "JK", "KH")
    card = (folder / "card.json").read_text()
    assert '"method": "fine-tuned classifier"' in card and '"date": "2026-11-30"' in card


def test_the_recogniser_reads_with_the_decks_network(deck, base):
    from referee.synth.scenes.generator import generate_scene

    with_deck = CardRecognizer(threads=1, deck=deck)
    assert with_deck.classifier is not base.classifier
    for seed in (3, 4):
        image = generate_scene(seed, ["referee-drawn"]).image
        a = [(c.code, round(c.confidence, 4), c.box) for c in base.read(image)]
        b = [(c.code, round(c.confidence, 4), c.box) for c in with_deck.read(image)]
        assert a == b and a


def test_a_truncated_or_missing_network_is_refused(deck, tmp_path):
    folder = deck.save(tmp_path / "d", {})
    data = (folder / MODEL_FILE).read_bytes()
    (folder / MODEL_FILE).write_bytes(data[: len(data) // 2])
    with pytest.raises(UserError, match="not the network its deck file names"):
        load_deck(folder)
    (folder / MODEL_FILE).unlink()
    with pytest.raises(UserError, match="missing"):
        load_deck(folder)


def test_a_network_that_is_not_a_model_or_has_other_classes_is_refused(deck, base):
    with pytest.raises(UserError, match="cannot load model"):
        CardRecognizer(threads=1, deck=DeckModel(name="junk", onnx=b"not an onnx file", names=deck.names, codes=()))
    other = DeckModel(name="other", onnx=deck.onnx, names=tuple(reversed(deck.names)), codes=())
    with pytest.raises(UserError, match="other classes"):
        CardRecognizer(threads=1, deck=other)


def test_classify_is_the_networks_own_reading(deck):
    p = np.zeros((2, len(deck.names)), np.float32)
    p[0, deck.names.index("QH")] = 0.9
    p[1, deck.names.index("other")] = 0.7
    assert deck.classify(p, None, deck.names) == [("QH", pytest.approx(0.9)), ("other", pytest.approx(0.7))]


def test_a_deck_of_another_kind_saved_over_it_removes_its_network(deck, tmp_path):
    """referee enroll --force --method head over a fine-tuned deck: nothing reads the old
    network any more, so it does not stay behind."""
    from referee.vision.deck_head import DeckHead, load_base_head

    folder = deck.save(tmp_path / "mine")
    assert (folder / MODEL_FILE).exists()
    base = load_base_head(default_models_dir() / "classifier.onnx")
    DeckHead("mine", base.weight, base.bias, base.names, ("QS",), base.classifier_sha256).save(folder)
    assert not (folder / MODEL_FILE).exists()
    assert isinstance(load_deck(folder), DeckHead)
