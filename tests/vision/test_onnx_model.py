"""onnxruntime as the referee loads it: nothing queued for upload, nothing left behind."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE

MODELS = Path(__file__).resolve().parents[2] / "models"
needs_models = pytest.mark.skipif(not (MODELS / DETECTOR_FILE).is_file() or not (MODELS / CLASSIFIER_FILE).is_file(),
                                  reason="committed models missing")

# Read a frame as `referee detect` does, in a fresh process (the telemetry switch is read once,
# when onnxruntime is first imported), then report the switch and the telemetry API's state.
READ_A_FRAME = (
    "import numpy as np, os\n"
    "from referee.vision.recognizer import CardRecognizer\n"
    "CardRecognizer().read(np.full((720, 1280, 3), 90, np.uint8))\n"
    "print(os.environ.get('ORT_DISABLE_TELEMETRY'))\n"
)


@needs_models
def test_reading_a_frame_queues_no_telemetry_event(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("ORT_DISABLE_TELEMETRY", "CI", "ORT_RUNNING_UNIT_TESTS")}  # these would mute it anyway
    home = tmp_path / "home"
    home.mkdir()
    # onnxruntime keeps its device id and its queue of events (onnxruntime.db) in the user's cache
    # folder; a proxy nobody listens on keeps any upload on this machine should the switch fail
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), HTTPS_PROXY="http://127.0.0.1:9",
               https_proxy="http://127.0.0.1:9")
    done = subprocess.run([sys.executable, "-c", READ_A_FRAME], env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "1"
    assert [p.relative_to(home) for p in home.rglob("*")] == []
