"""bench/recall_by_legibility.py's measures: the scene's blur in pixels and the per-bin recall."""

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from recall_by_legibility import binned  # noqa: E402
from scene_truth import scene_blur_px  # noqa: E402

from referee.synth.scenes.generator import Effects, Scene  # noqa: E402


def _scene(effects: Effects | None) -> Scene:
    return Scene(image=None, objects=[], meta={} if effects is None else {"effects": effects})


@pytest.mark.parametrize("effects, expected", [
    (None, 0.0),
    (Effects(blur_sigma=0.1), 0.0),                       # the renderer skips blurs of 0.2 px or less
    (Effects(blur_sigma=1.5), 1.5),
    (Effects(motion_len=6), 6 / math.sqrt(12)),           # a 6 px line's standard deviation
    (Effects(blur_sigma=1.0, motion_len=1), 1.0),         # a 1 px "motion" is no blur
    (Effects(blur_sigma=1.0, motion_len=6), math.hypot(1.0, 6 / math.sqrt(12))),
])
def test_scene_blur_px(effects, expected):
    assert scene_blur_px(_scene(effects)) == pytest.approx(expected)


def _card(blur: float, heights, visible, found: bool, card_visible: float = 1.0):
    return ({"blur_px": blur, "index_heights": list(heights), "index_visible": list(visible),
             "index_halves": [v - 0.15 for v in visible], "index_boxes": [(0, 0, 1, 1)] * len(heights),
             "card_visible": card_visible}, found)


def test_binned_recall_per_measure():
    cards = [_card(0.0, [30], [1.0], True), _card(0.0, [30, 26], [1.0, 0.7], True),
             _card(1.2, [16], [0.7], False, card_visible=0.1), _card(1.2, [20], [0.9], True, card_visible=0.6)]
    bins = binned(cards)
    blur = {(r["from"], r["to"]): (r["cards"], r["recall"]) for r in bins["blur px"]}
    assert blur[(0.0, 0.6)] == (2, 1.0) and blur[(1.0, 1.4)] == (2, 0.5) and blur[(0.6, 1.0)] == (0, None)
    corners = {r["from"]: (r["cards"], r["recall"]) for r in bins["corners"]}
    assert corners == {1: (3, pytest.approx(2 / 3, abs=1e-3)), 2: (1, 1.0)}
    ratio = {r["from"]: r["cards"] for r in bins["index / blur"]}
    assert ratio[float("inf")] == 2 and ratio[10.0] == 1 and ratio[15.0] == 1 and ratio[30.0] == 0   # sharp: its own bin
    uncovered = {r["from"]: r["cards"] for r in bins["uncovered"]}
    assert uncovered == {0.6: 1, 0.8: 1, 0.95: 2}                       # a card's best corner counts
    halves = {r["from"]: r["cards"] for r in bins["both halves"]}
    assert halves == {0.0: 0, 0.3: 1, 0.6: 1, 0.8: 2, 0.95: 0}
    body = {r["from"]: (r["cards"], r["recall"]) for r in bins["card uncovered"]}
    assert body == {0.0: (1, 0.0), 0.25: (0, None), 0.5: (1, 1.0), 0.75: (2, 1.0)}
