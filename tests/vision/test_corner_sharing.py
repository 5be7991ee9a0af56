"""Classifying fewer corners: duplicates and second corners take a sure lead's reading."""

import math

import cv2
import numpy as np
import pytest

from referee.vision.crops import card_angle
from referee.vision.grouping import CornerReading, duplicate_clusters, group_corners, symmetric_pairs
from referee.vision.labels import parse_label
from referee.vision.recognizer import angle_gap, corner_leads, read_with_leads
from referee.vision.types import Detection


def index(x, y, conf=0.8, w=10, h=20):
    return Detection("index", (x, y, x + w, y + h), conf)


def test_duplicate_boxes_on_one_index_form_one_cluster_most_confident_first():
    dets = [index(100, 100, 0.3, w=10, h=12), index(100, 100, 0.7), index(300, 100, 0.5)]
    assert duplicate_clusters(dets) == [[1, 0], [2]]


def test_duplicate_clusters_do_not_chain():
    # A overlaps B by half of B, B overlaps C by half of C, A and C do not touch
    dets = [index(0, 0, 0.9), index(5, 0, 0.8), index(10, 0, 0.7)]
    assert duplicate_clusters(dets) == [[0, 1], [2]]


def card_corners(x=200, y=100, conf=(0.9, 0.6)):
    """A 70 x 100 card box with indices 10 x 20 inset at top-left and bottom-right."""
    card = Detection("card", (x, y, x + 70, y + 100), 0.9)
    return [index(x + 3, y + 3, conf[0]), index(x + 57, y + 77, conf[1])], card


def test_two_corners_of_one_card_pair_up_lead_first():
    dets, card = card_corners(conf=(0.6, 0.9))
    assert symmetric_pairs(dets, [card], [0, 1]) == [(1, 0)]


def test_no_pair_without_a_card_box_or_off_centre():
    dets, card = card_corners()
    assert symmetric_pairs(dets, [], [0, 1]) == []
    shifted = Detection("card", (card.box[0] + 25, card.box[1], card.box[2] + 25, card.box[3]), 0.9)
    assert symmetric_pairs(dets, [shifted], [0, 1]) == []
    # corners of two cards side by side in one big box: too close for the box's diagonal
    big = Detection("card", (0, 0, 400, 400), 0.9)
    assert symmetric_pairs([index(190, 190), index(200, 200)], [big], [0, 1]) == []


def test_leads_need_alike_card_angles():
    dets, card = card_corners()
    assert corner_leads(dets, [card], lambda i: [10.0, 12.0][i]) == ([None, 0], frozenset({1}))
    assert corner_leads(dets, [card], lambda i: [10.0, 30.0][i]) == ([None, None], frozenset())
    assert angle_gap(44.0, -44.0) == pytest.approx(2.0)


class Spy:
    def __init__(self, readings):
        self.readings, self.asked = readings, []

    def __call__(self, positions):
        self.asked.append(list(positions))
        return [self.readings[i] for i in positions]


def test_sure_lead_is_shared_unsure_lead_is_not():
    own = [("QH", 0.99), ("QH", 0.97), ("7S", 0.7), ("7S", 0.9), ("other", 0.99), ("5D", 0.8)]
    leads = [None, 0, None, 2, None, 4]
    spy = Spy(own)
    got = read_with_leads(leads, spy, 0.95)
    assert spy.asked == [[0, 2, 4], [3, 5]]  # 1 shares QH; 7S at 0.7 and 'other' are not shared
    assert got == [("QH", 0.99), ("QH", 0.99), ("7S", 0.7), ("7S", 0.9), ("other", 0.99), ("5D", 0.8)]


def test_shared_reading_passes_on_to_duplicates_of_the_partner():
    own = [("KC", 0.99), ("KC", 0.9), ("KC", 0.8)]
    spy = Spy(own)
    assert read_with_leads([None, 0, 1], spy, 0.95) == [("KC", 0.99)] * 3
    assert spy.asked == [[0]]


