"""Point-card zones, the discard zone, pass pads and a new game, over synthetic readings; and the
mapping of image readings to the table through a calibration."""

from __future__ import annotations

from reading_streams import FPS, card, of, run, tracker
from table_double import CARD_HALF_PX, table_calibration

from referee.calibration import default_zones
from referee.calibration.markers import CORNER_IDS, pad_id
from referee.tracking import (DiscardSeen, PadEvidence, PassSeen, PlaySeen, PointCardsSeen, TableTracker,
                              TrackerSettings, readings_on_table)
from referee.vision.labels import label_code, label_codes, parse_label
from referee.vision.types import CardReading

SEAT1_POINTS = (72.0, 360.0)        # the middle of points-1 (the left side) on an 800 x 600 table
DISCARD = (728.0, 72.0)


def test_point_cards_arriving_in_a_seat_zone_are_reported_once_each():
    tr = tracker()
    x, y = SEAT1_POINTS

    def scene(t, i):
        if 2.6 <= t < 3.0:                      # a hand over the zone
            return []
        cards = []
        if t >= 0.5:
            cards.append(card("5H" if t < 3.0 else "7C", x, y, zone="points-1"))   # 7C laid right on 5H
        if t >= 1.5:
            cards.append(card("QS", x, y - 60, zone="points-1"))
        return cards

    obs = run(tr, scene, 0.0, 5.0)
    seen = of(PointCardsSeen, obs)
    assert [(o.seat, label_codes(o.added)) for o in seen] == [(1, ("5H",)), (1, ("QS",)), (1, ("7C",))]
    assert label_codes(seen[-1].cards) == ("5H", "QS", "7C")
    assert of(PlaySeen, obs) == []
    assert label_codes(tr.view().point_cards[1]) == ("5H", "QS", "7C")


def test_cards_laid_in_the_discard_zone_are_counted_as_one_group():
    tr = tracker()
    x, y = DISCARD

    def scene(t, i):
        cards = []
        if 1.0 <= t < 3.0:                      # a 10-discard of two face-down cards, then taken away
            cards += [card("back", x - 14, y, zone="discard")]
            if t >= 1.1:
                cards.append(card("back", x + 14, y, zone="discard"))
        if t >= 6.0:                            # a 9-pass card, later
            cards.append(card("back", x, y, zone="discard"))
        return cards

    obs = run(tr, scene, 0.0, 7.0)
    assert [label_codes(o.cards) for o in of(DiscardSeen, obs)] == [("back", "back"), ("back",)]


def test_a_back_whose_picture_reads_as_a_card_is_one_face_down_card():
    # kde-nicu-white's back shows a fan of aces: the detector reads "AC" beside the back's box
    tr = tracker()
    x, y = DISCARD

    def scene(t, i):
        if t < 1.0:
            return []
        return [card("back", x + 20, y, zone="discard"), card("AC", x - 18, y, zone="discard")]

    obs = run(tr, scene, 0.0, 3.0)
    assert [label_codes(o.cards) for o in of(DiscardSeen, obs)] == [("back",)]


def test_two_face_up_cards_fanned_in_the_discard_zone_are_two():
    tr = tracker()
    x, y = DISCARD
    obs = run(tr, lambda t, i: [card("4C", x - 14, y, zone="discard"), card("4H", x + 14, y, zone="discard")]
              if t >= 1.0 else [], 0.0, 3.0)
    assert [label_codes(o.cards) for o in of(DiscardSeen, obs)] == [("4C", "4H")]


def test_a_covered_pad_is_a_pass_once_the_cover_has_held():
    tr = TableTracker(default_zones(4, 800, 600), (800, 600), TrackerSettings(), pads={s: pad_id(s) for s in range(4)})
    every = set(CORNER_IDS) | {pad_id(s) for s in range(4)}
    obs = []
    for i in range(int(6 * FPS)):
        t = i / FPS
        visible = set(every)
        if 1.0 <= t < 1.2:
            visible.discard(pad_id(2))          # brushed: no pass
        if 2.0 <= t < 2.7:
            visible.discard(pad_id(3))          # covered: a pass
        if 4.0 <= t < 5.0:
            visible -= {pad_id(1), 0, 1}        # someone leans over the camera: no pass
        obs.extend(tr.update(t, [], visible))
    assert [(type(o), o.seat) for o in obs] == [(PassSeen, 3)]
    assert 2.3 - 1e-9 <= obs[0].t <= 2.4


