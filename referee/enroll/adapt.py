"""From captured crops to an enrolled deck: the adaptation step of `referee enroll`.

Two methods, measured against each other (bench/enroll_eval.py, docs/recognition-history.md):
* `head` (the default): the base classifier's last linear layer (embedding -> 54 logits),
  fine-tuned in numpy on the deck's crops by gradient descent on the cross-entropy, with a pull
  (weight decay) towards the base layer standing in for the generic data it was trained on: a
  deck the base model reads well keeps its readings, one it misreads is corrected.
* `index`: a nearest-neighbour index over the embeddings (no training). It helps on a deck the
  base model reads badly but hurts on decks it reads well.
Neither needs PyTorch: the embeddings come from the ONNX classifier's second output. The third
method, `finetune` (the whole network; it needs PyTorch), lives in referee.enroll.finetune.

A card lies on the mat upright, so its crops show the index upright. At the table the
recogniser rectifies a crop only up to a quarter turn, so each exemplar is stored in the four
quarter turns (the bottom-right index of a card is the top-left one turned half way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from referee.enroll.session import Sample
from referee.errors import UserError
from referee.vision.deck import DeckIndex
from referee.vision.deck_head import DeckHead, load_base_head, softmax
from referee.vision.model_files import file_sha256
from referee.vision.polarity import light_ink, luma_inverted

if TYPE_CHECKING:
    from referee.vision.classifier import IndexClassifier

QUARTER_TURNS = (0, 1, 2, 3)
# A deck is dark-faced when at least this share of its captured crops show ink lighter than
# their paper (referee.vision.polarity).
DARK_FACED_SHARE = 0.5


@dataclass(frozen=True)
class HeldBack:
    """Accuracy of an index built without each row's last captured look, on that look's crops."""

    right: int
    total: int

    @property
    def accuracy(self) -> float | None:
        return self.right / self.total if self.total else None


def as_read(samples: Sequence[Sample]) -> list[Sample]:
    """The samples as the recogniser shows the deck its corners. A dark-faced deck (light ink on
    dark paper in DARK_FACED_SHARE of its crops or more) is read through the inverted look, its
    corners' luma turned over (CardRecognizer.inverted_look_at), so it learns those crops: its
    light-ink crops inverted. Other decks' samples are returned as they are."""
    flags = [[light_ink(c) for c in s.crops] for s in samples]
    crops = sum(len(f) for f in flags)
    if not crops or sum(sum(f) for f in flags) < DARK_FACED_SHARE * crops:
        return list(samples)
    return [replace(s, crops=tuple(luma_inverted(c) if light else c for c, light in zip(s.crops, f)))
            for s, f in zip(samples, flags)]


def turned(crops: Sequence[np.ndarray]) -> list[np.ndarray]:
    return [np.ascontiguousarray(np.rot90(c, k)) for c in crops for k in QUARTER_TURNS]


def embed(classifier: "IndexClassifier", crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(probabilities, embeddings) of the crops."""
    classifier.require_embeddings()
    return classifier.read(list(crops))


@dataclass(frozen=True, eq=False)
class Exemplars:
    """Every captured crop in its four quarter turns, with its code, the sample it came from and
    the classifier's embedding: computed once per enrolment, shared by the held-back check and
    the final deck."""

    codes: tuple[str, ...]
    sample: np.ndarray        # (n,) index of the Sample each exemplar came from
    plain: np.ndarray         # (n,) bool: a turn of the sample's plain crop (not a jittered one)
    probabilities: np.ndarray
    embeddings: np.ndarray

    def subset(self, mask: np.ndarray) -> "Exemplars":
        return Exemplars(tuple(c for c, m in zip(self.codes, mask) if m), self.sample[mask], self.plain[mask],
                         self.probabilities[mask], self.embeddings[mask])


def exemplars(samples: Sequence[Sample], classifier: "IndexClassifier") -> Exemplars:
    crops, codes, owner, plain = [], [], [], []
    for i, s in enumerate(samples):
        batch = turned(s.crops)
        crops += batch
        codes += [s.code] * len(batch)
        owner += [i] * len(batch)
        plain += [k < len(QUARTER_TURNS) for k in range(len(batch))]   # turned(): the plain crop's turns first
    probs, emb = embed(classifier, crops)
    return Exemplars(tuple(codes), np.array(owner, dtype=int), np.array(plain, dtype=bool), probs, emb)


METHODS = ("head", "index")
# Fine-tuning the last layer: chosen on held-out designs (bench/enroll_eval.py); about 15 s of
# one CPU core for a full deck. With the session-4 classifier, learning rate 0.05 added misreadings
# on decks the base model reads well (referee-drawn: 7 wrong against 4 in 12 scenes; 0.02: 5), at
# the price of a smaller gain on a deck it reads badly (kde-jolly-royal precision 0.857, not 0.870).
HEAD_WEIGHT_DECAY = 0.01
HEAD_LEARNING_RATE = 0.02
HEAD_STEPS = 300


def fine_tune_head(embeddings: np.ndarray, labels: np.ndarray, weight: np.ndarray, bias: np.ndarray, *,
                   weight_decay: float = HEAD_WEIGHT_DECAY, learning_rate: float = HEAD_LEARNING_RATE,
                   steps: int = HEAD_STEPS) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch gradient descent on mean cross-entropy + weight_decay/2 * |(W, b) - (W0, b0)|^2,
    from the base layer (W0, b0). Deterministic."""
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
               embedded: Exemplars | None = None, **options):
    """The enrolled deck (a DeckHead, or a DeckIndex with method='index') from captured samples
    (`embedded`: their exemplars, when already computed)."""
    if not samples:
        raise UserError("no card was captured: nothing to enrol")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    return _deck(embedded or exemplars(samples, classifier), classifier, name, method, **options)


def _deck(ex: Exemplars, classifier: "IndexClassifier", name: str, method: str, **options):
    if method == "head":
        base = load_base_head(classifier.model.path)
        if base.names != tuple(classifier.names):
            raise UserError(f"{classifier.model.path}: its saved last layer has other classes; "
                            "re-export it with referee train export")
        index = {n: i for i, n in enumerate(base.names)}
        weight, bias = fine_tune_head(ex.embeddings, np.array([index[c] for c in ex.codes]), base.weight, base.bias,
                                      **options)
        return DeckHead(name=name, weight=weight, bias=bias, names=base.names, codes=ex.codes,
                        classifier_sha256=base.classifier_sha256)
    return DeckIndex(name=name, codes=ex.codes, embeddings=ex.embeddings.astype(np.float32),
                     classifier_sha256=file_sha256(classifier.model.path), **options)


def held_back(samples: Sequence[Sample], classifier: "IndexClassifier", method: str = "head",
              embedded: Exemplars | None = None, **options) -> HeldBack:
    """Build a deck without each row's last captured look, read that look's plain crops (in all
    four quarter turns) with it, and count the right readings."""
    last = {}
    for s in samples:
        last[s.row] = max(last.get(s.row, s.look), s.look)
    is_test = np.array([s.look == last[s.row] for s in samples], dtype=bool)
    if not samples or is_test.all() or not is_test.any():
        return HeldBack(0, 0)
    ex = embedded or exemplars(samples, classifier)
    deck = _deck(ex.subset(~is_test[ex.sample]), classifier, "held-back", method, **options)
    test = ex.subset(is_test[ex.sample] & ex.plain)
    readings = deck.classify(test.probabilities, test.embeddings, classifier.names)
    return HeldBack(sum(code == t for (code, _), t in zip(readings, test.codes)), len(test.codes))
