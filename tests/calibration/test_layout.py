"""The default layout keeps every pad off the other players' straight way to the pile."""

from __future__ import annotations

import pytest

from referee.calibration.layout import CORNER, PAD, PILE, Point, default_zones, seat_sides

TABLES = ((1000.0, 700.0), (900.0, 500.0), (1000.0, 1000.0))
SHOULDER_OUTSIDE = 250.0        # a player's shoulder this far outside their edge of the table
SHOULDER_STOPS = 21             # places along the seat's slot, both ends included
GRID = 5                        # a GRID x GRID grid on the pile


def _shoulders(seats: int, seat: int, width: float, height: float) -> list[Point]:
    """Shoulder places all along the seat's slot, outside its edge."""
    side, slot, on_side = seat_sides(seats)[seat]
    corner = CORNER * min(width, height)
    slot_len = ((width if side in ("bottom", "top") else height) - 2 * corner) / on_side
    places = []
    for k in range(SHOULDER_STOPS):
        a = corner + (slot + k / (SHOULDER_STOPS - 1)) * slot_len
        places.append({"bottom": (width - a, height + SHOULDER_OUTSIDE), "left": (-SHOULDER_OUTSIDE, height - a),
                       "top": (a, -SHOULDER_OUTSIDE), "right": (width + SHOULDER_OUTSIDE, a)}[side])
    return places


def _pile_grid(polygon: tuple[Point, ...], rim: bool) -> list[Point]:
    """The centres of the pile's GRID x GRID cells, or (``rim``) the grid that runs from edge to
    edge, its corners on the pile's corners."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    steps = [i / (GRID - 1) for i in range(GRID)] if rim else [(i + 0.5) / GRID for i in range(GRID)]
    return [(min(xs) + fx * (max(xs) - min(xs)), min(ys) + fy * (max(ys) - min(ys))) for fx in steps for fy in steps]


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether two segments meet (touching counts)."""
    d1, d2, d3, d4 = _cross(a, b, p), _cross(a, b, q), _cross(p, q, a), _cross(p, q, b)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True

    def on(o: Point, u: Point, v: Point, d: float) -> bool:
        return d == 0 and min(u[0], v[0]) <= o[0] <= max(u[0], v[0]) and min(u[1], v[1]) <= o[1] <= max(u[1], v[1])

    return on(p, a, b, d1) or on(q, a, b, d2) or on(a, p, q, d3) or on(b, p, q, d4)


def _inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Inside a convex polygon (or on its outline)."""
    signs = {_cross(polygon[i], polygon[(i + 1) % len(polygon)], point) > 0 for i in range(len(polygon))
             if _cross(polygon[i], polygon[(i + 1) % len(polygon)], point) != 0}
    return len(signs) <= 1


def _crosses(p: Point, q: Point, polygon: tuple[Point, ...]) -> bool:
    """Whether the segment from p to q meets the convex polygon."""
    return (_inside(p, polygon) or _inside(q, polygon)
            or any(_segments_cross(p, q, polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))))


def _arms_over_other_pads(seats: int, width: float, height: float, rim: bool) -> list[tuple[int, int, Point, Point]]:
    """(seat, pad's seat, shoulder, point on the pile) of every straight arm that crosses another
    seat's pad zone."""
    zones = default_zones(seats, width, height)
    pile = next(z for z in zones if z.kind == PILE)
    pads = {z.seat: z.polygon for z in zones if z.kind == PAD}
    return [(seat, owner, shoulder, target)
            for seat in range(seats) for shoulder in _shoulders(seats, seat, width, height)
            for target in _pile_grid(pile.polygon, rim)
            for owner, pad in pads.items() if owner != seat and _crosses(shoulder, target, pad)]


def test_the_crossing_check_sees_a_crossing_and_a_miss():
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    assert _crosses((-5.0, 5.0), (15.0, 5.0), square)          # right through
    assert _crosses((5.0, 5.0), (50.0, 50.0), square)          # from inside
    assert _crosses((-5.0, 10.0), (15.0, 10.0), square)        # along an edge
    assert not _crosses((-5.0, 11.0), (15.0, 11.0), square)
    assert not _crosses((11.0, -5.0), (20.0, 30.0), square)


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]:g}x{t[1]:g}")
@pytest.mark.parametrize("seats", range(2, 9))
def test_no_arm_to_the_pile_crosses_another_seats_pad(seats, table):
    assert _arms_over_other_pads(seats, *table, rim=False) == []


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]:g}x{t[1]:g}")
@pytest.mark.parametrize("seats", range(2, 5))
def test_with_one_seat_an_edge_even_the_piles_rim_is_clear(seats, table):
    # Where two seats share an edge, the arm from the edge's middle to the pile's far corner
    # passes within a few centimetres of the corner square at the pad's depth: no pad fits
    # there, so from 5 seats on only the grid's inner points are clear.
    assert _arms_over_other_pads(seats, *table, rim=True) == []


@pytest.mark.parametrize("seats", range(5, 9))
def test_neighbours_on_an_edge_have_their_pads_at_its_two_ends(seats):
    zones = default_zones(seats, 1000.0, 700.0)
    pads = {z.seat: z.center() for z in zones if z.kind == PAD}
    points = {z.seat: z.center() for z in zones if z.kind == "points"}
    sides = seat_sides(seats)
    for first, (side, slot, on_side) in enumerate(sides):
        if on_side != 2 or slot != 0:
            continue
        second = first + 1
        axis = 0 if side in ("bottom", "top") else 1
        order = sorted((pads[first], points[first], points[second], pads[second]), key=lambda p: p[axis])
        assert order in ([pads[first], points[first], points[second], pads[second]],
                         [pads[second], points[second], points[first], pads[first]])
