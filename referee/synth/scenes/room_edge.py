"""The room beyond the table at one edge of the frame (issue 25, "Backs that are backs").

A photo of cards on a table often shows, at one edge, where the table ends: its rim, and beyond
it the floor or another surface with things on it (a book, a CD case, a box, a cable), cut by the
photo's edge. Most phantom `back`s on the real photos lay there; the generated tables filled the
whole frame and never drew it. :func:`with_room_edge` paints such a band on a rendered scene, along
one side of the frame, no deeper than the labelled objects allow (it never covers a card, an index
or a face-down card, so the scene's labels stay true).

Everything comes from the numpy generator it is given, so a scene seed gives the same room.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from .negatives import negative_image, rich_texture, wood_surface

SIDES = ("top", "bottom", "left", "right")
MIN_DEPTH = 0.04          # of the frame across that side: a thinner band is not drawn
MAX_DEPTH = 0.30
CLEARANCE_PX = 6          # kept between the band and the nearest labelled object
OBJECT_KINDS = ("book", "cd", "coupon", "sheet", "newsprint", "napkin", "wood", "carpet")
FLOOR_KINDS = ("carpet", "rug", "brick", "darkcloth", "wood")


def _clear_depth(side: str, shape: tuple[int, int], keep_clear: Sequence[tuple[float, float, float, float]]) -> float:
    """How far from `side` the band may reach without touching a box of `keep_clear`."""
    height, width = shape
    across = height if side in ("top", "bottom") else width
    reach = float(across)
    for x1, y1, x2, y2 in keep_clear:
        near = {"top": y1, "bottom": height - y2, "left": x1, "right": width - x2}[side]
        reach = min(reach, near)
    return max(0.0, reach - CLEARANCE_PX)


def _floor(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    kind = str(rng.choice(FLOOR_KINDS))
    if kind == "wood":
        return np.asarray(wood_surface(rng, shape, float(rng.uniform(0.6, 1.6))), np.float32)
    return rich_texture(kind, rng, shape, float(rng.uniform(0.6, 1.6)))


def _paste(canvas: np.ndarray, mask: np.ndarray, bgra: np.ndarray, centre: tuple[float, float], angle: float) -> None:
    """Alpha-composite a BGRA object onto canvas (float BGR) turned by `angle`, where mask allows."""
    h, w = bgra.shape[:2]
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(rot[0, 0]), abs(rot[0, 1])
    nw, nh = int(h * sin + w * cos) + 2, int(h * cos + w * sin) + 2
    rot[0, 2] += nw / 2 - w / 2
    rot[1, 2] += nh / 2 - h / 2
    turned = cv2.warpAffine(bgra, rot, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))
    x0, y0 = int(round(centre[0] - nw / 2)), int(round(centre[1] - nh / 2))
    H, W = canvas.shape[:2]
    cx1, cy1, cx2, cy2 = max(0, x0), max(0, y0), min(W, x0 + nw), min(H, y0 + nh)
    if cx2 <= cx1 or cy2 <= cy1:
        return
    part = turned[cy1 - y0:cy2 - y0, cx1 - x0:cx2 - x0].astype(np.float32)
    alpha = part[..., 3:4] / 255.0 * mask[cy1:cy2, cx1:cx2, None]
    canvas[cy1:cy2, cx1:cx2] = canvas[cy1:cy2, cx1:cx2] * (1 - alpha) + part[..., :3] * alpha


def with_room_edge(image: np.ndarray, keep_clear: Sequence[tuple[float, float, float, float]],
                   rng: np.random.Generator, card_px: float = 110.0) -> tuple[np.ndarray, dict | None]:
    """The BGR image with the room beyond the table along one side, and what was drawn
    ({'side', 'depth_px', 'objects'}); the image unchanged and None where the labelled objects
    (`keep_clear`, boxes in pixels) leave no room on the side drawn. `card_px`: a card's height
    in the image, which sizes the objects."""
    height, width = image.shape[:2]
    side = SIDES[int(rng.integers(4))]
    across = height if side in ("top", "bottom") else width
    along = width if side in ("top", "bottom") else height
    want = float(rng.uniform(MIN_DEPTH, MAX_DEPTH)) * across
    slant = float(rng.uniform(-0.3, 0.3)) * want
    room = _clear_depth(side, (height, width), keep_clear)
    ends = np.array([want + slant / 2, want - slant / 2])
    if ends.max() > room:
        ends -= ends.max() - room
    if ends.min() < MIN_DEPTH * across:
        return image, None
    n_objects = int(rng.integers(1, 4))
    floor = _floor(rng, (height, width))
    kinds = [str(rng.choice(OBJECT_KINDS)) for _ in range(n_objects)]

    # the band in the side's own frame: distance from the side below the table's rim line
    t = np.linspace(0.0, 1.0, along, dtype=np.float32)
    rim = ends[0] + (ends[1] - ends[0]) * t                      # depth of the rim along the side
    depth = np.arange(across, dtype=np.float32)[:, None]
    beyond = (depth < rim[None, :]).astype(np.float32)           # across x along
    lip = ((depth >= rim[None, :]) & (depth < rim[None, :] + rng.uniform(3, 9))).astype(np.float32)
    shade = np.clip(1.0 - (depth - rim[None, :]) / (0.25 * rim[None, :] + 1), 0, 1) * beyond
    to_image = {"top": lambda a: a, "bottom": lambda a: a[::-1], "left": lambda a: a.T, "right": lambda a: a.T[:, ::-1]}[side]
    beyond, lip, shade = (np.ascontiguousarray(to_image(a)) for a in (beyond, lip, shade))

    out = image.astype(np.float32)
    room_img = floor * float(rng.uniform(0.55, 0.95))
    objects = []
    for kind in kinds:
        h_px = card_px * float(rng.uniform(0.9, 2.4))
        w_px = h_px * float(rng.uniform(0.6, 1.3))
        px_mm = h_px / 88.0
        bgra = negative_image(kind, (w_px / px_mm, h_px / px_mm), rng)
        bgra = cv2.resize(bgra, (max(8, int(w_px)), max(8, int(h_px))), interpolation=cv2.INTER_AREA)
        pos_along = float(rng.uniform(0.05, 0.95)) * along
        rim_here = float(np.interp(pos_along / along, [0, 1], ends))
        pos_across = float(rng.uniform(0.0, 0.8)) * rim_here      # beyond the rim, often cut by the frame
        centre = {"top": (pos_along, pos_across), "bottom": (pos_along, height - pos_across),
                  "left": (pos_across, pos_along), "right": (width - pos_across, pos_along)}[side]
        angle = float(rng.normal(0, 12) + rng.choice([0, 90]))
        _paste(room_img, beyond, bgra, centre, angle)
        objects.append(kind)
    if rng.random() < 0.5:                                        # a cable across the band
        pts = []
        for k in range(4):
            a = (k / 3) * along
            d = float(rng.uniform(0.1, 0.9)) * float(np.interp(a / along, [0, 1], ends))
            pts.append({"top": (a, d), "bottom": (a, height - d), "left": (d, a), "right": (width - d, a)}[side])
        colour = tuple(float(v) for v in rng.uniform(10, 60, 3)) if rng.random() < 0.7 else tuple(float(v) for v in rng.uniform(150, 240, 3))
        cv2.polylines(room_img, [np.array(pts, np.int32)], False, colour, int(max(2, card_px * 0.05)), cv2.LINE_AA)
        objects.append("cable")
    room_img = room_img * (1 - 0.35 * shade[..., None])           # the table's shadow on what lies below
    rim_colour = out[lip > 0].mean(axis=0) * float(rng.uniform(0.5, 0.8)) if lip.any() else out.mean(axis=(0, 1))
    out = out * (1 - beyond[..., None]) + room_img * beyond[..., None]
    out = out * (1 - lip[..., None]) + rim_colour * lip[..., None]
    out = cv2.GaussianBlur(out, (0, 0), 0.6) * (beyond + lip)[..., None] + out * (1 - beyond - lip)[..., None]
    out += rng.normal(0, 2.5, out.shape).astype(np.float32) * (beyond + lip)[..., None]
    drawn = {"side": side, "depth_px": [round(float(e), 1) for e in ends], "objects": objects}
    return np.clip(out, 0, 255).astype(np.uint8), drawn
