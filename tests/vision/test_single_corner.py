"""A card read from one corner only counts on still images when that corner is read surely
(STILL_IMAGE_OPTIONS' single_corner_min_probability): a card whose two corners agree is the
stronger evidence, and most wrong readings of unseen designs are single corners."""

from __future__ import annotations

from referee.synth.scenes.generator import generate_scene
from referee.vision.grouping import separate_corners
from referee.vision.labels import parse_label
from referee.vision.recognizer import CardRecognizer, reading_probability
from referee.vision.types import CardReading


def one_corner(scene, code: str, p: float) -> CardReading:
    """A card read `code` at `p` from the scene's first corner index alone."""
    box = next(tuple(float(v) for v in o.box) for o in scene.objects if o.kind == "index")
    return CardReading(parse_label(code), p, box, (box,), ((parse_label(code), p),))


def test_corners_on_one_index_count_once():
    card = CardReading(parse_label("QH"), 0.9, (0, 0, 60, 90),
                       ((0, 0, 10, 20), (1, 1, 11, 21), (50, 70, 60, 90)))
    assert separate_corners(card) == 2
    assert separate_corners(CardReading(parse_label("QH"), 0.9, (0, 0, 60, 90), ((0, 0, 10, 20),))) == 1


def test_only_surely_read_single_corners_are_kept():
    scene = generate_scene(4250, ["gnome-neoclassical", "kde-penguins"])
    plain = CardRecognizer(threads=1).read(scene.image)
    strict = CardRecognizer(threads=1, single_corner_min_probability=0.95).read(scene.image)
    faces = [r for r in strict if r.code != "back"]
    assert faces and all(separate_corners(r) > 1 or reading_probability(r) >= 0.95 for r in faces)
    assert {(r.code, r.box) for r in strict} <= {(r.code, r.box) for r in plain}
    dropped = [r for r in plain if (r.code, r.box) not in {(s.code, s.box) for s in strict}]
    assert dropped and all(r.code != "back" and separate_corners(r) == 1 and reading_probability(r) < 0.95
                           for r in dropped)


def test_a_dark_faces_single_corner_needs_the_dark_bar():
    """dark_single_corner_min_probability: a card read from one corner whose index is printed light
    on dark paper needs the dark bar; one printed dark on light paper only the single-corner bar."""
    dark = generate_scene(4243, ["referee-drawn-dark-1"])
    light = generate_scene(4250, ["gnome-neoclassical", "kde-penguins"])
    bars = {"single_corner_min_probability": 0.9, "dark_single_corner_min_probability": 0.95}
    recognizer = CardRecognizer(threads=1, **bars)
    assert not recognizer.single_corner_sure(dark.image, one_corner(dark, "5S", 0.93))
    assert recognizer.single_corner_sure(dark.image, one_corner(dark, "5S", 0.96))
    assert recognizer.single_corner_sure(light.image, one_corner(light, "5S", 0.93))
    assert not recognizer.single_corner_sure(light.image, one_corner(light, "5S", 0.85))
    # the scene as read: every dark single corner printed is read at the dark bar
    read = [r for r in recognizer.read(dark.image) if r.code != "back" and separate_corners(r) == 1]
    assert all(reading_probability(r) >= 0.95 for r in read)


def test_the_live_referee_has_no_single_corner_bars():
    """Both bars are still-image settings: on video a card missed in one frame is read in the next."""
    from referee.vision.recognizer import DARK_SINGLE_CORNER_MIN_PROBABILITY, LIVE_OPTIONS, STILL_IMAGE_OPTIONS
    live = CardRecognizer(threads=1, **LIVE_OPTIONS)
    assert live.single_corner_min_probability is None and live.dark_single_corner_min_probability is None
    assert STILL_IMAGE_OPTIONS["dark_single_corner_min_probability"] == DARK_SINGLE_CORNER_MIN_PROBABILITY


def test_a_dark_jokers_single_corner_keeps_the_joker_readers_bars():
    dark = generate_scene(4243, ["referee-drawn-dark-1"])
    recognizer = CardRecognizer(threads=1, single_corner_min_probability=0.9, dark_single_corner_min_probability=0.95)
    assert recognizer.single_corner_sure(dark.image, one_corner(dark, "JK", 0.93))


def test_a_faint_box_read_short_of_sure_needs_a_score():
    """single_corner_min_score: a card read from one corner below SINGLE_CORNER_SCORE_BELOW needs
    the detector's confidence times the probability at the bar; a sure reading or a joker does not."""
    from dataclasses import replace

    from referee.vision.recognizer import SINGLE_CORNER_SCORE_BELOW

    light = generate_scene(4250, ["gnome-neoclassical", "kde-penguins"])

    def read(code: str, p: float, score: float) -> CardReading:
        return replace(one_corner(light, code, p), confidence=score)

    recognizer = CardRecognizer(threads=1, single_corner_min_probability=0.9, single_corner_min_score=0.35)
    assert not recognizer.single_corner_sure(light.image, read("5S", 0.93, 0.3))
    assert recognizer.single_corner_sure(light.image, read("5S", 0.93, 0.4))
    assert recognizer.single_corner_sure(light.image, read("5S", SINGLE_CORNER_SCORE_BELOW, 0.3))
    assert recognizer.single_corner_sure(light.image, read("JK", 0.93, 0.3))
    assert CardRecognizer(threads=1, single_corner_min_probability=0.9).single_corner_sure(light.image, read("5S", 0.93, 0.3))


def test_still_images_have_the_score_bar_and_the_live_referee_not():
    from referee.vision.recognizer import LIVE_OPTIONS, SINGLE_CORNER_MIN_SCORE, STILL_IMAGE_OPTIONS

    assert STILL_IMAGE_OPTIONS["single_corner_min_score"] == SINGLE_CORNER_MIN_SCORE
    assert CardRecognizer(threads=1, **LIVE_OPTIONS).single_corner_min_score is None
