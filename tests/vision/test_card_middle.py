"""A card's middle (referee.vision.middle): a pip reading of a card whose middle shows a picture is
put in doubt with its suit's court cards; pip faces, court readings, a card with no box but its
corner's, and still images are left as they are."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.engine.cards import Card
from referee.vision.grouping import CornerReading, group_corners
from referee.vision.labels import label_code
from referee.vision.middle import PICTURE_SHARE, doubt_pips, middle_square, picture_share
from referee.vision.recognizer import LIVE_OPTIONS, CardRecognizer
from referee.vision.types import Detection

BLACK, RED = (20, 20, 20), (30, 30, 200)              # BGR
WHITE, CREAM = (235, 240, 242), (185, 222, 236)        # paper (kde-ancient-egyptians' is cream)
YELLOW, BLUE = (40, 200, 230), (170, 80, 30)
CARD = (200, 100, 320, 270)                            # x1, y1, x2, y2 of the card in the frame
INDEX_TL, INDEX_BR = (204, 104, 224, 144), (296, 226, 316, 266)


def table_with_a_card(ink, middle: str, paper=WHITE) -> np.ndarray:
    """A 480x640 wooden table holding one card of ``paper``: an index of ``ink`` in two opposite
    corners, and in the middle either ``pips`` of the same ink or a ``picture`` (a figure in
    yellow and blue, outlined in black)."""
    frame = np.full((480, 640, 3), (60, 100, 150), np.uint8)
    x1, y1, x2, y2 = CARD
    frame[y1:y2, x1:x2] = paper
    for bx1, by1, _, by2 in (INDEX_TL, INDEX_BR):
        cv2.putText(frame, "3", (bx1 + 3, by1 + 18), cv2.FONT_HERSHEY_SIMPLEX, 0.6, ink, 2)
        cv2.circle(frame, (bx1 + 10, by2 - 10), 5, ink, -1)
    cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
    if middle == "pips":
        for dy in (-45, 0, 45):
            cv2.circle(frame, (cx, cy + dy), 11, ink, -1)
    else:
        cv2.rectangle(frame, (cx - 30, cy - 50), (cx + 30, cy + 50), BLACK, 2)
        cv2.rectangle(frame, (cx - 28, cy - 48), (cx + 28, cy), YELLOW, -1)
        cv2.rectangle(frame, (cx - 28, cy), (cx + 28, cy + 48), BLUE, -1)
        cv2.circle(frame, (cx, cy - 25), 12, ink, -1)
    return frame


def share(ink, middle: str, paper=WHITE) -> float:
    frame = table_with_a_card(ink, middle, paper)
    square = middle_square([INDEX_TL, INDEX_BR])
    assert square is not None
    value = picture_share(frame, square, INDEX_TL)
    assert value is not None
    return value


@pytest.mark.parametrize("paper", [WHITE, CREAM], ids=["white", "cream"])
@pytest.mark.parametrize("ink", [BLACK, RED], ids=["black", "red"])
def test_pips_in_the_index_colour_are_no_picture(ink, paper):
    # on cream paper a black index's thin strokes take the paper's yellow: still a black index
    assert share(ink, "pips", paper) < PICTURE_SHARE / 5


@pytest.mark.parametrize("paper", [WHITE, CREAM], ids=["white", "cream"])
@pytest.mark.parametrize("ink", [BLACK, RED], ids=["black", "red"])
def test_a_figure_in_other_colours_is_a_picture(ink, paper):
    assert share(ink, "picture", paper) > 10 * PICTURE_SHARE


def test_a_black_index_blended_with_cream_paper_is_still_black():
    # kde-ancient-egyptians: a webcam sees the thin strokes of a black "3" on cream paper as a
    # dark cream (here 60 % paper), as yellowish as the paper; the black pips are no picture
    thin = tuple(round(0.6 * c + 0.4 * b) for c, b in zip(CREAM, BLACK))
    frame = table_with_a_card(thin, "pips", CREAM)
    x1, y1, x2, y2 = CARD
    for dy in (-45, 0, 45):
        cv2.circle(frame, ((x1 + x2) // 2, (y1 + y2) // 2 + dy), 11, BLACK, -1)
    assert picture_share(frame, middle_square([INDEX_TL, INDEX_BR]), INDEX_TL) < PICTURE_SHARE / 5


def test_one_corner_or_two_boxes_on_one_index_give_no_middle():
    assert middle_square([INDEX_TL]) is None
    assert middle_square([INDEX_TL, (205, 105, 225, 146)]) is None


def test_a_middle_off_the_frame_gives_no_share():
    frame = table_with_a_card(BLACK, "picture")
    assert picture_share(frame, (5.0, 5.0, 40.0), INDEX_TL) is None


def test_the_doubt_goes_to_the_court_cards_of_the_pip_readings_suit():
    three, ace = Card.parse("3C"), Card.parse("AC")
    doubted = dict(doubt_pips(((three, 0.8), (ace, 0.15))))
    assert {label_code(c) for c in doubted} == {"3C", "AC", "JC", "QC", "KC"}
    assert doubted[three] == pytest.approx(0.4) and doubted[Card.parse("JC")] == pytest.approx(1 / 6, abs=1e-6)
    assert max(doubted, key=doubted.get) == three       # the reading stays; its lead shrinks
    joker = Card.parse("JK")
    assert doubt_pips(((joker, 0.9),)) == ((joker, 0.9),)


class FixedDetector:
    def __init__(self, detections):
        self.detections, self.conf = detections, 0.15

    def detect(self, frame):
        return list(self.detections)


def read_card(recognizer, frame, corners, card_box=True):
    """The recogniser's reading of a frame whose detector finds these index boxes (and the card's
    box), every corner read as a sure 3C (the classifier is given)."""
    three = Card.parse("3C")
    recognizer.detector = FixedDetector([Detection("index", box, 0.9) for box in corners]
                                        + [Detection("card", tuple(map(float, CARD)), 0.9)] * card_box)
    recognizer.read_corners = lambda frame, indices, cards=(), timings=None: [
        CornerReading(d, three, 0.95, ((three, 0.95), (Card.parse("3S"), 0.03))) for d in indices]
    (reading,) = recognizer.read(frame)
    return reading


@pytest.fixture(scope="module")
def live():
    return CardRecognizer(**LIVE_OPTIONS)


def test_the_live_recogniser_marks_a_pip_reading_of_a_picture_card(live):
    reading = read_card(live, table_with_a_card(BLACK, "picture"), [INDEX_TL, INDEX_BR])
    assert label_code(reading.label) == "3C" and reading.picture is True   # the corners' reading stays
    assert [label_code(c) for c, _ in reading.alternatives] == ["3C", "3S"]  # the tracker doubts it


def test_a_card_read_by_one_corner_is_judged_by_the_middle_of_its_card_box(live):
    one_corner = read_card(live, table_with_a_card(BLACK, "picture"), [INDEX_TL])
    assert one_corner.picture is True
    no_box = read_card(live, table_with_a_card(BLACK, "picture"), [INDEX_TL], card_box=False)
    assert no_box.picture is None


def test_pips_and_still_images_are_left_as_read(live):
    plain = read_card(live, table_with_a_card(BLACK, "pips"), [INDEX_TL, INDEX_BR])
    assert plain.picture is False and [label_code(c) for c, _ in plain.alternatives] == ["3C", "3S"]
    one_corner = read_card(live, table_with_a_card(BLACK, "pips"), [INDEX_TL])
    assert one_corner.picture is False
    still = read_card(CardRecognizer(), table_with_a_card(BLACK, "picture"), [INDEX_TL, INDEX_BR])
    assert still.picture is None and [label_code(c) for c, _ in still.alternatives] == ["3C", "3S"]


def test_another_cards_index_in_the_middle_leaves_the_reading_as_it_is(live):
    # a fan: the next card's corner lies over this card's middle and would lend it its colours
    frame = table_with_a_card(BLACK, "picture")
    three = Card.parse("3C")
    other = (250, 170, 270, 200)
    live.detector = FixedDetector([Detection("index", box, 0.9) for box in (INDEX_TL, INDEX_BR, other)]
                                  + [Detection("card", tuple(map(float, CARD)), 0.9)])
    nine = Card.parse("9H")
    live.read_corners = lambda frame, indices, cards=(), timings=None: [
        CornerReading(d, nine if d.box == other else three, 0.95,
                      ((nine if d.box == other else three, 0.95),)) for d in indices]
    readings = live.read(frame)
    (card,) = [r for r in readings if r.label == three]
    assert card.picture is None


def test_a_middle_under_another_cards_box_leaves_the_reading_as_it_is(live):
    # a fan: the next card (its index far off) lies over this card's middle, its picture showing
    frame = table_with_a_card(BLACK, "picture")
    three, nine = Card.parse("3C"), Card.parse("9H")
    other_index, other_card = (380, 280, 396, 316), (240.0, 150.0, 400.0, 320.0)
    live.detector = FixedDetector([Detection("index", box, 0.9) for box in (INDEX_TL, INDEX_BR, other_index)]
                                  + [Detection("card", tuple(map(float, CARD)), 0.9), Detection("card", other_card, 0.9)])
    live.read_corners = lambda frame, indices, cards=(), timings=None: [
        CornerReading(d, nine if d.box == other_index else three, 0.95,
                      ((nine if d.box == other_index else three, 0.95),)) for d in indices]
    (card,) = [r for r in live.read(frame) if r.label == three]
    assert card.picture is None


def test_grouping_keeps_both_corners_of_a_card():
    three = Card.parse("3C")
    corners = [CornerReading(Detection("index", box, 0.9), three, 0.95) for box in (INDEX_TL, INDEX_BR)]
    (card,) = group_corners(corners, [Detection("card", tuple(map(float, CARD)), 0.9)], [])
    assert middle_square(card.corners) is not None
