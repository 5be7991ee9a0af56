"""Frame in, physical cards out: detector + classifier + corner grouping."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from referee.vision.classifier import REJECT_CLASS, IndexClassifier
from referee.vision.crops import crop_index
from referee.vision.detector import CornerDetector
from referee.vision.grouping import CornerReading, group_corners
from referee.vision.types import CardReading, Detection

DETECTOR_FILE = "detector.onnx"
CLASSIFIER_FILE = "classifier.onnx"
# Chosen on generated scenes of held-out designs (bench/threshold_sweep.py), never on real photos.
DEFAULT_DET_CONF = 0.15
DEFAULT_MIN_PROBABILITY = 0.6


def default_models_dir() -> Path:
    """$REFEREE_MODELS, else the repository's models/ folder."""
    env = os.environ.get("REFEREE_MODELS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "models"


class CardRecognizer:
    """Reads every card in a BGR frame."""

    def __init__(
        self,
        models_dir: str | os.PathLike | None = None,
        det_conf: float = DEFAULT_DET_CONF,
        min_probability: float = DEFAULT_MIN_PROBABILITY,
        threads: int | None = None,
    ) -> None:
        models = Path(models_dir) if models_dir else default_models_dir()
        self.detector = CornerDetector(models / DETECTOR_FILE, conf=det_conf, threads=threads)
        self.classifier = IndexClassifier(models / CLASSIFIER_FILE, threads=threads)
        self.min_probability = min_probability

    def detections(self, frame: np.ndarray) -> list[Detection]:
        return self.detector.detect(frame)

    def read_corners(self, frame: np.ndarray, indices: list[Detection]) -> list[CornerReading]:
        crops = [crop_index(frame, d.box, size=self.classifier.size) for d in indices]
        readings = []
        for det, (code, p) in zip(indices, self.classifier.classify(crops)):
            if code != REJECT_CLASS and p >= self.min_probability:
                readings.append(CornerReading(det, code, p))
        return readings

    def read(self, frame: np.ndarray) -> list[CardReading]:
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
            raise ValueError("frame must be a non-empty BGR image")
        dets = self.detections(frame)
        corners = self.read_corners(frame, [d for d in dets if d.kind == "index"])
        cards = [d for d in dets if d.kind == "card"]
        backs = [d for d in dets if d.kind == "back"]
        return group_corners(corners, cards, backs)
