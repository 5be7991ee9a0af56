"""`referee markers` and `referee calibrate` end to end, through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest
from marked_table import MARKER_MM, TABLE_MM, render_table

from referee.calibration import default_zones, load_calibration
from referee.cli import main


@pytest.fixture(scope="module")
def table_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("frames")
    pads = {z.seat: z.center() for z in default_zones(3, *TABLE_MM) if z.kind == "pad"}
    for i in range(3):
        cv2.imwrite(str(folder / f"frame{i:03d}.png"), render_table(pads, noise_seed=20 + i).image)
    return folder


def test_markers_writes_png_and_pdf(tmp_path, capsys):
    assert main(["markers", "--out", str(tmp_path / "sheet.png"), "--names", "たなか,Bob,Carol"]) == 0
    assert (tmp_path / "sheet.png").is_file() and (tmp_path / "sheet.pdf").is_file()
    assert "たなか, Bob, Carol" in capsys.readouterr().out


def test_calibrate_from_a_folder_saves_the_calibration(table_folder, tmp_path, capsys):
    preview = tmp_path / "zones.png"
    code = main(["calibrate", "--source", str(table_folder), "--name", "kitchen", "--dir", str(tmp_path),
                 "--names", "A,B,C", "--table-mm", "800,600", "--preview", str(preview)])
    assert code == 0
    out = capsys.readouterr().out
    assert "median of 3 frames" in out and "pads seen: A, B, C" in out
    cal = load_calibration("kitchen", directory=tmp_path)
    assert cal.seats == ("A", "B", "C") and cal.units == "mm" and cal.table_size == TABLE_MM
    assert cv2.imread(str(preview)).shape == (720, 1280, 3)
    data = json.loads((tmp_path / "kitchen.json").read_text())
    assert {"homography", "markers", "zones", "seats", "image_size"} <= set(data)


def test_calibrate_measures_the_play_area_with_the_corner_markers(table_folder, tmp_path, capsys):
    # the test table's markers are printed at MARKER_MM: without --table-mm the area is measured
    assert main(["calibrate", "--source", str(table_folder), "--name", "measured", "--dir", str(tmp_path),
                 "--names", "A,B,C", "--marker-mm", str(MARKER_MM)]) == 0
    assert "play area measured with the" in capsys.readouterr().out
    cal = load_calibration("measured", directory=tmp_path)
    assert cal.units == "mm"
    assert cal.table_size[0] == pytest.approx(TABLE_MM[0], rel=0.03)
    assert cal.table_size[1] == pytest.approx(TABLE_MM[1], rel=0.03)


def test_calibrate_with_clicks_needs_no_markers(tmp_path):
    plain = tmp_path / "plain.png"
    cv2.imwrite(str(plain), np.full((720, 1280, 3), 80, np.uint8))
    code = main(["calibrate", "--source", str(plain), "--name", "clicked", "--dir", str(tmp_path),
                 "--clicks", "100,100,1180,120,1200,650,80,640", "--seats", "2"])
    assert code == 0
    cal = load_calibration(tmp_path / "clicked.json")
    assert cal.method == "clicks" and len(cal.seats) == 2
    assert np.allclose(cal.image_to_table((100, 100)), (0, 0), atol=1e-6)


@pytest.mark.parametrize("args, words", [
    (["calibrate", "--source", "57"], "no camera 57"),
    (["calibrate", "--source", "missing-video.mp4"], "no such camera, video, image or folder"),
    (["calibrate", "--source", "{plain}"], "not found in 1 frame"),
    (["calibrate", "--source", "{plain}", "--name", "../evil"], "--name"),
    (["calibrate", "--source", "{plain}", "--clicks", "1,2,3"], "--clicks"),
    (["markers", "--out", "{tmp}/sheet.gif"], ".png or .pdf"),
    (["markers", "--out", "{tmp}/sheet.png", "--seats", "9"], "between 2 and 8"),
])
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, capsys, monkeypatch, args, words):
    monkeypatch.delenv("DISPLAY", raising=False)          # no window to fall back to
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    plain = tmp_path / "plain.png"
    cv2.imwrite(str(plain), np.full((72, 128, 3), 80, np.uint8))
    args = [a.format(plain=plain, tmp=tmp_path) for a in args]
    assert main(args + ["--dir", str(tmp_path)] if args[0] == "calibrate" else args) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: error:") and words in err and err.count("\n") == 1


def test_registering_the_commands_imports_nothing_heavy():
    code = ("import argparse, sys; import referee.calibration.commands as m; "
            "m.register(argparse.ArgumentParser().add_subparsers()); "
            "print(sorted(m for m in ('cv2', 'pyttsx3', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr
