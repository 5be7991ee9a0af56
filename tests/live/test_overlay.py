"""The overlay in the table's language: the status lines in Japanese, drawn with a font that has
kana and kanji (not question marks), text that stays inside its panel, and a doubtful reading
marked."""

from __future__ import annotations

import numpy as np
from reading_streams import labels, readings
from table_double import new_game, table_calibration

from referee.live.overlay import DOUBTFUL_COLOUR, LABELS, LOW_CONFIDENCE, draw_overlay, status_lines
from referee.tracking import PlaySeen, TableTracker
from referee.vision.labels import parse_label
from referee.vision.types import CardReading

PLAYERS = ("あき", "Ben", "C", "D")


def started_game(tmp_path, lang):
    tracker = TableTracker.from_calibration(table_calibration(PLAYERS))
    referee, _ = new_game("president-none", PLAYERS, (13, 13, 13, 13), "あき", tmp_path / "game.jsonl", tracker,
                          lang=lang)
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    return referee


def test_status_lines_follow_the_language(tmp_path):
    referee = started_game(tmp_path, "ja")
    lines = status_lines(referee.keeper, referee.prompt, 2.0, referee.question, "ja")
    assert lines[0].endswith("だい1ゲーム")
    assert "ばん: Ben" in lines and "ば: 5H (あき)" in lines and "しばり: なし" in lines
    assert lines[-1] == LABELS["ja"]["keys"]
    english = status_lines(referee.keeper, referee.prompt, 2.0, referee.question, "en")
    assert "turn: Ben" in english and "top: 5H by あき" in english      # names as the table typed them
    assert "あきさん、ハートの5。" in referee.recent                        # the last announcements too
    referee.keeper.log.close()


def _blank():
    return np.full((360, 640, 3), 120, np.uint8)


def test_japanese_is_drawn_as_glyphs_inside_the_panel(tmp_path):
    referee = started_game(tmp_path, "ja")
    calibration = table_calibration(PLAYERS).for_image_size(640, 360)
    lines = ["ばん: あきさん 大富豪"]
    drawn = draw_overlay(_blank(), calibration, [], None, lines)
    question_marks = draw_overlay(_blank(), calibration, [], None, ["ばん: ?????? ???"])
    panel = drawn[8:40, :320]
    assert not np.array_equal(panel, question_marks[8:40, :320])          # real glyphs, not "?"
    # The panel is dark where it ends; beyond it the frame is untouched (no text runs past it).
    row = drawn[20]
    dark = np.flatnonzero((row < 60).all(axis=1) | (row > 200).all(axis=1))
    assert dark.size and (drawn[8:40, dark.max() + 2:] == 120).all()
    referee.keeper.log.close()


def test_a_doubtful_card_is_marked(tmp_path):
    calibration = table_calibration(PLAYERS).for_image_size(640, 360)
    sure = CardReading(parse_label("5H"), 0.97, (100.0, 100.0, 160.0, 190.0))
    doubtful = CardReading(parse_label("9S"), LOW_CONFIDENCE - 0.2, (300.0, 100.0, 360.0, 190.0))
    image = draw_overlay(_blank(), calibration, [sure, doubtful], None, [])
    pink = (np.abs(image.astype(int) - np.array(DOUBTFUL_COLOUR)) < 30).all(axis=2)
    assert pink[95:195, 295:365].sum() > 100            # the doubtful card's box and "9S?" label
    assert pink[95:195, 95:165].sum() == 0              # the sure one keeps its colour
