"""The enrolment session: which row the table is asked for, when a row is steady enough to
capture, and what to say about missing, misplaced or swapped cards.

Pure logic driven by "looks" (one recognised frame each): the command feeds it what the camera
saw in the wanted slots (`SlotReading`s, made by `read_slots`) and speaks the `Prompt`s it
returns. Counting looks instead of seconds keeps it deterministic and testable on a folder of
rendered frames; at a webcam's 15 looks a second the defaults mean about 0.2 s to settle, 0.3 s
of capture and 1.5 s of patience.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from referee.enroll import prompts
from referee.enroll.mat import EXTRA_ROW
from referee.vision.labels import BACK, OTHER, Label, label_code

if TYPE_CHECKING:
    import numpy as np

Slot = tuple[int, int]               # (row, col) on the mat
CARD_ROWS = (0, 1, 2, 3)             # one suit each: every slot is expected
                                     # (EXTRA_ROW, jokers and a back: every slot is optional)
ALL_ROWS = CARD_ROWS + (EXTRA_ROW,)


@dataclass(frozen=True)
class EnrolSettings:
    stable_looks: int = 3            # a row's filled slots unchanged this many looks: capture starts
    capture_looks: int = 4           # looks captured per row (each adds crops of every card in it)
    patience_looks: int = 20         # an incomplete but steady row: name the missing cards, then as
                                     # long again before going on without them
    jitters: int = 2                 # extra, slightly shifted crops per captured corner
    wrong_probability: float = 0.9   # the base model reads another card this surely: ask to check
    mat_prompt_looks: int = 30       # looks between two "cannot see the mat" prompts

    def __post_init__(self) -> None:
        for name in ("stable_looks", "capture_looks", "patience_looks", "mat_prompt_looks"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be 1 or more")
        if self.jitters < 0:
            raise ValueError("jitters must be 0 or more")


@dataclass(frozen=True, eq=False)
class SlotReading:
    """What one look saw in one slot: the crops of the card's corner index (first the plain
    crop the recogniser would make, then jittered ones) and the base model's reading of it.
    A back has no crops; its reading is (BACK, confidence)."""

    crops: tuple["np.ndarray", ...]
    base_label: Label
    base_probability: float


@dataclass(frozen=True, eq=False)
class Sample:
    """One captured look at one enrolled card."""

    row: int
    col: int
    label: Label
    look: int
    crops: tuple["np.ndarray", ...]
    base_label: Label
    base_probability: float

    @property
    def code(self) -> str:
        """The card's code: the class name the deck files and the fine-tuning use."""
        return label_code(self.label)


@dataclass(frozen=True)
class Prompt:
    """Something to say. `codes` are card codes (spoken by name), `corners` mat corner names."""

    key: str
    row: int | None = None
    codes: tuple[str, ...] = ()
    corners: tuple[str, ...] = ()
    name: str = ""
    accuracy: int | None = None
    cards: int | None = None

    def text(self, lang: str) -> str:
        if self.key == "row":
            return prompts.row_prompt(self.row or 0, lang)
        fields: dict = {"name": self.name, "number": (self.row or 0) + 1, "accuracy": self.accuracy,
                        "cards": self.cards if self.cards is not None else prompts.cards_list(self.codes, lang),
                        "corners": prompts.corners_text(self.corners, lang)}
        if self.key == "wrong_slot":
            fields.update(expected=prompts.slot_name(self.codes[0], lang), seen=prompts.slot_name(self.codes[1], lang))
        if self.key == "swapped":
            fields.update(first=prompts.slot_name(self.codes[0], lang), second=prompts.slot_name(self.codes[1], lang))
        return prompts.say(self.key, lang, **fields)


@dataclass
class _Row:
    row: int
    filled: frozenset = frozenset()  # the slots read in any of the last `patience_looks` looks
    steady: int = 0                  # looks the filled set has been unchanged
    recent: tuple = ()               # the slots read in each of the last `patience_looks` looks
    missing_named: bool = False
    capturing: frozenset | None = None
    captured_looks: int = 0
    retried: bool = False
    empty_looks: int = 0


