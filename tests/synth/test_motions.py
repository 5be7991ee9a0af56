"""The motions of a real table in staged games (`referee.synth.motions`), opt-in: off, the
staging is what it always was; on, cards face their player, the trick's winner carries the pile
to their edge, idle arms keep off the pads and the cards, the mug and the phone lie outside every
zone and corner marker, the side seats' players are left-handed, arms of other players lie across
a pad and hands rest beside their own pad (hiding at most its edge)."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest

from referee.calibration.layout import CORNER, PAD, PILE, POINTS, seat_sides
from referee.calibration.markers import CORNER_IDS, MarkerDetector, pad_id
from referee.synth.choreography import Timeline, choreograph
from referee.synth.footage import FilmSet, Filming, film_zones
from referee.synth.footage import BODY_MM
from referee.synth.motions import (CORNER_MARKER_MM, LEFT_HAND_ALONG, NEAR_PAD_AXIS_MM, PALM_BACK_MM,
                                   REACH_SECONDS, SHOULDER_ALONG, Motions, polygons_overlap, segment_distance)

DEMO_RECORD = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "profit-demo.json"
FILM = FilmSet()
# The digest of the demo record's plain staging (seed 0), taken from the staging before the
# motions existed: the bundled demo and the CI's filmed games must stay as they are.
PLAIN_DIGEST = "8d496116c55bdaa4ee6ca33bbb23ccf4d496b7813b258a21d1461910c3536194"


def staged(motions: bool) -> Timeline:
    record = json.loads(DEMO_RECORD.read_text(encoding="utf-8"))
    seats = len(record["players"])
    return choreograph(record, film_zones(seats, FILM), FILM.table_mm, seed=0, motions=motions).timeline


@pytest.fixture(scope="module")
def moving() -> Timeline:
    return staged(True)


def digest(tl: Timeline) -> str:
    """The staging's fields as they were before the motions (so added fields do not count)."""
    def r(v: float):
        return "inf" if v == math.inf else round(v, 6)
    rows = [("card", c.code, r(c.position[0]), r(c.position[1]), c.zone, r(c.start), r(c.end), c.group)
            for c in tl.cards]
    rows += [("hand", r(h.centre[0]), r(h.centre[1]), r(h.radius), r(h.start), r(h.end), h.seat) for h in tl.hands]
    rows += [("pad", p.seat, r(p.start), r(p.end)) for p in tl.pads]
    rows += [("timeline", tl.seats, r(tl.duration), r(tl.cover_radius))]
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def test_without_motions_the_staging_is_unchanged():
    plain = staged(False)
    assert digest(plain) == PLAIN_DIGEST
    assert all(c.turn == 0.0 for c in plain.cards) and not any(h.palm for h in plain.hands)
    assert plain.clutter == ()


def test_cards_face_their_player(moving):
    sides = seat_sides(moving.seats)
    laid = [c for c in moving.cards if c.zone == PILE and c.turn != 0.0]
    assert laid
    top = sides.index(next(s for s in sides if s[0] == "top"))
    left = sides.index(next(s for s in sides if s[0] == "left"))
    # the hand laying a play belongs to its player; its cards start with it
    by_seat: dict[int, list[float]] = {}
    for h in moving.hands:
        for c in moving.cards:
            if c.zone == PILE and h.seat is not None and not h.palm and math.dist(h.centre, c.position) < 80 \
                    and h.start < c.start < h.end:
                by_seat.setdefault(h.seat, []).append(c.turn)
    assert all(abs(turn - 180.0) <= 6.0 for turn in by_seat[top])
    assert all(abs(turn + 90.0) <= 6.0 for turn in by_seat[left])
    filming = Filming(moving, FILM)
    index = next(i for i, c in enumerate(moving.cards) if abs(c.turn - 180.0) <= 6.0)
    _, angle = filming.card_pose(index)
    assert abs(angle - 180.0) <= 6.0 + 14.0          # turned about, give or take the play's slant


def test_the_winner_carries_the_pile_to_their_edge(moving):
    width, height = FILM.table_mm
    palms = [h for h in moving.hands if h.palm]
    assert palms
    first = palms[0]
    carry = [first]
    for h in palms[1:]:
        if h.start != carry[-1].end:
            break
        carry.append(h)
    assert len(carry) >= 3 and all(h.seat == first.seat for h in carry)
    side = seat_sides(moving.seats)[first.seat][0]

    def to_edge(point):
        x, y = point
        return {"bottom": height - y, "top": y, "left": x, "right": width - x}[side]

    stacks = []
    for h in carry:
        cards = [c for c in moving.cards if h.start <= c.start < c.end <= h.end
                 and math.dist(c.position, h.centre) < 10]
        assert cards
        stacks.append(sum(to_edge(c.position) for c in cards) / len(cards))
    assert all(b < a for a, b in zip(stacks, stacks[1:]))       # ever nearer the winner's edge
    assert stacks[-1] <= 0.0                                      # and off the table
    assert not [c for c in moving.cards if c.zone == PILE and c.start < first.start
                and carry[-1].end < c.end]                        # nothing left on the pile


