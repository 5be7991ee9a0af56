"""HandSensor on filmed frames: each play is given to the seat whose hand laid it, whatever the
turn, though an idle hand rests in the pile zone beside the cards being laid; a hand covering
its pad or frames without a hand over the pile name nobody."""

from __future__ import annotations

import pytest

from referee.calibration import calibrate_from_images
from referee.calibration.layout import PILE
from referee.live.hand_sensor import HandSensor
from referee.live.pad_sensor import PadSensor
from referee.synth.choreography import Stage
from referee.synth.footage import FilmSet, Filming, film_zones
from referee.tracking import HandWatcher

FILM = FilmSet(fps=10.0)
SEATS = ("Ann", "Bo", "Cy")                    # bottom, left, top
PLAYS = ((1.0, 1, ["5H"]), (3.0, 0, ["7S", "7D"]), (5.0, 2, ["9C"]))   # (start, seat, cards)
PAD_COVER = (7.0, 7.8)                          # Bo passes
IDLE_HAND = ((230.0, 320.0), 4.6, 5.6, 0)       # Ann rests a hand in the pile zone while Cy lays 9C
END = 8.5


def staged_table():
    stage = Stage(film_zones(len(SEATS), FILM), FILM.table_mm)
    laid = [stage.lay_fan(cards, PILE, start, seat) for start, seat, cards in PLAYS]
    centre, start, end, seat = IDLE_HAND
    stage.hand(centre, start, end, seat=seat)
    stage.cover_pad(1, *PAD_COVER)
    stage.place("2S", (80.0, 80.0), "points-2", END)        # the timeline lasts past the pass
    places = [tuple(stage.cards[i].position for i in spans) for spans, _ in laid]
    return stage.timeline(), [end for _, end in laid], places


@pytest.fixture(scope="module")
def filmed():
    """(t, evidence) for each frame of the staged table, when each play's hand left and where
    its cards lie."""
    timeline, ends, places = staged_table()
    frames = list(Filming(timeline, FILM).frames(0.0, END))
    calibration = calibrate_from_images([image for _, _, image in frames[:3]], list(SEATS),
                                        table_size=FILM.table_mm, units="mm")
    pads = PadSensor(calibration)
    hands = HandSensor(calibration, pads)
    out = []
    for _, t, image in frames:
        pads.measure(image, t)
        out.append((t, hands.measure()))
    return out, ends, places


def test_each_play_goes_to_the_seat_whose_hand_laid_it(filmed):
    frames, ends, places = filmed
    watcher = HandWatcher()
    laid, anywhere, since = [], [], 0.0
    for end, where in zip(ends, places):
        seen = [(t, evidence) for t, evidence in frames if since < t <= end + 0.3]
        for t, evidence in seen:
            watcher.update(t, evidence)
        laid.append(watcher.laid_by(end + 0.3, where))
        for t, evidence in seen:
            watcher.update(t, evidence)
        anywhere.append(watcher.laid_by(end + 0.3))
        since = end + 0.3
    assert laid == [seat for _, seat, _ in PLAYS]
    # counting any arm over the pile, Ann's idle one, longer there than Cy's, takes Cy's play
    assert anywhere == [1, 0, 0]


def test_nobody_reaches_the_pile_between_plays_or_during_a_pass(filmed):
    frames, ends, _ = filmed
    quiet = [evidence.seat for t, evidence in frames
             if evidence is not None and (PAD_COVER[0] <= t <= PAD_COVER[1] or ends[-1] + 0.5 <= t < PAD_COVER[0])]
    assert quiet and all(seat is None for seat in quiet)