@dataclass
class Enrolment:
    """The session's state. `slot_label(row, col)` gives the card expected in a slot (None:
    unused); `rows` are asked in order."""

    slot_label: "callable"
    columns: int = 13
    settings: EnrolSettings = field(default_factory=EnrolSettings)
    rows: Sequence[int] = ALL_ROWS
    samples: list[Sample] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)      # code -> why it was not captured
    disputed: dict[str, str] = field(default_factory=dict)     # code -> what the base model read
    back_seen: bool = False
    _position: int = 0
    _row: _Row | None = None
    _mat_lost: int = 0

    # ---- queries -----------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self._position >= len(self.rows)

    @property
    def current_row(self) -> int | None:
        return None if self.done else self.rows[self._position]

    def slots_of(self, row: int) -> list[Slot]:
        return [(row, col) for col in range(self.columns) if self.slot_label(row, col) is not None]

    def wanted_slots(self) -> list[Slot]:
        """The slots the caller should read on the next look (the current row's)."""
        return [] if self.done else self.slots_of(self.current_row)

    def required(self, row: int) -> frozenset:
        return frozenset(self.slots_of(row)) if row in CARD_ROWS else frozenset()

    def captured_codes(self) -> set[str]:
        return {s.code for s in self.samples}

    # ---- driving -----------------------------------------------------------------------------

    def start(self, name: str) -> list[Prompt]:
        self._row = _Row(self.rows[0]) if self.rows else None
        return [Prompt("start", name=name)] + ([Prompt("row", row=self.rows[0])] if self.rows else [])

    def mat_missing(self, hidden_corners: Sequence[str]) -> list[Prompt]:
        """A look where the mat could not be located (too few markers seen)."""
        self._mat_lost += 1
        if self._mat_lost % self.settings.mat_prompt_looks != 1:
            return []
        if hidden_corners and len(hidden_corners) < 4:
            return [Prompt("mat_hidden", corners=tuple(hidden_corners))]
        return [Prompt("mat_lost")]

    def observe(self, look: int, seen: Mapping[Slot, SlotReading]) -> list[Prompt]:
        """One look at the located mat: `seen` holds a reading for each wanted slot with a card."""
        if self.done or self._row is None:
            return []
        self._mat_lost = 0
        state = self._row
        s = self.settings
        now = frozenset(slot for slot in seen if slot[0] == state.row)
        if state.capturing is not None:
            return self._capture(look, seen)
        # A card read in some looks and not others (a deck the base model cannot read, whose
        # corner the detector finds now and then) is still on the mat: the row is filled by the
        # slots read in any of the last `patience_looks` looks, so that such a card neither
        # restarts the wait at every look nor blocks the row; a card taken away drops out.
        state.recent = (state.recent + (now,))[-s.patience_looks:]
        filled = frozenset().union(*state.recent)
        if filled == state.filled:
            state.steady += 1
        else:
            state.filled, state.steady = filled, 1
        state.empty_looks = state.empty_looks + 1 if not now else 0
        required = self.required(state.row)
        if filled and filled == frozenset(self.slots_of(state.row)) and state.steady >= s.stable_looks:
            return self._begin_capture(filled, look, seen)
        if filled and state.steady >= s.patience_looks:
            absent = tuple(self._code(slot) for slot in self.slots_of(state.row) if slot not in filled)
            if required and not state.missing_named:
                state.missing_named = True
                state.steady = s.stable_looks   # wait as long again for the missing cards
                return [Prompt("missing", row=state.row, codes=absent)]
            for code in absent:
                self.skipped.setdefault(code, "not seen on the mat")
            return [Prompt("skipped", row=state.row, codes=absent)] + self._begin_capture(filled, look, seen)
        if state.row == EXTRA_ROW and state.empty_looks >= 3 * s.patience_looks:
            for slot in self.slots_of(state.row):
                self.skipped.setdefault(self._code(slot), "not seen on the mat")
            return self._next_row()
        return []

    # ---- steps -------------------------------------------------------------------------------

    def _label(self, slot: Slot) -> Label:
        return self.slot_label(*slot)

    def _code(self, slot: Slot) -> str:
        """The slot's card as a code: what the prompts speak and the deck card records."""
        return label_code(self._label(slot))

    def _begin_capture(self, filled: frozenset, look: int, seen) -> list[Prompt]:
        self._row.capturing = filled
        self._row.captured_looks = 0
        return self._capture(look, seen)

    def _capture(self, look: int, seen: Mapping[Slot, SlotReading]) -> list[Prompt]:
        state = self._row
        for slot in sorted(state.capturing):
            reading = seen.get(slot)
            if reading is None:
                continue      # a hand over it this look
            label = self._label(slot)
            if label is BACK:
                self.back_seen = self.back_seen or reading.base_label is BACK
                continue
            self.samples.append(Sample(slot[0], slot[1], label, look, reading.crops,
                                       reading.base_label, reading.base_probability))
        state.captured_looks += 1
        if state.captured_looks < self.settings.capture_looks:
            return []
        return self._check_row()

    def _majority(self) -> dict[Slot, Label]:
        """Per captured slot: the card the base model reads there surely and most often, when it
        is another card than the slot's."""
        votes: dict[Slot, dict[Label, int]] = {}
        looks: dict[Slot, int] = {}
        for s in self.samples:
            looks[(s.row, s.col)] = looks.get((s.row, s.col), 0) + 1
            if s.base_probability >= self.settings.wrong_probability and s.base_label not in (s.label, OTHER):
                box = votes.setdefault((s.row, s.col), {})
                box[s.base_label] = box.get(s.base_label, 0) + 1
        out = {}
        for slot, box in votes.items():
            code, n = max(box.items(), key=lambda kv: kv[1])
            if 2 * n > looks[slot]:
                out[slot] = code
        return out

    def _check_row(self) -> list[Prompt]:
        state = self._row
        wrong = self._majority()
        where = {self._label(slot): slot for slot in {(s.row, s.col) for s in self.samples}}
        swaps = []
        for slot, seen in wrong.items():
            other = where.get(seen)
            if other is not None and wrong.get(other) == self._label(slot) and slot < other \
                    and state.row in (slot[0], other[0]):
                swaps.append((slot, other))
        if swaps and not state.retried:
            # Start the row again: the user swaps them back and the row is captured afresh
            # (a swap reaching into an earlier row drops that row's two cards too).
            dropped = {s for pair in swaps for s in pair}
            self.samples = [s for s in self.samples if s.row != state.row and (s.row, s.col) not in dropped]
            self._row = _Row(state.row, retried=True)
            return [Prompt("swapped", row=state.row, codes=(self._code(a), self._code(b))) for a, b in swaps]
        out: list[Prompt] = []
        if swaps:
            dropped = {s for pair in swaps for s in pair}
            self.samples = [s for s in self.samples if (s.row, s.col) not in dropped]
            codes = tuple(self._code(s) for s in sorted(dropped))
            for code in codes:
                self.skipped[code] = "swapped with another card"
            out.append(Prompt("not_swapped", row=state.row, codes=codes))
        for slot, seen in sorted(wrong.items()):
            if slot[0] == state.row and not any(slot in pair for pair in swaps):
                # The mat is trusted (the base model misreads unseen decks, which is why we enrol),
                # but the user hears about it and the deck card records it.
                self.disputed[self._code(slot)] = label_code(seen)
                out.append(Prompt("wrong_slot", row=state.row, codes=(self._code(slot), label_code(seen))))
        out.append(Prompt("captured", row=state.row))
        return out + self._next_row()

    def _next_row(self) -> list[Prompt]:
        self._position += 1
        if self.done:
            self._row = None
            return []
        self._row = _Row(self.current_row)
        return [Prompt("row", row=self.current_row)]


def samples_by_look(samples: Iterable[Sample]) -> dict[int, list[Sample]]:
    out: dict[int, list[Sample]] = {}
    for s in samples:
        out.setdefault(s.look, []).append(s)
    return out