def idle_arms(moving: Timeline):
    """The hands the motions add after the whole game is staged: the plain staging's, less its
    sweeps (carries instead), and the carrying palms (a stack of cards under each) come first."""
    plain = staged(False)
    sweeps = sum(h.radius >= 0.5 * min(FILM.table_mm) for h in plain.hands)
    carrying = sum(1 for h in moving.hands if h.palm and any(
        h.start <= c.start < c.end <= h.end and math.dist(c.position, h.centre) < 10 for c in moving.cards))
    staged_hands = len(plain.hands) - sweeps + carrying
    return moving.hands[staged_hands:]


def _pads(tl: Timeline):
    return [z for z in film_zones(tl.seats, FILM) if z.kind == PAD]


def resting_arms(moving: Timeline):
    """The idle arms that rest on the table (the others reach across a pad or rest beside one,
    palm down)."""
    return [h for h in idle_arms(moving) if not h.palm]


def test_idle_arms_keep_off_the_pads_and_the_cards(moving):
    idle = resting_arms(moving)
    assert len(idle) >= 5
    filming = Filming(moving, FILM)
    for h in idle:
        assert 0.5 <= h.end - h.start <= 1.5
        shoulder = filming.seat_point(h.seat, h.along)
        length = math.dist(shoulder, h.centre)
        wrist = tuple(h.centre[k] + (shoulder[k] - h.centre[k]) * 160 / length for k in range(2))
        for pad in _pads(moving):
            assert segment_distance(pad.center(), h.centre, wrist) > 90
        for c in moving.cards:
            if c.start < h.end and c.end > h.start:
                assert segment_distance(c.position, h.centre, wrist) > 90
        assert not any(p.seat == h.seat and p.start < h.end and p.end > h.start for p in moving.pads)


def test_an_idle_arm_hides_no_marker(moving):
    """Filmed: while an idle arm rests on the table every marker is seen (no pass is made)."""
    filming = Filming(moving, FILM)
    detector = MarkerDetector(subpixel=False)
    everything = set(CORNER_IDS) | {pad_id(s) for s in range(moving.seats)}
    checked = 0
    for h in resting_arms(moving)[:4]:
        t = (h.start + h.end) / 2
        if any(p.start <= t < p.end for p in moving.pads) or any(o.palm and o.start <= t < o.end for o in moving.hands):
            continue                                      # someone passing, or a hand across or beside a pad, meanwhile
        cards, hands, pads = filming.state_at(t)
        assert detector.visible_ids(filming.render_state((cards, hands, pads))) == everything, t
        checked += 1
    assert checked >= 2


def test_the_clutter_lies_outside_every_zone_and_marker(moving):
    width, height = FILM.table_mm
    assert {c.kind for c in moving.clutter} == {"mug", "phone"}
    half = CORNER_MARKER_MM / 2
    markers = [((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))
               for x, y in ((0, 0), (width, 0), (width, height), (0, height))]
    keep_out = [z.polygon for z in film_zones(moving.seats, FILM)] + markers
    for item in moving.clutter:
        assert not any(polygons_overlap(item.corners(), poly) for poly in keep_out)
        x, y = item.centre
        edge = min(x, width - x, y, height - y)
        assert -60 < edge < CORNER * min(width, height)           # at the edge, not in the middle
    a, b = moving.clutter
    assert not polygons_overlap(a.corners(), b.corners())


def test_the_clutter_is_filmed_where_it_lies(moving):
    filming = Filming(moving, FILM)
    image = filming.render_state(((), (), ()))
    plain = Filming(Timeline((), (), (), moving.seats, 1.0, moving.cover_radius), FILM).render_state(((), (), ()))
    h = filming.table_to_image()
    for item in moving.clutter:
        x, y, w = h @ (item.centre[0], item.centre[1], 1.0)
        col, row = int(x / w), int(y / w)
        assert abs(image[row - 3:row + 4, col - 3:col + 4].astype(int) - plain[row - 3:row + 4, col - 3:col + 4]).mean() > 20


def test_motions_on_four_seats_keep_the_pile_carried_and_cards_turned():
    record = {"rules": "president", "players": ["A", "B", "C", "D"], "first": "A",
              "hands": {"A": ["3S", "9H"], "B": ["5D", "KC"], "C": ["6C", "7S"], "D": ["8D", "QH"]},
              "actions": [{"player": "A", "play": ["3S"]}, {"player": "B", "play": ["5D"]},
                          {"player": "C", "play": ["6C"]}, {"player": "D", "play": ["QH"]},
                          {"player": "A", "pass": True}, {"player": "B", "pass": True},
                          {"player": "C", "pass": True}]}
    tl = choreograph(record, film_zones(4, FILM), FILM.table_mm, seed=3, motions=True).timeline
    right = next(i for i, s in enumerate(seat_sides(4)) if s[0] == "right")
    turns = {round(c.turn / 90) * 90 % 360 for c in tl.cards if c.zone == PILE and c.code == "QH"}
    assert turns == {90} and right == 3
    palms = [h for h in tl.hands if h.palm and any(          # a stack of cards under each: the carry
        h.start <= c.start < c.end <= h.end and math.dist(c.position, h.centre) < 10 for c in tl.cards)]
    assert palms and {h.seat for h in palms} == {3}             # D won the trick and gathers it
    assert any(c.zone.startswith(POINTS) or c.zone == "" for c in tl.cards if c.start >= palms[0].start)


