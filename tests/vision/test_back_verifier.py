"""The back verifier: a second look at each detector `back`, so that a card-sized patch of
carpet or a face-up card is not reported as a face-down card while a face-down card still is."""

import cv2
import numpy as np
import pytest

from referee.errors import UserError
from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table
from referee.vision.back_verifier import BACK_VERIFIER_FILE, CROP_SIDE, PAD_VALUE, BackVerifier, back_crop
from referee.vision.model_files import default_models_dir
from referee.vision.recognizer import BACK_MIN_PROBABILITY, LIVE_OPTIONS, STILL_IMAGE_OPTIONS, CardRecognizer

DESIGN = "referee-drawn"   # drawn by the project: no card-set package needed


def carpet(shape, seed=0):
    rng = np.random.default_rng(seed)
    fibres = cv2.GaussianBlur(rng.normal(0, 1, shape[:2]).astype(np.float32), (0, 0), 1.2)
    fibres = (fibres - fibres.min()) / (fibres.max() - fibres.min())
    return np.clip(np.array([70, 110, 150], np.float32) * (0.55 + 0.9 * fibres[..., None]), 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def verifier():
    return BackVerifier(default_models_dir() / BACK_VERIFIER_FILE)


@pytest.fixture(scope="module")
def table():
    """A face-up QS on the left, a face-down card turned 20 degrees on the right, on felt."""
    placements = [CardPlacement("QS", DESIGN, (-90.0, -20.0), 0.0, True),
                  CardPlacement(None, DESIGN, (90.0, -20.0), 20.0, False)]
    scene = render_table(placements, TableStyle(kind="felt", texture_seed=3), Camera(), effects=Effects(noise_sigma=2.0),
                         seed=5)
    boxes = {o.kind: tuple(o.box) for o in scene.objects if o.kind in ("card", "back")}
    return scene.image, boxes["card"], boxes["back"]


def test_the_crop_holds_the_box_and_a_margin_and_is_grey_beyond_the_frame():
    frame = np.zeros((100, 200, 3), np.uint8)
    frame[20:80, 50:110] = 255                       # a white box, 60 px square
    crop = back_crop(frame, (50.0, 20.0, 110.0, 80.0))
    assert crop.shape == (CROP_SIDE, CROP_SIDE, 3)
    assert crop[CROP_SIDE // 2, CROP_SIDE // 2].tolist() == [255, 255, 255]
    assert crop[1, 1].tolist() == [0, 0, 0]          # the margin shows what lies around the box
    edge = back_crop(frame, (-30.0, 10.0, 30.0, 70.0))
    assert edge[CROP_SIDE // 2, 1].tolist() == [PAD_VALUE] * 3


def test_a_face_down_card_reads_as_a_back_and_a_face_up_card_or_carpet_does_not(verifier, table):
    image, card, back = table
    p_back, p_card = verifier.back_probabilities(image, [back, card])
    assert p_back >= BACK_MIN_PROBABILITY > p_card
    rug = carpet((720, 1280, 3))
    assert verifier.back_probabilities(rug, [(500.0, 250.0, 620.0, 420.0)])[0] < BACK_MIN_PROBABILITY
    assert verifier.back_probabilities(image, []).shape == (0,)


def test_still_images_use_the_verifier_where_the_models_folder_has_one_and_the_live_referee_does_not(tmp_path):
    for name in ("detector.onnx", "classifier.onnx"):
        (tmp_path / name).symlink_to(default_models_dir() / name)
    assert CardRecognizer(**STILL_IMAGE_OPTIONS).back_verifier is not None
    assert CardRecognizer(tmp_path, **STILL_IMAGE_OPTIONS).back_verifier is None
    assert CardRecognizer(**LIVE_OPTIONS).back_verifier is None
    assert CardRecognizer(**dict(STILL_IMAGE_OPTIONS, check_backs=False)).back_verifier is None


def test_an_unreadable_verifier_is_a_one_line_error(tmp_path):
    bad = tmp_path / BACK_VERIFIER_FILE
    bad.write_bytes(b"not a model")
    with pytest.raises(UserError, match="cannot load model"):
        BackVerifier(bad)
    with pytest.raises(UserError, match="not a back verifier"):
        BackVerifier(default_models_dir() / "classifier.onnx")


def test_a_verifier_crops_with_the_view_its_model_declares(tmp_path, verifier, table):
    """A verifier trained on a wider view (referee train backs --margin) says so in its metadata,
    and its boxes are cropped with that view; the committed one keeps CROP_MARGIN."""
    pytest.importorskip("onnx")
    from referee.train.runner import set_metadata
    from referee.vision.back_verifier import CROP_MARGIN, CROP_MARGIN_KEY
    from referee.vision.classifier import crop_blobs

    assert verifier.margin == CROP_MARGIN
    image, card, back = table
    wider = tmp_path / BACK_VERIFIER_FILE
    wider.write_bytes((default_models_dir() / BACK_VERIFIER_FILE).read_bytes())
    set_metadata(wider, {CROP_MARGIN_KEY: "0.4"})
    wide = BackVerifier(wider)
    assert wide.margin == 0.4 and wide.model.names == verifier.model.names
    seen = wide.back_probabilities(image, [back])[0]
    expected = wide.model.run(next(crop_blobs([back_crop(image, back, 0.4)], 1)))[0, wide.back_index]
    assert seen == pytest.approx(float(expected), abs=1e-5)
    assert seen != pytest.approx(float(verifier.back_probabilities(image, [back])[0]), abs=1e-4)
    set_metadata(wider, {CROP_MARGIN_KEY: "wide"})
    with pytest.raises(UserError, match="unreadable crop_margin"):
        BackVerifier(wider)
