"""The enlarged look at a `back` (referee.vision.zoomed_backs): a face-up joker the detector may
call a back at the frame's scale is a face-up card when shown enlarged, and a joker's corners
boxed there read as a joker's (a dark joker's inverted, a coloured or aged one's as they are); a
face-down card stays a back."""

import pytest
from joker_tables import joker_table

from referee.vision.jokers import ENLARGED_BACK_LIGHT_JOKER_PROBABILITY
from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer
from referee.vision.types import Detection
from referee.vision.zoomed_backs import ZOOM_CARD_PX, enlarged_look, zoom_view


def boxes_of(scene) -> dict:
    return {o.kind: tuple(float(v) for v in o.box) for o in scene.objects if o.kind in ("card", "back")}


@pytest.fixture(scope="module")
def recognizer():
    return CardRecognizer(None, **STILL_IMAGE_OPTIONS)


@pytest.mark.parametrize("design,key", [("referee-drawn-aged-1", "JKR"), ("referee-drawn-coloured-1", "JKB"),
                                        ("referee-drawn-dark-1", "JKR")])
def test_a_face_up_joker_enlarged_is_a_card_and_a_face_down_card_stays_a_back(recognizer, design, key):
    scene = joker_table(design, key, face_down_beside=True)
    boxes = boxes_of(scene)
    assert enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["card"], 0.5)).face_up
    face_down = enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["back"], 0.5))
    assert not face_down.face_up and face_down.back > 0.5 > face_down.card


@pytest.mark.parametrize("design", ["referee-drawn-dark-1", "referee-drawn-dark-2"])
def test_a_dark_jokers_corners_boxed_enlarged_read_as_a_joker_and_a_backs_do_not(recognizer, design):
    scene = joker_table(design, "JKR", face_down_beside=True)
    boxes = boxes_of(scene)
    on_joker = enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["card"], 0.5))
    assert recognizer.joker_reader.joker_among(scene.image, on_joker.indices)
    face_down = enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["back"], 0.5))
    assert not recognizer.joker_reader.joker_among(scene.image, face_down.indices)


@pytest.mark.parametrize("design,key", [("referee-drawn-coloured-1", "JKR"), ("referee-drawn-aged-1", "JKR"),
                                        ("referee-drawn-aged-2", "JKR")])
def test_a_light_or_coloured_jokers_corners_boxed_enlarged_read_as_a_joker_as_they_are(recognizer, design, key):
    """The word JOKER across a coloured or aged joker's corner, boxed in the enlarged view, reads
    JK as it is (ENLARGED_BACK_LIGHT_JOKER_PROBABILITY); the face-down card beside it does not."""
    scene = joker_table(design, key, face_down_beside=True)
    boxes = boxes_of(scene)
    on_joker = enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["card"], 0.5))
    assert recognizer.joker_reader.joker_among(scene.image, on_joker.indices, min_probability=1.01,
                                               light_min_probability=ENLARGED_BACK_LIGHT_JOKER_PROBABILITY)
    face_down = enlarged_look(recognizer.detector, scene.image, Detection("back", boxes["back"], 0.5))
    assert not recognizer.joker_reader.joker_among(scene.image, face_down.indices)


def test_the_view_enlarges_the_box_to_the_zoom_size_within_the_frame_and_the_input():
    view = zoom_view((100.0, 100.0, 180.0, 220.0), (720, 1280), (448, 768))
    assert view.height * view.scale == pytest.approx(ZOOM_CARD_PX / 120 * 192)
    at_edge = zoom_view((0.0, 600.0, 80.0, 720.0), (720, 1280), (448, 768))
    assert (at_edge.x0, at_edge.y0 + at_edge.height) == (0, 720)
    huge = zoom_view((0.0, 0.0, 1280.0, 720.0), (720, 1280), (448, 768))
    assert huge.width * huge.scale <= 768 and huge.height * huge.scale <= 448


def test_the_live_referee_does_not_look_again():
    assert not CardRecognizer(None).enlarged_back_look
    assert CardRecognizer(None, **STILL_IMAGE_OPTIONS).enlarged_back_look
