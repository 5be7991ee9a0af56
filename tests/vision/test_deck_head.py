"""The fine-tuned last layer of an enrolled deck (referee.vision.deck_head, referee.enroll.adapt)."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from referee.enroll.adapt import fine_tune_head
from referee.errors import UserError
from referee.vision.deck import load_deck
from referee.vision.deck_head import HEAD_FILE, DeckHead, load_base_head, softmax
from referee.vision.recognizer import CardRecognizer, default_models_dir


@pytest.fixture(scope="module")
def classifier():
    return CardRecognizer(threads=1).classifier


def test_the_saved_last_layer_is_the_classifiers_own(classifier):
    """softmax(embedding @ W.T + b) gives back the model's own probabilities."""
    head = load_base_head(classifier.model.path)
    assert head.names == tuple(classifier.names)
    rng = np.random.default_rng(0)
    crops = [rng.integers(0, 256, (64, 64, 3), dtype=np.uint8) for _ in range(16)]
    probs, emb = classifier.read(crops)
    assert np.allclose(softmax(emb @ head.weight.T + head.bias), probs, atol=1e-4)


def test_a_head_of_another_classifier_is_refused(tmp_path):
    for name in ("classifier.onnx", HEAD_FILE):
        shutil.copy(default_models_dir() / name, tmp_path / name)
    with open(tmp_path / "classifier.onnx", "ab") as fh:     # the classifier changed since
        fh.write(b"\0")
    with pytest.raises(UserError, match="another classifier"):
        load_base_head(tmp_path / "classifier.onnx")
    (tmp_path / HEAD_FILE).unlink()
    with pytest.raises(UserError, match="re-export"):
        load_base_head(tmp_path / "classifier.onnx")


def test_fine_tuning_learns_the_labels_and_stays_near_the_base():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(60, 8))
    w0, b0 = rng.normal(size=(3, 8)) * 0.1, np.zeros(3)
    labels = (x[:, 0] > 0).astype(int) + (x[:, 1] > 1)
    w, b = fine_tune_head(x, labels, w0, b0, learning_rate=0.5, steps=400, weight_decay=1e-3)
    before = (softmax(x @ w0.T + b0).argmax(1) == labels).mean()
    after = (softmax(x @ w.T + b).argmax(1) == labels).mean()
    assert after > before and after >= 0.85
    w_strong, _ = fine_tune_head(x, labels, w0, b0, learning_rate=0.5, steps=400, weight_decay=1.0)
    assert np.abs(w_strong - w0).max() < np.abs(w - w0).max()      # decay keeps it near the base
    again, _ = fine_tune_head(x, labels, w0, b0, learning_rate=0.5, steps=400, weight_decay=1e-3)
    assert np.array_equal(again, w)                                  # deterministic


def test_a_deck_head_is_saved_loaded_and_reads(tmp_path, classifier):
    base = load_base_head(classifier.model.path)
    deck = DeckHead("mine", base.weight, base.bias, base.names, ("QS", "2C"), base.classifier_sha256)
    folder = deck.save(tmp_path / "mine", {"date": "2026-11-29"})
    loaded = load_deck(folder)
    assert isinstance(loaded, DeckHead) and loaded.enrolled_codes() == ("2C", "QS")
    assert np.array_equal(loaded.weight, deck.weight)
    rng = np.random.default_rng(2)
    crops = [rng.integers(0, 256, (64, 64, 3), dtype=np.uint8) for _ in range(4)]
    probs, emb = classifier.read(crops)
    readings = loaded.classify(probs, emb, classifier.names)
    assert [c for c, _ in readings] == [classifier.names[i] for i in probs.argmax(1)]  # the base layer itself
    assert CardRecognizer(threads=1, deck=folder).deck.name == "mine"
    with pytest.raises(ValueError):
        DeckHead("bad", base.weight[:3], base.bias, base.names, ())
