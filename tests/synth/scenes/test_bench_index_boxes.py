"""bench/index_boxes.py: box overlap, and how the classifier's readings of crops are counted."""

import sys
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "bench"))

import index_boxes  # noqa: E402

from referee.vision.classifier import IndexClassifier  # noqa: E402


def test_iou_and_area():
    assert index_boxes.iou((0, 0, 10, 10), (0, 0, 10, 10)) == pytest.approx(1.0)
    assert index_boxes.iou((0, 0, 10, 10), (5, 0, 15, 10)) == pytest.approx(50 / 150)
    assert index_boxes.iou((0, 0, 10, 10), (20, 20, 30, 30)) == 0.0
    assert index_boxes.iou((0, 0, 0, 0), (0, 0, 0, 0)) == 0.0
    assert index_boxes.area((2, 3, 12, 8)) == 50


class _Fixed(IndexClassifier):
    """The real counting over fixed probabilities (the model's own output is not the point)."""

    def __init__(self, names, probs):
        self._names, self._probs = names, np.array(probs, np.float32)

    @property
    def names(self):
        return self._names

    def probabilities(self, crops):
        assert len(crops) == len(self._probs)
        return self._probs


def test_readings_count_right_and_surely_wrong():
    image = np.full((100, 100, 3), 200, np.uint8)
    boxes = [(10, 10, 20, 25)] * 4
    clf = _Fixed(["AS", "2S", "other"], [[0.9, 0.05, 0.05],    # right
                                         [0.7, 0.2, 0.1],      # surely wrong (AS for 2S)
                                         [0.5, 0.4, 0.1],      # wrong, unsure: not counted
                                         [0.1, 0.1, 0.8]])     # `other`: no card, not wrong
    assert index_boxes.readings(clf, image, boxes, ["AS", "2S", "2S", "2S"]) == (1, 1)
    assert index_boxes.readings(clf, image, [], []) == (0, 0)
