"""The corner-index classifier (rank + suit, 'JK', or 'other') run with onnxruntime."""

from __future__ import annotations

import numpy as np

from referee.vision.onnx_model import OnnxModel

REJECT_CLASS = "other"


class IndexClassifier:
    """Reads the card code from 64x64 BGR crops made by referee.vision.crops.crop_index."""

    def __init__(self, model_path, threads: int | None = None, max_batch: int = 64, spin: bool = False) -> None:
        self.model = OnnxModel(model_path, threads, spin)
        self.max_batch = max_batch if self.model.dynamic_batch else 1

    @property
    def names(self) -> list[str]:
        return self.model.names

    @property
    def size(self) -> int:
        return self.model.imgsz[0]

    def probabilities(self, crops: list[np.ndarray]) -> np.ndarray:
        """(n, classes) probabilities for n BGR crops."""
        if not crops:
            return np.zeros((0, len(self.names)), dtype=np.float32)
        out = []
        for start in range(0, len(crops), self.max_batch):
            chunk = np.stack(crops[start : start + self.max_batch])[..., ::-1]  # BGR -> RGB
            blob = np.ascontiguousarray(chunk.transpose(0, 3, 1, 2), dtype=np.float32) / 255.0
            out.append(self.model.run(blob))
        return np.concatenate(out)

    def classify(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        probs = self.probabilities(crops)
        best = probs.argmax(1) if len(probs) else np.zeros(0, dtype=int)
        return [(self.names[b], float(probs[i, b])) for i, b in enumerate(best)]
