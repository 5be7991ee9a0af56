"""PadWatcher at a table that declares by a double tap: a cover held for the pass hold is one
pass, two short covers are one declaration and never a pass."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tracking import DoubleTap, PadEvidence, PadWatcher

TABLE = {0, 1, 2, 3}
ALL_PADS = TABLE | {10, 11, 12, 13}
FPS = 30
OWN_STILL_HAND = PadEvidence(cover=1.0, approach=0.4, motion=0.0)
OTHER_SEATS_ARM = PadEvidence(cover=0.9, approach=0.0, motion=0.0)
EMPTY = PadEvidence(cover=0.0, approach=0.0, motion=0.0)


def pad_one(spans, end: float, evidence: PadEvidence | None = OWN_STILL_HAND):
    """Frames at FPS from 0 to ``end`` where seat 1's pad (marker 11) is hidden during each
    (start, stop) of ``spans``, with ``evidence`` for seat 1 then (None: no evidence at all)."""
    frames = []
    for i in range(round(end * FPS)):
        t = i / FPS
        hidden = any(start <= t < stop for start, stop in spans)
        seen = {0: EMPTY, 1: evidence if hidden else EMPTY, 2: EMPTY, 3: EMPTY}
        frames.append((t, ALL_PADS - {11} if hidden else ALL_PADS, None if evidence is None else seen))
    return frames


def run(watcher: PadWatcher, frames):
    """Feed the frames; return the (kind, t, seat) of every pass and declaration reported."""
    seen = []
    for t, ids, evidence in frames:
        report = watcher.update(t, ids, evidence)
        seen += [("pass", t, seat) for seat in report.newly_covered]
        seen += [("declare", t, seat) for seat in report.double_tapped]
    return seen


def tapping() -> PadWatcher:
    return PadWatcher(4, double_tap=DoubleTap())


def test_a_held_cover_is_one_pass_after_the_longer_hold_and_no_declaration():
    seen = run(tapping(), pad_one([(1.0, 2.5)], 4.0))
    assert [(kind, seat) for kind, _t, seat in seen] == [("pass", 1)]
    assert 1.5 - 1e-9 <= seen[0][1] < 1.5 + 1 / FPS + 1e-9       # held DoubleTap.pass_hold (0.5 s)


def test_two_short_taps_are_one_declaration_when_the_second_lifts_and_no_pass():
    seen = run(tapping(), pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0))
    assert [(kind, seat) for kind, _t, seat in seen] == [("declare", 1)]
    assert seen[0][1] == pytest.approx(1.8)                         # the frame the pad is seen again


def test_taps_as_long_as_todays_pass_hold_are_still_taps():
    seen = run(tapping(), pad_one([(1.0, 1.45), (1.65, 2.1)], 3.0))
    assert [kind for kind, _t, _seat in seen] == ["declare"]


def test_a_single_tap_is_nothing_and_so_are_two_taps_too_far_apart():
    assert run(tapping(), pad_one([(1.0, 1.3)], 3.0)) == []
    assert run(tapping(), pad_one([(1.0, 1.3), (2.5, 2.8)], 4.0)) == []


def test_a_third_tap_pairs_with_the_second_when_the_first_was_too_long_ago():
    seen = run(tapping(), pad_one([(1.0, 1.3), (2.5, 2.8), (3.0, 3.3)], 4.0))
    assert [(kind, round(t, 2)) for kind, t, _seat in seen] == [("declare", 3.3)]


def test_a_tap_then_a_held_cover_is_a_pass_and_the_tap_is_forgotten():
    seen = run(tapping(), pad_one([(1.0, 1.3), (1.5, 2.5), (2.7, 3.0)], 4.0))
    assert [kind for kind, _t, _seat in seen] == ["pass"]


def test_taps_still_only_between_a_blurred_arrival_and_lift_count():
    """As filmed at 15 fps: each tap hides the marker for 3 frames, the first blurred by the arriving hand."""
    moving = PadEvidence(cover=1.0, approach=0.35, motion=0.57)
    frames = []
    for i in range(45):
        t = i / 15
        hidden = 1 if 15 <= i < 18 or 22 <= i < 25 else 0
        hand = (moving if i in (15, 22) else OWN_STILL_HAND) if hidden else EMPTY
        frames.append((t, ALL_PADS - {11} if hidden else ALL_PADS, {0: EMPTY, 1: hand, 2: EMPTY, 3: EMPTY}))
    assert [(kind, seat) for kind, _t, seat in run(PadWatcher(4, double_tap=DoubleTap()), frames)] == [("declare", 1)]


def test_a_marker_flickering_out_for_a_frame_is_no_tap():
    flickers = [(1.0, 1.0 + 1.5 / FPS), (1.4, 1.4 + 1.5 / FPS)]    # one frame hidden each
    assert run(tapping(), pad_one(flickers, 3.0, evidence=None)) == []


def test_taps_by_another_seats_arm_are_nothing():
    assert run(tapping(), pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0, evidence=OTHER_SEATS_ARM)) == []
    assert run(tapping(), pad_one([(1.0, 2.5)], 3.0, evidence=OTHER_SEATS_ARM)) == []


def test_without_evidence_taps_of_the_marker_alone_declare():
    seen = run(tapping(), pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0, evidence=None))
    assert [(kind, seat) for kind, _t, seat in seen] == [("declare", 1)]


def test_a_blocked_camera_during_a_tap_cancels_it():
    watcher = tapping()
    frames = pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0)
    blocked = [(t, {1, 11} if 1.5 <= t < 1.8 else ids, ev) for t, ids, ev in frames]
    assert run(watcher, blocked) == []


def test_reset_forgets_a_first_tap():
    watcher = tapping()
    frames = pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0)
    seen = run(watcher, [f for f in frames if f[0] < 1.4])
    watcher.reset([1])
    seen += run(watcher, [f for f in frames if f[0] >= 1.4])
    assert seen == []


def test_without_double_tap_two_taps_are_nothing_and_the_hold_is_todays():
    watcher = PadWatcher(4)
    assert run(watcher, pad_one([(1.0, 1.3), (1.5, 1.8)], 3.0)) == []
    assert [kind for kind, _t, _seat in run(PadWatcher(4), pad_one([(1.0, 1.45)], 3.0))] == ["pass"]


def test_a_double_tap_needs_its_timings_in_order():
    with pytest.raises(ValueError, match="min_tap < pass_hold < window"):
        DoubleTap(window=0.5, pass_hold=0.6)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 45), st.integers(3, 45)), min_size=1, max_size=6))
def test_every_cover_is_a_pass_or_a_tap_never_both(spans):
    """Covers of any length, in frames (each followed by a gap of frames): one pass for each
    cover that lasts the pass hold, and a declaration only ever as a shorter cover is lifted."""
    hold_frames = DoubleTap().pass_hold * FPS
    covers, frame = [], 15
    for length, gap in spans:
        covers.append((frame, frame + length))        # hidden from the first frame, seen at the second
        frame += length + gap
    seen = run(tapping(), pad_one([((a - 0.5) / FPS, (b - 0.5) / FPS) for a, b in covers], (frame + 15) / FPS))
    held = [(a, b) for a, b in covers if b - 1 - a >= hold_frames - 1e-6]
    assert [round(t * FPS) for kind, t, _seat in seen if kind == "pass"] == [round(a + hold_frames) for a, _b in held]
    taps_lifted = {b for a, b in covers if (a, b) not in held}
    assert all(round(t * FPS) in taps_lifted for kind, t, _seat in seen if kind == "declare")
