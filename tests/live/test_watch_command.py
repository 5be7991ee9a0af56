"""`referee watch` through the real command line: one-line errors for bad input, and a headless
run over a folder of frames with the recogniser replaced by the scripted one (no trained model
is needed), then `--resume` of its log."""

from __future__ import annotations

import os

import numpy as np
import cv2
import pytest
from table_double import ScriptedPerception, new_stage, table_calibration

from referee.calibration import save_calibration
from referee.capture import Frame
from referee.cli import main
from referee.gamelog import read_log
from referee.live.perception import ZONE_READER_SWITCH

FOUR = ("A", "B", "C", "D")
FRAME_SIZE = (64, 36)          # tiny frames, the calibration's aspect
FOLDER_FPS = 30.0              # the timestamps a folder of images gets


@pytest.fixture()
def table(tmp_path):
    calibration = table_calibration(FOUR)
    path = save_calibration(calibration, tmp_path / "table.json")
    frames = tmp_path / "frames"
    frames.mkdir()
    image = np.zeros((FRAME_SIZE[1], FRAME_SIZE[0], 3), np.uint8)
    for index in range(2):
        cv2.imwrite(str(frames / f"{index:04d}.png"), image)
    return path, frames


def watch(*args: str) -> list[str]:
    return ["watch", "--headless", "--mute", "--lang", "en", *args]


def one_line_error(capsys, argv: list[str], words: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("referee: error: ") and words in err[0], err
    assert "Traceback" not in err[0]


@pytest.mark.parametrize("extra, words", [
    (["--rules", "nope"], "unknown rules 'nope'"),
    (["--rules", "shinafugo"], "give each player's card count with --counts"),
    (["--rules", "highschool", "--players", "A,B,C"], "3 players but calibration 'test' has 4 seats"),
    (["--rules", "highschool", "--counts", "13,13"], "--counts gives 2 numbers for 4 players"),
    (["--rules", "highschool", "--counts", "-1,12,12"], "--counts takes card counts of 0 or more"),
    (["--rules", "highschool", "--counts=-1,13,13,13"], "--counts takes card counts of 0 or more"),
    ([], "give --rules"),
    (["--rules", "highschool", "--players", "A:a,B,C,D"], "the reading of 'A' must be kana"),
    (["--rules", "highschool", "--size", "wide"], "--size takes a camera mode as WIDTHxHEIGHT"),
])
def test_bad_rules_or_players_are_one_line_errors(table, capsys, extra, words):
    calibration, frames = table
    one_line_error(capsys, watch("--source", str(frames), "--calibration", str(calibration), *extra), words)


def test_bad_sources_calibrations_models_and_logs_are_one_line_errors(table, tmp_path, capsys):
    calibration, frames = table
    base = ["--rules", "highschool", "--calibration", str(calibration)]
    one_line_error(capsys, watch("--source", "57", *base), "no camera 57")
    (tmp_path / "game.mp4").write_text("not a video")
    one_line_error(capsys, watch("--source", str(tmp_path / "game.mp4"), *base), "cannot read video")
    one_line_error(capsys, watch("--source", str(frames), "--rules", "highschool", "--calibration",
                                 str(tmp_path / "missing.json")), "no calibration")
    (tmp_path / "bad.json").write_text("{")
    one_line_error(capsys, watch("--source", str(frames), "--rules", "highschool", "--calibration",
                                 str(tmp_path / "bad.json")), "is not valid JSON")
    (tmp_path / "models").mkdir()
    one_line_error(capsys, watch("--source", str(frames), *base, "--models", str(tmp_path / "models"),
                                 "--log", str(tmp_path / "a.jsonl")), "model file not found")
    (tmp_path / "models" / "detector.onnx").write_bytes(b"not a model")
    one_line_error(capsys, watch("--source", str(frames), *base, "--models", str(tmp_path / "models"),
                                 "--log", str(tmp_path / "a.jsonl")), "cannot load model")
    (tmp_path / "old.jsonl").write_text('{"log_version": 1, "rules": "highschool", "players": ["A", "B"], '
                                        '"counts": {"A": 1, "B": 1}}\n')
    one_line_error(capsys, watch("--source", str(frames), *base, "--log", str(tmp_path / "old.jsonl")),
                   "--resume")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "old.jsonl").write_text("{}\n")
    for option in ("--log", "--resume"):
        one_line_error(capsys, watch("--source", str(frames), *base, option, str(tmp_path / "logs")),
                       f"{option} {tmp_path / 'logs'} is a folder: a game log is a file")
    (tmp_path / "broken.jsonl").write_text('{"log_version": 1}\nnot json\n{"player": "A"}\n')
    one_line_error(capsys, watch("--source", str(frames), "--calibration", str(calibration), "--resume",
                                 str(tmp_path / "broken.jsonl")), "broken.jsonl")


