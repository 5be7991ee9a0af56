"""bench/crop_eval.py's counting: sure readings split into right and misread, `other` no misreading."""

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from crop_eval import by_bins, evaluate, load_crops  # noqa: E402


class _Reader:
    """Fixed probabilities in place of a network, so the counts can be checked by hand."""
    names = ["AS", "2S", "other"]
    size = 64

    def __init__(self, probabilities):
        self.rows = np.array(probabilities, dtype=np.float32)

    def probabilities(self, crops):
        assert len(crops) == len(self.rows) and all(c.shape[:2] == (64, 64) for c in crops)
        return self.rows


def test_sure_readings_are_split_into_right_and_misread():
    reader = _Reader([[0.95, 0.05, 0.0],    # AS, sure and right
                      [0.7, 0.3, 0.0],      # 2S read AS at 0.7: wrong at 0.6 only
                      [0.1, 0.0, 0.9],      # AS read as `other`: not a misreading
                      [0.4, 0.35, 0.25]])   # unsure
    crops = [np.zeros((32, 32, 3), np.uint8)] * 4       # resized to the reader's size
    out = evaluate(reader, crops, ["AS", "2S", "AS", "AS"])
    assert out["crops"] == 4 and out["top1"] == pytest.approx(0.5)
    assert (out["right@0.6"], out["wrong@0.6"]) == (1, 1)
    assert (out["right@0.9"], out["wrong@0.9"]) == (1, 0)
    assert out["_right"].tolist() == [True, False, False, True]


def test_bins_split_by_cover_and_blur():
    right = np.array([True, False, True, True])
    sure = np.array([True, False, False, True])
    bins = by_bins(right, sure, uncovered=np.array([0.7, 0.7, 1.0, 1.0]), blur=np.array([0.0, 0.0, 0.3, 2.5]))
    assert bins["uncovered 0.6-0.8"] == {"crops": 2, "top1": 0.5, "right@0.6": 0.5}
    assert bins["uncovered >= 0.95, blur 0.0-0.6 px"] == {"crops": 1, "top1": 1.0, "right@0.6": 0.0}
    assert bins["uncovered >= 0.95, blur 2.0- px"]["crops"] == 1
    assert bins["uncovered 0.8-0.95"] == {"crops": 0, "top1": None, "right@0.6": None}


def test_crop_folders_leave_out_other(tmp_path):
    for code, n in (("AS", 3), ("other", 2)):
        (tmp_path / code).mkdir()
        for i in range(n):
            cv2.imwrite(str(tmp_path / code / f"{i}.png"), np.full((64, 64, 3), i * 40, np.uint8))
    crops, codes = load_crops(tmp_path, limit=None)
    assert codes == ["AS"] * 3
    assert len(load_crops(tmp_path, limit=2)[0]) == 2
