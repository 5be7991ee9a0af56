"""A card read from one corner only counts on still images when that corner is read surely
(STILL_IMAGE_OPTIONS' single_corner_min_probability): a card whose two corners agree is the
stronger evidence, and most wrong readings of unseen designs are single corners."""

from __future__ import annotations

from referee.synth.scenes.generator import generate_scene
from referee.vision.grouping import separate_corners
from referee.vision.labels import parse_label
from referee.vision.recognizer import CardRecognizer, reading_probability
from referee.vision.types import CardReading


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
