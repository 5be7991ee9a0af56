"""An enrolled deck as a fine-tuned final layer: the base classifier's last linear layer
(embedding -> class logits), adjusted on the table's own corner crops by `referee enroll`.

The layer the base model was exported with is saved beside it (`classifier_head.npz`, written by
`referee train export`); enrolment starts from it and stays near it (referee.enroll.adapt), so a
deck the base model already reads well keeps its readings and a deck it misreads is corrected.
Reading is then the base model with another last layer: one matrix product on the embeddings
the classifier already computes. No PyTorch, no onnx package.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee.errors import UserError
from referee.vision.deck_files import CARD_FILE, DECK_FILE, FORMAT_VERSION, drop_replaced_network
from referee.vision.labels import OTHER
from referee.vision.model_files import file_sha256, write_atomic

HEAD_FILE = "classifier_head.npz"      # the base model's own last layer, beside classifier.onnx
KIND = "head"


def softmax(logits: np.ndarray) -> np.ndarray:
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@dataclass(frozen=True)
class BaseHead:
    """The base classifier's last layer: logits = embeddings @ weight.T + bias."""

    weight: np.ndarray          # (C, D)
    bias: np.ndarray            # (C,)
    names: tuple[str, ...]
    classifier_sha256: str


def load_base_head(classifier_path: str | os.PathLike) -> BaseHead:
    """The `classifier_head.npz` beside a classifier file, checked to belong to that file."""
    model = Path(classifier_path)
    path = model.with_name(HEAD_FILE)
    again = "re-export the classifier with referee train export"
    if not path.is_file():
        raise UserError(f"no {HEAD_FILE} beside {model}: {again}")
    try:
        with np.load(path, allow_pickle=False) as data:
            head = BaseHead(np.asarray(data["weight"], np.float32), np.asarray(data["bias"], np.float32),
                            tuple(str(n) for n in data["names"]), str(data["classifier_sha256"]))
    except Exception as exc:  # zip, zlib, key and OS errors: an unreadable file
        raise UserError(f"{path} is corrupt or truncated ({type(exc).__name__}): {again}") from None
    if head.classifier_sha256 != file_sha256(model):
        raise UserError(f"{path} belongs to another classifier than {model}: {again}")
    return head


@dataclass(frozen=True, eq=False)
class DeckHead:
    """A table's deck: the classifier's last layer fine-tuned on its enrolled crops."""

    name: str
    weight: np.ndarray                  # (C, D), one row per class of `names`
    bias: np.ndarray                    # (C,)
    names: tuple[str, ...]              # the classifier's classes, in its order
    codes: tuple[str, ...]              # the cards enrolled
    classifier_sha256: str = ""

    def __post_init__(self) -> None:
        weight = np.ascontiguousarray(self.weight, np.float32)
        bias = np.ascontiguousarray(self.bias, np.float32)
        if weight.ndim != 2 or weight.shape[0] != len(self.names) or bias.shape != (len(self.names),):
            raise ValueError(f"deck {self.name}: need a ({len(self.names)}, D) weight and ({len(self.names)},) bias, "
                             f"got {weight.shape} and {bias.shape}")
        if not (np.all(np.isfinite(weight)) and np.all(np.isfinite(bias))):
            raise ValueError(f"deck {self.name}: weights must be finite")
        if unknown := sorted(set(self.codes) - set(self.names)):
            raise ValueError(f"deck {self.name}: enrolled codes not among the classes: {', '.join(unknown)}")
        for array in (weight, bias):
            array.setflags(write=False)
        object.__setattr__(self, "weight", weight)
        object.__setattr__(self, "bias", bias)
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "codes", tuple(self.codes))

    @property
    def dimension(self) -> int:
        return int(self.weight.shape[1])

    def enrolled_codes(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.codes)))

    def probabilities(self, embeddings: np.ndarray) -> np.ndarray:
        emb = np.asarray(embeddings, np.float32)
        return softmax(emb @ self.weight.T + self.bias)

    def classify(self, probabilities: np.ndarray, embeddings: np.ndarray, names: Sequence[str],
                 reject: str = OTHER.value) -> list[tuple[str, float]]:
        """(code, probability) per crop: the base model with this deck's last layer; `reject`
        (not an index) is one of its classes, as in the base model. `probabilities` (the base
        model's) are not needed: the deck's layer replaces the one that made them."""
        if tuple(names) != self.names:
            raise ValueError(f"deck {self.name} was fine-tuned for other classes than the classifier's")
        if len(embeddings) == 0:
            return []
        p = self.probabilities(embeddings)
        best = p.argmax(axis=1)
        return [(self.names[b], float(p[i, b])) for i, b in enumerate(best)]

    def save(self, folder: str | os.PathLike, card: dict | None = None) -> Path:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        np.savez(buffer, format_version=np.int64(FORMAT_VERSION), kind=np.str_(KIND), name=np.str_(self.name),
                 weight=self.weight, bias=self.bias, names=np.array(self.names, dtype=str),
                 codes=np.array(self.codes, dtype=str), classifier_sha256=np.str_(self.classifier_sha256))
        description = {**(card or {}), "name": self.name, "method": "fine-tuned last layer",
                       "codes": list(self.enrolled_codes())}
        write_atomic(folder / DECK_FILE, buffer.getvalue())
        drop_replaced_network(folder)
        write_atomic(folder / CARD_FILE, (json.dumps(description, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        return folder

    @classmethod
    def from_arrays(cls, name: str, arrays: dict) -> "DeckHead":
        return cls(name=name, weight=arrays["weight"], bias=arrays["bias"],
                   names=tuple(str(n) for n in arrays["names"]), codes=tuple(str(c) for c in arrays["codes"]),
                   classifier_sha256=str(arrays.get("classifier_sha256", "")))
