"""Enrolment from a stream of frames to a saved deck: the part of `referee enroll` that needs no
camera, window or voice (the command, the benchmark and the tests all go through it)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from referee.calibration.markers import MarkerDetector
from referee.enroll.adapt import HeldBack, as_read, build_deck, exemplars, held_back
from referee.enroll.finetune import FineTuneSettings, base_checkpoint, fine_tune, require_training_runtime
from referee.enroll.mat import MatLayout, locate_mat
from referee.enroll.reading import read_slots
from referee.enroll.session import Enrolment, EnrolSettings, Prompt
from referee.vision.crops import index_square, rectify
from referee.vision.deck_model import DeckModel
from referee.vision.model_files import file_sha256

if TYPE_CHECKING:
    from referee.enroll.mat import MatView
    from referee.vision.deck import DeckIndex
    from referee.vision.deck_head import DeckHead
    from referee.vision.recognizer import CardRecognizer

LookHook = Callable[[np.ndarray, "MatView", Enrolment], None]

METHODS = ("head", "index", "finetune")
# Method finetune distils the base model on generic crops of the enrolment's own frames (the
# table, hands, card bodies, the mat): this many a look, at most GENERIC_MAX in all.
GENERIC_PER_LOOK = 6
GENERIC_MAX = 1200


def generic_crops(frame: np.ndarray, detections, n: int, rng: np.random.Generator, size: int) -> list[np.ndarray]:
    """n rectified squares at random places of the frame, as large as this frame's index crops
    (what a false or a true detection would hand the classifier anywhere on the table)."""
    sides = [index_square(d.box)[2] for d in detections if d.kind == "index"]
    side = float(np.median(sides)) if sides else 0.05 * max(frame.shape[:2])
    h, w = frame.shape[:2]
    return [rectify(frame, float(rng.uniform(0, w)), float(rng.uniform(0, h)), side * float(rng.uniform(0.8, 1.25)),
                    size)[0] for _ in range(n)]


@dataclass
class EnrolResult:
    enrolment: Enrolment
    deck: "DeckHead | DeckModel | DeckIndex | None" = None
    held_back: HeldBack = field(default_factory=lambda: HeldBack(0, 0))
    looks: int = 0
    look_seconds: float = 0.0          # recognising and reading the mat, all looks
    adapt_seconds: float = 0.0         # building the deck (embeddings, fine-tuning, export)
    ended_early: bool = False
    generic: list = field(default_factory=list)   # generic crops of the looks (method finetune)

    @property
    def cpu_seconds(self) -> float:
        """The program's own work (the user's time laying cards is not in it)."""
        return self.look_seconds + self.adapt_seconds

    def card(self, name: str, date: str, model: str) -> dict:
        """The deck's small card (decks/NAME/card.json)."""
        e = self.enrolment
        acc = self.held_back.accuracy
        return {
            "name": name,
            "date": date,
            "base_classifier": model,
            "cards_captured": len(e.captured_codes()),
            "codes": sorted(e.captured_codes()),
            "not_captured": dict(sorted(e.skipped.items())),
            "base_model_disagreed": dict(sorted(e.disputed.items())),
            "back_seen": e.back_seen,
            "looks": self.looks,
            "crops": sum(len(s.crops) for s in e.samples),
            "held_back_accuracy": round(acc, 4) if acc is not None else None,
            "held_back_crops": self.held_back.total,
            "cpu_seconds": round(self.cpu_seconds, 1),
            "complete": e.done and not self.ended_early,
        }


def enrol_frames(frames: Iterable[np.ndarray] | Callable[[Enrolment], Iterable[np.ndarray]], recognizer: "CardRecognizer", name: str, *,
                 settings: EnrolSettings | None = None, layout: MatLayout | None = None,
                 on_prompt: Callable[[Prompt], None] = lambda p: None, on_look: LookHook | None = None,
                 seed: int = 0, method: str = "head", finetune: "FineTuneSettings | None" = None,
                 on_progress: Callable[[int, int], None] | None = None) -> EnrolResult:
    """Run the enrolment session over `frames` (until every row is captured or the frames end),
    then build the deck (method head, index or finetune; `finetune` tunes the last, reporting
    its steps to `on_progress`). Prompts go to `on_prompt` as they arise. `frames` may also be a function of the session giving the
    frames (a rehearsed user who lays the row asked for)."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    if method == "finetune":
        require_training_runtime()                        # before the session: say so at once
        checkpoint = base_checkpoint(recognizer.classifier.model.path)

    layout = layout or MatLayout()
    settings = settings or EnrolSettings()
    enrolment = Enrolment(layout.slot_label, settings=settings)
    result = EnrolResult(enrolment)
    markers = MarkerDetector()
    rng = np.random.default_rng(seed)
    for prompt in enrolment.start(name):
        on_prompt(prompt)
    if callable(frames):
        frames = frames(enrolment)
    for frame in frames:
        if enrolment.done:
            break
        t = time.perf_counter()
        view = locate_mat(frame, markers, layout)
        if not view.ok:
            prompts = enrolment.mat_missing(view.missing)
        else:
            detections = recognizer.detections(frame)
            seen = read_slots(frame, view, detections, enrolment.wanted_slots(), layout.slot_label,
                              recognizer.classifier, jitters=settings.jitters, rng=rng,
                              corner_mm=layout.slot_corner_mm)
            prompts = enrolment.observe(result.looks, seen)
            if method == "finetune" and len(result.generic) < GENERIC_MAX:
                result.generic += generic_crops(frame, detections, GENERIC_PER_LOOK, rng, recognizer.classifier.size)
        result.looks += 1
        result.look_seconds += time.perf_counter() - t
        if on_look is not None:
            on_look(frame, view, enrolment)
        for prompt in prompts:
            on_prompt(prompt)
    result.ended_early = not enrolment.done
    samples = as_read(enrolment.samples)   # a dark-faced deck learns its corners as the inverted look shows them
    if samples and method == "finetune":
        on_prompt(Prompt("adapting"))
        t = time.perf_counter()
        names = tuple(recognizer.classifier.names)
        tuned = fine_tune(samples, result.generic, names, checkpoint, finetune or FineTuneSettings(seed=seed),
                          on_progress=on_progress)
        result.held_back = tuned.held_back
        result.deck = DeckModel(name=name, onnx=tuned.onnx, names=names,
                                codes=tuple(s.code for s in samples),
                                classifier_sha256=file_sha256(recognizer.classifier.model.path))
        result.adapt_seconds = time.perf_counter() - t
    elif samples:
        t = time.perf_counter()
        embedded = exemplars(samples, recognizer.classifier)   # one classifier pass for both
        result.held_back = held_back(samples, recognizer.classifier, method, embedded)
        result.deck = build_deck(samples, recognizer.classifier, name, method, embedded)
        result.adapt_seconds = time.perf_counter() - t
    return result