class ScriptedRecognizer:
    """Stands in for `CardRecognizer` (camera and model): the frame's index is written in its
    first pixel, the timeline says what the camera sees then."""

    timeline = None
    calibration = None

    def __init__(self, models_dir=None, **kwargs) -> None:
        self.perception = ScriptedPerception(self.timeline, self.calibration)

    def read(self, image):
        index = int(image[0, 0, 0]) + 256 * int(image[0, 0, 1])
        return list(self.perception.look(Frame(index, index / FOLDER_FPS, image)).cards)

    def dark_faced(self):
        return None          # no verdict on the scripted deck's faces: the referee says nothing of them


def test_watch_referees_a_recording_and_resumes_its_log(table, tmp_path, capsys, monkeypatch):
    calibration_path, _ = table
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 0.5)
    refused, _ = stage.lay_fan(["4C"], "pile", 1.7)
    stage.take_away(refused, 3.2)
    stage.lay_fan(["9C"], "pile", 4.0)
    refused, _ = stage.lay_fan(["QC", "QD"], "pile", 5.5)     # refused: one card must follow one card
    stage.take_away(refused, 7.0)
    stage.lay_fan(["KD"], "pile", 8.0)
    timeline = stage.timeline()
    ScriptedRecognizer.timeline = timeline
    ScriptedRecognizer.calibration = table_calibration(FOUR).for_image_size(*FRAME_SIZE)
    monkeypatch.setattr("referee.vision.recognizer.CardRecognizer", ScriptedRecognizer)
    # the frames are blank but for their index: every frame read whole, as the script says
    monkeypatch.setenv(ZONE_READER_SWITCH, "0")

    def folder(name: str, seconds: float):
        path = tmp_path / name
        path.mkdir()
        for index in range(int(seconds * FOLDER_FPS) + 1):
            image = np.zeros((FRAME_SIZE[1], FRAME_SIZE[0], 3), np.uint8)
            image[0, 0] = (index % 256, index // 256, 0)
            cv2.imwrite(str(path / f"{index:04d}.png"), image)
        return path

    log = tmp_path / "game.jsonl"
    first_part = folder("part", 4.8)             # the recording stops (a crash) before C plays
    args = ["--calibration", str(calibration_path)]
    assert main(watch("--source", str(first_part), "--rules", "president-none", "--counts", "13,13,13,13",
                      "--players", "A:えい,B,C,D", "--log", str(log), "--declare-gesture", "double-tap", *args)) == 0
    out = capsys.readouterr().out
    assert "A plays 5 of hearts." in out and "B, please take the cards back." in out
    assert "game 1 in progress" in out
    assert [a.get("play") for a in read_log(log).actions] == [["5H"], ["4C"], ["9C"]]

    whole = folder("whole", timeline.duration)
    assert main(watch("--source", str(whole), "--resume", str(log), *args)) == 0
    out = capsys.readouterr().out
    assert "Resuming the game: C's turn." in out
    game = read_log(log)
    assert [a.get("play") for a in game.actions] == [["5H"], ["4C"], ["9C"], ["QD", "QC"], ["KD"]]
    assert [(e["event"], e["player"]) for e in game.events if e["event"] in ("play", "illegal")] == [
        ("play", "A"), ("illegal", "B"), ("play", "B"), ("illegal", "C"), ("play", "C")]
    assert game.header["calibration"] == "test" and game.of_kind("resume")
    assert game.header["readings"] == {"A": "えい"}       # the voice's reading outlives the crash
    assert game.header["declare_gesture"] == "double-tap"   # and so does the table's way to declare


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_log_on_a_full_disk_is_a_one_line_error(table, capsys, monkeypatch):
    calibration, frames = table
    ScriptedRecognizer.timeline = new_stage(FOUR).timeline()
    ScriptedRecognizer.calibration = table_calibration(FOUR).for_image_size(*FRAME_SIZE)
    monkeypatch.setattr("referee.vision.recognizer.CardRecognizer", ScriptedRecognizer)
    # the frames are blank but for their index: every frame read whole, as the script says
    monkeypatch.setenv(ZONE_READER_SWITCH, "0")
    one_line_error(capsys, watch("--source", str(frames), "--rules", "highschool", "--calibration", str(calibration),
                                 "--log", "/dev/full"), "cannot write game log /dev/full: No space left on device")
