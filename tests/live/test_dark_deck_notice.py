"""The live referee tells the table, once, when the deck it reads has dark faces (read through
the inverted look, less surely than light ones: models/MODEL_CARD.md)."""

from __future__ import annotations

from referee.capture import Frame
from referee.live.perception import DARK_DECK_NOTICE, CameraPerception
from referee.synth.scenes.generator import generate_scene
from referee.vision.recognizer import CardRecognizer


def _told(design: str) -> list[str]:
    told: list[str] = []
    perception = CameraPerception(CardRecognizer(threads=1), on_notice=told.append)
    for k, seed in enumerate(range(4243, 4251)):
        perception.look(Frame(k, k / 5, generate_scene(seed, [design]).image))
    return told


def test_a_dark_deck_is_told_once():
    assert _told("referee-drawn-dark-1") == [DARK_DECK_NOTICE]


def test_a_light_deck_is_not():
    assert _told("referee-drawn") == []
