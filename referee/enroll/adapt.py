"""From captured crops to a deck index: the adaptation step of `referee enroll`.

Measured choice (bench/enroll_eval.py): a nearest-neighbour index over the base classifier's
embeddings of the enrolled deck's own corner crops, with no training at all. Fine-tuning the
classifier would need PyTorch at the table, which the run-time path must not need; the index
takes seconds on a laptop CPU and recognition then picks among the enrolled cards only.

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
    from referee.vision.deck import DeckIndex

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


def build_deck(samples: Sequence[Sample], classifier: "IndexClassifier", name: str, **options) -> "DeckIndex":
    from referee.vision.deck import DeckIndex

    if not samples:
        from referee.errors import UserError

        raise UserError("no card was captured: nothing to enrol")
    crops, codes = exemplars(samples)
    _, emb = embed(classifier, crops)
    from referee.vision.deck import file_sha256

    return DeckIndex(name=name, codes=tuple(codes), embeddings=emb.astype(np.float32),
                     classifier_sha256=file_sha256(classifier.model.path), **options)


def held_back(samples: Sequence[Sample], classifier: "IndexClassifier", **options) -> HeldBack:
    """Build an index without each row's last captured look, read that look's plain crops (in all
    four quarter turns) with it, and count the right readings."""
    last = {}
    for s in samples:
        last[s.row] = max(last.get(s.row, s.look), s.look)
    kept = [s for s in samples if s.look != last[s.row]]
    test = [s for s in samples if s.look == last[s.row]]
    if not kept or not test:
        return HeldBack(0, 0)
    deck = build_deck(kept, classifier, "held-back", **options)
    crops = turned([s.crops[0] for s in test])
    truth = [s.code for s in test for _ in QUARTER_TURNS]
    probs, emb = embed(classifier, crops)
    readings = deck.classify(probs, emb, classifier.names)
    return HeldBack(sum(code == t for (code, _), t in zip(readings, truth)), len(truth))
