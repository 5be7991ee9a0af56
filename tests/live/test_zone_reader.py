"""ZoneReader on filmed frames: it reads the cards in the card zones as the whole-frame recogniser
does, in image pixels, runs the detector again only when a zone's pixels change (until two reads
agree, or once a second has passed), and a hand resting on a pad outside the card zones starts no
reading. Of the reads of a still table it hands on the one most of them agree with (`most_agreed`):
a faint card missed in a frame or two is not lost for the second until the next reading."""

from __future__ import annotations

import pytest

from referee.calibration import calibrate_from_images
from referee.calibration.layout import PAD
from referee.live.perception import ZONE_READER_SWITCH, CameraPerception
from referee.live import zone_reader
from referee.live.zone_reader import (LIVE_CARD_INPUT_PX, READ_AT_LEAST_EVERY_S, SMALL_CARD_INPUT_PX, STILL_READS,
                                      ZoneReader, crop_box, enlargement, most_agreed)
from referee.synth.choreography import Stage
from referee.calibration.scale import card_height_px
from referee.synth.footage import FilmSet, Filming, film_zones
from referee.vision.labels import parse_label
from referee.vision.recognizer import CardRecognizer
from referee.vision.types import CardReading

FILM = FilmSet(fps=5.0)
SEATS = ("Ann", "Bo", "Cy")
LAID = {"9S": 1.0, "KH": 5.0}       # the 9S on the pile at 1 s, the KH in Bo's point-card zone at 5 s
PAD_COVERED = (2.0, 3.5)            # Ann covers her pad meanwhile
END = 6.4


def staged_table(film: FilmSet = FILM):
    zones = {z.name: z for z in film_zones(len(SEATS), film)}
    stage = Stage(list(zones.values()), film.table_mm)
    stage.place("9S", zones["pile"].center(), "pile", LAID["9S"])
    stage.place("KH", zones["points-1"].center(), "points-1", LAID["KH"])
    stage.cover_pad(0, *PAD_COVERED)
    return stage.timeline()


@pytest.fixture(scope="module")
def filmed():
    """(t, image) of each frame, the calibration, the recogniser."""
    frames = [(t, image) for _, t, image in Filming(staged_table(), FILM).frames(0.0, END)]
    calibration = calibrate_from_images([image for _, image in frames[:3]], list(SEATS),
                                        table_size=FILM.table_mm, units="mm")
    return frames, calibration, CardRecognizer()


def codes(readings):
    return sorted(r.code for r in readings)


def in_card_zones(readings, calibration):
    """The readings whose centre lies in a card zone: what the tracker counts."""
    return [r for r in readings
            if (zone := calibration.zone_at_image(((r.box[0] + r.box[2]) / 2, (r.box[1] + r.box[3]) / 2)))
            and zone.kind != PAD]


def test_zone_reader_reads_what_the_whole_frame_shows_and_only_on_change(filmed):
    frames, calibration, recognizer = filmed
    reader = ZoneReader(recognizer, calibration)
    runs = []
    for t, image in frames:
        before = reader.detections
        zoned = reader.read(image, t)
        runs.append(reader.detections > before)
        whole = in_card_zones(recognizer.read(image), calibration)
        want = [code for code, laid in LAID.items() if t >= laid]
        assert codes(whole) == sorted(want), t
        assert codes(in_card_zones(zoned, calibration)) == sorted(want), t
        for mine, theirs in zip(sorted(zoned, key=lambda r: r.code), sorted(whole, key=lambda r: r.code)):
            assert all(abs(a - b) < 12 for a, b in zip(mine.box, theirs.box)), (t, mine.box, theirs.box)
    times = [t for t, _ in frames]
    # the first frame, each card's arrival (and the frame after it, which reads the same), and
    # otherwise at least once a second: no more
    read_at = [t for t, ran in zip(times, runs) if ran]
    assert read_at[0] == times[0]
    for laid in LAID.values():
        arrival = times.index(min(t for t in times if t >= laid))
        assert times[arrival] in read_at and times[arrival + 1] in read_at
        assert times[arrival + 2] not in read_at
    assert all(b - a <= READ_AT_LEAST_EVERY_S + 1 / FILM.fps + 1e-6 for a, b in zip(read_at, read_at[1:]))
    # the arm coming and going near Bo's point-card zone is read; the hand resting on the pad
    # gets no more than the once-a-second look
    resting = [(a, b) for a, b in zip(read_at, read_at[1:]) if PAD_COVERED[0] + 0.5 < b < PAD_COVERED[1] - 0.2]
    assert all(b - a >= READ_AT_LEAST_EVERY_S - 1e-6 for a, b in resting), resting
    assert len(read_at) < len(times) * 0.5


def card(code: str, x: float, confidence: float = 0.5) -> CardReading:
    return CardReading(parse_label(code), confidence, (x - 30, 400.0, x + 30, 480.0))


