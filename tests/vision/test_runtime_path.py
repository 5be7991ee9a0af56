"""The run-time vision path: no torch, clear errors, crops and letterbox maths."""

import subprocess
import sys

import numpy as np
import pytest

from referee.errors import UserError
from referee.vision.crops import crop_index
from referee.vision.detector import letterbox
from referee.vision.onnx_model import OnnxModel


def test_runtime_imports_do_not_pull_torch():
    code = (
        "import sys; import referee.cli, referee.vision.recognizer, referee.vision.commands; "
        "assert 'torch' not in sys.modules and 'ultralytics' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unreadable_model_is_a_one_line_user_error(tmp_path):
    bad = tmp_path / "detector.onnx"
    bad.write_bytes(b"this is not an onnx file")
    with pytest.raises(UserError) as err:
        OnnxModel(bad)
    assert "cannot load model" in str(err.value) and "\n" not in str(err.value)


def test_missing_model_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="model file not found"):
        OnnxModel(tmp_path / "nope.onnx")


def test_letterbox_keeps_aspect_and_centres():
    frame = np.zeros((720, 1280, 3), np.uint8)
    canvas, scale, (left, top) = letterbox(frame, (384, 640))
    assert canvas.shape == (384, 640, 3)
    assert scale == 0.5 and left == 0 and top == 12


def test_crop_index_is_centred_square():
    image = np.zeros((100, 100, 3), np.uint8)
    image[40:60, 45:55] = 255  # a white index 10x20 at the centre
    crop = crop_index(image, (45, 40, 55, 60), size=28)  # side 28 px: 1.4 x 20
    assert crop.shape == (28, 28, 3)
    # the white block covers 1/1.4 of the crop's height, centred
    col = crop[:, 14, 0]
    assert col[14] == 255 and col[0] == 0 and col[-1] == 0
