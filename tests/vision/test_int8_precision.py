"""The INT8 detector reads alike on every CPU: without VNNI, onnxruntime's fast int8 kernels
saturate and the detector loses most of its confidence (`OnnxModel` asks for exact arithmetic).
The frame is one of the bundled demo recording's: Aki's refused 3C 2C on Chika's JS, beside
Chika's 8S point card."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from referee.vision.detector import CornerDetector
from referee.vision.recognizer import DETECTOR_FILE, default_models_dir

DEMO_VIDEO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "profit-demo.mp4"
FRAME = 226
# (x, y) image points inside each card, from the recording's script
CARDS = {"JS": (645, 340), "3C": (790, 300), "2C": (830, 340), "8S": (370, 170)}


@pytest.fixture(scope="module")
def frame():
    capture = cv2.VideoCapture(str(DEMO_VIDEO))
    capture.set(cv2.CAP_PROP_POS_FRAMES, FRAME)
    ok, image = capture.read()
    capture.release()
    if not ok:
        pytest.skip("the demo recording cannot be decoded here")
    return image


@pytest.mark.skipif(not (default_models_dir() / DETECTOR_FILE).is_file(), reason="no committed detector")
def test_face_up_cards_are_cards_with_full_confidence(frame):
    found = CornerDetector(default_models_dir() / DETECTOR_FILE).detect(frame)
    for code, (x, y) in CARDS.items():
        holding = [d for d in found if d.box[0] <= x <= d.box[2] and d.box[1] <= y <= d.box[3]]
        kinds = {d.kind for d in holding if d.confidence >= 0.15}
        assert "back" not in kinds, f"the face-up {code} is seen as a back"
        assert max(d.confidence for d in holding if d.kind == "card") >= 0.8, code
