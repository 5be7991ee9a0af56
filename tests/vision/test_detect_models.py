"""`referee detect` with the committed models, on generated scenes of held-out designs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes.design import ALL_CODES
from referee.vision.recognizer import DETECTOR_FILE, default_models_dir

HELDOUT_DESIGN = "gnome-simplistic"  # held out from training (referee.synth.scenes.designs)
MODELS = default_models_dir()
VALID_CODES = set(ALL_CODES) | {"back"}

pytestmark = [
    pytest.mark.skipif(not (MODELS / DETECTOR_FILE).is_file(), reason="no committed detector model"),
    pytest.mark.skipif(
        shutil.which("rsvg-convert") is None or not Path(D.GNOME_DIR / "simplistic.svgz").exists(),
        reason="needs librsvg2-bin and gnome-cards-data to render the test scenes"),
]


def _scene(seed: int):
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    # an ordinary table: no close-ups, no hands over the cards
    return generate_scene(seed, [HELDOUT_DESIGN], SceneConfig(p_closeup=0.0, p_hand_over=0.0))


@pytest.fixture(scope="module")
def scene_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scenes")
    out = []
    for seed in (11, 12, 13, 14):
        scene = _scene(seed)
        path = folder / f"scene{seed}.png"
        cv2.imwrite(str(path), scene.image)
        out.append((path, scene))
    return out


def _run_detect(paths) -> list[dict]:
    # a fresh interpreter: also proves the runtime path never imports torch
    code = (
        "import sys, runpy; from referee.cli import main; rc = main(['detect', '--json', *sys.argv[1:]]); "
        "assert 'torch' not in sys.modules and 'ultralytics' not in sys.modules; sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code, *map(str, paths)], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_detect_json_shape_one_line_per_image(scene_files):
    results = _run_detect([p for p, _ in scene_files])
    assert [r["image"] for r in results] == [str(p) for p, _ in scene_files]
    for r, (_, scene) in zip(results, scene_files):
        h, w = scene.image.shape[:2]
        for card in r["cards"]:
            assert card["code"] in VALID_CODES
            assert 0.0 <= card["confidence"] <= 1.0
            x1, y1, x2, y2 = card["box"]
            assert 0 <= x1 <= x2 <= w and 0 <= y1 <= y2 <= h


def test_detect_reads_most_cards_of_an_unseen_design(scene_files):
    results = _run_detect([p for p, _ in scene_files])
    truth_total = right = predicted = 0
    for r, (_, scene) in zip(results, scene_files):
        readable = {}
        for o in scene.objects:
            if o.kind == "index":
                readable.setdefault(o.card_id, (o.code, []))[1].append(o.box)
        truth_total += len(readable)
        faces = [c for c in r["cards"] if c["code"] != "back"]
        predicted += len(faces)
        left = dict(readable)
        for c in faces:
            cx, cy = (c["box"][0] + c["box"][2]) / 2, (c["box"][1] + c["box"][3]) / 2
            for cid, (code, _) in list(left.items()):
                card_boxes = [o.box for o in scene.objects if o.card_id == cid and o.kind in ("card", "index")]
                if code == c["code"] and any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in card_boxes):
                    right += 1
                    del left[cid]
                    break
    assert truth_total > 10
    # floors well under what bench/detect_eval.py measures (models/MODEL_CARD.md, "Current
    # figures"), so a broken pipeline (crop, letterbox, grouping, class order) fails while model
    # noise does not
    print(f'recall {right}/{truth_total}, precision {right}/{predicted}')
    assert right / truth_total >= MIN_RECALL, (right, truth_total)
    assert right / max(predicted, 1) >= MIN_PRECISION, (right, predicted)


MIN_RECALL = 0.3
MIN_PRECISION = 0.5


def test_unreadable_image_is_one_line_error(tmp_path):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not a jpeg")
    done = subprocess.run([sys.executable, "-m", "referee.cli", "detect", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "cannot read image" in done.stderr


def test_shared_readings_classify_fewer_corners_and_invent_no_codes(scene_files):
    # a corner that takes its lead's reading can only repeat a code the lead itself read
    from referee.vision.recognizer import CardRecognizer

    sharing = CardRecognizer(MODELS)
    every = CardRecognizer(MODELS, share_probability=None)
    saved = 0
    for _, scene in scene_files:
        timings = {}
        got = sharing.read(scene.image, timings=timings)
        reference = every.read(scene.image)
        assert {c.code for c in got} <= {c.code for c in reference}
        assert timings["classified"] <= timings["cropped"] <= timings["indices"]
        assert set(timings) >= {"detector", "crops", "classifier", "grouping"}
        saved += timings["indices"] - timings["classified"]
    assert saved > 0


def test_a_conf_the_user_sets_keeps_no_fainter_boxes(scene_files, monkeypatch, capsys):
    """`referee detect --conf C`: C is the threshold, faint corner boxes below it are not kept;
    without --conf the still-image options (with faint boxes) apply."""
    from referee.cli import main
    from referee.vision import recognizer as R

    made = []
    real = R.CardRecognizer

    def recording(*args, **kwargs):
        rec = real(*args, **kwargs)
        made.append(rec)
        return rec

    monkeypatch.setattr(R, "CardRecognizer", recording)
    path = str(scene_files[0][0])
    assert main(["detect", "--json", path]) == 0
    assert main(["detect", "--json", "--conf", "0.3", path]) == 0
    default, strict = made
    assert default.faint_index_conf == R.FAINT_INDEX_CONF and default.det_conf == R.DEFAULT_DET_CONF
    assert strict.faint_index_conf is None and strict.det_conf == 0.3 and strict.detector.conf == 0.3
    capsys.readouterr()
