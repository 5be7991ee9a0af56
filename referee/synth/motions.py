"""The motions of a real table, added to a staged game when asked for (`Stage(motions=True)`):
cards laid facing their player, the trick's winner carrying the pile off the table, idle arms
resting over the table, a mug and a phone lying at the edge, left-handed players on the side
seats (whose arms cross their own pad on the way to the pile), arms reaching across another
player's pad, and hands resting beside their own pad. None of them is a play or a pass; a
referee that calls one so is wrong.

Geometry in table coordinates (x right, y down), seats as `referee.calibration.layout` places
them. The motions draw from their own random stream, so a game staged with them lays its plays
where the plain staging does.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

from referee.calibration.layout import CORNER, PAD, PILE, Zone, seat_sides, slot_fraction, zone_at
from referee.synth.footage import BODY_MM, PALM_TO_TIP_MM, SHOULDER_ALONG

if TYPE_CHECKING:
    from referee.synth.choreography import Stage

Point = tuple[float, float]

# The way a card's top points when it faces the player of each side (degrees counter-clockwise
# from facing the bottom seat, as the scene generator turns cards).
FACING_DEG = {"bottom": 0.0, "left": -90.0, "top": 180.0, "right": 90.0}
CARD_JITTER_DEG = 6.0
CARRY_STEPS = 4                  # stops between the gathered pile and the winner's edge
CARRY_STEP_SECONDS = 0.25
GATHER_SECONDS = 0.2             # the hand on the pile before the cards come together
CARRY_ALONG = 0.32               # where along the winner's slot the pile leaves (the points zone)
IDLE_ALONG = (0.1, 0.45)         # an idle hand stays level with the seat's shoulder, far from its pad
IDLE_SECONDS = (0.5, 1.5)
IDLE_EVERY = (2.5, 6.0)          # seconds between idle arms
IDLE_DEPTH = (0.04, 0.3)         # ... this far past the pile's edge (fractions of the table's shorter side)
HAND_BACK_MM = 160.0             # fingertips to wrist: the part of an arm that lies low over the table
CARD_CLEARANCE_MM = 100.0        # a card's half diagonal and half a palm: an idle hand keeps this far
PAD_CLEARANCE_MM = 95.0          # a pad marker's half diagonal and half a palm
CORNER_MARKER_MM = 70.0          # a corner marker with its white margin and a little room
CLUTTER = (("mug", (118.0, 88.0)), ("phone", (72.0, 146.0)))
LEFT_HAND_ALONG = 0.8            # a left-handed player's arm comes from the other end of the slot
LEFT_HANDED_SIDES = ("left", "right")
REACH_EVERY = (2.0, 5.0)         # seconds between arms reaching across another player's pad
REACH_SECONDS = (0.6, 1.1)       # the arm lying still over that pad: longer than a pass's hold
REACH_STEP_SECONDS = 0.2         # the hand halfway there first
REACH_PAST_PAD_MM = (60.0, 200.0)    # the palm this far past the pad: the wrist or forearm over it
REACH_EDGE_MM = 15.0             # the palm stays this far inside the table's edge
NEAR_PAD_EVERY = (4.0, 8.0)      # seconds between hands resting beside their own pad
NEAR_PAD_SECONDS = (0.8, 1.6)
NEAR_PAD_OFFSET_MM = (60.0, 130.0)   # the palm's centre this far from the pad's
NEAR_PAD_AXIS_MM = (62.0, 85.0)      # the hand's axis this far from the pad's centre: at most its edge hidden
PALM_BACK_MM = 46.0              # the palm's centre to its back edge (scenes' Hand, size 1)


@dataclass(frozen=True)
class Clutter:
    """Something that is not a card lying on the table for the whole film."""
    kind: str                    # "mug" | "phone"
    centre: Point
    size: tuple[float, float]    # width, height (mm) before turning
    angle: float = 0.0           # degrees counter-clockwise, as the scene generator turns things

    def corners(self) -> tuple[Point, ...]:
        a = math.radians(self.angle)
        w, h = self.size[0] / 2, self.size[1] / 2
        # y down on the table: a counter-clockwise turn in the image is clockwise here
        return tuple((self.centre[0] + dx * math.cos(a) + dy * math.sin(a),
                      self.centre[1] - dx * math.sin(a) + dy * math.cos(a))
                     for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h)))


def polygons_overlap(a: Sequence[Point], b: Sequence[Point]) -> bool:
    """Whether two convex polygons overlap (no separating axis among their edges' normals)."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y1 - y2, x2 - x1
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) < min(pb) or max(pb) < min(pa):
                return False
    return True


