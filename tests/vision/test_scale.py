"""The second pass of `referee detect` (referee.vision.scale): views that put cards at the
detector's training size, boxes mapped back, and small cards read as well as full-size ones."""

import cv2
import numpy as np
import pytest

from referee.synth.scenes.generator import IMAGE_SIZE, SceneConfig, generate_scene
from referee.vision.labels import parse_label
from referee.vision.scale import (SMALLEST_CARD_PX, TARGET_CARD_PX, TRAINING_CARD_PX, View, letterbox_scale,
                                  merge_views, plain, second_pass_scales, views_at)
from referee.vision.types import CardReading, Detection

INPUT = (448, 768)   # the detector's input (h, w), models/MODEL_CARD.md


def test_training_range_is_the_generators_cards_in_the_detector_input():
    shrink = letterbox_scale(IMAGE_SIZE[::-1], INPUT)
    assert TRAINING_CARD_PX == pytest.approx(tuple(px * shrink for px in SceneConfig().card_px))


def card(box):
    return CardReading(parse_label("QH"), 0.9, box)


@pytest.mark.parametrize("length", [140.0, 250.0, 370.0])
def test_cards_at_or_above_the_target_size_need_no_second_pass(length):
    """In a 1280x720 frame: 84, 150 and 222 px in the detector's input, read well as they are."""
    cards = [card((100, 100, 100 + length * 0.7, 100 + length)), card((600, 100, 600 + length * 0.7, 100 + length))]
    assert second_pass_scales(cards, (720, 1280), INPUT) == []


@pytest.mark.parametrize("length", [30.0, 55.0, 120.0, 400.0, 700.0])
def test_cards_well_below_the_target_or_huge_are_read_again_at_the_target_size(length):
    cards = [card((0, 0, length * 0.7, length)), card((500, 0, 500 + length * 0.7, length))]
    (scale,) = second_pass_scales(cards, (720, 1280), INPUT)
    assert length * scale == pytest.approx(TARGET_CARD_PX)


def test_one_card_gives_the_scale():
    (scale,) = second_pass_scales([card((0, 0, 40, 60))], (720, 1280), INPUT)
    assert 60 * scale == pytest.approx(TARGET_CARD_PX)


def test_no_card_tries_the_smallest_card_at_the_target_and_a_smaller_scale():
    base = letterbox_scale((720, 1280), INPUT)
    assert second_pass_scales([], (720, 1280), INPUT) == pytest.approx([TARGET_CARD_PX / SMALLEST_CARD_PX, base / 2])


def test_a_plain_view_is_not_read():
    image = np.full((720, 1280, 3), (40, 120, 30), np.uint8)
    image[300:380, 600:655] = 230
    assert plain(image, View(0, 0, 500, 720, 1.0))
    assert not plain(image, View(400, 200, 500, 300, 1.0))


def test_tiles_cover_the_image_and_overlap_by_more_than_a_card():
    views = views_at(1.5, (720, 1280), INPUT, card_px=60)
    covered = np.zeros((720, 1280), bool)
    for v in views:
        assert v.width * v.scale <= INPUT[1] + 1 and v.height * v.scale <= INPUT[0] + 1
        covered[v.y0 : v.y0 + v.height, v.x0 : v.x0 + v.width] = True
    assert covered.all()
    xs = sorted({v.x0 for v in views})
    assert all(a + views[0].width - b >= 1.2 * 60 for a, b in zip(xs, xs[1:]))


def test_a_small_image_is_one_view():
    assert views_at(0.5, (720, 1280), INPUT) == [View(0, 0, 1280, 720, 0.5)]


def test_boxes_found_by_two_tiles_are_merged():
    a, b = Detection("index", (10, 10, 30, 40), 0.8), Detection("index", (11, 10, 31, 41), 0.6)
    assert merge_views([a, b, Detection("card", (10, 10, 30, 40), 0.5)], 0.1, 0.5) == [
        Detection("card", (10, 10, 30, 40), 0.5), a]


@pytest.fixture(scope="module")
def recognizer():
    from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer

    return CardRecognizer(threads=1, **STILL_IMAGE_OPTIONS)


def face_codes(readings):
    return sorted(r.code for r in readings if r.code != "back")


def on_a_large_photo(image, shrink):
    """The scene shrunk by `shrink` in the middle of a 1280x720 photo of grey (cards small on a
    large photo: the letterbox cannot enlarge them)."""
    small = cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    photo = np.full_like(image, 128)
    top, left = (image.shape[0] - small.shape[0]) // 2, (image.shape[1] - small.shape[1]) // 2
    photo[top : top + small.shape[0], left : left + small.shape[1]] = small
    return photo


def test_cards_45_px_tall_on_a_large_photo_are_read_as_well_as_full_size_after_the_second_pass(recognizer):
    from referee.vision.scale import read_at_best_scale

    full_found = small_found = asked = 0
    for seed in (101, 202, 303):
        scene = generate_scene(seed, ["referee-drawn"], SceneConfig(card_px=(115, 125), p_closeup=0.0))
        heights = [o.box[3] - o.box[1] for o in scene.objects if o.kind == "card"]
        photo = on_a_large_photo(scene.image, 45 / float(np.median(heights)))
        full = set(face_codes(recognizer.read(scene.image)))
        full_found += len(full)
        asked += bool(second_pass_scales(recognizer.read(photo), photo.shape[:2], INPUT))
        small_found += len(full & set(face_codes(read_at_best_scale(recognizer, photo))))
    assert full_found >= 6
    # a card read from one corner needs 0.9 on still images (SINGLE_CORNER_MIN_PROBABILITY), which a
    # corner 45 px tall reaches less often than a full-size one: two of 35 may go
    assert small_found >= full_found - 2
    assert asked == 3   # the second pass ran on every photo


def test_a_pass_at_a_guessed_scale_counts_only_where_its_cards_lie_at_a_size_it_reads_well():
    from referee.vision.scale import read_at_its_scale

    assert read_at_its_scale([card((0, 0, 40, 55))], TARGET_CARD_PX / 55, INPUT)
    assert not read_at_its_scale([card((0, 0, 100, 180))], TARGET_CARD_PX / 55, INPUT)   # 334 px in the view
    assert not read_at_its_scale([card((0, 0, 10, 14))], 1.0, INPUT)
    assert not read_at_its_scale([], 1.0, INPUT)


def test_the_second_pass_keeps_the_first_pass_backs_not_its_own():
    from referee.vision.scale import with_first_backs

    back = CardReading(parse_label("back"), 0.5, (500, 500, 570, 600))
    under_a_face = CardReading(parse_label("back"), 0.4, (100, 100, 160, 190))
    own_back = CardReading(parse_label("back"), 0.6, (800, 100, 870, 200))
    face = card((110, 105, 170, 200))
    assert with_first_backs([face, own_back], [back, under_a_face]) == [face, back]
