"""Faint corner indices (referee.vision.recognizer.FAINT_INDEX_CONF): an index box the detector
scores below det_conf counts only when the classifier reads it surely (FAINT_MIN_PROBABILITY)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.synth.scenes.generator import generate_scene
from referee.vision.recognizer import FAINT_INDEX_CONF, STILL_IMAGE_OPTIONS, CardRecognizer


@pytest.fixture(scope="module")
def scene():
    return generate_scene(4243, ["referee-drawn"])


@pytest.fixture(scope="module")
def plain():
    return CardRecognizer(threads=1)


@pytest.fixture(scope="module")
def faint():
    return CardRecognizer(threads=1, faint_index_conf=FAINT_INDEX_CONF)


def test_still_images_keep_faint_indices():
    assert STILL_IMAGE_OPTIONS["faint_index_conf"] == FAINT_INDEX_CONF < CardRecognizer(threads=1).det_conf


def test_faint_boxes_are_only_added_and_only_indices(scene, plain, faint):
    before = plain.detections(scene.image)
    after = faint.detections(scene.image)
    assert set(before) <= set(after)                       # what det_conf keeps is kept as it was
    added = set(after) - set(before)
    assert all(d.kind == "index" and FAINT_INDEX_CONF <= d.confidence < plain.det_conf for d in added)


def test_a_faint_box_needs_a_sure_reading(scene, faint):
    indices = [d for d in faint.detections(scene.image) if d.kind == "index" and d.confidence >= faint.det_conf]
    assert len(indices) >= 4
    seen = set()
    for d in indices:                   # one box at a time: no sharing, no conflicts
        readings = faint.read_corners(scene.image, [d])
        dimmed = faint.read_corners(scene.image, [replace(d, confidence=(FAINT_INDEX_CONF + faint.det_conf) / 2)])
        if not readings:
            assert not dimmed
            continue
        sure = readings[0].probability >= faint.faint_min_probability
        assert len(dimmed) == int(sure)
        seen.add(sure)
        if sure:
            assert (dimmed[0].label, dimmed[0].probability) == (readings[0].label, readings[0].probability)
    assert True in seen


def test_a_threshold_at_or_above_det_conf_means_none(plain):
    rec = CardRecognizer(threads=1, faint_index_conf=plain.det_conf)
    assert rec.faint_index_conf is None and rec.detector.conf == plain.det_conf


def test_faint_crops_are_read_once(scene, faint):
    rec = CardRecognizer(threads=1, faint_index_conf=FAINT_INDEX_CONF, turned_look_below=1.01)  # turn every crop
    d = next(d for d in rec.detections(scene.image) if d.kind == "index" and d.confidence >= rec.det_conf)
    rec.read_corners(scene.image, [d])
    assert rec.turned_looks == 1
    rec.read_corners(scene.image, [replace(d, confidence=(FAINT_INDEX_CONF + rec.det_conf) / 2)])
    assert rec.turned_looks == 1


def test_faint_boxes_get_no_second_look(faint):
    """An index read as nothing sure inside a card is read again from four shifted boxes; a faint
    one is not."""
    import numpy as np

    from referee.vision.types import Detection

    card = Detection("card", (0.0, 0.0, 200.0, 300.0), 0.9)
    asked: list = []

    def classify_boxes(boxes):
        asked.extend(boxes)
        return [("other", 0.9)] * len(boxes), np.zeros((len(boxes), len(faint.classifier.names)))

    for confidence, looks in ((faint.det_conf, 4), ((FAINT_INDEX_CONF + faint.det_conf) / 2, 0)):
        asked.clear()
        index = Detection("index", (10.0, 10.0, 30.0, 40.0), confidence)
        faint.second_look([index], [card], [("other", 0.9)], classify_boxes, {})
        assert len(asked) == looks


def test_a_corner_in_doubt_takes_only_a_joker_from_its_second_look(faint):
    """The joker doubt: a box the classifier reads as a card and the joker reader as a joker is read
    again from shifted boxes, but only a joker's reading is taken from them."""
    import numpy as np

    from referee.vision.types import Detection

    card = Detection("card", (0.0, 0.0, 200.0, 300.0), 0.9)
    index = Detection("index", (10.0, 10.0, 30.0, 40.0), 0.9)
    for shifted, doubted, read in (("8C", set(), "8C"), ("8C", {0}, "other"), ("JK", {0}, "JK")):
        def classify_boxes(boxes, code=shifted):
            return [(code, 0.99)] * len(boxes), np.zeros((len(boxes), len(faint.classifier.names)))

        got = faint.second_look([index], [card], [("other", 1.0)], classify_boxes, {}, doubted=doubted)
        assert got[0][0] == read


def test_a_card_read_off_every_card_box_needs_the_off_card_score(scene):
    """STILL_IMAGE_OPTIONS' off_card_min_score drops exactly the weak readings whose corners lie
    outside every detected card box; everything else is what the recogniser reads without it."""
    from referee.vision.grouping import off_every_card

    options = dict(STILL_IMAGE_OPTIONS)
    options.pop("off_card_min_score")
    plain = CardRecognizer(threads=1, **options).read(scene.image)
    strict = CardRecognizer(threads=1, **options, off_card_min_score=1.01)   # no off-card reading survives
    cards = [d for d in strict.detections(scene.image) if d.kind == "card"]
    assert strict.read(scene.image) == [r for r in plain if not off_every_card(r, cards)]
