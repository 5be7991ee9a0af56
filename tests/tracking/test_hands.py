"""Who laid a play, from the frames with a hand over the pile: the seat those frames agree on,
nobody when they are too few or disagree, and nothing carried over from a play already seen or
cards taken back."""

from __future__ import annotations

from reading_streams import FPS, card, of, tracker

from referee.tracking import HandEvidence, HandWatcher, PlaySeen, TakenBack


def reaching(seat, *cells):
    """Evidence of one seat's arm over the pile (covering these cells), or of none."""
    return HandEvidence(() if seat is None else ((seat, frozenset(cells)),))


def watcher_with(*seats):
    watcher = HandWatcher()
    for i, seat in enumerate(seats):
        watcher.update(i / FPS, reaching(seat))
    return watcher, len(seats) / FPS


def test_the_seat_the_frames_agree_on_laid_the_play():
    watcher, t = watcher_with(None, 2, 2, 2, None, 2, 1)
    assert watcher.laid_by(t) == 2
    assert watcher.laid_by(t + 1) is None              # the next play starts afresh


def test_too_few_frames_or_frames_that_disagree_tell_nobody():
    assert watcher_with(3)[0].laid_by(1.0) is None
    assert watcher_with(1, 1, 1, 2, 2)[0].laid_by(1.0) is None
    assert watcher_with(None, None, None)[0].laid_by(1.0) is None
    # another hand seen over the pile more than once (an idle hand beside the one laying)
    assert watcher_with(1, 1, 1, 1, 1, 1, 1, 2, 2)[0].laid_by(1.0) is None


def test_frames_long_before_the_play_do_not_count():
    watcher, _ = watcher_with(1, 1, 1)
    assert watcher.laid_by(10.0) is None


def test_the_tracker_gives_the_play_the_seat_whose_hand_laid_it_and_forgets_a_take_back():
    tr = tracker()
    obs, refused = [], False
    for i in range(int(4 * FPS)):
        t = i / FPS
        hand = reaching(3 if t < 0.6 or 1.6 <= t < 2.0 else None, (400, 300))   # D lays the card, takes it back
        cards = [card("9D", 400)] if 0.3 <= t < 2.0 else []
        obs.extend(tr.update(t, cards, hand=hand))
        if of(PlaySeen, obs) and not refused:
            tr.take_back_last_play()
            refused = True
    assert [o.seat for o in of(PlaySeen, obs)] == [3]
    assert of(TakenBack, obs)
    assert tr.hands.laid_by(4.0) is None                 # the hand taking the card back laid nothing


def test_an_idle_hand_beside_the_new_cards_or_the_picture_of_one_just_lifted_lays_nothing():
    # D's hand holds the card at (400, 300) as it arrives; B's rests in the pile zone beside it
    # all along, and after D's hand leaves, the table keeps B's picture a moment longer
    tr = tracker()
    obs = []
    for i in range(int(3 * FPS)):
        t = i / FPS
        arms = ((1, frozenset({(250, 330)})),)
        if t < 0.6:
            arms += ((3, frozenset({(400, 300), (401, 300)})),)
        cards = [card("9D", 400)] if t >= 0.3 else []
        obs.extend(tr.update(t, cards, hand=HandEvidence(arms)))
    assert [o.seat for o in of(PlaySeen, obs)] == [3]
    assert [o.places for o in of(PlaySeen, obs)] == [((400, 300.0),)]


def test_an_arm_covering_the_new_cards_is_the_one_counted():
    watcher = HandWatcher()
    for i in range(6):
        watcher.update(i / FPS, HandEvidence(((0, frozenset({(5, 5)})), (2, frozenset({(9, 9)}))), 1.0))
    assert watcher.laid_by(1.0, ((9.5, 9.2),)) == 2
