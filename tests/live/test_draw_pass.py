"""The guide's picture of how to pass (tools/draw_pass.py): each panel's clip, filmed and run
through the live referee's pad sensing, gets the verdict its caption states; in every clip the
pad's marker is hidden, so the sensing, not the marker, tells the pass from the others; a
caption the referee contradicts is refused and no picture is written."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import cv2
import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "draw_pass.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("draw_pass", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


draw_pass = load_tool()


@pytest.fixture(scope="module")
def clips():
    return draw_pass.refereed_clips(size=draw_pass.CHECK_SIZE)


def test_only_the_own_hand_held_still_on_the_tile_passes(clips):
    verdicts = {clip.panel.gesture: clip.passed for clip in clips}
    assert verdicts == {"pass": {draw_pass.SEAT}, "across": set(), "beside": set()}
    assert all(clip.true for clip in clips)


def test_the_marker_is_hidden_in_every_clip(clips):
    assert all(clip.marker_hidden for clip in clips)


def test_the_picture_shows_the_three_panels(clips, tmp_path):
    path = draw_pass.write_picture(tmp_path, clips)
    image = cv2.imread(str(path))
    assert image is not None and image.shape[1] >= 3 * draw_pass.PANEL_WIDTH_PX
    assert path.stat().st_size < 300 * 1024


def test_a_caption_the_referee_contradicts_is_not_drawn(tmp_path):
    boast = draw_pass.Panel("beside", "Pass: a hand resting beside the tile", True)
    clip = draw_pass.referee_clip(boast, draw_pass.CHECK_SIZE)
    with pytest.raises(draw_pass.FalseCaption, match="no pass"):
        draw_pass.write_picture(tmp_path, [clip])
    assert not (tmp_path / "pass.png").exists()
