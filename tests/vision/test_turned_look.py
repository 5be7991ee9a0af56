"""The turned look (referee.vision.recognizer.DEFAULT_TURNED_LOOK_BELOW): an unsure corner crop is
read again turned (TURNED_LOOK_TURNS) and the readings are combined."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.synth.scenes.generator import generate_scene
from referee.vision.crops import crop_index
from referee.vision.recognizer import TURNED_LOOK_TURNS, CardRecognizer


@pytest.fixture(scope="module")
def recognizer():
    return CardRecognizer(threads=1)


@pytest.fixture(scope="module")
def crops(recognizer):
    """Index crops of a generated scene, some shrunk and blurred, plus noise crops."""
    scene = generate_scene(4242, ["referee-drawn"])
    out = [crop_index(scene.image, o.box) for o in scene.objects if o.kind == "index"][:12]
    out += [cv2.resize(cv2.resize(c, (14, 14), interpolation=cv2.INTER_AREA), (64, 64)) for c in out[:6]]
    rng = np.random.default_rng(0)
    return out + [rng.integers(0, 256, (64, 64, 3), dtype=np.uint8) for _ in range(4)]


def test_unsure_crops_take_the_geometric_mean_of_their_turns(crops):
    probe = CardRecognizer(threads=1)
    plain = probe.classifier.probabilities(crops)
    # the threshold between the crops' top probabilities, so that some are sure and some not
    recognizer = CardRecognizer(threads=1, turned_look_below=float(np.median(plain.max(axis=1))))
    combined = recognizer.turned_look(crops, plain)
    unsure = plain.max(axis=1) < recognizer.turned_look_below
    assert unsure.any() and (~unsure).any()
    assert np.array_equal(combined[~unsure], plain[~unsure])          # sure crops: untouched
    for i in np.flatnonzero(unsure):
        turns = recognizer.classifier.probabilities([np.ascontiguousarray(np.rot90(crops[i], k))
                                                     for k in (0, *TURNED_LOOK_TURNS)])
        expected = np.exp(np.log(turns + 1e-6).mean(axis=0))
        assert np.allclose(combined[i], expected / expected.sum(), atol=1e-5)
    assert np.allclose(combined.sum(axis=1), 1.0, atol=1e-5)


def test_a_crop_and_its_half_turned_copy_read_the_same(crops):
    """A crop and the same crop turned half way are the same looks (the other corner of a card)."""
    rec = CardRecognizer(threads=1, turned_look_below=1.01)        # every crop is read turned too
    turned = [np.ascontiguousarray(np.rot90(c, 2)) for c in crops]
    a = rec.classify_with_probabilities(crops)[1]
    b = rec.classify_with_probabilities(turned)[1]
    assert np.allclose(a, b, atol=1e-4)


def test_off_reads_every_crop_once(crops):
    rec = CardRecognizer(threads=1, turned_look_below=None)
    plain = rec.classifier.probabilities(crops)
    readings, probabilities = rec.classify_with_probabilities(crops)
    assert np.array_equal(probabilities, plain)
