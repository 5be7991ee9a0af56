"""Enrolment end to end on a rendered mat of a held-out design (the project's own deck, which
needs no system package): frames -> session -> deck index -> recognition with --deck."""

from __future__ import annotations

import json
import shutil

import cv2
import numpy as np
import pytest

from referee.cli import main
from referee.enroll.mat_scene import render_mat_scene
from referee.enroll.rehearsal import hand_over_row, rehearsed_user, with_noise
from referee.enroll.run import enrol_frames
from referee.enroll.session import ALL_ROWS, EnrolSettings
from referee.vision.deck import DeckIndex
from referee.vision.deck_files import deck_folder
from referee.vision.recognizer import CardRecognizer, default_models_dir

DESIGN = "referee-drawn"

# one worker under pytest-xdist: the enrolment below is made once for the module
pytestmark = pytest.mark.xdist_group("enrolment")


@pytest.fixture(scope="module")
def recognizer():
    return CardRecognizer(threads=1)


@pytest.fixture(scope="module")
def enrolled(recognizer):
    prompts = []
    result = enrol_frames(rehearsed_user(DESIGN, seed=3), recognizer, "drawn",
                          on_prompt=prompts.append, settings=EnrolSettings(capture_looks=3))
    return result, prompts


def test_every_row_is_asked_for_and_captured(enrolled):
    result, prompts = enrolled
    keys = [p.key for p in prompts]
    assert keys[0] == "start" and keys.count("row") == len(ALL_ROWS) and keys.count("captured") == len(ALL_ROWS)
    assert result.enrolment.done and not result.ended_early
    captured = result.enrolment.captured_codes()
    assert len({c for c in captured if c != "JK"}) == 52 and "JK" in captured
    assert result.enrolment.back_seen


def test_a_dark_faced_deck_is_captured_whole(recognizer):
    """The base model rejects this deck's plain corners (light ink on dark paper): a slot whose
    corner the detector misses is read, as the recogniser reads such a corner, with its luma
    turned over, so no card on the mat is left out as missing (KC and a joker were)."""
    result = enrol_frames(rehearsed_user("referee-drawn-dark-1", seed=5), recognizer, "dark",
                          settings=EnrolSettings(capture_looks=3))
    captured = result.enrolment.captured_codes()
    assert result.enrolment.skipped == {}
    assert len({c for c in captured if c != "JK"}) == 52 and "JK" in captured


def test_the_index_reads_its_own_held_back_frames(enrolled):
    result, _ = enrolled
    assert result.held_back.total >= 4 * 52
    assert result.held_back.accuracy >= 0.97
    # How fast enrolment is, is bench/enroll_eval.py's figure (under two minutes of CPU on a quiet
    # laptop); CPU time swells when other jobs share the cores, so this only catches a runaway.
    assert result.cpu_seconds < 300


def _right_and_wrong(base: CardRecognizer, with_deck: CardRecognizer, scenes: int) -> tuple[dict, dict]:
    """Cards read right and wrong by each recogniser ("base", "deck") in table scenes of DESIGN."""
    from referee.synth.scenes.generator import generate_scene

    right = {"base": 0, "deck": 0}
    wrong = {"base": 0, "deck": 0}
    for seed in range(scenes):
        scene = generate_scene(900 + seed, [DESIGN])
        truth = {o.code for o in scene.objects if o.kind == "index"}
        for label, rec in (("base", base), ("deck", with_deck)):
            codes = [c.code for c in rec.read(scene.image) if c.code != "back"]
            right[label] += sum(code in truth for code in codes)
            wrong[label] += sum(code not in truth for code in codes)
    return right, wrong


def test_the_deck_reads_table_scenes_about_as_well_as_the_base_model(enrolled, recognizer):
    """On this deck the base model is already fair; the fine-tuned last layer must keep it so
    (it stays near the base layer). bench/enroll_eval.py measures the gain on third-party decks."""
    right, wrong = _right_and_wrong(recognizer, CardRecognizer(threads=1, deck=enrolled[0].deck), 6)
    assert right["deck"] >= right["base"] - 1          # what the base model reads right stays right
    assert wrong["deck"] <= wrong["base"] + 2          # and hardly any new misreading


def test_the_card_says_what_was_captured(enrolled, tmp_path):
    result, _ = enrolled
    card = result.card("drawn", "2026-11-29", "classifier.onnx")
    assert card["cards_captured"] == 53 and card["complete"] and card["held_back_accuracy"] >= 0.97
    folder = result.deck.save(tmp_path / "drawn", card)
    loaded = DeckIndex.load(folder)
    assert loaded.enrolled_codes() == result.deck.enrolled_codes()
    assert json.loads((folder / "card.json").read_text())["date"] == "2026-11-29"


def test_a_missing_card_is_left_out_and_named(recognizer):
    prompts = []
    result = enrol_frames(rehearsed_user(DESIGN, seed=4, missing=((1, 6),), max_looks_per_row=45), recognizer,
                          "gap", on_prompt=prompts.append,
                          settings=EnrolSettings(capture_looks=2, patience_looks=8))
    missing = [p for p in prompts if p.key == "missing"]
    assert missing and missing[0].codes == ("7D",)
    assert "7D" in result.enrolment.skipped and "7D" not in result.enrolment.captured_codes()
    assert result.enrolment.done


