"""An enrolled deck: the classifier's embeddings of a table's own cards, read by nearest neighbours.

`referee enroll --name NAME` captures crops of the table's deck and saves a DeckIndex under
decks/NAME/ in the user's data folder, or in the models folder given (deck_folder): deck.npz, the
index, and card.json, a readable description. The recogniser given that deck
(`referee detect|watch --deck NAME`) keeps the base classifier's `other` (rejection) but lets
the deck decide which card a corner shows: see DeckIndex.classify.
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
from referee.vision.deck_files import CARD_FILE, DECK_FILE, FORMAT_VERSION, drop_replaced_network, saved_deck_folder
from referee.vision.deck_head import DeckHead
from referee.vision.deck_model import DeckModel
from referee.vision.labels import BACK, OTHER
from referee.vision.model_files import write_atomic

NOT_CARDS = (OTHER.value, BACK.value)  # classes a deck never enrols


@dataclass(frozen=True, eq=False)
class DeckIndex:
    """Exemplar embeddings of one physical deck, one card code per exemplar.

    embeddings: (n, D) float32, rows L2-normalised on construction. temperature: sharpness of the
    softmax over cosine scores. reject_probability: the base model's `other` probability at or
    above which a crop stays rejected. k: a code's score is the mean cosine similarity of its k
    most similar exemplars (all of them when it has fewer).
    """

    name: str
    codes: tuple[str, ...]
    embeddings: np.ndarray
    temperature: float = 30.0
    reject_probability: float = 0.5
    k: int = 1
    # sha256 of the classifier file whose embeddings these are ("" when unknown): embeddings of
    # another classifier live in another space, so such a deck must be enrolled again.
    classifier_sha256: str = ""
    # A crop whose best cosine similarity to the deck is below this is like no enrolled card
    # (a half-hidden corner, a stray box): its reading gets probability 0, i.e. unsure. Chosen on
    # located corners of generated held-out scenes: it halves the wrong readings and keeps
    # 99 % of the right ones (bench/enroll_eval.py measures the result).
    min_similarity: float = 0.85

    def __post_init__(self) -> None:
        codes = tuple(str(c) for c in self.codes)
        emb = np.asarray(self.embeddings, dtype=np.float32)
        if emb.ndim != 2 or emb.shape[0] != len(codes) or emb.shape[0] == 0 or emb.shape[1] == 0:
            raise ValueError(f"deck {self.name}: need (n, D) embeddings for n = {len(codes)} codes, n > 0; "
                             f"got shape {emb.shape}")
        if bad := sorted({c for c in codes if c in NOT_CARDS or not c}):
            raise ValueError(f"deck {self.name}: {', '.join(map(repr, bad))} is not a card code")
        norms = np.linalg.norm(emb, axis=1, keepdims=True)
        if not np.all(np.isfinite(emb)) or np.any(norms == 0):
            raise ValueError(f"deck {self.name}: embeddings must be finite and non-zero")
        if not (np.isfinite(self.temperature) and self.temperature > 0):
            raise ValueError(f"deck {self.name}: temperature must be positive, got {self.temperature}")
        if not 0.0 < self.reject_probability <= 1.0:
            raise ValueError(f"deck {self.name}: reject_probability must be in (0, 1], got {self.reject_probability}")
        if not -1.0 <= self.min_similarity <= 1.0:
            raise ValueError(f"deck {self.name}: min_similarity must be in [-1, 1], got {self.min_similarity}")
        if int(self.k) != self.k or self.k < 1:
            raise ValueError(f"deck {self.name}: k must be a positive integer, got {self.k}")
        emb = np.ascontiguousarray(emb / norms, dtype=np.float32)
        emb.setflags(write=False)
        set_ = object.__setattr__
        set_(self, "codes", codes)
        set_(self, "embeddings", emb)
        set_(self, "temperature", float(self.temperature))
        set_(self, "reject_probability", float(self.reject_probability))
        set_(self, "k", int(self.k))
        code_array = np.array(codes)
        # (code, rows of its exemplars) per enrolled code, sorted by code
        set_(self, "_groups", tuple((c, np.flatnonzero(code_array == c)) for c in sorted(set(codes))))

    @property
    def dimension(self) -> int:
        return int(self.embeddings.shape[1])

    def enrolled_codes(self) -> tuple[str, ...]:
        """The codes with at least one exemplar, sorted."""
        return tuple(c for c, _ in self._groups)

    def scores(self, embeddings: np.ndarray) -> tuple[list[str], np.ndarray]:
        """(enrolled codes, (n, len(codes)) scores): per code, the mean cosine similarity of the
        query to that code's k most similar exemplars. A zero query row scores 0 everywhere."""
        query = np.asarray(embeddings, dtype=np.float32)
        if query.ndim != 2 or query.shape[1] != self.dimension:
            raise ValueError(f"deck {self.name}: need (n, {self.dimension}) embeddings, got shape {query.shape}")
        norms = np.linalg.norm(query, axis=1, keepdims=True)
        query = query / np.where(norms > 0, norms, 1.0)
        sims = query @ self.embeddings.T  # (n, exemplars)
        out = np.empty((len(query), len(self._groups)), dtype=np.float32)
        for j, (_, rows) in enumerate(self._groups):
            own = sims[:, rows]
            k = min(self.k, len(rows))
            top = own if k == len(rows) else np.partition(own, len(rows) - k, axis=1)[:, len(rows) - k:]
            out[:, j] = top.mean(axis=1)
        return [c for c, _ in self._groups], out

    def classify(self, probabilities: np.ndarray, embeddings: np.ndarray, names: Sequence[str],
                 reject: str = OTHER.value) -> list[tuple[str, float]]:
        """(code, probability) for each crop, from the base model's probabilities (n, len(names))
        and the crops' embeddings (n, D).

        The one place that says how a deck reads a crop:
        * the base model rejects: when its probability of `reject` is >= reject_probability the
          reading is (reject, that probability), whatever the deck says (a deck knows only cards);
        * otherwise the deck decides among its enrolled codes: p = softmax(temperature * score)
          over the codes' scores (DeckIndex.scores), and the reading is (best code, its p times
          the base model's probability that the crop is a card, 1 - P(reject)); p is 0 when the
          best score is below min_similarity (like no enrolled card: unsure). A card
          that was not enrolled reads as the nearest enrolled one, usually with a low p.
        The base model's probabilities of the cards themselves are not used.
        """
        probs = np.asarray(probabilities, dtype=np.float32)
        n = len(probs)
        if probs.ndim != 2 or probs.shape[1] != len(names):
            raise ValueError(f"need (n, {len(names)}) probabilities, got shape {probs.shape}")
        if len(embeddings) != n:
            raise ValueError(f"{n} probability rows but {len(embeddings)} embeddings")
        if n == 0:
            return []
        codes, score = self.scores(embeddings)
        logits = self.temperature * score.astype(np.float64)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        p = weights / weights.sum(axis=1, keepdims=True)
        best = p.argmax(axis=1)
        best_p = p[np.arange(n), best]
        names = list(names)
        reject_p = probs[:, names.index(reject)] if reject in names else np.zeros(n, np.float32)
        rejected = reject_p >= self.reject_probability
        # The deck knows which card, the base model whether it is a card at all: a crop the base
        # model half rejects keeps half the deck's confidence (else every stray box on the table
        # would read as some enrolled card, surely).
        card_p = best_p * (1.0 - reject_p)
        card_p[score.max(axis=1) < self.min_similarity] = 0.0
        return [(reject, float(reject_p[i])) if rejected[i] else (codes[best[i]], float(card_p[i]))
                for i in range(n)]

    def save(self, folder: str | os.PathLike, card: dict | None = None) -> Path:
        """Write deck.npz (the index) and card.json (`card` plus name, exemplar count and enrolled
        codes) into `folder`, creating it; each file is replaced atomically. Returns the folder."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        np.savez(buffer, format_version=np.int64(FORMAT_VERSION), name=np.str_(self.name),
                 codes=np.array(self.codes, dtype=str), embeddings=self.embeddings.astype(np.float16),
                 temperature=np.float64(self.temperature), reject_probability=np.float64(self.reject_probability),
                 k=np.int64(self.k), classifier_sha256=np.str_(self.classifier_sha256),
                 min_similarity=np.float64(self.min_similarity))
        description = {**(card or {}), "name": self.name, "exemplars": len(self.codes),
                       "codes": list(self.enrolled_codes())}
        write_atomic(folder / DECK_FILE, buffer.getvalue())
        drop_replaced_network(folder)
        write_atomic(folder / CARD_FILE,
                      (json.dumps(description, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
        return folder

    @classmethod
    def load(cls, folder_or_name: str | os.PathLike, models_dir: str | os.PathLike | None = None) -> DeckIndex:
        """The deck saved in a folder (a Path, or a str with a path separator) or under a deck name
        (saved_deck_folder(name, models_dir)). Missing, corrupt or foreign files are one-line UserErrors."""
        by_name = isinstance(folder_or_name, str) and not any(
            s and s in folder_or_name for s in (os.sep, os.altsep, "/"))
        if by_name:
            name, folder = folder_or_name, saved_deck_folder(folder_or_name, models_dir)
        else:
            folder = Path(folder_or_name)
            name = folder.name
        path = folder / DECK_FILE
        if not path.is_file():
            raise UserError(f"no enrolled deck {name} (looked in {folder}); run referee enroll --name {name}")
        again = f"enrol it again with referee enroll --name {name}"
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {key: data[key] for key in data.files}  # reads (and CRC-checks) every member
        except Exception as exc:  # zipfile, zlib, numpy and OS errors: all mean an unreadable file
            raise UserError(f"deck {name}: {path} is corrupt or truncated ({type(exc).__name__}); {again}") from None
        try:
            version = int(arrays["format_version"])
        except (KeyError, TypeError, ValueError):
            raise UserError(f"deck {name}: {path} is not a deck index (no format version); {again}") from None
        if version != FORMAT_VERSION:
            raise UserError(f"deck {name}: {path} has format version {version}, this referee reads "
                            f"version {FORMAT_VERSION}; {again}")
        try:
            stored = str(arrays["name"]) if "name" in arrays else name
            if str(arrays.get("kind", "index")) == "model":  # a fine-tuned network (deck_model.py)
                return DeckModel.from_arrays(name if by_name else stored, arrays, folder)
            if str(arrays.get("kind", "index")) == "head":   # a fine-tuned last layer (deck_head.py)
                return DeckHead.from_arrays(name if by_name else stored, arrays)
            return cls(name=name if by_name else stored,
                       codes=tuple(str(c) for c in arrays["codes"]), embeddings=arrays["embeddings"],
                       temperature=float(arrays["temperature"]),
                       reject_probability=float(arrays["reject_probability"]), k=int(arrays["k"]),
                       classifier_sha256=str(arrays.get("classifier_sha256", "")),
                       min_similarity=float(arrays.get("min_similarity", cls.min_similarity)))
        except (KeyError, TypeError, ValueError) as exc:
            detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise UserError(f"deck {name}: {path} is corrupt ({detail}); {again}") from None


def load_deck(folder_or_name: str | os.PathLike, models_dir: str | os.PathLike | None = None):
    """The enrolled deck saved in a folder or under a name: a DeckHead (a fine-tuned last layer,
    what referee enroll makes by default), a DeckModel (a fine-tuned network) or a DeckIndex
    (nearest neighbours), as the file says."""
    return DeckIndex.load(folder_or_name, models_dir)