def test_the_side_seats_players_are_left_handed(moving):
    sides = seat_sides(moving.seats)
    staged_hands = moving.hands[:len(moving.hands) - len(idle_arms(moving))]
    hands = [h for h in staged_hands if h.seat is not None] + resting_arms(moving)   # reaches lean anywhere
    assert {sides[h.seat][0] for h in hands} == {"bottom", "left", "top"}
    for h in hands:
        side = sides[h.seat][0]
        assert h.along == (LEFT_HAND_ALONG if side in ("left", "right") else SHOULDER_ALONG)
    assert {sides[p.seat][0] for p in moving.pads if p.along == LEFT_HAND_ALONG} == {"left"}


def _nearest_pad(tl: Timeline, point):
    return min(_pads(tl), key=lambda z: math.dist(z.center(), point))


def _arm_over(tl: Timeline, h, pad) -> float:
    """How far the pad's centre lies from the arm's line, palm to shoulder."""
    stage_motions = Motions(_stage_for(tl), FILM.table_mm, 0)
    shoulder = stage_motions.seat_point(h.seat, h.along, -BODY_MM)
    return segment_distance(pad.center(), h.centre, shoulder)


def _stage_for(tl: Timeline):
    from referee.synth.choreography import Stage

    return Stage(film_zones(tl.seats, FILM), FILM.table_mm)


def test_arms_lie_still_across_another_players_pad(moving):
    reaches = [h for h in idle_arms(moving) if h.palm and _nearest_pad(moving, h.centre).seat != h.seat
               and h.end - h.start >= REACH_SECONDS[0] - 1e-9]
    assert len(reaches) >= 2
    for h in reaches:
        pad = _nearest_pad(moving, h.centre)
        assert _arm_over(moving, h, pad) < 5                     # the arm runs over the pad's centre
        assert math.dist(h.centre, pad.center()) >= 60 - 1e-6    # the palm beyond it
        assert not any(p.seat == pad.seat and p.start < h.end and p.end > h.start for p in moving.pads)


def test_hands_rest_beside_their_own_pad_hiding_at_most_its_edge(moving):
    beside = [h for h in idle_arms(moving) if h.palm and _nearest_pad(moving, h.centre).seat == h.seat]
    assert beside
    motions = Motions(_stage_for(moving), FILM.table_mm, 0)
    for h in beside:
        pad = _nearest_pad(moving, h.centre)
        back, tip = motions.palm_axis(h.seat, h.centre)
        assert math.dist(back, h.centre) == pytest.approx(PALM_BACK_MM)
        assert NEAR_PAD_AXIS_MM[0] - 1e-6 <= segment_distance(pad.center(), back, tip) <= NEAR_PAD_AXIS_MM[1] + 1e-6
        assert not any(p.seat == h.seat and p.start < h.end and p.end > h.start for p in moving.pads)


@pytest.mark.parametrize("seats", range(2, 9))
def test_a_right_arm_comes_from_level_with_the_points_zone_and_a_left_arm_from_the_pad(seats):
    """Wherever the layout puts a seat's pad (at either end of its slot on a shared edge), the
    shoulders follow it: the footage and the motions draw arms from the same places."""
    zones = film_zones(seats, FILM)
    motions = Motions(_stage_for_zones(zones), FILM.table_mm, 0)
    filming = Filming(Timeline((), (), (), seats, 1.0, 0.0), FILM)
    pads = {z.seat: z.center() for z in zones if z.kind == PAD}
    points = {z.seat: z.center() for z in zones if z.kind == POINTS}
    for seat, (side, _, _) in enumerate(seat_sides(seats)):
        axis = 0 if side in ("bottom", "top") else 1
        right = motions.seat_point(seat, SHOULDER_ALONG, -BODY_MM)
        left = motions.seat_point(seat, LEFT_HAND_ALONG, -BODY_MM)
        assert filming.seat_point(seat) == pytest.approx(right)
        assert abs(right[axis] - points[seat][axis]) < abs(right[axis] - pads[seat][axis])
        assert abs(left[axis] - pads[seat][axis]) < abs(left[axis] - points[seat][axis])


def _stage_for_zones(zones):
    from referee.synth.choreography import Stage

    return Stage(zones, FILM.table_mm)