def _write_frames(folder, rows_looks: int = 9) -> None:
    """A static recording of a user laying the mat row by row (a hand first)."""
    rng = np.random.default_rng(11)
    folder.mkdir()
    n = 0
    for k in range(len(ALL_ROWS)):
        scene = render_mat_scene(DESIGN, list(ALL_ROWS[: k + 1]), seed=100 + k)
        frames = [hand_over_row(scene, k, rng)] + [scene.image] * rows_looks
        for image in frames:
            cv2.imwrite(str(folder / f"{n:04d}.jpg"), with_noise(image, rng), [cv2.IMWRITE_JPEG_QUALITY, 92])
            n += 1


def test_referee_enroll_from_a_folder_then_detect_with_the_deck(tmp_path, capsys):
    models = tmp_path / "models"
    models.mkdir()
    for name in ("detector.onnx", "classifier.onnx", "classifier_head.npz"):
        shutil.copy(default_models_dir() / name, models / name)
    frames = tmp_path / "frames"
    _write_frames(frames)
    args = ["enroll", "--source", str(frames), "--name", "table1", "--models", str(models), "--lang", "en",
            "--mute", "--headless", "--looks", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Row 5 captured." in out and "saved" in out
    folder = deck_folder("table1", models)
    card = json.loads((folder / "card.json").read_text())
    assert card["cards_captured"] == 53 and card["complete"]
    assert main(args) == 2          # exists: refused without --force
    assert "--force" in capsys.readouterr().err
    image = tmp_path / "scene.jpg"
    from referee.synth.scenes.generator import generate_scene

    cv2.imwrite(str(image), generate_scene(901, [DESIGN]).image)
    assert main(["detect", str(image), "--json", "--models", str(models), "--deck", "table1"]) == 0
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["cards"]


def test_bad_enroll_input_is_one_line(tmp_path, capsys):
    assert main(["enroll", "--source", str(tmp_path / "none.mp4"), "--name", "x", "--mute", "--headless",
                 "--models", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("referee: error:") and len(err.splitlines()) == 1
    assert main(["enroll", "--source", "0", "--name", "bad name!", "--mute", "--headless"]) == 2
    assert "name" in capsys.readouterr().err
    models = tmp_path / "models"                  # a classifier without its saved last layer
    models.mkdir()
    for name in ("detector.onnx", "classifier.onnx"):
        shutil.copy(default_models_dir() / name, models / name)
    (tmp_path / "frames").mkdir()
    cv2.imwrite(str(tmp_path / "frames" / "0.jpg"), np.zeros((72, 128, 3), np.uint8))
    assert main(["enroll", "--source", str(tmp_path / "frames"), "--name", "x", "--mute", "--headless",
                 "--models", str(models)]) == 2
    err = capsys.readouterr().err.strip()
    assert "classifier_head.npz" in err and len(err.splitlines()) == 1


def test_finetune_makes_a_network_of_the_deck(enrolled, recognizer, tmp_path):
    """Method finetune on the captured samples (a short run): reports progress, is checked on
    held-back looks, saved with its network, and read with like the base model on this deck's
    table scenes."""
    pytest.importorskip("torch")
    pytest.importorskip("ultralytics")
    from referee.enroll.finetune import FineTuneSettings, base_checkpoint, fine_tune
    from referee.enroll.run import generic_crops
    from referee.vision.deck import load_deck
    from referee.vision.deck_model import DeckModel

    result, _ = enrolled
    mat = render_mat_scene(DESIGN, [0, 1], seed=5).image
    generic = generic_crops(mat, recognizer.detections(mat), 24, np.random.default_rng(0), 64)
    names = tuple(recognizer.classifier.names)
    progress = []
    tuned = fine_tune(result.enrolment.samples, generic, names, base_checkpoint(recognizer.classifier.model.path),
                      FineTuneSettings(steps=30), on_progress=lambda step, steps: progress.append((step, steps)))
    assert progress == [(25, 30), (30, 30)]
    assert tuned.held_back.total >= 4 * 52 and tuned.held_back.accuracy >= 0.95
    deck = DeckModel("drawn-ft", tuned.onnx, names, tuple(s.code for s in result.enrolment.samples))
    loaded = load_deck(deck.save(tmp_path / "drawn-ft", {}))
    right, wrong = _right_and_wrong(recognizer, CardRecognizer(threads=1, deck=loaded), 4)
    assert right["deck"] >= right["base"] - 2 and wrong["deck"] <= wrong["base"] + 2


def test_finetune_without_the_train_extra_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "torch", None)      # import torch now raises ImportError
    (tmp_path / "frames").mkdir()
    cv2.imwrite(str(tmp_path / "frames" / "0.jpg"), np.zeros((72, 128, 3), np.uint8))
    models = tmp_path / "models"
    models.mkdir()
    for name in ("detector.onnx", "classifier.onnx", "classifier_head.npz"):
        shutil.copy(default_models_dir() / name, models / name)
    assert main(["enroll", "--source", str(tmp_path / "frames"), "--name", "x", "--mute", "--headless",
                 "--models", str(models), "--method", "finetune"]) == 2
    err = capsys.readouterr().err.strip()
    assert "train extra" in err and "--method head" in err and len(err.splitlines()) == 1
