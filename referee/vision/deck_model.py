"""An enrolled deck as a whole classifier of its own: the base corner-index classifier fine-tuned
on the deck's crops (`referee enroll --method finetune`, referee.enroll.finetune).

Saved in the deck's folder (deck_files.deck_folder) as classifier.onnx (the fine-tuned network, exported like the
base one) beside deck.npz (kind "model": the codes enrolled, the classes, and the checksums of
the network and of the base classifier it came from) and card.json. The recogniser given such a
deck reads every corner with the deck's network instead of the base one; detection, sharing,
min_probability and grouping are unchanged. Reading needs onnxruntime only.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee.errors import UserError
from referee.vision.classifier import IndexClassifier
from referee.vision.deck_files import CARD_FILE, DECK_FILE, FORMAT_VERSION, MODEL_FILE
from referee.vision.labels import OTHER
from referee.vision.model_files import write_atomic

KIND = "model"


@dataclass(frozen=True, eq=False)
class DeckModel:
    """A table's deck: a classifier network fine-tuned on its enrolled crops (ONNX bytes)."""

    name: str
    onnx: bytes
    names: tuple[str, ...]               # the classifier's classes, in its order
    codes: tuple[str, ...]               # the cards enrolled
    classifier_sha256: str = ""          # the base classifier it was fine-tuned from

    def __post_init__(self) -> None:
        if not self.onnx:
            raise ValueError(f"deck {self.name}: no model")
        if unknown := sorted(set(self.codes) - set(self.names)):
            raise ValueError(f"deck {self.name}: enrolled codes not among the classes: {', '.join(unknown)}")
        object.__setattr__(self, "names", tuple(self.names))
        object.__setattr__(self, "codes", tuple(self.codes))

    @property
    def model_sha256(self) -> str:
        return hashlib.sha256(self.onnx).hexdigest()

    def enrolled_codes(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.codes)))

    def index_classifier(self, threads: int | None = None, spin: bool = False):
        """The deck's network as an IndexClassifier (what the recogniser reads corners with)."""
        classifier = IndexClassifier(f"deck {self.name}", threads=threads, spin=spin, data=self.onnx)
        if tuple(classifier.names) != self.names:
            raise UserError(f"deck {self.name}: its network has other classes than its deck file; "
                            f"enrol it again with referee enroll --name {self.name} --force")
        return classifier

    def classify(self, probabilities: np.ndarray, embeddings: np.ndarray | None, names: Sequence[str],
                 reject: str = OTHER.value) -> list[tuple[str, float]]:
        """(code, probability) per crop from the deck network's own probabilities."""
        if tuple(names) != self.names:
            raise ValueError(f"deck {self.name} was fine-tuned for other classes than the classifier's")
        best = probabilities.argmax(axis=1) if len(probabilities) else np.zeros(0, dtype=int)
        return [(self.names[b], float(probabilities[i, b])) for i, b in enumerate(best)]

    def save(self, folder: str | os.PathLike, card: dict | None = None) -> Path:
        """Write classifier.onnx, then deck.npz naming its checksum, then card.json (each
        atomically: a crash between them leaves a deck that says it must be enrolled again)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / MODEL_FILE, self.onnx)
        buffer = io.BytesIO()
        np.savez(buffer, format_version=np.int64(FORMAT_VERSION), kind=np.str_(KIND), name=np.str_(self.name),
                 names=np.array(self.names, dtype=str), codes=np.array(self.codes, dtype=str),
                 classifier_sha256=np.str_(self.classifier_sha256), model_sha256=np.str_(self.model_sha256))
        write_atomic(folder / DECK_FILE, buffer.getvalue())
        description = {**(card or {}), "name": self.name, "method": "fine-tuned classifier",
                       "codes": list(self.enrolled_codes())}
        write_atomic(folder / CARD_FILE, (json.dumps(description, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        return folder

    @classmethod
    def from_arrays(cls, name: str, arrays: dict, folder: Path) -> "DeckModel":
        again = f"enrol it again with referee enroll --name {name} --force"
        path = folder / MODEL_FILE
        try:
            data = path.read_bytes()
        except OSError:
            raise UserError(f"deck {name}: {path} is missing; {again}") from None
        if hashlib.sha256(data).hexdigest() != str(arrays["model_sha256"]):
            raise UserError(f"deck {name}: {path} is not the network its deck file names (truncated or replaced); {again}")
        return cls(name=name, onnx=data, names=tuple(str(n) for n in arrays["names"]),
                   codes=tuple(str(c) for c in arrays["codes"]),
                   classifier_sha256=str(arrays.get("classifier_sha256", "")))