def test_partner_classified_when_lead_unsure_then_its_duplicate_shares():
    own = [("KC", 0.7), ("KC", 0.99), ("KC", 0.8)]
    spy = Spy(own)
    assert read_with_leads([None, 0, 1], spy, 0.95) == [("KC", 0.7), ("KC", 0.99), ("KC", 0.99)]
    assert spy.asked == [[0], [1]]


def _cards(dets, cards, readings):
    corners = [CornerReading(d, parse_label(c), p) for d, (c, p) in zip(dets, readings) if c != "other" and p >= 0.6]
    return [(r.code, r.box, r.corners) for r in group_corners(corners, cards, [])]


def test_sharing_gives_the_same_cards_as_classifying_every_corner_when_corners_agree():
    # two cards, each with both corners found and a duplicate box on one corner, plus a lone corner
    dets1, card1 = card_corners(200, 100, (0.9, 0.6))
    dets2, card2 = card_corners(400, 100, (0.5, 0.8))
    dets = [*dets1, *dets2, index(203, 103, 0.4, w=8, h=14), index(600, 300, 0.7)]
    cards = [card1, card2]
    own = [("QH", 0.99), ("QH", 0.96), ("10S", 0.97), ("10S", 0.98), ("QH", 0.9), ("JK", 0.99)]
    leads, across = corner_leads(dets, cards, lambda i: 3.0)
    assert leads == [None, 0, 3, None, 0, None] and across == {1, 2}
    spy = Spy(own)
    shared = read_with_leads(leads, spy, 0.95, across)
    assert sorted(i for batch in spy.asked for i in batch) == [0, 3, 5]  # 3 crops of 6
    assert _cards(dets, cards, shared) == _cards(dets, cards, own)
    # every card keeps both corner boxes, as when every corner is classified
    assert sorted(len(c[2]) for c in _cards(dets, cards, shared)) == [1, 2, 3]


def _reference_card_angle(patch):
    """card_angle as first written (trigonometry per pixel)."""
    gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    h, w = gray.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    sigma = 0.35 * min(h, w)
    weight = np.exp(-(((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / (2 * sigma * sigma)))
    m2 = (gx * gx + gy * gy) * weight
    theta = np.arctan2(gy, gx)
    return math.degrees(math.atan2(float((m2 * np.sin(4 * theta)).sum()), float((m2 * np.cos(4 * theta)).sum())) / 4)


@pytest.mark.parametrize("angle", [-40.0, -12.5, 0.0, 7.0, 30.0])
def test_card_angle_matches_the_trigonometric_form(angle):
    rng = np.random.default_rng(int(angle * 10) + 1000)
    patch = np.full((96, 96, 3), 40, np.uint8)
    corners = cv2.boxPoints(((48.0, 48.0), (60.0, 80.0), angle)).astype(np.float32)
    cv2.fillPoly(patch, [np.round(corners).astype(np.int32)], (230, 230, 230))
    patch = cv2.GaussianBlur(patch, (3, 3), 0)
    patch = np.clip(patch + rng.normal(0, 6, patch.shape), 0, 255).astype(np.uint8)
    got = card_angle(patch)
    assert got == pytest.approx(_reference_card_angle(patch), abs=1e-3)
    assert angle_gap(got, angle) < 1.5
    assert card_angle(np.zeros((96, 96, 3), np.uint8)) == 0.0


def test_a_six_or_nine_is_not_shared_with_the_cards_other_corner():
    # a deck printing both indices upright: the turned corner reads 9, the other is a 6
    own = [("9C", 0.9998), ("6C", 0.8), ("9C", 0.99)]
    spy = Spy(own)
    assert read_with_leads([None, 0, 0], spy, 0.95, across=frozenset({1})) == [("9C", 0.9998), ("6C", 0.8), ("9C", 0.9998)]
    assert spy.asked == [[0], [1]]             # the duplicate (2) still shares, the other corner (1) is read
    spy = Spy([("8C", 0.9998), ("8C", 0.8)])
    assert read_with_leads([None, 0], spy, 0.95, across=frozenset({1})) == [("8C", 0.9998)] * 2
