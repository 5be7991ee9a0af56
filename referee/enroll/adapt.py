"""From captured crops to an enrolled deck: the adaptation step of `referee enroll`.

Two methods, measured against each other (bench/enroll_eval.py, models/MODEL_CARD.md):
* `head` (the default): the base classifier's last linear layer (embedding -> 54 logits),
  fine-tuned in numpy on the deck's crops by gradient descent on the cross-entropy, with a pull
  (weight decay) towards the base layer standing in for the generic data it was trained on: a
  deck the base model reads well keeps its readings, one it misreads is corrected.
* `index`: a nearest-neighbour index over the embeddings (no training). It helps on a deck the
  base model reads badly but hurts on decks it reads well.
Neither needs PyTorch: the embeddings come from the ONNX classifier's second output.

A card lies on the mat upright, so its crops show the index upright. At the table the
recogniser rectifies a crop only up to a quarter turn, so each exemplar is stored in the four
quarter turns (the bottom-right index of a card is the top-left one turned half way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from referee.enroll.session import Sample

if TYPE_CHECKING:
    from referee.vision.classifier import IndexClassifier

QUARTER_TURNS = (0, 1, 2, 3)


@dataclass(frozen=True)
class HeldBack:
    """Accuracy of an index built without each row's last captured look, on that look's crops."""

    right: int
    total: int

    @property
    def accuracy(self) -> float | None:
        return self.right / self.total if self.total else None


def turned(crops: Sequence[np.ndarray]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.rot90(c, k)) for c in crops for k in QUARTER_TURNS]


def embed(classifier: "IndexClassifier", crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(probabilities, embeddings) of the crops."""
    probs, emb = classifier.read(list(crops))
    if emb is None:
        from referee.errors import UserError

        raise UserError(f"classifier {classifier.model.path} has no embedding output; "
                        "re-export it with referee train export")
    return probs, emb


def exemplars(samples: Sequence[Sample]) -> tuple[list[np.ndarray], list[str]]:
    crops, codes = [], []
    for s in samples:
        batch = turned(s.crops)
        crops += batch
        codes += [s.code] * len(batch)
    return crops, codes


METHODS = ("head", "index")
# Fine-tuning the last layer: chosen on held-out designs (bench/enroll_eval.py); about 15 s of
# one CPU core for a full deck.
HEAD_WEIGHT_DECAY = 0.01
HEAD_LEARNING_RATE = 0.05
HEAD_STEPS = 300


def fine_tune_head(embeddings: np.ndarray, labels: np.ndarray, weight: np.ndarray, bias: np.ndarray, *,
                   weight_decay: float = HEAD_WEIGHT_DECAY, learning_rate: float = HEAD_LEARNING_RATE,
                   steps: int = HEAD_STEPS) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch gradient descent on mean cross-entropy + weight_decay/2 * |(W, b) - (W0, b0)|^2,
    from the base layer (W0, b0). Deterministic."""
    from referee.vision.deck_head import softmax

    x = np.asarray(embeddings, np.float64)
    w0, b0 = np.asarray(weight, np.float64), np.asarray(bias, np.float64)
    w, b = w0.copy(), b0.copy()
    target = np.zeros((len(x), len(b0)))
    target[np.arange(len(x)), labels] = 1.0
    for _ in range(steps):
        grad = (softmax(x @ w.T + b) - target) / len(x)
        w -= learning_rate * (grad.T @ x + weight_decay * (w - w0))
        b -= learning_rate * (grad.sum(axis=0) + weight_decay * (b - b0))
    return w.astype(np.float32), b.astype(np.float32)


def build_deck(samples: Sequence[Sample], classifier: "IndexClassifier", name: str, method: str = "head",
               **options):
    """The enrolled deck (a DeckHead, or a DeckIndex with method='index') from captured samples."""
    from referee.vision.deck import DeckIndex, file_sha256

    if not samples:
        from referee.errors import UserError

        raise UserError("no card was captured: nothing to enrol")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    crops, codes = exemplars(samples)
    _, emb = embed(classifier, crops)
    if method == "head":
        from referee.vision.deck_head import DeckHead, load_base_head

        base = load_base_head(classifier.model.path)
        if base.names != tuple(classifier.names):
            from referee.errors import UserError

            raise UserError(f"{classifier.model.path}: its saved last layer has other classes; "
                            "re-export it with referee train export")
        index = {n: i for i, n in enumerate(base.names)}
        weight, bias = fine_tune_head(emb, np.array([index[c] for c in codes]), base.weight, base.bias, **options)
        return DeckHead(name=name, weight=weight, bias=bias, names=base.names, codes=tuple(codes),
                        classifier_sha256=base.classifier_sha256)
    return DeckIndex(name=name, codes=tuple(codes), embeddings=emb.astype(np.float32),
                     classifier_sha256=file_sha256(classifier.model.path), **options)


def held_back(samples: Sequence[Sample], classifier: "IndexClassifier", method: str = "head",
              **options) -> HeldBack:
    """Build an index without each row's last captured look, read that look's plain crops (in all
    four quarter turns) with it, and count the right readings."""
    last = {}
    for s in samples:
        last[s.row] = max(last.get(s.row, s.look), s.look)
    kept = [s for s in samples if s.look != last[s.row]]
    test = [s for s in samples if s.look == last[s.row]]
    if not kept or not test:
        return HeldBack(0, 0)
    deck = build_deck(kept, classifier, "held-back", method, **options)
    crops = turned([s.crops[0] for s in test])
    truth = [s.code for s in test for _ in QUARTER_TURNS]
    probs, emb = embed(classifier, crops)
    readings = deck.classify(probs, emb, classifier.names)
    return HeldBack(sum(code == t for (code, _), t in zip(readings, truth)), len(truth))
