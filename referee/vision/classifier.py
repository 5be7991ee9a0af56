"""The corner-index classifier (rank + suit, 'JK', or 'other') run with onnxruntime."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from referee.errors import UserError
from referee.vision.labels import OTHER
from referee.vision.onnx_model import OnnxModel

REJECT_CLASS = OTHER.value
# The second output of a classifier exported by `referee train export` (referee.train.embedding):
# the pooled features its final layer reads, compared by an enrolled deck (referee.vision.deck).
EMBEDDING_OUTPUT = "embedding"


def crop_blobs(crops: list[np.ndarray], max_batch: int):
    """The classifier's inputs for BGR crops: Nx3xSxS RGB float32 0-1, at most max_batch a blob."""
    for start in range(0, len(crops), max_batch):
        chunk = np.stack(crops[start : start + max_batch])[..., ::-1]  # BGR -> RGB
        yield np.ascontiguousarray(chunk.transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def normalised_geometric_mean(looks: np.ndarray, axis: int) -> np.ndarray:
    """Several looks' class probabilities (along `axis`) combined into one row per crop: their
    geometric mean, normalised to sum to 1 (a class every look backs stays sure; one look's
    doubt pulls it down).

        >>> normalised_geometric_mean(np.array([[[0.9, 0.1]], [[0.5, 0.5]]]), axis=0).round(3)
        array([[0.75, 0.25]])
    """
    logs = np.log(looks + 1e-6).sum(axis=axis)
    combined = np.exp((logs - logs.max(axis=-1, keepdims=True)) / max(looks.shape[axis], 1))
    return combined / combined.sum(axis=-1, keepdims=True)


class IndexClassifier:
    """Reads the card code from 64x64 BGR crops made by referee.vision.crops.crop_index."""

    def __init__(self, model_path, threads: int | None = None, max_batch: int = 64, spin: bool = False,
                 data: bytes | None = None) -> None:
        self.model = OnnxModel(model_path, threads, spin, data=data)
        self.max_batch = max_batch if self.model.dynamic_batch else 1

    @property
    def names(self) -> list[str]:
        return self.model.names

    @property
    def size(self) -> int:
        return self.model.imgsz[0]

    @property
    def has_embeddings(self) -> bool:
        """Whether the model has the `embedding` output that an enrolled deck needs."""
        return EMBEDDING_OUTPUT in self.model.output_names

    @property
    def embedding_size(self) -> int | None:
        """D of the `embedding` output (None without one, or when the file leaves it open)."""
        if not self.has_embeddings:
            return None
        width = self.model.session.get_outputs()[self.model.output_names.index(EMBEDDING_OUTPUT)].shape[-1]
        return width if isinstance(width, int) else None

    def require_embeddings(self) -> None:
        """UserError unless the model has the `embedding` output (what an enrolled deck reads)."""
        if not self.has_embeddings:
            raise UserError(f"classifier {self.model.path} has no embedding output; "
                            "re-export it with referee train export")

    def _blobs(self, crops: list[np.ndarray]):
        return crop_blobs(crops, self.max_batch)

    def probabilities(self, crops: list[np.ndarray]) -> np.ndarray:
        """(n, classes) probabilities for n BGR crops."""
        if not crops:
            return np.zeros((0, len(self.names)), dtype=np.float32)
        return np.concatenate([self.model.run(blob) for blob in self._blobs(crops)])

    def read(self, crops: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
        """(probabilities (n, classes), embeddings (n, D)) for n BGR crops, both from one run of
        the model per batch; embeddings is None when the model has no `embedding` output."""
        if not self.has_embeddings:
            return self.probabilities(crops), None
        first = self.model.output_names[0]
        if not crops:
            return np.zeros((0, len(self.names)), np.float32), np.zeros((0, self.embedding_size or 0), np.float32)
        probs, embeddings = [], []
        for blob in self._blobs(crops):
            outputs = dict(zip(self.model.output_names, self.model.run_all(blob)))
            probs.append(outputs[first])
            embeddings.append(outputs[EMBEDDING_OUTPUT])
        return np.concatenate(probs), np.concatenate(embeddings).astype(np.float32, copy=False)

    def with_turns(self, crops: list[np.ndarray], probabilities: np.ndarray, turns: Sequence[int]) -> np.ndarray:
        """The normalised geometric mean of the crops' `probabilities` and this classifier's of the
        crops turned by each of `turns` quarter turns."""
        turned = [np.ascontiguousarray(np.rot90(crop, k)) for k in turns for crop in crops]
        looks = self.probabilities(turned).reshape(len(turns), len(crops), -1)
        return normalised_geometric_mean(np.concatenate([probabilities[None], looks]), axis=0)

    def classify(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        return self.readings(self.probabilities(crops))

    def readings(self, probabilities: np.ndarray) -> list[tuple[str, float]]:
        """(most probable class, its probability) for each row of (n, classes) probabilities."""
        best = probabilities.argmax(1) if len(probabilities) else np.zeros(0, dtype=int)
        return [(self.names[b], float(probabilities[i, b])) for i, b in enumerate(best)]
