"""Filmed footage of a staged table (`referee.synth.footage`): the markers a calibration needs are
in the picture, a covered pad disappears exactly while a hand lies on it, a player's arm reaching
for the pile never hides a pad, and `referee film` writes a video `referee calibrate` can read."""

from __future__ import annotations

import json

import numpy as np
import pytest

from referee.calibration import calibrate_from_images
from referee.calibration.markers import CORNER_IDS, MarkerDetector, pad_id
from referee.cli import main
from referee.synth.choreography import Stage
from referee.synth.footage import DEMO_DESIGN, FilmSet, Filming, film_zones

SEATS = ("A", "B", "C", "D")
FILM = FilmSet(design=DEMO_DESIGN, fps=10.0)


def staged() -> Stage:
    stage = Stage(film_zones(len(SEATS), FILM), FILM.table_mm, seed=1)
    stage.lay_fan(["5H", "5S"], "pile", 0.5, seat=0)
    stage.cover_pad(1, 1.5)
    stage.lay_fan(["9C"], "pile", 2.5, seat=2)
    stage.lay_fan(["KD"], "pile", 3.5, seat=3)
    stage.lay_fan(["QS"], "pile", 4.5, seat=1)
    return stage


@pytest.fixture(scope="module")
def filmed():
    stage = staged()
    filming = Filming(stage.timeline(), FILM)
    frames = list(filming.frames())
    return stage, filming, frames


def test_the_calibration_from_the_film_maps_the_table_within_two_millimetres(filmed):
    _, filming, frames = filmed
    calibration = calibrate_from_images([frames[0][2]], list(SEATS), table_size=FILM.table_mm, units="mm")
    assert set(calibration.pads) == {0, 1, 2, 3}
    grid = np.array([(x, y) for x in np.linspace(0, FILM.table_mm[0], 7) for y in np.linspace(0, FILM.table_mm[1], 5)])
    h = filming.table_to_image()
    image_points = np.c_[grid, np.ones(len(grid))] @ h.T
    image_points = image_points[:, :2] / image_points[:, 2:]
    assert np.abs(calibration.image_to_table(image_points) - grid).max() < 2.0


def test_a_pad_is_hidden_only_while_its_player_covers_it(filmed):
    stage, _, frames = filmed
    detector = MarkerDetector(subpixel=False)
    cover = stage.pads[0]
    everything = set(CORNER_IDS) | {pad_id(s) for s in range(len(SEATS))}
    for _, t, image in frames:
        seen = detector.visible_ids(image)
        if cover.start + 0.05 < t < cover.end - 0.05:
            assert seen == everything - {pad_id(1)}, t
        elif not cover.start - 0.05 <= t <= cover.end + 0.05:
            # arms reaching for the pile (all four seats play) never hide a pad or a corner
            assert seen == everything, t


def test_frames_repeat_a_render_until_the_table_changes(filmed):
    _, filming, frames = filmed
    assert len(frames) == int(filming.timeline.duration * FILM.fps) + 1
    assert filming.renders < len(frames) / 2
    # fresh sensor noise per frame: two frames of one state differ a little, not a lot
    a, b = frames[-1][2].astype(int), frames[-2][2].astype(int)
    assert 0 < np.abs(a - b).mean() < 6


def test_film_command_writes_a_video_and_its_expected_events(tmp_path, capsys):
    record = {"rules": "president", "players": ["A", "B", "C"], "first": "A",
              "hands": {"A": ["3S", "9H"], "B": ["5D", "KC"], "C": ["4C", "7S"]},
              "actions": [{"player": "A", "play": ["3S"]}, {"player": "B", "play": ["5D"]},
                          {"player": "C", "pass": True}, {"player": "A", "play": ["9H"]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out, expected = tmp_path / "game.mp4", tmp_path / "expected.json"
    assert main(["film", str(path), "--out", str(out), "--fps", "5", "--expected", str(expected)]) == 0
    printed = capsys.readouterr().out
    assert "referee watch --source" in printed and out.stat().st_size > 10_000
    data = json.loads(expected.read_text())
    assert data["record"]["counts"] == {"A": 2, "B": 2, "C": 2}
    assert [e["event"] for e in data["events"]][:3] == ["turn", "play", "turn"]
    assert main(["calibrate", "--source", str(out), "--names", "A,B,C", "--table-mm", "900,500",
                 "--dir", str(tmp_path), "--name", "film", "--frames", "3"]) == 0
    assert (tmp_path / "film.json").is_file()


def test_film_command_rejects_bad_input_in_one_line(tmp_path, capsys):
    assert main(["film", str(tmp_path / "missing.json"), "--out", str(tmp_path / "x.mp4")]) == 2
    assert "no such record" in capsys.readouterr().err
    good = tmp_path / "r.json"
    good.write_text(json.dumps({"rules": "president", "players": ["A", "B", "C"],
                                "hands": {"A": ["3S"], "B": ["5D"], "C": ["4C"]}, "actions": []}))
    assert main(["film", str(good), "--out", str(tmp_path / "x.mp4"), "--design", "nope"]) == 2
    assert "unknown design 'nope'" in capsys.readouterr().err
