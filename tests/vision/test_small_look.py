"""The small-index look of still images (referee.vision.recognizer SMALL_INDEX_PX): an index box
smaller than that is read from five bicubic crops (crops.small_index_crops), the readings'
normalised geometric mean counting; a larger box, or the live referee's recogniser, reads one."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.synth.scenes.generator import SceneConfig, generate_scene
from referee.vision.crops import CROP_SIZE, SMALL_LOOK_SHIFT, crop_index, rectify_index, small_index_crops
from referee.vision.recognizer import LIVE_OPTIONS, SMALL_INDEX_PX, STILL_IMAGE_OPTIONS, CardRecognizer
from referee.vision.types import Detection


@pytest.fixture(scope="module")
def small_scene():
    """A generated scene of the drawn deck shrunk so that its cards are about 55 px tall, and its
    index boxes in that image."""
    scene = generate_scene(4243, ["referee-drawn"], SceneConfig(card_px=(110, 120), p_closeup=0.0))
    heights = [o.box[3] - o.box[1] for o in scene.objects if o.kind == "card"]
    shrink = 55 / float(np.median(heights))
    image = cv2.resize(scene.image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    boxes = [tuple(v * shrink for v in o.box) for o in scene.objects if o.kind == "index" and o.visible_fraction > 0.9]
    return image, [b for b in boxes if max(b[2] - b[0], b[3] - b[1]) < SMALL_INDEX_PX]


def test_the_still_recogniser_has_it_and_the_live_one_not():
    assert STILL_IMAGE_OPTIONS["small_index_px"] == SMALL_INDEX_PX
    assert "small_index_px" not in LIVE_OPTIONS


def test_five_crops_the_first_the_box_itself_bicubic(small_scene):
    image, boxes = small_scene
    box = boxes[0]
    crops = small_index_crops(image, box)
    assert len(crops) == 5 and all(c.shape == (CROP_SIZE, CROP_SIZE, 3) for c in crops)
    assert np.array_equal(crops[0], rectify_index(image, box, CROP_SIZE, cv2.INTER_CUBIC)[0])
    assert not np.array_equal(crops[0], crop_index(image, box))        # not training's linear crop
    w = box[2] - box[0]
    moved = (box[0] + SMALL_LOOK_SHIFT * w, box[1] + SMALL_LOOK_SHIFT * (box[3] - box[1]),
             box[2] + SMALL_LOOK_SHIFT * w, box[3] + SMALL_LOOK_SHIFT * (box[3] - box[1]))
    assert np.array_equal(crops[1], rectify_index(image, moved, CROP_SIZE, cv2.INTER_CUBIC)[0])


def test_small_boxes_take_the_geometric_mean_of_their_five_crops_and_large_ones_their_crop(small_scene):
    image, boxes = small_scene
    assert len(boxes) >= 4
    recognizer = CardRecognizer(threads=1, small_index_px=SMALL_INDEX_PX)
    small = [Detection("index", b, 0.9) for b in boxes[:4]]
    large = [Detection("index", tuple(v * 3 for v in b), 0.9) for b in boxes[:2]]   # the same image 3x as large
    assert all(max(d.box[2] - d.box[0], d.box[3] - d.box[1]) >= SMALL_INDEX_PX for d in large)
    big_image = cv2.resize(image, None, fx=3, fy=3, interpolation=cv2.INTER_LINEAR)
    read = 0
    for det in small:
        probabilities = recognizer.classifier.probabilities(small_index_crops(image, det.box))
        mean = np.exp(np.log(probabilities + 1e-6).mean(axis=0))
        mean /= mean.sum()
        for reading in recognizer.read_corners(image, [det]):       # none when read as nothing sure
            assert reading.probability == pytest.approx(float(mean.max()), abs=1e-4)
            read += 1
    assert read >= 2
    assert recognizer.small_looks == len(small)
    recognizer.read_corners(big_image, large)
    assert recognizer.small_looks == len(small)            # boxes of SMALL_INDEX_PX or more: one crop


def test_small_indices_are_read_at_least_as_well_as_from_one_crop(small_scene):
    image, boxes = small_scene
    dets = [Detection("index", b, 0.9) for b in boxes]
    one = CardRecognizer(threads=1).read_corners(image, dets)
    five = CardRecognizer(threads=1, small_index_px=SMALL_INDEX_PX).read_corners(image, dets)
    assert len(five) >= len(one) - 1
