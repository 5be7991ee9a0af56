"""Enrolment from a stream of frames to a saved deck: the part of `referee enroll` that needs no
camera, window or voice (the command, the benchmark and the tests all go through it)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from referee.enroll.adapt import HeldBack, build_deck, exemplars, held_back
from referee.enroll.mat import MatLayout, locate_mat
from referee.enroll.reading import read_slots
from referee.enroll.session import Enrolment, EnrolSettings, Prompt

if TYPE_CHECKING:
    from referee.enroll.mat import MatView
    from referee.vision.deck import DeckIndex
    from referee.vision.deck_head import DeckHead
    from referee.vision.recognizer import CardRecognizer

LookHook = Callable[[np.ndarray, "MatView", Enrolment], None]


@dataclass
class EnrolResult:
    enrolment: Enrolment
    deck: "DeckHead | DeckIndex | None" = None
    held_back: HeldBack = field(default_factory=lambda: HeldBack(0, 0))
    looks: int = 0
    look_seconds: float = 0.0          # recognising and reading the mat, all looks
    adapt_seconds: float = 0.0         # building the index (embeddings of every exemplar)
    ended_early: bool = False

    @property
    def cpu_seconds(self) -> float:
        """The program's own work (the user's time laying cards is not in it)."""
        return self.look_seconds + self.adapt_seconds

    def card(self, name: str, date: str, model: str) -> dict:
        """The deck's small card (models/decks/NAME/card.json)."""
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
                 seed: int = 0, method: str = "head") -> EnrolResult:
    """Run the enrolment session over `frames` (until every row is captured or the frames end),
    then build the deck index. Prompts go to `on_prompt` as they arise. `frames` may also be a
    function of the session giving the frames (a rehearsed user who lays the row asked for)."""
    from referee.calibration.markers import MarkerDetector

    layout = layout or MatLayout()
    settings = settings or EnrolSettings()
    enrolment = Enrolment(layout.slot_code, settings=settings)
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
            seen = read_slots(frame, view, detections, enrolment.wanted_slots(), layout.slot_code,
                              recognizer.classifier, jitters=settings.jitters, rng=rng,
                              corner_mm=layout.slot_corner_mm)
            prompts = enrolment.observe(result.looks, seen)
        result.looks += 1
        result.look_seconds += time.perf_counter() - t
        if on_look is not None:
            on_look(frame, view, enrolment)
        for prompt in prompts:
            on_prompt(prompt)
    result.ended_early = not enrolment.done
    if enrolment.samples:
        t = time.perf_counter()
        embedded = exemplars(enrolment.samples, recognizer.classifier)   # one classifier pass for both
        result.held_back = held_back(enrolment.samples, recognizer.classifier, method, embedded)
        result.deck = build_deck(enrolment.samples, recognizer.classifier, name, method, embedded)
        result.adapt_seconds = time.perf_counter() - t
    return result