def test_the_still_table_is_the_read_most_reads_agree_with():
    """A faint 7C on the pile among clear cards, read in three of five frames (once as a 2C):
    the read handed on for the still table has it, as a 7C; a card read in one frame of five
    (a faint back) is not in it; of reads alike, the latest."""
    clear = (card("3D", 100, 0.8), card("5H", 300, 0.8))
    reads = ((*clear,), (*clear, card("7C", 800)), (*clear,), (*clear, card("7C", 801)),
             (*clear, card("2C", 800, 0.6)))
    assert len(reads) == STILL_READS
    chosen = most_agreed(reads, same_card_px=20)
    assert chosen is reads[3]
    assert most_agreed(reads[:1] + reads[2:3], 20) is reads[2]
    with_back = ((*clear,), (*clear, card("back", 600, 0.1)), (*clear,))
    assert most_agreed(with_back, 20) is with_back[2]
    # one card, two places: another card, not the same one read twice
    assert most_agreed(((card("7C", 800),), (card("7C", 900),), (card("7C", 900),)), 20)[0].box[0] == 870


@pytest.mark.parametrize("enlarge", [1.0, 1.25])
def test_the_crop_lands_cards_at_most_max_enlarge_larger_than_the_whole_frame(enlarge, monkeypatch):
    monkeypatch.setattr(zone_reader, "MAX_ENLARGE", enlarge)
    size = (448, 768)
    frame_scale = min(448 / 720, 768 / 1280)
    for box in ((500, 300, 700, 400), (0, 0, 1280, 720), (100, 50, 1200, 400), (600, 0, 700, 720)):
        x0, y0, x1, y1 = crop_box(box, 1280, 720, size)
        assert 0 <= x0 <= box[0] and 0 <= y0 <= box[1] and x1 >= min(box[2], 1280) and y1 >= min(box[3], 720)
        assert x1 <= 1280 and y1 <= 720
        assert min(size[0] / (y1 - y0), size[1] / (x1 - x0)) <= frame_scale * enlarge + 1e-6
        if enlarge == 1.0:      # nothing gained: the whole frame, framed as the detector learnt it
            assert (x0, y0, x1, y1) == (0, 0, 1280, 720)
    monkeypatch.setattr(zone_reader, "MAX_ENLARGE", 1.25)
    assert crop_box((100, 50, 1200, 400), 1280, 720, size) != (0, 0, 1280, 720)


def test_the_zone_reader_is_the_default_with_a_calibration_and_can_be_switched_off(filmed, monkeypatch):
    _, calibration, recognizer = filmed
    monkeypatch.delenv(ZONE_READER_SWITCH, raising=False)
    assert CameraPerception(recognizer, calibration=calibration).zones is not None
    assert CameraPerception(recognizer, calibration=calibration, zone_reader=False).zones is None
    assert CameraPerception(recognizer).zones is None
    monkeypatch.setenv(ZONE_READER_SWITCH, "0")
    assert CameraPerception(recognizer, calibration=calibration).zones is None
    assert CameraPerception(recognizer, calibration=calibration, zone_reader=True).zones is not None


INPUT = (448, 768)   # the detector's input (h, w)


def test_cards_at_the_normal_scale_are_read_as_the_whole_frame_reads_them_and_small_ones_enlarged():
    # the filmed games' cards, about 94 px tall in 1280x720 (56 px in the input): as they are
    assert enlargement(94.0, (720, 1280), INPUT) is None
    assert enlargement(86.0, (720, 1280), INPUT) is None
    assert enlargement(None, (720, 1280), INPUT) is None
    # a camera mounted high: 55 px cards land at LIVE_CARD_INPUT_PX
    assert 55.0 * enlargement(55.0, (720, 1280), INPUT) == pytest.approx(LIVE_CARD_INPUT_PX)
    # 640x480 letterboxes 0.93x: a 54 px card is below the bar there, a 60 px one is not
    assert 54.0 * 448 / 480 < SMALL_CARD_INPUT_PX and enlargement(54.0, (480, 640), INPUT) is not None
    assert enlargement(60.0, (480, 640), INPUT) is None


def test_the_zone_reader_keeps_the_whole_frame_at_the_normal_scale(filmed):
    frames, calibration, recognizer = filmed
    reader = ZoneReader(recognizer, calibration)
    reader.read(frames[0][1], frames[0][0])
    assert reader.views is None and reader.crop == (0, 0, 1280, 720)


SMALL_FILM = FilmSet(fps=5.0, fill=0.5)     # the camera mounted higher: cards about 54 px tall


def test_small_cards_are_read_from_the_zones_enlarged_to_the_detectors_size():
    frames = [(t, image) for _, t, image in Filming(staged_table(SMALL_FILM), SMALL_FILM).frames(0.0, END)
              if t < 1.6 or t >= 5.4]
    calibration = calibrate_from_images([image for _, image in frames[:3]], list(SEATS),
                                        table_size=SMALL_FILM.table_mm, units="mm")
    card = card_height_px(calibration)
    assert 50 < card < 60
    recognizer = CardRecognizer()
    reader = ZoneReader(recognizer, calibration)
    seen = []
    for t, image in frames:
        zoned = reader.read(image, t)
        want = sorted(code for code, laid in LAID.items() if t >= laid)
        seen.append(codes(in_card_zones(zoned, calibration)) == want)
    assert reader.views, "the zones are read enlarged"
    assert all(v.scale * card == pytest.approx(LIVE_CARD_INPUT_PX) for v in reader.views)
    x0, y0, x1, y1 = reader.crop
    assert (x1 - x0) * (y1 - y0) < 0.6 * SMALL_FILM.image_size[0] * SMALL_FILM.image_size[1]   # the zones, not the frame
    assert seen[-1] and seen[-2] and sum(seen) >= len(seen) - 2, seen
