"""The live referee tells the table, once, when the deck it reads has dark faces (read through
the inverted look, less surely than light ones: models/MODEL_CARD.md)."""

from __future__ import annotations

from referee.capture import Frame
from referee.live.perception import DARK_DECK_NOTICE, CameraPerception
from referee.live.texts import LIVE_TEXTS, live_text
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


def test_the_notice_is_said_in_each_language():
    assert all(DARK_DECK_NOTICE in texts for texts in LIVE_TEXTS.values())
    assert "dark" in live_text(DARK_DECK_NOTICE, "en")
    assert all(not ("\u4e00" <= ch <= "\u9fff") for ch in live_text(DARK_DECK_NOTICE, "ja"))   # kana, no kanji


def test_the_referee_says_it_to_the_table_in_its_language(tmp_path):
    from table_double import new_game, table_calibration

    from referee.tracking import TableTracker

    players = ("Ann", "Bo", "Cy")
    for lang in ("en", "ja"):
        referee, heard = new_game("president", players, (18, 18, 18), "Ann", tmp_path / f"{lang}.jsonl",
                                  TableTracker.from_calibration(table_calibration(players)), lang=lang)
        referee.notice(DARK_DECK_NOTICE)
        assert heard[-1] == live_text(DARK_DECK_NOTICE, lang)
        assert list(referee.recent)[-1] == heard[-1]                 # on the overlay too
