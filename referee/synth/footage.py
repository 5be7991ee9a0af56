"""A choreographed game filmed: the `Timeline` of `referee.synth.choreography` rendered with the
scene generator (`referee.synth.scenes`) into the frames a webcam over the marked table would record.

The table plane is the calibration's (x right, y down, millimetres, origin at the top-left corner
marker's centre); the scene generator's plane has y up and its origin at the table centre.
The four corner markers and one pass pad per seat lie on the table as printed decals; a pad is
covered by the seat's hand, arm from the seat's edge. Cards of one play lie fanned along a
common slant, turned as the timeline says (with motions: facing their player); each hand
reaches in from its player's edge; the timeline's clutter (a mug, a phone) lies as drawn props.
`FilmSet(motions=True)` asks the staging for the motions of a real table (`referee.synth.motions`).

Rendering a frame costs ~0.1-0.3 s, so a frame is rendered only when what lies on the table
changes (a card, a hand, a pad cover); the frames in between repeat it. Used for the bundled
demo recording and the end-to-end video tests.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from referee.calibration.layout import CORNER, PAD, default_zones, seat_sides, slot_fraction
from referee.calibration.markers import CORNER_IDS, marker_image, pad_id
from referee.errors import UserError
from referee.synth.props import prop_image

if TYPE_CHECKING:
    import numpy as np

    from referee.synth.choreography import Timeline

DEMO_DESIGN = "referee-drawn"
TABLE_MM = (900.0, 500.0)
MARKER_MM = 40.0
QUIET_FRACTION = 0.25          # white margin around a printed marker, as a fraction of its side
BODY_MM = 250.0                # a player's shoulder outside the table edge ...
SHOULDER_ALONG = 0.2           # ... at this fraction of the seat's slot from its points end (away from the pad)
FIT_WIDTH = 0.95               # the most of the image's width the play area and its markers fill
PALM_TO_TIP_MM = 121.0         # from the palm's centre to the middle fingertip (scenes' Hand, size 1)


@dataclass(frozen=True)
class FilmSet:
    """What is filmed and how: table, deck design, camera, light."""
    design: str = DEMO_DESIGN
    table_mm: tuple[float, float] = TABLE_MM
    fps: float = 15.0
    tilt_deg: float = 12.0
    yaw_deg: float = 0.0
    focal_px: float = 1000.0
    image_size: tuple[int, int] = (1280, 720)
    # the share of the image's height the play area and its corner markers fill (the camera's
    # height above the table): less films smaller cards, a camera mounted higher; the area is
    # kept within FIT_WIDTH of the image's width too (a 4:3 mode)
    fill: float = 0.86
    surface: str = "wood"
    surface_colours: tuple[tuple[float, float, float], tuple[float, float, float]] = ((70, 105, 150), (45, 70, 110))
    brightness: float = 1.0
    glare: float = 0.0
    blur_sigma: float = 0.6
    noise_sigma: float = 2.0
    skin: tuple[float, float, float] = (120, 155, 210)
    sleeve: tuple[float, float, float] | None = (90, 60, 50)
    marker_mm: float = MARKER_MM
    seed: int = 0
    motions: bool = False            # stage the game with a real table's motions (choreograph's switch)


@dataclass
class Filming:
    """Frames of a timeline; `frames()` yields (index, timestamp, BGR image)."""
    timeline: "Timeline"
    film: FilmSet = field(default_factory=FilmSet)
    renders: int = 0                 # distinct table states rendered so far

    def __post_init__(self) -> None:
        # the scene generator (cv2) loads when drawing: synth.motions imports this module to choreograph
        from referee.synth.scenes.generator import Camera

        film = self.film
        width, height = film.table_mm
        extent = height + 2 * film.marker_mm
        distance = film.focal_px * max(extent / (film.fill * film.image_size[1]),
                                       (width + 2 * film.marker_mm) / (FIT_WIDTH * film.image_size[0]))
        self.camera = Camera(tilt_deg=film.tilt_deg, yaw_deg=film.yaw_deg, distance_mm=distance,
                             focal_px=film.focal_px, size=film.image_size)
        self._pad_centres = {z.seat: z.center() for z in default_zones(self.timeline.seats, width, height)
                             if z.kind == PAD}
        self._decals = self._marker_decals() + self._clutter_decals()
        self._angles = self._play_slants()
        self._fan_centres = self._fan_centres_of(self.timeline.cards)

    # ---- geometry --------------------------------------------------------------------------------

    def to_scene(self, point: tuple[float, float]) -> tuple[float, float]:
        width, height = self.film.table_mm
        return (point[0] - width / 2, height / 2 - point[1])

    def table_to_image(self) -> "np.ndarray":
        """3 x 3 homography from calibration coordinates (mm, y down) to image pixels."""
        import numpy as np

        width, height = self.film.table_mm
        flip = np.array([[1.0, 0, -width / 2], [0, -1.0, height / 2], [0, 0, 1]])
        return self.camera.matrix() @ flip

    def _marker_decals(self) -> list:
        import cv2
        import numpy as np

        from referee.synth.scenes.generator import Decal  # (see __post_init__)

        film = self.film
        width, height = film.table_mm
        centres = dict(zip(CORNER_IDS, [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]))
        for seat, centre in self._pad_centres.items():
            centres[pad_id(seat)] = centre
        decals = []
        side = 160
        quiet = int(side * QUIET_FRACTION)
        for marker_id, centre in centres.items():
            tile = np.full((side + 2 * quiet, side + 2 * quiet), 250, np.uint8)
            tile[quiet:quiet + side, quiet:quiet + side] = marker_image(marker_id, side)
            tile = cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR)
            size = film.marker_mm * (1 + 2 * QUIET_FRACTION)
            decals.append(Decal(tile, self.to_scene(centre), (size, size), 0.0, z=-1.0))
        return decals

    def _clutter_decals(self) -> list:
        from referee.synth.scenes.generator import Decal  # (see __post_init__)

        return [Decal(prop_image(item.kind, item.size), self.to_scene(item.centre), item.size, item.angle, z=-0.2)
                for item in self.timeline.clutter]

    def _play_slants(self) -> dict[int, float]:
        """A slant for each play (group of cards), seeded: people do not lay cards square."""
        rng = random.Random(self.film.seed)
        return {group: rng.uniform(-14.0, 14.0) for group in sorted({c.group for c in self.timeline.cards})}

    @staticmethod
    def _fan_centres_of(cards) -> dict[int, tuple[float, float]]:
        """The centre of each play's fan (group of card spans), in calibration coordinates."""
        groups: dict[int, list] = {}
        for card in cards:
            groups.setdefault(card.group, []).append(card)
        return {group: (sum(c.position[0] for c in mates) / len(mates), sum(c.position[1] for c in mates) / len(mates))
                for group, mates in groups.items()}

    def card_pose(self, index: int) -> tuple[tuple[float, float], float]:
        """Scene position and angle of card span ``index``: its fan turned about the fan's centre
        (by the play's slant and the way the card faces)."""
        card = self.timeline.cards[index]
        cx, cy = self._fan_centres[card.group]
        angle = self._angles[card.group] + card.turn
        a = math.radians(angle)
        dx, dy = card.position[0] - cx, -(card.position[1] - cy)          # scene axes (y up)
        sx, sy = self.to_scene((cx, cy))
        return (sx + dx * math.cos(a) - dy * math.sin(a), sy + dx * math.sin(a) + dy * math.cos(a)), angle

    def seat_point(self, seat: int | None, along: float | None = None) -> tuple[float, float]:
        """Where a player's shoulder is, in calibration coordinates: outside the table, at
        fraction ``along`` of the seat's slot counted from its points end (by default level with
        its point-card zone, away from its pad, so that a right arm reaching in misses it)."""
        width, height = self.film.table_mm
        if seat is None:
            return (width / 2, height + BODY_MM)
        side, slot, on_side = seat_sides(self.timeline.seats)[seat]
        corner = CORNER * min(width, height)
        length = width if side in ("bottom", "top") else height
        fraction = slot_fraction(SHOULDER_ALONG if along is None else along, slot, on_side)
        along = corner + (slot + fraction) * (length - 2 * corner) / on_side
        return {"bottom": (width - along, height + BODY_MM), "left": (-BODY_MM, height - along),
                "top": (along, -BODY_MM), "right": (width + BODY_MM, along)}[side]

    def _hand(self, centre: tuple[float, float], seat: int | None, palm_on_point: bool, salt: int,
              along: float | None = None):
        """A hand from the seat's shoulder: fingertips just past ``centre`` (laying or taking
        cards), or the palm on it (covering a pad, sweeping the pile)."""
        from referee.synth.scenes.generator import Hand  # (see __post_init__)

        film = self.film
        sx, sy = self.to_scene(self.seat_point(seat, along))
        x, y = self.to_scene(centre)
        length = math.hypot(x - sx, y - sy) or 1.0
        d = ((x - sx) / length, (y - sy) / length)
        reach = PALM_TO_TIP_MM if palm_on_point else 25.0
        tip = (x + d[0] * reach, y + d[1] * reach)
        rng = random.Random(film.seed * 1000 + salt)
        return Hand(tip=tip, direction_deg=math.degrees(math.atan2(d[1], d[0])) + rng.uniform(-1.5, 1.5),
                    size=rng.uniform(0.95, 1.05), skin=film.skin, sleeve=film.sleeve,
                    fingers=(0.8, 1, 1, 0.9, 0.8))

    # ---- frames ----------------------------------------------------------------------------------

    def state_at(self, t: float) -> tuple:
        tl = self.timeline
        cards = tuple(i for i, c in enumerate(tl.cards) if c.start <= t < c.end)
        hands = tuple(i for i, h in enumerate(tl.hands) if h.start <= t < h.end)
        pads = tuple(i for i, p in enumerate(tl.pads) if p.start <= t < p.end)
        return cards, hands, pads

    def render_state(self, state: tuple) -> "np.ndarray":
        # (see __post_init__)
        from referee.synth.scenes.generator import CardPlacement, Effects, Lighting, TableStyle, render_table

        film = self.film
        cards, hands, pads = state
        tl = self.timeline
        placements = []
        for i in cards:
            card = tl.cards[i]
            centre, angle = self.card_pose(i)
            face_up = card.code != "back"
            placements.append(CardPlacement(card.code if face_up else None, film.design, centre, angle,
                                            face_up=face_up, z=card.start + i * 1e-6))
        extras = list(self._decals)
        for i in hands:
            h = tl.hands[i]
            sweep = h.radius >= 0.5 * min(film.table_mm)     # a sweep: the palm on the pile, forearm across
            extras.append(self._hand(h.centre, h.seat, sweep or h.palm, i, h.along))
        for i in pads:
            cover = tl.pads[i]
            extras.append(self._hand(self._pad_centres[cover.seat], cover.seat, True, 10_000 + i, cover.along))
        table = TableStyle(film.surface, film.surface_colours[0], film.surface_colours[1], 1.0,
                           texture_seed=film.seed)
        light = Lighting(gradient=0.12, vignette=0.12, brightness=film.brightness, glare=film.glare,
                         shadow_strength=0.3)
        effects = Effects(blur_sigma=film.blur_sigma, noise_sigma=0.0, jpeg_quality=100)
        self.renders += 1
        return render_table(placements, table, self.camera, light, effects, extras=extras, seed=film.seed).image

    def frames(self, start: float = 0.0, end: float | None = None) -> Iterator[tuple[int, float, "np.ndarray"]]:
        """Every frame from ``start`` to ``end`` (default: the timeline's end), sensor noise
        drawn afresh per frame so that repeated states are not identical images."""
        import numpy as np

        fps = self.film.fps
        end = self.timeline.duration if end is None else end
        noise = np.random.default_rng(self.film.seed + 99).normal(0, 1, (64, 64, 3)).astype(np.float32)
        width, height = self.film.image_size
        # one field of grain for the whole film; each frame takes it at another offset
        grain_field = np.tile(noise, (height // 64 + 2, width // 64 + 2, 1)) * self.film.noise_sigma
        last_state, last_image = None, None
        first = int(math.ceil(start * fps))
        count = int(math.floor(end * fps))
        for index in range(first, count + 1):
            t = index / fps
            state = self.state_at(t)
            if state != last_state:
                last_state, last_image = state, self.render_state(state)
            image = last_image
            if self.film.noise_sigma > 0:
                oy, ox = (index * 17) % 64, (index * 29) % 64
                image = np.clip(image + grain_field[oy:oy + height, ox:ox + width], 0, 255).astype(np.uint8)
            yield index, t, image


def write_video(filming: Filming, path: str | Path, *, start: float = 0.0, end: float | None = None,
                codec: str = "mp4v") -> int:
    """Render the timeline into a video file; returns the number of frames written."""
    import cv2

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*codec), filming.film.fps, filming.film.image_size)
    if not writer.isOpened():
        raise UserError(f"cannot write video {path} (codec {codec})")
    count = 0
    try:
        for _, _, image in filming.frames(start, end):
            writer.write(image)
            count += 1
    finally:
        writer.release()
    return count


def film_zones(seats: int, film: FilmSet = FilmSet()) -> list:
    """The zones the choreography lays cards in: the default layout on the filmed table."""
    return default_zones(seats, *film.table_mm)