class Motions:
    """Adds the motions to one `Stage` as it stages a game."""

    def __init__(self, stage: "Stage", table_size: tuple[float, float], seed: int) -> None:
        self.stage = stage
        self.width, self.height = table_size
        self.rng = random.Random(f"motions-{seed}")
        self.sides = seat_sides(stage.seats)
        self.left_handed = frozenset(s for s, (side, _, _) in enumerate(self.sides) if side in LEFT_HANDED_SIDES)
        self.clutter = self._place_clutter()

    # ---- seats --------------------------------------------------------------------------------

    def facing(self, seat: int) -> float:
        return FACING_DEG[self.sides[seat][0]]

    def shoulder_along(self, seat: int) -> float:
        """Where along its slot the seat's working arm comes from."""
        return LEFT_HAND_ALONG if seat in self.left_handed else SHOULDER_ALONG

    def seat_point(self, seat: int, along: float, depth: float) -> Point:
        """A point ``depth`` mm in from the seat's edge, at fraction ``along`` of its slot counted
        from its points end (as the layout counts its zones: `slot_fraction`)."""
        side, slot, on_side = self.sides[seat]
        corner = CORNER * min(self.width, self.height)
        length = self.width if side in ("bottom", "top") else self.height
        a = corner + (slot + slot_fraction(along, slot, on_side)) * (length - 2 * corner) / on_side
        return {"bottom": (self.width - a, self.height - depth), "left": (depth, self.height - a),
                "top": (a, depth), "right": (self.width - depth, a)}[side]

    # ---- cards facing their player --------------------------------------------------------------

    def face(self, spans: Sequence[int], seat: int | None) -> None:
        """Turn the cards of ``spans`` to face the seat's player, each a little askew."""
        if seat is None:
            return
        cards = self.stage.cards
        for i in spans:
            jitter = self.rng.uniform(-CARD_JITTER_DEG, CARD_JITTER_DEG)
            cards[i] = replace(cards[i], turn=self.facing(seat) + jitter)

    # ---- the winner carries the pile off ---------------------------------------------------------

    def carry_off(self, seat: int, t: float) -> float:
        """The pile gathered under the winner's palm and carried in steps over the table to the
        winner's edge, then off it; returns when the hand has gone."""
        stage = self.stage
        spans = stage.present(t, PILE)
        if not spans:
            return t
        codes = [stage.cards[i].code for i in spans]
        xs = [stage.cards[i].position for i in spans]
        gathered = (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))
        edge = self.seat_point(seat, CARRY_ALONG, -0.02 * stage.scale)
        offsets = [(self.rng.uniform(-4, 4), self.rng.uniform(-4, 4)) for _ in codes]
        turns = [self.facing(seat) + self.rng.uniform(-CARD_JITTER_DEG, CARD_JITTER_DEG) for _ in codes]
        for i in spans:
            stage.remove(i, t + GATHER_SECONDS)
        start = t
        for step in range(CARRY_STEPS + 1):
            f = step / CARRY_STEPS
            centre = (gathered[0] + f * (edge[0] - gathered[0]), gathered[1] + f * (edge[1] - gathered[1]))
            begin = t + GATHER_SECONDS + step * CARRY_STEP_SECONDS
            end = begin + CARRY_STEP_SECONDS
            stage.hand(centre, start, end, seat=seat, palm=True)
            zone = zone_at(stage.zones.values(), centre)
            group = None                 # the stack is one group: its cards never hide each other
            for code, (dx, dy), turn in zip(codes, offsets, turns):
                position = (centre[0] + dx, centre[1] + dy)
                index = stage.place(code, position, zone.name if zone else "", begin, group)
                stage.cards[index] = replace(stage.cards[index], end=end, turn=turn)
                group = stage.cards[index].group
            start = end
        return start

    # ---- idle arms ------------------------------------------------------------------------------

    def rest_arms(self, start: float, end: float) -> None:
        """Now and then a player who is doing nothing rests a hand on the table between their
        edge and the pile: clear of every card, and the whole arm clear of the pads."""
        stage = self.stage
        radius = stage.timing.hand_radius * stage.scale
        pile = stage.zones[PILE]
        t = start + self.rng.uniform(*IDLE_EVERY)
        while t < end:
            length = self.rng.uniform(*IDLE_SECONDS)
            idle = [s for s in range(stage.seats) if not self._busy(s, t - 0.3, t + length + 0.3)]
            if idle:
                seat = self.rng.choice(idle)
                for _ in range(30):
                    centre = self.seat_point(seat, self.rng.uniform(*IDLE_ALONG), self._pile_depth(seat, pile)
                                             + self.rng.uniform(*IDLE_DEPTH) * stage.scale)
                    if (self._clear(self.hand_segment(seat, centre), radius, t, t + length)
                            and self._arm_clear_of_pads(seat, centre)):
                        stage.hand(centre, t, t + length, seat=seat)
                        break
            t += length + self.rng.uniform(*IDLE_EVERY)

    def _pile_depth(self, seat: int, pile: Zone) -> float:
        """How far in from the seat's edge the pile begins."""
        xs = [p[0] for p in pile.polygon]
        ys = [p[1] for p in pile.polygon]
        side = self.sides[seat][0]
        return {"bottom": self.height - max(ys), "top": min(ys), "left": min(xs), "right": self.width - max(xs)}[side]

    def _busy(self, seat: int, start: float, end: float) -> bool:
        stage = self.stage
        return (any(h.seat == seat and h.start < end and h.end > start for h in stage.hands)
                or any(p.seat == seat and p.start < end and p.end > start for p in stage.pads))

    def _arm_clear_of_pads(self, seat: int, centre: Point) -> bool:
        """The whole arm, fingertips to shoulder, clear of every pad (a left arm from a side
        seat would otherwise lie across its own pad)."""
        shoulder = self.seat_point(seat, self.shoulder_along(seat), -BODY_MM)
        return all(segment_distance(z.center(), centre, shoulder) > PAD_CLEARANCE_MM
                   for z in self.stage.zones.values() if z.kind == PAD)

    def hand_segment(self, seat: int, centre: Point) -> tuple[Point, Point]:
        """From the fingertips' place back to the wrist, along the arm from the player's shoulder
        (where the footage draws it from)."""
        sx, sy = self.seat_point(seat, self.shoulder_along(seat), -BODY_MM)
        length = math.dist((sx, sy), centre) or 1.0
        back = min(HAND_BACK_MM, length)
        return centre, (centre[0] + (sx - centre[0]) * back / length, centre[1] + (sy - centre[1]) * back / length)

    # ---- arms across pads ----------------------------------------------------------------------

    def reach_over_pads(self, start: float, end: float) -> None:
        """Now and then an idle player reaches across the table (for a neighbour's cards, a
        drink) with the forearm lying still over another player's pad for longer than a pass
        takes: the hand goes halfway, then on, and rests."""
        stage = self.stage
        pads = {z.seat: z.center() for z in stage.zones.values() if z.kind == PAD}
        t = start + self.rng.uniform(*REACH_EVERY)
        while t < end:
            hold = self.rng.uniform(*REACH_SECONDS)
            until = t + REACH_STEP_SECONDS + hold
            idle = [s for s in range(stage.seats) if not self._busy(s, t - 0.3, until + 0.3)]
            options = [(seat, along, palm) for seat in idle for owner, pad in pads.items()
                       if owner != seat and owner in idle
                       for along, palm in self._reaches_over(seat, pad, pads, t, until)]
            if options:
                seat, along, palm = self.rng.choice(options)
                shoulder = self.seat_point(seat, along, -BODY_MM)
                half = (shoulder[0] + 0.6 * (palm[0] - shoulder[0]), shoulder[1] + 0.6 * (palm[1] - shoulder[1]))
                stage.hand(half, t, t + REACH_STEP_SECONDS, seat=seat, palm=True, along=along)
                stage.hand(palm, t + REACH_STEP_SECONDS, until, seat=seat, palm=True, along=along)
                t = until
            t += self.rng.uniform(*REACH_EVERY)

    def _reaches_over(self, seat: int, pad: Point, pads: dict[int, Point], start: float, end: float):
        """(along, palm centre) of the seat's straight arms that lie over ``pad`` with the palm
        on the table beyond it, clear of the cards, the other pads and the corner markers."""
        radius = self.stage.timing.hand_radius * self.stage.scale
        for k in range(-2, 13):          # a player leaning to reach reaches from anywhere along the seat
            along = k / 10
            shoulder = self.seat_point(seat, along, -BODY_MM)
            length = math.dist(shoulder, pad) or 1.0
            d = ((pad[0] - shoulder[0]) / length, (pad[1] - shoulder[1]) / length)
            past = self.rng.uniform(*REACH_PAST_PAD_MM)
            palm = (pad[0] + d[0] * past, pad[1] + d[1] * past)
            if not (self._on_table(palm, REACH_EDGE_MM) and self._on_table(self.palm_axis(seat, palm, along)[1],
                                                                          REACH_EDGE_MM)):
                continue                 # the whole hand on the table: a reach across it, not off it
            if any(math.dist(palm, p) < PAD_CLEARANCE_MM for o, p in pads.items() if p != pad):
                continue
            if self._clear((palm, shoulder), radius, start, end, pads=False):   # the whole arm clear of cards
                yield along, palm

    def _on_table(self, point: Point, margin: float) -> bool:
        x, y = point
        corners = ((0, 0), (self.width, 0), (self.width, self.height), (0, self.height))
        return (margin <= x <= self.width - margin and margin <= y <= self.height - margin
                and all(math.dist(point, c) > CORNER_MARKER_MM + margin for c in corners))

    # ---- hands beside their own pad ------------------------------------------------------------

    def rest_near_pads(self, start: float, end: float) -> None:
        """Now and then an idle player rests a hand beside their own pad, over its margin at
        most (the hand's axis, fingertips to the back of the palm, keeps clear of the marker):
        not a pass."""
        stage = self.stage
        pads = {z.seat: z.center() for z in stage.zones.values() if z.kind == PAD}
        radius = stage.timing.hand_radius * stage.scale
        t = start + self.rng.uniform(*NEAR_PAD_EVERY)
        while t < end:
            length = self.rng.uniform(*NEAR_PAD_SECONDS)
            idle = [s for s in range(stage.seats) if s in pads and not self._busy(s, t - 0.3, t + length + 0.3)]
            if idle:
                seat = self.rng.choice(idle)
                for _ in range(40):
                    angle = self.rng.uniform(0, 2 * math.pi)
                    distance = self.rng.uniform(*NEAR_PAD_OFFSET_MM)
                    centre = (pads[seat][0] + distance * math.cos(angle), pads[seat][1] + distance * math.sin(angle))
                    back, tip = self.palm_axis(seat, centre)
                    if (NEAR_PAD_AXIS_MM[0] <= segment_distance(pads[seat], back, tip) <= NEAR_PAD_AXIS_MM[1]
                            and self._on_table(tip, REACH_EDGE_MM)
                            and self._clear(self.hand_segment(seat, centre), radius, t, t + length, pads=False)):
                        stage.hand(centre, t, t + length, seat=seat, palm=True)
                        break
            t += length + self.rng.uniform(*NEAR_PAD_EVERY)

    def palm_axis(self, seat: int, palm: Point, along: float | None = None) -> tuple[Point, Point]:
        """The back of the palm and the fingertips of the seat's hand with its palm on ``palm``,
        the arm from the seat's shoulder (as the footage draws it)."""
        shoulder = self.seat_point(seat, self.shoulder_along(seat) if along is None else along, -BODY_MM)
        length = math.dist(shoulder, palm) or 1.0
        d = ((palm[0] - shoulder[0]) / length, (palm[1] - shoulder[1]) / length)
        return ((palm[0] - d[0] * PALM_BACK_MM, palm[1] - d[1] * PALM_BACK_MM),
                (palm[0] + d[0] * PALM_TO_TIP_MM, palm[1] + d[1] * PALM_TO_TIP_MM))

    def _clear(self, hand: tuple[Point, Point], radius: float, start: float, end: float, *,
               pads: bool = True) -> bool:
        stage = self.stage
        cards = [c.position for c in stage.cards if c.start < end and c.end > start]
        hands = [h.centre for h in stage.hands if h.start < end and h.end > start]
        pad_centres = [z.center() for z in stage.zones.values() if z.kind == PAD] if pads else []
        return (all(segment_distance(p, *hand) > CARD_CLEARANCE_MM for p in cards)
                and all(math.dist(hand[0], p) > 2 * radius for p in hands)
                and all(segment_distance(p, *hand) > PAD_CLEARANCE_MM for p in pad_centres))

    # ---- clutter --------------------------------------------------------------------------------

    def _place_clutter(self) -> tuple[Clutter, ...]:
        """A mug and a phone at the table's edge, each clear of every zone and corner marker."""
        w, h = self.width, self.height
        keep_out = [z.polygon for z in self.stage.zones.values()]
        keep_out += [_square(c, CORNER_MARKER_MM / 2) for c in ((0, 0), (w, 0), (w, h), (0, h))]
        placed: list[Clutter] = []
        for kind, size in CLUTTER:
            for _ in range(400):
                side = self.rng.choice(("bottom", "left", "top", "right"))
                inset = self.rng.uniform(-0.3, 0.6) * min(size)      # lying at, or over, the edge
                along = self.rng.uniform(0.0, w if side in ("bottom", "top") else h)
                centre = {"bottom": (along, h - inset), "top": (along, inset), "left": (inset, along),
                          "right": (w - inset, along)}[side]
                item = Clutter(kind, centre, size, self.rng.uniform(0, 360))
                footprint = item.corners()
                if not any(polygons_overlap(footprint, poly) for poly in keep_out + [p.corners() for p in placed]):
                    placed.append(item)
                    break
        return tuple(placed)


def segment_distance(point: Point, a: Point, b: Point) -> float:
    """Distance from ``point`` to the segment from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    f = 0.0 if span == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / span))
    return math.dist(point, (a[0] + f * dx, a[1] + f * dy))


def _square(centre: Point, half: float) -> tuple[Point, ...]:
    x, y = centre
    return ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))