def test_with_pad_evidence_a_cover_while_cards_arrive_on_the_pile_is_a_reach_not_a_pass():
    """A left arm laying cards on the pile lies across its own pad: still, from its own seat,
    but reaching past the pad, with the cards arriving under it: a play. A hand that ends on
    the pad, the pile quiet, passes."""
    tr = TableTracker(default_zones(4, 800, 600), (800, 600), TrackerSettings(), pads={s: pad_id(s) for s in range(4)})
    every = set(CORNER_IDS) | {pad_id(s) for s in range(4)}
    own_hand = PadEvidence(cover=1.0, approach=0.4, motion=0.0)
    reaching_arm = PadEvidence(cover=1.0, approach=0.4, motion=0.0, reach=0.7)
    obs = []
    for i in range(int(6 * FPS)):
        t = i / FPS
        hidden = 1.0 <= t < 1.6 or 4.0 <= t < 4.7
        over = reaching_arm if t < 2 else own_hand
        evidence = {s: over if s == 1 and hidden else PadEvidence(0.0, 0.0, 0.0) for s in range(4)}
        cards = [card("9D", 400)] if t >= 1.1 else []
        obs.extend(tr.update(t, cards, every - ({pad_id(1)} if hidden else set()), evidence))
    assert [type(o) for o in obs] == [PlaySeen, PassSeen]
    assert obs[1].seat == 1 and 4.3 - 1e-9 <= obs[1].t <= 4.4


def test_a_new_game_forgets_the_cards_played_and_keeps_leftovers_out():
    tr = tracker()
    obs = run(tr, lambda t, i: [card("9D", 400)] if t >= 0.5 else [], 0.0, 1.5)
    assert [label_codes(o.cards) for o in obs] == [("9D",)]
    tr.new_game()
    # the 9D left lying is no play of the new game; swept, then played again, it is one
    obs = run(tr, lambda t, i: [card("9D", 400)] if t < 2.0 or t >= 5.0 else [], 1.5 + 1 / FPS, 6.5)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("9D",)]
    assert of(PlaySeen, obs)[0].t > 5.0


def test_readings_are_mapped_to_table_zones_through_the_calibration():
    calibration = table_calibration()
    hw, hh = CARD_HALF_PX

    def at(x, y, code):
        (ix, iy), = calibration.table_to_image([(x, y)])
        return CardReading(parse_label(code), 0.9, (ix - hw, iy - hh, ix + hw, iy + hh))

    readings = readings_on_table([at(400, 300, "3H"), at(*SEAT1_POINTS, "KS"), at(*DISCARD, "back"),
                                  at(5, 5, "AC")], calibration)
    assert [(label_code(r.code), r.zone) for r in readings] == [("3H", "pile"), ("KS", "points-1"), ("back", "discard"),
                                                    ("AC", None)]
    assert abs(readings[0].position[0] - 400) < 1e-6 and abs(readings[0].position[1] - 300) < 1e-6
    assert readings_on_table([], calibration) == []


def test_a_faint_back_counts_only_in_the_discard_zone():
    calibration = table_calibration()
    hw, hh = CARD_HALF_PX

    def faint_back(x, y):
        (ix, iy), = calibration.table_to_image([(x, y)])
        return CardReading(parse_label("back"), 0.08, (ix - hw, iy - hh, ix + hw, iy + hh), faint=True)

    readings = readings_on_table([faint_back(400, 300), faint_back(*SEAT1_POINTS), faint_back(*DISCARD),
                                  faint_back(5, 5)], calibration)
    assert [(label_code(r.code), r.zone) for r in readings] == [("back", "discard")]
