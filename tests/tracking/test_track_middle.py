"""A card's middle seen as a picture puts all its pip readings in doubt (`Track.candidates`):
also the readings of frames that did not see the middle, unless more frames saw its pips (a
hand passing over a pip card shows a picture for a few frames); a look through a hand reaching
the pile is no look at the middle (`TableTracker.update`)."""

from __future__ import annotations

from referee.engine.cards import Card
from referee.live.officiating import DEFAULT_ASK_MARGIN
from referee.tracking.readings import TableReading
from referee.tracking.tracks import Track
from referee.vision.labels import label_code

ACE, JACK = Card.parse("AS"), Card.parse("JS")
SURE_ACE = ((ACE, 0.95), (JACK, 0.01))


def track_seeing(pictures):
    """A track of a card read surely as AS, one frame per entry of ``pictures`` (what its middle
    showed: True a picture, False pips, None not looked at)."""
    track = Track((0.0, 0.0), 0.0, 0.0, ACE)
    for i, picture in enumerate(pictures):
        track.look(i / 15, TableReading(ACE, 0.95, (0.0, 0.0), "pile", SURE_ACE, picture))
    return track


def lead(track):
    (best, a), (_, b) = track.candidates(2)[:2]
    return label_code(best), a - b


def test_a_picture_seen_late_puts_every_earlier_reading_in_doubt():
    # read by one corner for 10 frames (no middle to look at), then the middle shows a picture
    code, margin = lead(track_seeing([None] * 10 + [True] * 3))
    assert code == "AS" and margin < DEFAULT_ASK_MARGIN        # the referee asks


def test_without_the_sticky_doubt_the_late_picture_would_count_little():
    code, margin = lead(track_seeing([None] * 13))
    assert code == "AS" and margin > 3.0


def test_a_hand_passing_over_a_pip_card_does_not_put_it_in_doubt():
    code, margin = lead(track_seeing([False] * 8 + [True] * 2 + [False] * 3))
    assert code == "AS" and margin > DEFAULT_ASK_MARGIN      # not asked


def test_one_picture_frame_is_not_enough():
    code, margin = lead(track_seeing([None] * 12 + [True]))
    assert code == "AS" and margin > DEFAULT_ASK_MARGIN      # not asked


def test_the_hand_laying_a_pip_card_does_not_put_it_in_doubt():
    # the arriving hand's colours over the middle, then the pips once it has left
    code, margin = lead(track_seeing([True] * 6 + [False] * 4))
    assert code == "AS" and margin > DEFAULT_ASK_MARGIN      # not asked


def test_a_look_through_the_hand_laying_the_card_is_no_look_at_its_middle():
    # the 8D arrives in a hand whose skin lies over its middle (a picture's colours), then the
    # next card of the pair covers its middle: the only picture looks were through the hand
    from reading_streams import FPS, of, tracker

    from referee.tracking import HandEvidence, PlaySeen

    eight, jack = Card.parse("8D"), Card.parse("JD")
    sure = ((eight, 0.97), (Card.parse("8H"), 0.02))

    def margin_of_play(hand_seen: bool) -> float:
        tr, plays = tracker(), []
        for i in range(int(3 * FPS)):
            t = i / FPS
            holding = t < 0.6
            hand = HandEvidence(((1, frozenset({(400, 300)})),) if holding and hand_seen else ())
            reading = TableReading(eight, 0.95, (400.0, 300.0), "pile", sure, True if holding else None)
            plays += of(PlaySeen, tr.update(t, [reading] if t >= 0.3 else [], hand=hand))
        (play,) = plays
        scores = dict(play.candidates[0])
        return scores[eight] - scores.get(jack, -99.0)

    assert margin_of_play(hand_seen=True) > DEFAULT_ASK_MARGIN      # not asked
    assert margin_of_play(hand_seen=False) < DEFAULT_ASK_MARGIN     # without the hand: in doubt
