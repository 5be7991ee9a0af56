"""Faint backs (CardRecognizer faint_back_conf): passed on marked, only when asked for."""

from __future__ import annotations

import numpy as np
import pytest

from referee.vision.labels import BACK
from referee.vision.recognizer import DEFAULT_DET_CONF, FAINT_BACK_CONF, LIVE_OPTIONS, CardRecognizer
from referee.vision.types import Detection


class FixedDetector:
    """These boxes for any frame, at or above the threshold the recogniser gave its detector."""

    def __init__(self, detections, conf):
        self.detections, self.conf = detections, conf

    def detect(self, frame):
        return [d for d in self.detections if d.confidence >= self.conf]


def given(recognizer, detections):
    recognizer.detector = FixedDetector(detections, recognizer.detector.conf)


def plain_table_with_a_card_shape(box):
    frame = np.full((400, 600, 3), (40, 110, 40), np.uint8)       # green felt
    x1, y1, x2, y2 = box
    frame[y1:y2, x1:x2] = (200, 190, 180)                          # a pale card lying on it
    frame[y1 + 6:y2 - 6, x1 + 6:x2 - 6] = (170, 160, 150)          # its printed back inside a border
    return frame


@pytest.fixture(scope="module")
def recognizers():
    return CardRecognizer(), CardRecognizer(**LIVE_OPTIONS)


def test_a_back_scored_below_the_threshold_is_passed_on_marked_faint_only_when_asked_for(recognizers):
    plain, live = recognizers
    box = (250, 120, 330, 235)
    frame = plain_table_with_a_card_shape(box)
    faint = Detection("back", tuple(float(v) for v in box), (FAINT_BACK_CONF + DEFAULT_DET_CONF) / 2)
    for recognizer in recognizers:
        given(recognizer, [faint])
    assert plain.read(frame) == []
    got = live.read(frame)
    assert [(r.label, r.faint) for r in got] == [(BACK, True)]
    # a sure back stays what it was: not faint
    sure = Detection("back", faint.box, 0.6)
    given(live, [sure])
    assert [(r.label, r.faint) for r in live.read(frame)] == [(BACK, False)]


def test_a_faint_back_below_faint_back_conf_or_on_a_card_already_read_is_not_passed_on(recognizers):
    _, live = recognizers
    box = (250, 120, 330, 235)
    frame = plain_table_with_a_card_shape(box)
    below = Detection("back", tuple(float(v) for v in box), FAINT_BACK_CONF / 2)
    sure = Detection("back", tuple(float(v) for v in box), 0.6)
    on_it = Detection("back", (255.0, 125.0, 335.0, 240.0), FAINT_BACK_CONF * 2)
    given(live, [below, sure, on_it])
    assert [(r.label, r.faint) for r in live.read(frame)] == [(BACK, False)]
