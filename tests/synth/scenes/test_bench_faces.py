"""bench/detect_eval.py's figures per face brightness and for jokers, and the brightness measure."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import detect_eval  # noqa: E402
import scene_truth  # noqa: E402

from referee.synth.scenes.face_brightness import BRIGHTNESS_BINS, brightness_bin, luma, paper_luminance  # noqa: E402
from referee.vision.labels import parse_label  # noqa: E402
from referee.vision.types import CardReading  # noqa: E402


def _face(paper, ink=(0, 0, 0), h=100, w=72):
    im = np.zeros((h, w, 4), np.uint8)
    im[..., :3] = paper
    im[..., 3] = 255
    im[8:30, 6:16, :3] = ink   # an index, mostly ink inside its box
    return im, [(6, 8, 16, 30)]


def test_paper_luminance_is_the_paper_behind_the_index():
    im, boxes = _face((40, 40, 40), ink=(250, 250, 250))
    assert paper_luminance(im, boxes) == pytest.approx(40, abs=0.5)
    im[60:, :, :3] = 255   # art far from the index does not count
    assert paper_luminance(im, boxes) == pytest.approx(40, abs=0.5)
    # no index (a joker without a corner marking): the ring inside the edge
    im2, _ = _face((200, 180, 160))
    assert paper_luminance(im2, []) == pytest.approx(float(luma(np.array([200, 180, 160]))), abs=0.5)


def test_brightness_bins():
    assert [b[0] for b in BRIGHTNESS_BINS] == ["dark", "mid", "light"]
    assert (brightness_bin(0), brightness_bin(99.9), brightness_bin(100), brightness_bin(199.9),
            brightness_bin(200), brightness_bin(255)) == ("dark", "dark", "mid", "mid", "light", "light")


def _card(code, box, group, design="d1"):
    x1, y1, x2, y2 = box
    return {"code": code, "box": box, "index_boxes": [(x1, y1, x1 + 10, y1 + 20)], "readable": True,
            "group": group, "design": design}


class _Reader:
    def __init__(self, readings):
        self.readings = readings

    def read(self, image):
        return self.readings


def _reading(code, box, corners=()):
    return CardReading(parse_label(code), 0.9, box, tuple(corners))


def test_every_output_counted_on_the_card_it_lies_on(monkeypatch):
    cards = [_card("5S", (0, 0, 60, 90), "dark"), _card("JK", (100, 0, 160, 90), "joker", "d2"),
             _card("7H", (200, 0, 260, 90), "light"), _card("2C", (300, 0, 360, 90), "dark")]
    backs = [(400, 0, 460, 90)]
    readings = [
        _reading("5S", (0, 0, 60, 90), [(0, 0, 10, 20)]),          # right, dark
        _reading("JK", (100, 0, 160, 90), [(100, 0, 110, 20)]),    # right, joker
        _reading("JK", (200, 0, 260, 90), [(200, 0, 210, 20)]),    # wrong on the light 7H: a phantom joker
        _reading("back", (300, 0, 360, 90)),                        # a back on the dark 2C: wrong
        _reading("back", (400, 0, 460, 90)),                        # a right back: in no face group
        _reading("9D", (600, 0, 660, 90), [(600, 0, 610, 20)]),    # on no card
    ]
    monkeypatch.setattr(scene_truth, "heldout_scene_truth", lambda *a, **k: (None, cards, backs))
    monkeypatch.setattr(scene_truth, "heldout_designs", lambda *a, **k: ["d1", "d2"])
    r = detect_eval.eval_scenes(_Reader(readings), 1, 0)
    f = r["by_face"]
    assert f["dark"] == {"precision": 0.5, "recall": 0.5, "outputs": 2, "right": 1, "readable": 2, "found": 1}
    assert f["joker"] == {"precision": 1.0, "recall": 1.0, "outputs": 1, "right": 1, "readable": 1, "found": 1}
    assert f["light"] == {"precision": 0.0, "recall": 0.0, "outputs": 1, "right": 0, "readable": 1, "found": 0}
    assert f["off_card"]["outputs"] == 1 and f["off_card"]["right"] == 0
    assert r["joker_readings"] == {"right": 1, "all": 2, "precision": 0.5}
    assert r["by_design"]["d2"]["right"] == 1 and r["by_design"]["d1"]["outputs"] == 3
    assert r["precision"] == pytest.approx(2 / 4) and r["backs"]["true_positives"] == 1


def test_scene_truth_names_each_cards_design_and_face_group(tmp_path, monkeypatch):
    from referee.synth.scenes import designs as D

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))   # small faces, drawn afresh
    monkeypatch.setattr(D, "FACE_HEIGHT", 120)
    D.load_design.cache_clear()
    scene_truth.face_luma.cache_clear()
    try:
        image, cards, _ = scene_truth.heldout_scene_truth(777000, faces=True, jokers=True)
        designs = set(scene_truth.heldout_designs(faces=True))
    finally:
        D.load_design.cache_clear()
        scene_truth.face_luma.cache_clear()
    assert cards and all(c["design"] in designs for c in cards)
    assert all(c["group"] == ("joker" if c["code"] == "JK" else brightness_bin(c["face_luma"])) for c in cards)


def test_a_real_photo_reading_is_matched_at_its_box_or_its_corners():
    """Real-photo labels mark a card's visible part: a card half under another is read at its
    visible corner while its box spans the card (IMG_2599's K under the J)."""
    labels = [("K", (612, 352, 630, 407)), ("J", (630, 354, 670, 409))]
    king = CardReading(parse_label("KC"), 0.8, (612, 351, 660, 408), corners=((613, 353, 622, 368),))
    assert detect_eval.match_real([king], labels) == (1, [])
    cornerless = CardReading(parse_label("KC"), 0.8, (612, 351, 660, 408))   # centre on the J
    assert detect_eval.match_real([cornerless], labels) == (0, ["K<-J"])
    queen = CardReading(parse_label("QC"), 0.8, (612, 351, 660, 408), corners=((613, 353, 622, 368),))
    assert detect_eval.match_real([queen], labels) == (0, ["Q<-J"])
    assert detect_eval.match_real([king, king], labels) == (1, ["K<-J"])   # one to one
