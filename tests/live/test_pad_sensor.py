"""PadSensor on filmed frames: with its evidence, a hand on the pad from the pad's own seat is a
pass, while another player's arm lying across the pad, a hand resting beside it and a player's
own arm held over it while laying cards on the pile are not (the marker alone would take the arm
for a pass); a hand lifted leaves nothing behind."""

from __future__ import annotations

import math

import pytest

from referee.calibration import calibrate_from_images
from referee.calibration.layout import PAD
from referee.calibration.markers import MarkerDetector
from referee.live.pad_sensor import PadSensor
from referee.synth.choreography import Stage
from referee.synth.footage import BODY_MM, FilmSet, Filming, film_zones
from referee.synth.motions import NEAR_PAD_AXIS_MM, Motions, segment_distance
from referee.tracking import PadWatcher

FILM = FilmSet(fps=10.0)
SEATS = ("Ann", "Bo", "Cy")           # bottom, left, top
PASS = (1.0, 1.8)                     # Ann covers her pad
ACROSS = (3.0, 4.0)                   # Bo's arm lies across Ann's pad
BESIDE = (5.0, 6.0)                   # Ann rests her hand beside her pad
REACH = (7.0, 8.0)                    # Bo holds his arm over his pad, laying cards on the pile
PILE = (450.0, 250.0)
END = 8.5


def staged_table():
    zones = film_zones(len(SEATS), FILM)
    stage = Stage(zones, FILM.table_mm)
    motions = Motions(stage, FILM.table_mm, 0)
    pad = next(z.center() for z in zones if z.kind == PAD and z.seat == 0)
    stage.cover_pad(0, *PASS)
    shoulder = motions.seat_point(1, 0.0, -BODY_MM)
    d = [(p - s) / math.dist(pad, shoulder) for p, s in zip(pad, shoulder)]
    stage.hand((pad[0] + 120 * d[0], pad[1] + 120 * d[1]), *ACROSS, seat=1, palm=True, along=0.0)
    beside = next(c for c in ((pad[0] + r * math.cos(a / 10), pad[1] + r * math.sin(a / 10))
                              for r in (70, 90, 110) for a in range(63))
                  if NEAR_PAD_AXIS_MM[0] + 2 <= segment_distance(pad, *motions.palm_axis(0, c)) <= NEAR_PAD_AXIS_MM[0] + 8
                  and c[1] < FILM.table_mm[1] - 20)
    stage.hand(beside, *BESIDE, seat=0, palm=True, along=motions.shoulder_along(0))
    # Bo's arm to the pile from the shoulder whence it lies right over his own pad
    bo_pad = next(z.center() for z in zones if z.kind == PAD and z.seat == 1)
    over = min((k / 50 for k in range(51)),
               key=lambda a: segment_distance(bo_pad, motions.seat_point(1, a, -BODY_MM), PILE))
    stage.hand(PILE, *REACH, seat=1, palm=True, along=over)
    stage.place("9S", PILE, "pile", END)                   # the timeline lasts past the hands
    return stage.timeline()


@pytest.fixture(scope="module")
def filmed():
    """(t, marker ids, evidence) for each frame of the staged table."""
    filming = Filming(staged_table(), FILM)
    frames = list(filming.frames(0.0, END))
    calibration = calibrate_from_images([image for _, _, image in frames[:3]], list(SEATS),
                                        table_size=FILM.table_mm, units="mm")
    sensor, detector = PadSensor(calibration), MarkerDetector(subpixel=False)
    return [(t, detector.visible_ids(image), sensor.measure(image, t)) for _, t, image in frames]


def passes(frames, with_evidence: bool):
    watcher = PadWatcher(len(SEATS))
    out = []
    for t, ids, evidence in frames:
        report = watcher.update(t, ids, evidence if with_evidence else None)
        out += [(t, seat) for seat in report.newly_covered]
    return out


def test_only_the_hand_from_the_pads_own_seat_passes(filmed):
    found = passes(filmed, with_evidence=True)
    assert len(found) == 1
    t, seat = found[0]
    assert seat == 0 and PASS[0] + 0.3 - 1e-9 <= t <= PASS[0] + 0.5


def test_the_marker_alone_takes_the_arm_across_for_a_pass(filmed):
    found = passes(filmed, with_evidence=False)
    assert any(ACROSS[0] <= t < ACROSS[1] and seat == 0 for t, seat in found)


def test_the_evidence_tells_the_three_apart(filmed):
    def during(span, seat=0):
        """Past the first frame (which moves), as long as a pass takes and a little more (the
        empty table learns whatever stays still for longer)."""
        return [evidence[seat] for t, _ids, evidence in filmed if span[0] + 0.05 < t < span[0] + 0.55]

    assert all(e.cover > 0.8 and e.approach > 0.15 and e.motion < 0.05 for e in during(PASS))
    assert all(e.cover > 0.6 and e.approach < 0.05 for e in during(ACROSS))
    assert all(e.cover < 0.5 and e.approach > 0.15 for e in during(BESIDE))
    assert all(e.reach < 0.2 for e in during(PASS))
    assert all(e.approach > 0.15 and e.reach > 0.5 for e in during(REACH, seat=1))


def test_a_hand_held_still_then_lifted_leaves_no_picture_of_itself(filmed):
    # the quick picture of the empty table has learnt much of the still hand by the time it
    # lifts; the table shows again what it showed for long, so nothing lies there
    after = [evidence[0] for t, _ids, evidence in filmed if PASS[1] + 0.15 < t < PASS[1] + 1.0]
    assert after and all(e.cover < 0.1 and e.approach < 0.05 for e in after)
