"""One physical card gives one code: when the two corners of a card (or two boxes on one corner)
read differently, the weaker reading is dropped instead of becoming a phantom second card."""

from __future__ import annotations

from referee.vision.grouping import conflicting_corners, readings_alike
from referee.vision.types import Detection

REJECT = "other"


def box(kind: str, x1: float, y1: float, x2: float, y2: float, conf: float) -> Detection:
    return Detection(kind, (x1, y1, x2, y2), conf)


CARD = box("card", 819, 362, 891, 458, 0.87)
TOP_LEFT = box("index", 824, 367, 836, 390, 0.44)
BOTTOM_RIGHT = box("index", 877, 436, 888, 454, 0.35)
# a row of overlapping point cards (generated, gnome-simplistic, bench seed 777008): QD's two
# corners, and the card boxes of QD and of the 6H below it (cut by the frame edge)
QD_TOP = box("index", 231, 551, 256, 564, 0.38)
QD_BOTTOM = box("index", 132, 647, 163, 671, 0.43)
ROW_CARDS = [box("card", 121, 544, 277, 672, 0.8), box("card", 121, 656, 275, 720, 0.7)]
BOTTOM_RIGHT_AGAIN = box("index", 872, 434, 886, 454, 0.24)     # a second box on the same corner


def test_opposite_corners_of_one_card_that_disagree_keep_the_better_supported_code():
    # measured on a filmed 3C of gnome-anglo_poker: one corner read 3S, the other (two boxes) 3C
    indices = [TOP_LEFT, BOTTOM_RIGHT, BOTTOM_RIGHT_AGAIN]
    readings = [("3S", 0.91), ("3C", 0.995), ("3C", 0.98)]
    assert conflicting_corners(indices, [CARD], readings, REJECT) == {0}


def test_a_lone_confident_corner_beats_a_weak_one():
    indices = [TOP_LEFT, BOTTOM_RIGHT]
    assert conflicting_corners(indices, [CARD], [("8C", 0.95), ("8H", 0.7)], REJECT) == {1}


def test_a_reading_as_sure_as_the_spare_probability_is_never_dropped():
    # still images (CONFLICT_SPARE_PROBABILITY): a sure reading is more often a neighbour's corner
    # read right than this card's corner misread
    indices = [TOP_LEFT, BOTTOM_RIGHT, BOTTOM_RIGHT_AGAIN]
    readings = [("3S", 0.91), ("3C", 0.995), ("3C", 0.98)]
    assert conflicting_corners(indices, [CARD], readings, REJECT, spare_probability=0.9) == set()
    assert conflicting_corners(indices, [CARD], readings, REJECT, spare_probability=0.95) == {0}
    weak = [("8C", 0.95), ("8H", 0.7)]
    assert conflicting_corners([TOP_LEFT, BOTTOM_RIGHT], [CARD], weak, REJECT, spare_probability=0.9) == {1}


def test_overlapping_boxes_that_disagree_are_both_kept():
    # a tight fan of 6H and 6D (filmed, referee-drawn deck): their index boxes overlap like
    # duplicates on one corner do, and both readings are right
    indices = [box("index", 794, 369, 811, 392, 0.42), box("index", 791, 370, 805, 393, 0.41)]
    wide = box("card", 756, 366, 828, 464, 0.76)
    assert conflicting_corners(indices, [wide], [("6D", 0.9), ("6H", 0.9)], REJECT) == set()


def test_fanned_neighbours_are_two_cards_not_a_conflict():
    # two cards fanned 25 px apart inside one wide card box: indices side by side, not diagonal
    wide = box("card", 100, 100, 200, 200, 0.9)
    left = box("index", 105, 105, 117, 128, 0.6)
    right = box("index", 130, 105, 142, 128, 0.6)
    assert conflicting_corners([left, right], [wide], [("5S", 0.9), ("6S", 0.9)], REJECT) == set()


def test_agreeing_corners_and_rejected_readings_are_left_alone():
    indices = [TOP_LEFT, BOTTOM_RIGHT]
    assert conflicting_corners(indices, [CARD], [("7D", 0.9), ("7D", 0.8)], REJECT) == set()
    assert conflicting_corners(indices, [CARD], [("7D", 0.9), (REJECT, 0.8)], REJECT) == set()
    assert conflicting_corners(indices, [], [("7D", 0.9), ("8D", 0.8)], REJECT) == set()


def test_a_big_box_around_an_index_and_its_pip_does_not_make_a_second_card():
    # filmed 8S (referee-drawn): the index box reads 8S, a box around index and pip reads JS
    index = box("index", 527, 280, 538, 304, 0.49)
    around = box("index", 525, 277, 551, 320, 0.19)
    card = box("card", 527, 274, 594, 367, 0.72)
    assert conflicting_corners([index, around], [card], [("8S", 0.76), ("JS", 0.71)], REJECT) == {1}


