"""PadWatcher: a pass is a pad marker hidden for 0.3 s while the table stays in view."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tracking import PadEvidence, PadWatcher

TABLE = {0, 1, 2, 3}
ALL_PADS = TABLE | {10, 11, 12, 13}


def run(watcher: PadWatcher, frames):
    """Feed (t, visible ids) frames; return the (t, seat) of every pass reported."""
    passes = []
    for t, ids in frames:
        report = watcher.update(t, ids)
        passes += [(t, seat) for seat in report.newly_covered]
    return passes


def frames_at(fps: float, start: float, end: float, ids):
    n0, n1 = round(start * fps), round(end * fps)
    return [(i / fps, ids) for i in range(n0, n1)]


def test_pad_hidden_for_the_hold_time_is_one_pass():
    watcher = PadWatcher(4)
    frames = frames_at(30, 0, 1, ALL_PADS) + frames_at(30, 1, 2, ALL_PADS - {12}) + frames_at(30, 2, 3, ALL_PADS)
    passes = run(watcher, frames)
    assert len(passes) == 1
    t, seat = passes[0]
    assert seat == 2 and 1.3 <= t < 1.3 + 1 / 30 + 1e-9


def test_shorter_cover_is_no_pass():
    watcher = PadWatcher(4)
    frames = frames_at(30, 0, 1, ALL_PADS) + frames_at(30, 1, 1.25, ALL_PADS - {11}) + frames_at(30, 1.25, 2, ALL_PADS)
    assert run(watcher, frames) == []


def test_release_and_cover_again_is_a_second_pass():
    watcher = PadWatcher(4)
    frames = (frames_at(10, 0, 1, ALL_PADS) + frames_at(10, 1, 2, ALL_PADS - {10}) + frames_at(10, 2, 3, ALL_PADS)
              + frames_at(10, 3, 4, ALL_PADS - {10}))
    assert [seat for _t, seat in run(watcher, frames)] == [0, 0]
    report = watcher.update(4.0, ALL_PADS)
    assert report.released == (0,) and report.covered == frozenset()


def test_blocked_camera_is_not_a_pass():
    watcher = PadWatcher(4)
    frames = frames_at(30, 0, 1, ALL_PADS) + frames_at(30, 1, 3, {1, 13})   # only one corner left
    assert run(watcher, frames) == []


def test_blocked_frames_restart_the_timing():
    watcher = PadWatcher(4)
    frames = (frames_at(10, 0, 1, ALL_PADS) + frames_at(10, 1, 1.2, ALL_PADS - {10})
              + [(1.2, {10})] + frames_at(10, 1.3, 1.5, ALL_PADS - {10}))
    assert run(watcher, frames) == []           # 0.2 s + a blocked frame + 0.2 s is not 0.3 s
    assert run(watcher, frames_at(10, 1.5, 1.7, ALL_PADS - {10})) == [(1.6, 0)]


def test_one_corner_flickering_does_not_cancel_a_pass():
    watcher = PadWatcher(4)
    flicker = [(1 + i / 10, (ALL_PADS - {11}) - ({2} if i % 2 else set())) for i in range(5)]
    assert [seat for _t, seat in run(watcher, frames_at(10, 0, 1, ALL_PADS) + flicker)] == [1]


def test_pad_never_seen_cannot_pass():
    watcher = PadWatcher(4)
    assert run(watcher, frames_at(30, 0, 2, TABLE | {10, 11, 12})) == []     # seat 3 has no pad out


def test_report_lists_visible_and_covered_seats():
    watcher = PadWatcher({0: 10, 1: 11})
    watcher.update(0.0, TABLE | {10, 11})
    first_missing = watcher.update(0.1, TABLE | {10})
    assert first_missing.covered == frozenset()        # timed from the first frame without it
    report = watcher.update(0.4, TABLE | {10})
    assert report.table_visible and report.visible == {0} and report.covered == {1}
    assert report.newly_covered == (1,)


def test_time_must_not_go_back():
    watcher = PadWatcher(2)
    watcher.update(1.0, TABLE)
    try:
        watcher.update(0.5, TABLE)
    except ValueError:
        pass
    else:
        raise AssertionError("expected ValueError")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 0.2), st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_a_pass_always_follows_a_full_hold_with_the_table_in_view(steps):
    """Every reported pass has the pad missing, with the table in view, over the last `hold`
    seconds of frames; and no seat passes twice without its pad being seen in between."""
    watcher = PadWatcher({0: 10})
    t = 0.0
    history = []            # (t, pad visible, table visible)
    watcher.update(t, TABLE | {10})
    history.append((t, True, True))
    covered = False
    for dt, pad_visible, table_visible in steps:
        t += dt
        ids = (TABLE if table_visible else {0}) | ({10} if pad_visible else set())
        report = watcher.update(t, ids)
        history.append((t, pad_visible, table_visible))
        if pad_visible:
            covered = False
        if report.newly_covered:
            assert not covered
            covered = True
            run_start = t
            for ht, hp, htable in reversed(history):
                if hp or not htable:
                    break
                run_start = ht
            assert t - run_start >= 0.3 - 1e-9


def test_reset_makes_a_hand_left_on_a_pad_lift_before_it_counts_again():
    watcher = PadWatcher(4)
    assert run(watcher, frames_at(10, 0, 1, ALL_PADS) + frames_at(10, 1, 2, ALL_PADS - {10})) == [(1.3, 0)]
    watcher.reset()
    assert run(watcher, frames_at(10, 2, 3, ALL_PADS - {10})) == []        # the same hand, still there
    assert run(watcher, [(3.0, ALL_PADS)] + frames_at(10, 3.1, 3.5, ALL_PADS - {10})) == [(3.4, 0)]


def test_resetting_one_pad_leaves_another_players_cover_running():
    # a prompt to seat 2 starts while seat 0's hand is already on its pad: seat 0 still passes
    watcher = PadWatcher(3)
    everything = {0, 1, 2, 3, 10, 11, 12}
    watcher.update(0.0, everything)
    watcher.update(0.1, everything - {10, 12})
    watcher.reset([2])
    assert watcher.update(0.45, everything - {10, 12}).newly_covered == (0,)
    assert watcher.update(0.9, everything - {10, 12}).newly_covered == ()   # seat 2 must lift first


# ---- with the camera's evidence around the pads ------------------------------------------------

OWN_STILL_HAND = PadEvidence(cover=1.0, approach=0.4, motion=0.0)
OTHER_SEATS_ARM = PadEvidence(cover=0.9, approach=0.0, motion=0.0)     # nothing crosses the seat's edge
HAND_BESIDE = PadEvidence(cover=0.2, approach=0.5, motion=0.0)         # only the marker's edge hidden
MOVING_ARM = PadEvidence(cover=0.9, approach=0.4, motion=0.6)
REACHING_PAST = PadEvidence(cover=1.0, approach=0.4, motion=0.0, reach=0.7)   # the own arm laying cards
EMPTY = PadEvidence(cover=0.0, approach=0.0, motion=0.0)


def run_seen(watcher: PadWatcher, frames):
    """Feed (t, visible ids, evidence for seat 1, pile arriving) frames; return the passes."""
    passes = []
    for t, ids, evidence, arriving in frames:
        report = watcher.update(t, ids, {0: EMPTY, 1: evidence, 2: EMPTY, 3: EMPTY}, arriving)
        passes += [(round(t, 3), seat) for seat in report.newly_covered]
    return passes


def seen_at(fps: float, start: float, end: float, ids, evidence, arriving: bool = False):
    return [(t, i, evidence, arriving) for t, i in frames_at(fps, start, end, ids)]


def test_with_evidence_a_still_hand_from_its_own_seat_passes():
    watcher = PadWatcher(4)
    frames = seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 2, ALL_PADS - {11}, OWN_STILL_HAND)
    assert run_seen(watcher, frames) == [(1.3, 1)]


def test_another_players_arm_across_the_pad_is_no_pass_however_long():
    watcher = PadWatcher(4)
    frames = seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 4, ALL_PADS - {11}, OTHER_SEATS_ARM)
    assert run_seen(watcher, frames) == []
    assert run(PadWatcher(4), [(t, ids) for t, ids, _e, _a in frames]) == [(1.3, 1)]   # the marker alone would pass


def test_a_hand_beside_the_pad_hiding_its_edge_is_no_pass():
    watcher = PadWatcher(4)
    assert run_seen(watcher, seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 3, ALL_PADS - {11}, HAND_BESIDE)) == []


def test_an_arm_moving_over_the_pad_restarts_the_timing():
    watcher = PadWatcher(4)
    moving = [(1 + i / 10, ALL_PADS - {11}, MOVING_ARM if i % 3 == 0 else OWN_STILL_HAND, False) for i in range(20)]
    assert run_seen(watcher, seen_at(10, 0, 1, ALL_PADS, EMPTY) + moving) == []       # still for 0.2 s at most
    # still from 2.9 s on (the last moving frame was at 2.8 s): a pass 0.3 s later
    assert run_seen(watcher, seen_at(10, 3, 3.5, ALL_PADS - {11}, OWN_STILL_HAND)) == [(3.2, 1)]


def test_no_pass_while_cards_arrive_on_the_pile_then_the_held_hand_passes():
    watcher = PadWatcher(4)
    frames = (seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 2, ALL_PADS - {11}, OWN_STILL_HAND, True)
              + seen_at(10, 2, 3, ALL_PADS - {11}, OWN_STILL_HAND))
    assert run_seen(watcher, frames) == [(2.3, 1)]


def test_a_hold_begun_before_the_next_players_cards_arrive_still_passes():
    # the pass of kde-ancient-egyptians highschool seed 1: still for 0.27 s, then the next play arrives
    watcher = PadWatcher(4)
    frames = (seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 1.25, ALL_PADS - {11}, OWN_STILL_HAND)
              + seen_at(10, 1.25, 2, ALL_PADS - {11}, OWN_STILL_HAND, True))
    assert run_seen(watcher, frames) == [(1.3, 1)]


def test_an_own_arm_reaching_past_the_pad_to_the_pile_is_no_pass_however_still():
    watcher = PadWatcher(4)
    frames = seen_at(10, 0, 1, ALL_PADS, EMPTY) + seen_at(10, 1, 3, ALL_PADS - {11}, REACHING_PAST)
    assert run_seen(watcher, frames) == []


def test_a_seat_without_evidence_is_timed_on_its_marker_alone():
    watcher = PadWatcher(4)
    frames = frames_at(10, 0, 1, ALL_PADS) + frames_at(10, 1, 2, ALL_PADS - {12})
    passes = []
    for t, ids in frames:
        passes += [(round(t, 3), seat) for seat in watcher.update(t, ids, {1: OTHER_SEATS_ARM}).newly_covered]
    assert passes == [(1.3, 2)]
