"""Corner grouping: two corners of one card are one card; same code far apart is two cards."""

from referee.engine.cards import Card
from referee.vision.grouping import CornerReading, face_up_backs, group_corners, without_backs_within_faces
from referee.vision.labels import BACK, parse_label
from referee.vision.types import Detection


def corner(x, y, code, conf=0.9, p=0.95, side=20):
    return CornerReading(Detection("index", (x, y, x + side * 0.5, y + side), conf), parse_label(code), p)


def test_two_corners_of_one_card_make_one_card():
    card = Detection("card", (0, 0, 80, 120), 0.9)
    readings = group_corners([corner(2, 2, "QH"), corner(68, 98, "QH")], [card], [])
    assert [r.code for r in readings] == ["QH"]
    assert readings[0].box == card.box
    assert len(readings[0].corners) == 2


def test_different_codes_stay_apart_even_when_touching():
    readings = group_corners([corner(0, 0, "QH"), corner(5, 0, "QS")], [], [])
    assert sorted(r.code for r in readings) == ["QH", "QS"]


def test_same_code_far_apart_is_two_cards():
    # two jokers at opposite ends of the table
    readings = group_corners([corner(0, 0, "JK"), corner(900, 500, "JK")], [], [])
    assert [r.code for r in readings] == ["JK", "JK"]


def test_backs_are_cards_with_code_back():
    back = Detection("back", (10, 10, 90, 130), 0.8)
    readings = group_corners([], [], [back])
    assert [(r.code, r.box) for r in readings] == [("back", back.box)]


def test_box_without_a_card_detection_is_union_of_corners():
    readings = group_corners([corner(10, 10, "3C", side=20), corner(50, 70, "3C", side=20)], [], [])
    assert readings[0].box == (10, 10, 60, 90)


def test_confidence_is_best_corner_score():
    readings = group_corners([corner(0, 0, "9D", conf=0.5, p=0.9), corner(40, 60, "9D", conf=0.8, p=0.9)], [], [])
    assert abs(readings[0].confidence - 0.72) < 1e-9


def test_off_every_card_looks_at_every_corner():
    from referee.vision.grouping import off_every_card
    from referee.vision.types import CardReading, Detection

    card = Detection("card", (100.0, 100.0, 200.0, 250.0), 0.9)
    inside, outside = (110.0, 110.0, 120.0, 130.0), (300.0, 300.0, 310.0, 320.0)
    assert off_every_card(CardReading(Card.parse("2C"), 0.1, outside, (outside,)), [card])
    assert not off_every_card(CardReading(Card.parse("2C"), 0.1, inside, (outside, inside)), [card])
    assert off_every_card(CardReading(Card.parse("2C"), 0.1, outside, (outside,)), [])
    assert not off_every_card(CardReading(BACK, 0.1, outside), [card])           # backs are not read from corners


def test_a_back_box_around_a_read_corner_is_that_card_face_up():
    # the detector called a face-up 3C half under another card `back`: one 3C, in the back's box
    corners = [corner(763, 280, "3C")]
    backs = [Detection("back", (763, 274, 834, 368), 0.46), Detection("back", (1111, 599, 1184, 674), 0.3)]
    face_up, backs = face_up_backs(corners, backs)
    readings = group_corners(corners, face_up, backs)
    assert [(r.code, r.box) for r in readings] == [("3C", (763, 274, 834, 368)), ("back", (1111, 599, 1184, 674))]


def test_a_back_within_a_card_read_from_two_corners_is_its_middle_not_a_face_down_card():
    # as in a real photo's jack of spades: both corners read, the detector's `back` on its picture
    card = Detection("card", (0, 0, 80, 120), 0.9)
    corners = [corner(2, 2, "JS"), corner(68, 98, "JS")]
    picture = Detection("back", (12, 22, 66, 100), 0.4)
    readings = without_backs_within_faces(group_corners(corners, [card], [picture]))
    assert [r.code for r in readings] == ["JS"]


def test_a_face_down_card_laid_over_a_face_up_card_is_kept_though_both_its_corners_show():
    # as in a generated scene (tuning seed 500056): a back lies over the 6D's middle and reaches
    # past its edge while both of the 6D's corners still show
    card = Detection("card", (0, 0, 80, 120), 0.9)
    corners = [corner(2, 2, "6D"), corner(68, 98, "6D")]
    over = Detection("back", (25, 15, 105, 135), 0.8)
    readings = without_backs_within_faces(group_corners(corners, [card], [over]))
    assert sorted(r.code for r in readings) == ["6D", "back"]


def test_a_back_within_a_card_read_from_one_corner_is_kept():
    # one corner gives no extent of the card: nothing to lie within
    readings = group_corners([corner(10, 10, "AS")], [Detection("card", (0, 0, 80, 120), 0.9)],
                             [Detection("back", (20, 30, 60, 90), 0.5)])
    assert sorted(r.code for r in without_backs_within_faces(readings)) == ["AS", "back"]
