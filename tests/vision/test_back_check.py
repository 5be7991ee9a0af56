"""The check after the detector: a `back` is kept where a face-down card can be, and a card-sized
patch of the table, of carpet or a box bigger than any card is not one."""

import cv2
import numpy as np
import pytest

from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table
from referee.vision.back_check import MAX_CARD_SIZE_RATIO, outline_share, plausible_backs, side_distinctness
from referee.vision.types import Detection

DESIGN = "referee-drawn"   # drawn by the project: no card-set package needed


@pytest.fixture(scope="module")
def table():
    """A felt table seen from above: a face-up 7H on the left, a face-down card turned 20 degrees
    on the right, bare felt at the top."""
    placements = [CardPlacement("7H", DESIGN, (-90.0, -20.0), 0.0, True),
                  CardPlacement(None, DESIGN, (90.0, -20.0), 20.0, False)]
    scene = render_table(placements, TableStyle(kind="felt", texture_seed=3), Camera(), effects=Effects(noise_sigma=2.0),
                         seed=5)
    boxes = {o.kind: o.box for o in scene.objects if o.kind in ("card", "back")}
    return scene.image, Detection("card", tuple(boxes["card"]), 0.9), Detection("back", tuple(boxes["back"]), 0.8)


def shifted(box, dx, dy):
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def carpet(shape, seed=0):
    """A brown fibrous texture like a carpet photographed from above."""
    rng = np.random.default_rng(seed)
    fibres = cv2.GaussianBlur(rng.normal(0, 1, shape[:2]).astype(np.float32), (0, 0), 1.2)
    fibres = (fibres - fibres.min()) / (fibres.max() - fibres.min())
    brown = np.array([70, 110, 150], np.float32)
    return np.clip(brown * (0.55 + 0.9 * fibres[..., None]), 0, 255).astype(np.uint8)


def test_a_face_down_card_is_kept(table):
    image, card, back = table
    assert plausible_backs(image, [back], [card]) == [back]
    assert side_distinctness(image, back.box) > 0.8 and outline_share(image, back.box) > 0.6


def test_a_card_sized_patch_of_bare_felt_is_not_a_back(table):
    image, card, back = table
    felt = Detection("back", shifted(back.box, 0, -back.box[1] + 5), 0.8)   # the same box, at the top
    assert image[int(felt.box[1]):int(felt.box[3]), int(felt.box[0]):int(felt.box[2])].reshape(-1, 3).std(0).max() < 12  # only felt
    assert plausible_backs(image, [felt], [card]) == []


def test_a_card_sized_patch_of_carpet_is_not_a_back():
    image = carpet((720, 1280, 3))
    patch = Detection("back", (500.0, 250.0, 620.0, 420.0), 0.6)
    assert side_distinctness(image, patch.box) < 0.45 and outline_share(image, patch.box) < 0.4
    assert plausible_backs(image, [patch], []) == []


def test_a_back_much_bigger_than_the_face_up_cards_is_not_a_card(table):
    image, card, back = table
    card_side = max(card.box[2] - card.box[0], card.box[3] - card.box[1])
    x1, y1 = back.box[0] - 40, back.box[1] - 40
    side = MAX_CARD_SIZE_RATIO * card_side + 10
    huge = Detection("back", (x1, y1, x1 + side, y1 + side), 0.8)
    assert plausible_backs(image, [huge], [card]) == []


def test_a_back_at_the_frame_edge_is_judged_by_the_sides_it_has(table):
    image, card, back = table
    width = int(back.box[2]) + 2
    cut = image[:, :width].copy()   # the frame ends just right of the face-down card
    assert plausible_backs(cut, [back], [card]) == [back]