def test_boxes_just_short_of_duplicates_vote_together_against_the_opposite_corner():
    # filmed 7C fanned over 4H (kde-ancient-egyptians): two boxes on 7C's top index read 7C, its
    # bottom corner read JC; the smallest box around the top index is 4H's (drawn whole, under 7C)
    top = box("index", 569, 273, 587, 302, 0.41)
    top_again = box("index", 561, 273, 577, 301, 0.39)
    bottom = box("index", 628, 321, 642, 351, 0.56)
    four = box("index", 543, 277, 554, 302, 0.49)
    cards = [box("card", 557, 265, 646, 361, 0.8), box("card", 541, 272, 595, 367, 0.6)]
    readings = [("7C", 0.996), ("7C", 0.997), ("JC", 0.76), ("4H", 0.998)]
    assert conflicting_corners([top, top_again, bottom, four], cards, readings, REJECT) == {2}


def test_a_card_read_alike_at_both_corners_is_not_outvoted_by_a_neighbours_corner():
    # generated row of overlapping point cards (gnome-simplistic, bench seed 777008): QD's two
    # corners read QD; 6H's top corner, just below QD's, sits where a card box (6H's, cut by the
    # frame edge) would hold QD's other corner
    six = box("index", 233, 659, 262, 673, 0.6)
    readings = [("QD", 0.94), ("QD", 0.998), ("6H", 0.99)]
    assert conflicting_corners([QD_TOP, QD_BOTTOM, six], ROW_CARDS, readings, REJECT) == set()


def test_corners_rotated_apart_belong_to_two_cards():
    indices = [TOP_LEFT, BOTTOM_RIGHT]
    readings = [("8H", 0.5), ("8C", 0.95)]
    angles = {0: 3.0, 1: 30.0}
    assert conflicting_corners(indices, [CARD], readings, REJECT) == {0}
    assert conflicting_corners(indices, [CARD], readings, REJECT, angles.__getitem__) == set()
    assert conflicting_corners(indices, [CARD], readings, REJECT, {0: 3.0, 1: 89.0}.__getitem__) == {0}


def test_a_weaker_reading_against_a_confirmed_card_is_still_dropped():
    # QD confirmed at both corners; a weak 6H box where QD's box would hold its other corner
    six = box("index", 233, 659, 262, 673, 0.2)
    readings = [("QD", 0.94), ("QD", 0.998), ("6H", 0.7)]
    assert conflicting_corners([QD_TOP, QD_BOTTOM, six], ROW_CARDS, readings, REJECT) == {2}


def _distribution(**probabilities: float):
    """A classifier output over a few codes (the rest of the mass on 'other')."""
    import numpy as np

    names = ["2C", "2S", "8C", "8H", "KD", "KS", REJECT]
    p = np.array([probabilities.get(n, 0.0) for n in names])
    p[-1] = max(0.0, 1.0 - p[:-1].sum())
    return p


def test_readings_alike_tells_a_misread_corner_from_another_cards_corner():
    # one card: the misread corner keeps some probability for the card's code
    assert readings_alike(_distribution(**{"2C": 0.95}), _distribution(**{"2S": 0.72, "2C": 0.25}))
    # two cards, each read surely as itself
    assert not readings_alike(_distribution(**{"KD": 0.999}), _distribution(**{"8C": 0.998, "8H": 0.001}))


def test_corners_of_two_cards_read_surely_as_themselves_do_not_contradict_each_other():
    # measured (generated held-out scenes): in a pile, a neighbour's corner sits where some card
    # box's opposite corner would be; both read surely as their own cards, and dropping the
    # weaker lost a card read right
    indices = [TOP_LEFT, BOTTOM_RIGHT]
    readings = [("8C", 0.95), ("KD", 0.99)]
    vectors = {0: _distribution(**{"8C": 0.95}), 1: _distribution(**{"KD": 0.99})}

    def alike(a: int, b: int) -> bool:
        return readings_alike(vectors[a], vectors[b])

    assert conflicting_corners(indices, [CARD], readings, REJECT) == {1}      # geometry alone
    assert conflicting_corners(indices, [CARD], readings, REJECT, alike=alike) == set()
    # a misread corner still loses to its card's better corner
    vectors[1] = _distribution(**{"8H": 0.7, "8C": 0.2})
    assert conflicting_corners(indices, [CARD], [("8C", 0.95), ("8H", 0.7)], REJECT, alike=alike) == {1}
