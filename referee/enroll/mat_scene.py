"""The enrolment mat under the camera, rendered with the scene generator (`referee.synth.scenes`): the
printed mat as a decal in the middle of a table, cards of chosen rows laid in their slots the way
a person lays them (left to right, row by row, each card on top of the previous ones, a little
askew), optionally with slots left empty, cards swapped and mat markers covered by a hand.
For tests and benchmarks of locating the mat and reading the enrolled cards.

The generator's table plane has y up and its origin at the mat's centre here; mat millimetres
have y down and their origin at the page's top-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Sequence

from referee.enroll.mat import EXTRA_ROW_KEYS, MAT_MARKER_IDS, MatLayout
from referee.enroll.mat_sheet import cached_mat_page

if TYPE_CHECKING:
    import numpy as np

    from referee.synth.scenes.generator import Camera, Effects, Hand, Lighting, Scene, TableStyle

DECAL_DPI = 120             # the printed mat as a decal: ~4.7 px per mm, above the camera's ~2 px/mm
PAPER_TINT = 0.96           # printer paper is a little darker than the brightest white
MAT_WIDTH_FRACTION = (0.52, 0.64)   # of the image width, for the default camera
MAX_TILT_DEG = 15.0
MAX_YAW_DEG = 5.0
ANGLE_JITTER_DEG = 2.0
POSITION_JITTER_MM = 2.0
JOKER_KEYS = EXTRA_ROW_KEYS[:2]   # black, red
PALM_TO_TIP_MM = 121.0      # scenes' Hand (size 1): palm centre to the middle fingertip


@dataclass(frozen=True, eq=False)
class MatScene:
    image: "np.ndarray"                         # BGR
    scene: "Scene"                              # the generator's scene, with its labels
    truth: dict[tuple[int, int], str]           # slot -> code of the card actually lying there
    homography: "np.ndarray"                    # 3 x 3, mat mm -> image px (the true one)
    camera: "Camera | None" = None
    layout: MatLayout = field(default_factory=MatLayout)

    def to_image(self, points_mm) -> "np.ndarray":
        import cv2
        import numpy as np

        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)


def default_camera(rng: "np.random.Generator", layout: MatLayout = MatLayout(),
                   size: tuple[int, int] = (1280, 720), focal_px: float = 1000.0) -> "Camera":
    """A webcam above the mat: the mat fills about half to two thirds of the image width,
    tilted 0-15 degrees, turned up to 5 degrees either way."""
    # the scene generator imports cv2: only inside functions (see referee/enroll/__init__.py)
    from referee.synth.scenes.generator import Camera

    fraction = float(rng.uniform(*MAT_WIDTH_FRACTION))
    distance = focal_px * layout.size_mm()[0] / (fraction * size[0])
    tilt = float(rng.uniform(0.0, MAX_TILT_DEG))
    yaw = float(rng.uniform(-MAX_YAW_DEG, MAX_YAW_DEG))
    return Camera(tilt_deg=tilt, yaw_deg=yaw, distance_mm=distance, focal_px=focal_px, size=size)


def _slot_contents(layout: MatLayout, swapped: Iterable[tuple[tuple[int, int], tuple[int, int]]]) -> dict:
    """slot -> face key lying there once the swaps are made (every used slot of the mat)."""
    contents = {(r, c): layout.slot_face_key(r, c) for r, c, _code in layout.slots()}
    for a, b in swapped:
        a, b = tuple(a), tuple(b)
        for slot in (a, b):
            if slot not in contents:
                raise ValueError(f"cannot swap slot {slot}: no card belongs there")
        contents[a], contents[b] = contents[b], contents[a]
    return contents


def _code_of_key(key: str) -> str:
    return "JK" if key in JOKER_KEYS else key


def render_mat_scene(design: str, rows: Sequence[int], *, seed: int = 0, camera: "Camera | None" = None,
                     layout: MatLayout = MatLayout(), light: "Lighting | None" = None,
                     effects: "Effects | None" = None, table: "TableStyle | None" = None,
                     missing: Iterable[tuple[int, int]] = (), swapped: Iterable = (),
                     covered_markers: Iterable[int] = (), extras: Sequence = ()) -> MatScene:
    """The mat on a table with the cards of ``rows`` in their slots (design ``design``).

    ``missing``: slots left empty; ``swapped``: pairs of slots whose cards were exchanged;
    ``covered_markers``: mat marker ids under a resting hand; ``extras``: more things on the table
    (`Decal`, `Hand`, `Paper` in the generator's table plane: mm, y up, origin at the mat's centre).
    Camera, table, lighting and effects are drawn from ``seed`` unless given."""
    import cv2
    import numpy as np

    # the scene generator imports cv2: only inside functions (see referee/enroll/__init__.py)
    from referee.synth.scenes.designs import load_design
    from referee.synth.scenes.generator import (
        CARD_H_MM,
        CardPlacement,
        Decal,
        Effects,
        random_lighting,
        random_table,
        render_table,
    )

    rng = np.random.default_rng(seed)
    # every random draw is made whatever is given, so that one argument does not reshuffle the rest
    drawn_camera = default_camera(rng, layout)
    drawn_table = random_table(rng)
    drawn_light = random_lighting(rng)
    drawn_effects = Effects(blur_sigma=float(rng.uniform(0.0, 0.8)), noise_sigma=float(rng.uniform(1.0, 3.0)),
                            jpeg_quality=int(rng.integers(80, 96)))
    camera = camera or drawn_camera
    table = table or drawn_table
    light = light or drawn_light
    effects = effects or drawn_effects

    rows = sorted(set(rows))
    for row in rows:
        if not 0 <= row < layout.rows:
            raise ValueError(f"no row {row} on the mat (rows 0-{layout.rows - 1})")
    missing = {tuple(s) for s in missing}
    covered = list(dict.fromkeys(covered_markers))
    for marker_id in covered:
        if marker_id not in MAT_MARKER_IDS:
            raise ValueError(f"not a mat marker: {marker_id} (mat markers are {MAT_MARKER_IDS})")
    contents = _slot_contents(layout, swapped)

    width_mm, height_mm = layout.size_mm()

    def to_table(x: float, y: float) -> tuple[float, float]:
        return (x - width_mm / 2, height_mm / 2 - y)

    # the printed mat: pixel centres of the page image sit at (i + 0.5) / px mm
    page = cached_mat_page(layout, DECAL_DPI)
    ph, pw = page.shape
    tile = cv2.cvtColor((page.astype(np.float32) * PAPER_TINT).astype(np.uint8), cv2.COLOR_GRAY2BGR)
    decal = Decal(tile, (0.0, 0.0), (width_mm, height_mm), 0.0, z=-0.5)
    px = DECAL_DPI / 25.4
    mm_to_page = np.array([[px, 0, -0.5], [0, px, -0.5], [0, 0, 1.0]])
    sx, sy = width_mm / pw, height_mm / ph
    page_to_table = np.array([[sx, 0, -pw / 2 * sx], [0, -sy, ph / 2 * sy], [0, 0, 1.0]])
    homography = camera.matrix() @ page_to_table @ mm_to_page
    homography /= homography[2, 2]

    faces = load_design(design)
    card_w = CARD_H_MM * faces.size[0] / faces.size[1]
    placements, truth = [], {}
    for row, col, _code in layout.slots():
        key = contents[(row, col)]
        # the jitter is drawn for every slot, so that leaving one out moves no other card
        angle = float(rng.uniform(-ANGLE_JITTER_DEG, ANGLE_JITTER_DEG))
        shift = rng.uniform(-POSITION_JITTER_MM, POSITION_JITTER_MM, 2)
        if row not in rows or (row, col) in missing:
            continue
        face_up = key != "back"
        if not (key in faces.faces or (key in JOKER_KEYS and any(k in faces.faces for k in JOKER_KEYS))):
            continue                                    # the design lacks this face: the slot stays empty
        x, y = layout.slot_corner_mm(row, col)
        corner = np.array(to_table(x + shift[0], y + shift[1]))
        a = math.radians(angle)
        # the card turns about its top-left corner (where the person put it)
        half = np.array([card_w / 2, -CARD_H_MM / 2])
        centre = corner + np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) @ half
        code = _code_of_key(key)
        placements.append(CardPlacement(code if face_up else None, design, (float(centre[0]), float(centre[1])),
                                        angle, face_up=face_up, z=1.0 + row * layout.cols + col,
                                        key=key if key in JOKER_KEYS else None))
        truth[(row, col)] = code

    hands = [_covering_hand(layout, marker_id, rng, to_table) for marker_id in covered]
    scene = render_table(placements, table, camera, light, effects, extras=[decal, *hands, *extras],
                         seed=int(rng.integers(2 ** 31)))
    scene.meta.update({"design": design, "rows": rows, "mat_homography": homography})
    return MatScene(scene.image, scene, truth, homography, camera, layout)


def _covering_hand(layout: MatLayout, marker_id: int, rng: "np.random.Generator", to_table) -> "Hand":
    """A hand resting with its palm on a mat marker, the arm coming in from the mat's side edge."""
    import numpy as np

    # the scene generator imports cv2: only inside functions (see referee/enroll/__init__.py)
    from referee.synth.scenes.generator import Hand

    square = layout.marker_square_mm(marker_id)
    centre = np.array(to_table(*square.mean(axis=0)))
    inward = 1.0 if marker_id in (MAT_MARKER_IDS[0], MAT_MARKER_IDS[3]) else -1.0   # left markers: arm from the left
    direction = (0.0 if inward > 0 else 180.0) + float(rng.uniform(-12.0, 12.0))
    size = float(rng.uniform(0.95, 1.1))
    d = np.array([math.cos(math.radians(direction)), math.sin(math.radians(direction))])
    tip = centre + d * PALM_TO_TIP_MM * size
    skins = ((95, 130, 190), (120, 155, 210), (140, 175, 225), (75, 110, 165), (55, 85, 130))
    skin = skins[int(rng.integers(len(skins)))]
    return Hand(tip=(float(tip[0]), float(tip[1])), direction_deg=direction, size=size, skin=skin,
                sleeve=(90, 60, 50), fingers=(0.8, 1, 1, 0.9, 0.8), z=1e6 + marker_id)

