"""Zones of the table, in table coordinates (x right, y down, origin at the top-left corner
marker, the plane spanning [0, W] x [0, H]).

The default layout puts the seats around the edge, clockwise as the camera sees the table,
starting at the bottom side (nearest the bottom of the image). Each seat gets a point-card zone
and, beside it, a pad zone, both in a band along its edge. Where two seats share an edge, each
one's pad lies at the end of the edge away from the other, so that neither pad lies on the other
player's way to the pile (a middle seat of three on an edge, past 8 seats, has no such end). The
corners are left free: the corner markers sit there, and the top-right one also holds the
discard zone. The central pile fills the middle. Zones never overlap, so a point belongs to at
most one zone. A calibration file stores the polygons, so a table with a different shape can be
described by editing them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

Point = tuple[float, float]

PILE, DISCARD, POINTS, PAD = "pile", "discard", "points", "pad"
ZONE_KINDS = (PILE, DISCARD, POINTS, PAD)

# Fractions of the table's shorter side.
EDGE_MARGIN = 0.04       # between the table edge and a seat's zones
BAND_DEPTH = 0.16        # depth of a seat's zones, measured inwards from the edge margin
CORNER = 0.22            # corner squares kept free of seat zones
PILE_GAP = 0.04          # between the seat bands and the pile
# Fractions of a seat's slot along its edge, counted from its points end (`slot_fraction`).
POINTS_SPAN = (0.04, 0.60)
PAD_SPAN = (0.66, 0.96)
# On a shared edge the neighbour's arm to the far side of the pile passes the pad's inner end,
# so that end stays further from the points zone.
SHARED_PAD_SPAN = (0.70, 0.96)

# Side → (start corner as fractions of (W, H), clockwise direction, inward normal).
_SIDES = {
    "bottom": ((1.0, 1.0), (-1.0, 0.0), (0.0, -1.0)),
    "left": ((0.0, 1.0), (0.0, -1.0), (1.0, 0.0)),
    "top": ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)),
    "right": ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)),
}
CLOCKWISE_SIDES = ("bottom", "left", "top", "right")
_EXTRA_SEAT_ORDER = ("bottom", "top", "left", "right")   # opposite sides first: a balanced table


@dataclass(frozen=True)
class Zone:
    name: str                      # "pile", "discard", "points-0", "pad-2", ...
    kind: str                      # one of ZONE_KINDS
    seat: int | None               # the seat of a points / pad zone
    polygon: tuple[Point, ...]     # table coordinates

    def contains(self, point: Point) -> bool:
        return point_in_polygon(point, self.polygon)

    def center(self) -> Point:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "seat": self.seat,
                "polygon": [[round(x, 3), round(y, 3)] for x, y in self.polygon]}

    @staticmethod
    def from_json(data: dict) -> "Zone":
        polygon = tuple((float(x), float(y)) for x, y in data["polygon"])
        if len(polygon) < 3:
            raise ValueError(f"zone {data.get('name')!r} needs 3 or more points")
        kind = str(data["kind"])
        if kind not in ZONE_KINDS:
            raise ValueError(f"zone {data.get('name')!r} has unknown kind {kind!r}")
        seat = data.get("seat")
        return Zone(str(data["name"]), kind, None if seat is None else int(seat), polygon)


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule; points on an edge may fall either way (zones have gaps between them)."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            x_cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < x_cross:
                inside = not inside
    return inside


def seats_per_side(seats: int) -> dict[str, int]:
    counts = {side: seats // 4 for side in CLOCKWISE_SIDES}
    for side in _EXTRA_SEAT_ORDER[: seats % 4]:
        counts[side] += 1
    return counts


def _side_rect(side: str, width: float, height: float, along: tuple[float, float],
               depth: tuple[float, float]) -> tuple[Point, ...]:
    (fx, fy), (dx, dy), (nx, ny) = _SIDES[side]
    sx, sy = fx * width, fy * height

    def at(a: float, d: float) -> Point:   # rounded as saved, so a loaded layout equals this one
        return (round(sx + dx * a + nx * d, 3), round(sy + dy * a + ny * d, 3))

    (a0, a1), (d0, d1) = along, depth
    return (at(a0, d0), at(a1, d0), at(a1, d1), at(a0, d1))


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    x0, y0, x1, y1 = (round(v, 3) for v in (x0, y0, x1, y1))
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def seat_sides(seats: int) -> list[tuple[str, int, int]]:
    """(side, slot on that side, seats on that side) for each seat, in clockwise seat order."""
    counts = seats_per_side(seats)
    return [(side, slot, counts[side]) for side in CLOCKWISE_SIDES for slot in range(counts[side])]


def pad_at_slot_start(slot: int, on_side: int) -> bool:
    """Whether a seat's pad lies at the start of its slot (clockwise) rather than at its end:
    the first of the seats sharing an edge, whose neighbour sits at its slot's end."""
    return on_side > 1 and slot == 0


def slot_fraction(along: float, slot: int, on_side: int) -> float:
    """A fraction of a seat's slot counted from its points end (away from its pad) → the same
    place counted clockwise, as the slots run."""
    return 1.0 - along if pad_at_slot_start(slot, on_side) else along


def default_zones(seats: int, width: float = 1000.0, height: float = 1000.0) -> list[Zone]:
    """The pile, the discard zone, and a points zone and a pad zone per seat (clockwise)."""
    if seats < 2:
        raise ValueError("a table needs 2 or more seats")
    short = min(width, height)
    margin, depth, corner, gap = EDGE_MARGIN * short, BAND_DEPTH * short, CORNER * short, PILE_GAP * short
    band = (margin, margin + depth)
    zones = [
        Zone(PILE, PILE, None, _rect(corner + gap, corner + gap, width - corner - gap, height - corner - gap)),
        Zone(DISCARD, DISCARD, None, _rect(width - corner + 0.02 * short, margin,
                                           width - margin, corner - 0.02 * short)),
    ]
    for seat, (side, slot, on_side) in enumerate(seat_sides(seats)):
        length = width if side in ("bottom", "top") else height
        slot_len = (length - 2 * corner) / on_side
        start = corner + slot * slot_len
        pad_span = PAD_SPAN if on_side == 1 else SHARED_PAD_SPAN
        for kind, span in ((POINTS, POINTS_SPAN), (PAD, pad_span)):
            f0, f1 = sorted(slot_fraction(f, slot, on_side) for f in span)
            along = (start + f0 * slot_len, start + f1 * slot_len)
            zones.append(Zone(f"{kind}-{seat}", kind, seat, _side_rect(side, width, height, along, band)))
    return zones


def zone_at(zones: Iterable[Zone], point: Point) -> Zone | None:
    for zone in zones:
        if zone.contains(point):
            return zone
    return None
