"""Synthetic webcam views of a Daifugo table, with labels.

Two levels:

* :func:`render_table` draws an explicit list of :class:`CardPlacement` (table millimetres) and
  extras (:class:`Hand`, :class:`Paper`) under a fixed :class:`TableStyle`, :class:`Camera`,
  :class:`Lighting` and :class:`Effects`. A game video is a sequence of ``render_table`` calls with
  the same table/camera/light and a per-frame seed (sensor noise).
* :func:`generate_scene` draws a random training scene (pile of fanned plays, rows of point cards,
  face-down cards, held hands, fingers, printed-paper distractors) from a seed.

Coordinates: the table plane is in millimetres, X right, Y away from the camera's bottom edge
(far side of the table is up in the image). A card is 88 mm high; its width follows the design.
Image pixels: x right, y down, 1280x720 by default.

Labels (:class:`SceneObject`): ``card`` = box of the visible part of a face-up card (>= 15 %
visible), ``back`` = same for a face-down card, ``index`` = box of a corner index (rank + suit)
at least 60 % visible (occluded by later cards, hands, papers or the frame edge), whether or not
its card is 15 % visible.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from referee.engine.cards import Suit
from referee.vision.labels import PRINTED_RANKS

from .design import CARD_CODES, JOKER
from .designs import DesignFaces, load_design
from .negatives import RICH_TABLE_KINDS, random_negatives, random_rich_table, rich_texture
from .room_edge import with_room_edge
from .suit_shapes import suit_shape

CARD_H_MM = 88.0
IMAGE_SIZE = (1280, 720)
MIN_CARD_VISIBLE = 0.15
MIN_INDEX_VISIBLE = 0.6
CLASSES = ("index", "card", "back")


# --------------------------------------------------------------------------------------------
# data types
# --------------------------------------------------------------------------------------------
@dataclass
class SceneObject:
    kind: str  # 'index' | 'card' | 'back'
    code: str | None  # 'QS', '10H', 'JK'; None for backs
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 image px (visible part for cards)
    polygon: np.ndarray  # (4, 2) float32 image px: the whole card / index quad
    visible_fraction: float
    card_id: int  # which physical card (index objects share their card's id)
    # index objects: the uncovered shares of the index's two halves along the card's long axis
    # (its rank and its suit, in either order); a corner can be 60 % uncovered with one glyph hidden
    halves_visible: tuple[float, float] | None = None


@dataclass
class Scene:
    image: np.ndarray  # BGR uint8
    objects: list[SceneObject]
    meta: dict = field(default_factory=dict)


@dataclass
class Camera:
    tilt_deg: float = 0.0  # 0 = looking straight down; the far side of the table recedes upward
    yaw_deg: float = 0.0  # rotation of the table in the image
    distance_mm: float = 750.0  # from the camera to the look-at point on the table
    focal_px: float = 1000.0
    look_at: tuple[float, float] = (0.0, 0.0)  # table mm seen at the principal point
    size: tuple[int, int] = IMAGE_SIZE

    def matrix(self) -> np.ndarray:
        """3x3 homography: table (X mm, Y mm, 1) -> image (x, y, 1)."""
        t = math.radians(self.tilt_deg)
        y = math.radians(self.yaw_deg)
        r0 = np.array([[1, 0, 0], [0, -1, 0], [0, 0, -1]], float)
        rx = np.array([[1, 0, 0], [0, math.cos(-t), -math.sin(-t)], [0, math.sin(-t), math.cos(-t)]])
        rz = np.array([[math.cos(y), -math.sin(y), 0], [math.sin(y), math.cos(y), 0], [0, 0, 1]])
        R = rx @ r0 @ rz
        fwd = R.T @ np.array([0, 0, 1.0])
        L = np.array([self.look_at[0], self.look_at[1], 0.0])
        C = L - self.distance_mm * fwd
        w, h = self.size
        K = np.array([[self.focal_px, 0, w / 2], [0, self.focal_px, h / 2], [0, 0, 1]])
        H = K @ np.column_stack([R[:, 0], R[:, 1], -R @ C])
        return H / H[2, 2]


@dataclass
class TableStyle:
    kind: str = "felt"  # wood | felt | cloth | paper | plain; carpet | rug | brick | darkcloth (negatives.py)
    color: tuple[float, float, float] = (60, 110, 40)  # BGR base colour
    color2: tuple[float, float, float] = (40, 80, 30)  # second colour (stripes, grain)
    scale: float = 1.0  # pattern scale
    texture_seed: int = 0


@dataclass
class Lighting:
    gradient: float = 0.15  # strength of the linear light falloff
    gradient_dir_deg: float = 30.0
    vignette: float = 0.15
    brightness: float = 1.0
    wb: tuple[float, float, float] = (1.0, 1.0, 1.0)  # B, G, R gains
    glare: float = 0.0  # specular strength on glossy cards (0..0.8)
    glare_pos: tuple[float, float] = (0.5, 0.4)  # relative image position of the lamp's reflection
    glare_radius: float = 0.2  # relative to image width
    shadow_dir_deg: float = 45.0  # direction shadows fall (image)
    shadow_strength: float = 0.35
    card_tint: tuple[float, float, float] = (0.97, 0.98, 1.0)  # card stock (B, G, R multipliers)


@dataclass
class Effects:
    blur_sigma: float = 0.0
    motion_len: int = 0
    motion_angle_deg: float = 0.0
    noise_sigma: float = 2.0
    jpeg_quality: int = 90


@dataclass
class CardPlacement:
    code: str | None  # 'QS', 'JK' (joker), or None for a back-only card
    design: str  # design name
    center: tuple[float, float]  # table mm
    angle_deg: float = 0.0  # counter-clockwise rotation on the table; 0 = upright toward far side
    face_up: bool = True
    z: float = 0.0  # draw order (higher on top)
    key: str | None = None  # face key override ('JKR', 'JKB'); default from code


@dataclass
class Hand:
    """A hand (and forearm) reaching over the table; the fingertips point at `tip`."""

    tip: tuple[float, float]  # table mm, where the fingers end
    direction_deg: float  # direction the fingers point (table angle, CCW from +X)
    size: float = 1.0  # 1.0 = adult palm ~85 mm wide
    skin: tuple[float, float, float] = (120, 150, 200)  # BGR
    fingers: tuple[float, float, float, float, float] = (1, 1, 1, 1, 1)  # thumb..little, 0..1 extension
    sleeve: tuple[float, float, float] | None = None
    height_mm: float = 40.0  # above the table (shadow offset)
    z: float = 1e6


@dataclass
class Paper:
    """A printed sheet (hard negative): text, numbers, pictures, card-like symbols."""

    center: tuple[float, float]
    size_mm: tuple[float, float] = (148.0, 210.0)
    angle_deg: float = 0.0
    seed: int = 0
    z: float = -1.0


@dataclass
class Decal:
    """A flat printed image lying on the table (a marker, a pad, a mat): BGR or BGRA, drawn at
    ``size_mm`` (width, height) centred on ``center``; never labelled as a card."""

    image: np.ndarray
    center: tuple[float, float]
    size_mm: tuple[float, float]
    angle_deg: float = 0.0
    z: float = -0.5


# --------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------
def _apply_h(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    q = np.c_[p, np.ones(len(p))] @ H.T
    return q[:, :2] / q[:, 2:3]


def _face_to_table(fw: int, fh: int, center, angle_deg: float) -> np.ndarray:
    s = CARD_H_MM / fh
    a = math.radians(angle_deg)
    c, si = math.cos(a), math.sin(a)
    S = np.array([[s, 0, -fw / 2 * s], [0, -s, fh / 2 * s], [0, 0, 1]])
    R = np.array([[c, -si, center[0]], [si, c, center[1]], [0, 0, 1]])
    return R @ S


_MIP = (400, 283, 200, 141, 100, 71, 50, 35)
_mip_cache: dict = {}


def forget_shrunk_faces(key: str) -> None:
    """Drop the shrunk copies of every design's face `key` (when a design's face is swapped)."""
    for cached in [k for k in _mip_cache if k[1] == key]:
        del _mip_cache[cached]


def _face_level(design: str, key: str, img: np.ndarray, target_h: float) -> np.ndarray:
    """A pre-shrunk copy of a face, at least 1.3x the target height (anti-aliasing)."""
    h = img.shape[0]
    lv = h
    for m in _MIP:
        if m <= h and m >= 1.3 * target_h:
            lv = m
    if lv >= h:
        return img
    k = (design, key, lv, img.shape)
    im = _mip_cache.get(k)
    if im is None:
        if len(_mip_cache) > 1500:
            _mip_cache.clear()
        im = cv2.resize(img, (max(1, round(img.shape[1] * lv / h)), lv), interpolation=cv2.INTER_AREA)
        _mip_cache[k] = im
    return im


@functools.lru_cache(maxsize=2)
def _noise_tile(seed: int = 1234) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.standard_normal((IMAGE_SIZE[1] + 97, IMAGE_SIZE[0] + 131, 3), dtype=np.float32)


def _lowfreq(rng: np.random.Generator, shape, cells: tuple[int, int]) -> np.ndarray:
    """Smooth noise in [-1, 1]-ish of `shape` (h, w) from a (cells) grid."""
    g = rng.standard_normal((max(2, cells[0]), max(2, cells[1]))).astype(np.float32)
    return cv2.resize(g, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


# --------------------------------------------------------------------------------------------
# table textures (in table space, then warped by the camera)
# --------------------------------------------------------------------------------------------
def _texture(style: TableStyle, shape: tuple[int, int]) -> np.ndarray:
    """A float32 BGR texture of `shape` (h, w) for the table surface (pixel ~ 1 mm / scale)."""
    rng = np.random.default_rng(style.texture_seed)
    h, w = shape
    c1 = np.array(style.color, np.float32)
    c2 = np.array(style.color2, np.float32)
    k = style.kind
    if k in RICH_TABLE_KINDS:  # carpet, rug, brick, dark cloth (hard-negative scenes only)
        return rich_texture(k, rng, shape, style.scale)
    if k == "wood":
        period = rng.uniform(6, 18) * style.scale
        warp = _lowfreq(rng, (h, w), (max(2, h // 60), max(2, w // 200))) * rng.uniform(2, 6)
        yy = np.arange(h, dtype=np.float32)[:, None]
        rings = np.sin(2 * np.pi * (yy / period + warp)) * 0.5 + 0.5
        rings = rings ** rng.uniform(1.5, 4)
        streak = cv2.resize(rng.standard_normal((h, max(2, w // 40))).astype(np.float32), (w, h),
                            interpolation=cv2.INTER_LINEAR)
        t = np.clip(0.55 * rings + 0.12 * streak + 0.1 * _lowfreq(rng, (h, w), (6, 10)), 0, 1)
        img = c1[None, None] * (1 - t[..., None]) + c2[None, None] * t[..., None]
        if rng.random() < 0.6:  # plank seams
            pw = rng.uniform(80, 200) * style.scale
            off = rng.uniform(0, pw)
            for y0 in np.arange(off, h, pw):
                cv2.line(img, (0, int(y0)), (w, int(y0)), (c2 * 0.5).tolist(), max(1, int(rng.uniform(1, 3))))
    elif k == "felt":
        m = _lowfreq(rng, (h, w), (h // 25 + 2, w // 25 + 2)) * rng.uniform(0.03, 0.07)
        img = c1[None, None] * (1 + m[..., None])
    elif k == "cloth":
        p = rng.uniform(2.5, 6) * style.scale
        xs = np.sin(np.arange(w, dtype=np.float32) * (2 * np.pi / p))
        ys = np.sin(np.arange(h, dtype=np.float32) * (2 * np.pi / p))
        weave = np.abs(ys[:, None] * xs[None, :]) * rng.uniform(0.05, 0.15)
        img = np.empty((h, w, 3), np.float32)
        img[:] = c1
        if rng.random() < 0.6:  # stripes / plaid
            sp = rng.uniform(15, 60) * style.scale
            sw = rng.uniform(0.2, 0.5)
            sx = ((np.arange(w) / sp) % 1.0 < sw).astype(np.float32)
            sy = ((np.arange(h) / sp) % 1.0 < sw).astype(np.float32)
            plaid = rng.random() < 0.6
            mix = np.clip(sx[None, :] + (sy[:, None] if plaid else 0), 0, 1) * rng.uniform(0.4, 1.0)
            img = img * (1 - mix[..., None]) + c2[None, None] * mix[..., None]
        folds = _lowfreq(rng, (h, w), (3, 5)) * rng.uniform(0.02, 0.08)
        img = img * (1 - weave[..., None] + folds[..., None])
    elif k == "paper":
        fib = cv2.resize(rng.standard_normal((h // 2, w // 8)).astype(np.float32), (w, h)) * 0.02
        img = c1[None, None] * (1 + fib[..., None] + 0.03 * _lowfreq(rng, (h, w), (4, 6))[..., None])
        if rng.random() < 0.3:  # ruled lines
            sp = rng.uniform(7, 10) * style.scale
            for y0 in np.arange(rng.uniform(0, sp), h, sp):
                cv2.line(img, (0, int(y0)), (w, int(y0)), c2.tolist(), 1)
    else:  # plain (laminate, plastic, painted)
        img = c1[None, None] * (1 + 0.03 * _lowfreq(rng, (h, w), (3, 5))[..., None]) * np.ones((h, w, 1), np.float32)
        if rng.random() < 0.4:  # speckle (granite / terrazzo)
            sp = (rng.random((h // 2, w // 2)) < 0.03).astype(np.float32)
            sp = cv2.resize(sp, (w, h))
            img = img * (1 - 0.4 * sp[..., None]) + c2[None, None] * 0.4 * sp[..., None]
    return np.ascontiguousarray(img, dtype=np.float32)


# --------------------------------------------------------------------------------------------
# drawing primitives
# --------------------------------------------------------------------------------------------
class _Canvas:
    def __init__(self, img: np.ndarray, H: np.ndarray, light: Lighting):
        self.img = img  # float32 BGR
        self.h, self.w = img.shape[:2]
        self.owner = np.full((self.h, self.w), -1, np.int32)
        self.H = H
        self.light = light
        a = math.radians(light.shadow_dir_deg)
        self.sdir = (math.cos(a), math.sin(a))
        gx, gy = light.glare_pos
        self.glare_xy = (gx * self.w, gy * self.h)
        self.glare_r = light.glare_radius * self.w

    def roi(self, pts: np.ndarray, margin: float):
        x0 = int(math.floor(pts[:, 0].min() - margin))
        y0 = int(math.floor(pts[:, 1].min() - margin))
        x1 = int(math.ceil(pts[:, 0].max() + margin)) + 1
        y1 = int(math.ceil(pts[:, 1].max() + margin)) + 1
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(self.w, x1), min(self.h, y1)
        if x1 - x0 < 2 or y1 - y0 < 2:
            return None
        return x0, y0, x1, y1

    def shadow(self, alpha: np.ndarray, r, size_px: float, offset_px: float, strength: float):
        if strength <= 0:
            return
        x0, y0, x1, y1 = r
        sig = max(0.8, size_px)
        sh = cv2.GaussianBlur(alpha, (0, 0), sig)
        dx, dy = int(round(self.sdir[0] * offset_px)), int(round(self.sdir[1] * offset_px))
        if dx or dy:
            M = np.float32([[1, 0, dx], [0, 1, dy]])
            sh = cv2.warpAffine(sh, M, (sh.shape[1], sh.shape[0]))
        self.img[y0:y1, x0:x1] *= (1 - strength * sh)[..., None]

    def paste(self, bgra: np.ndarray, M: np.ndarray, owner_id: int, *, shadow=(2.0, 1.5, 0.3),
              tint=None, glare: float = 0.0, margin: float = 8.0):
        """Warp a BGRA image with M (image px <- source px) onto the canvas; returns the roi."""
        h0, w0 = bgra.shape[:2]
        quad = _apply_h(M, np.array([[0, 0], [w0, 0], [w0, h0], [0, h0]], float))
        r = self.roi(quad, margin)
        if r is None:
            return None, quad
        x0, y0, x1, y1 = r
        T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], float)
        warped = cv2.warpPerspective(bgra, T @ M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        a = warped[..., 3].astype(np.float32) * (1 / 255)
        if shadow is not None:
            self.shadow(a, r, *shadow)
        col = warped[..., :3].astype(np.float32)
        if tint is not None:
            col *= np.asarray(tint, np.float32)
        if glare > 0:
            gx, gy = self.glare_xy
            xs = (np.arange(x0, x1, dtype=np.float32) - gx) ** 2
            ys = (np.arange(y0, y1, dtype=np.float32) - gy) ** 2
            g = np.exp(-(ys[:, None] + xs[None, :]) / (2 * self.glare_r ** 2)) * (glare * 255)
            col += g[..., None]
        roi = self.img[y0:y1, x0:x1]
        roi += (col - roi) * a[..., None]
        self.owner[y0:y1, x0:x1][a > 0.5] = owner_id
        return r, quad


# --------------------------------------------------------------------------------------------
# hands and papers
# --------------------------------------------------------------------------------------------
def _capsule(p0, p1, r0, r1=None, n=10) -> np.ndarray:
    """Convex outline of a tapered capsule from p0 (radius r0) to p1 (radius r1)."""
    r1 = r0 if r1 is None else r1
    t = np.linspace(0, 2 * np.pi, 2 * n, endpoint=False)
    c = np.stack([np.cos(t), np.sin(t)], 1)
    pts = np.vstack([np.asarray(p0, float) + r0 * c, np.asarray(p1, float) + r1 * c]).astype(np.float32)
    return cv2.convexHull(pts)[:, 0, :].astype(float)


def _hand_polys(hand: Hand):
    """(skin polygons, nail polygons, sleeve polygons) of a hand in table mm."""
    s = hand.size
    a = math.radians(hand.direction_deg)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    ext = hand.fingers
    # local frame: x forward (toward the fingertips), y across; palm centre at the origin
    t = np.linspace(0, 2 * np.pi, 40, endpoint=False)
    palm = np.stack([46 * s * np.sign(np.cos(t)) * np.abs(np.cos(t)) ** 0.6,
                     42 * s * np.sign(np.sin(t)) * np.abs(np.sin(t)) ** 0.6], 1)
    skin = [palm]
    nails = []
    lens = np.array([62, 78, 85, 79, 64]) * s
    tips = []
    for i, (yoff, r) in enumerate(((-29, 9.0), (-10, 9.6), (9, 9.3), (27, 8.2))):
        e = ext[i + 1]
        L = lens[i + 1] * max(0.25, e)
        p0 = np.array([36 * s, yoff * s])
        ang = (yoff / 29.0) * 0.10 + (e - 0.7) * 0.05 * np.sign(yoff)
        d = np.array([math.cos(ang), math.sin(ang)])
        p1 = p0 + L * d
        skin.append(_capsule(p0, p1, r * s, 0.82 * r * s))
        tips.append(p1)
        if e > 0.6:  # nail near the tip (the back of the hand faces the camera)
            nc = p1 - d * 0.45 * r * s
            nails.append(_capsule(nc - d * 3.5 * s, nc + d * 2.0 * s, 0.5 * r * s))
    e = ext[0]
    p0 = np.array([-8 * s, -38 * s])
    ta = -0.75 - 0.3 * (1 - e)
    p1 = p0 + lens[0] * max(0.35, e) * np.array([math.cos(ta), math.sin(ta)])
    skin.append(_capsule(p0, p1, 12.5 * s, 9.5 * s))
    skin.append(_capsule(np.array([-30 * s, 0]), np.array([-800 * s, 0]), 31 * s, 42 * s))
    sleeve = []
    if hand.sleeve is not None:
        sleeve.append(_capsule(np.array([-130 * s, 0]), np.array([-820 * s, 0]), 44 * s, 52 * s))
    # place: the middle finger's tip at hand.tip
    off = np.asarray(hand.tip, float) - R @ tips[1]

    def tr(p):
        return (p @ R.T) + off

    return [tr(p) for p in skin], [tr(p) for p in nails], [tr(p) for p in sleeve]


def _draw_hand(cv: _Canvas, hand: Hand, rng: np.random.Generator, owner_id: int = -2):
    skin_mm, nail_mm, sleeve_mm = _hand_polys(hand)
    skin_px = [_apply_h(cv.H, p) for p in skin_mm]
    nail_px = [_apply_h(cv.H, p) for p in nail_mm]
    sleeve_px = [_apply_h(cv.H, p) for p in sleeve_mm]
    allp = np.vstack(skin_px + sleeve_px)
    # scale (px per mm) near the tip, for blur/shadow sizes
    ppm = np.linalg.norm(_apply_h(cv.H, np.array([hand.tip, (hand.tip[0] + 10, hand.tip[1])]))[1]
                         - _apply_h(cv.H, np.array([hand.tip]))[0]) / 10
    off = hand.height_mm * ppm * 0.5
    r = cv.roi(allp, margin=off + 6 * ppm + 4)
    if r is None:
        return
    x0, y0, x1, y1 = r
    sz = (y1 - y0, x1 - x0)
    ss = 2 if sz[0] * sz[1] < 150_000 else 1  # supersampled mask (big rois: LINE_AA is enough)
    m_skin = np.zeros((sz[0] * ss, sz[1] * ss), np.uint8)
    for p in skin_px:
        cv2.fillPoly(m_skin, [np.round((p - (x0, y0)) * ss).astype(np.int32)], 255, lineType=cv2.LINE_AA)
    m_sl = np.zeros_like(m_skin)
    for p in sleeve_px:
        cv2.fillPoly(m_sl, [np.round((p - (x0, y0)) * ss).astype(np.int32)], 255, lineType=cv2.LINE_AA)
    m_nail = np.zeros_like(m_skin)
    for p in nail_px:
        cv2.fillPoly(m_nail, [np.round((p - (x0, y0)) * ss).astype(np.int32)], 255, lineType=cv2.LINE_AA)
    m_skin = cv2.resize(m_skin, (sz[1], sz[0]), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    m_nail = cv2.resize(m_nail, (sz[1], sz[0]), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    m_sl = cv2.resize(m_sl, (sz[1], sz[0]), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    m_all = np.maximum(m_skin, m_sl)
    cv.shadow(m_all, r, size_px=max(2.0, 0.4 * off), offset_px=off, strength=0.45 * cv.light.shadow_strength / 0.35)
    # shading: rounded volume (darker near the outline) + directional light + blotches
    sig = max(1.5, 5 * ppm)
    small = cv2.resize(m_skin, (max(1, sz[1] // 4), max(1, sz[0] // 4)), interpolation=cv2.INTER_AREA)
    vol = cv2.resize(cv2.GaussianBlur(small, (0, 0), max(0.5, sig / 4)), (sz[1], sz[0]),
                     interpolation=cv2.INTER_LINEAR)
    vol = np.clip(vol * 1.6, 0, 1)
    gy, gx = np.mgrid[0:sz[0], 0:sz[1]].astype(np.float32)
    la = math.radians(cv.light.shadow_dir_deg + 180)
    dirg = ((gx - sz[1] / 2) * math.cos(la) + (gy - sz[0] / 2) * math.sin(la)) / max(sz)
    blot = _lowfreq(rng, sz, (4, 4)) * 0.05
    shade = (0.62 + 0.38 * vol + 0.15 * dirg + blot)[..., None]
    skin_col = np.array(hand.skin, np.float32) * shade
    # finger gaps and creases: a darker line where the outlines of neighbouring parts meet
    edges = cv2.Laplacian(m_skin, cv2.CV_32F, ksize=3)
    skin_col *= (1 - 0.25 * np.clip(-edges, 0, 1))[..., None]
    nail_col = np.array(hand.skin, np.float32) * 0.55 + np.array([200, 200, 235], np.float32) * 0.45
    skin_col = skin_col * (1 - 0.8 * m_nail[..., None]) + nail_col * shade * 0.8 * m_nail[..., None]
    roi = cv.img[y0:y1, x0:x1]
    roi += (skin_col - roi) * m_skin[..., None]
    if hand.sleeve is not None:
        volsl = np.clip(cv2.GaussianBlur(m_sl, (0, 0), sig * 2) * 1.5, 0, 1)
        sl_col = np.array(hand.sleeve, np.float32) * (0.6 + 0.4 * volsl)[..., None]
        roi += (sl_col - roi) * m_sl[..., None]
    cv.owner[y0:y1, x0:x1][m_all > 0.5] = owner_id


_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
          cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
          cv2.FONT_HERSHEY_COMPLEX_SMALL)
_WORDS = ("the", "and", "score", "game", "round", "player", "total", "rule", "revolution", "eight",
          "stop", "rich", "poor", "milk", "price", "sale", "news", "tax", "club", "heart", "king",
          "queen", "jack", "ace", "joker", "pass", "turn", "win", "lose", "card", "table", "tea")


def render_paper(paper: Paper, px_per_mm: float = 2.5) -> np.ndarray:
    """BGRA image of a printed sheet."""
    rng = np.random.default_rng(paper.seed)
    w = max(8, int(paper.size_mm[0] * px_per_mm))
    h = max(8, int(paper.size_mm[1] * px_per_mm))
    base = rng.choice([0, 1, 2, 3], p=[0.55, 0.15, 0.15, 0.15])
    if base == 0:
        bg = rng.uniform(225, 255) * np.array([rng.uniform(0.93, 1), rng.uniform(0.96, 1), 1])
    elif base == 1:  # newsprint
        bg = np.array([190, 200, 205]) * rng.uniform(0.9, 1.05)
    elif base == 2:  # coloured glossy
        bg = rng.uniform(40, 240, 3)
    else:  # kraft / cardboard
        bg = np.array([120, 160, 190]) * rng.uniform(0.8, 1.1)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = np.clip(bg, 0, 255).astype(np.uint8)
    def ink() -> tuple[int, ...]:
        return tuple(int(v) for v in (rng.uniform(0, 80, 3) if rng.random() < 0.7 else rng.uniform(0, 255, 3)))

    n_items = rng.integers(3, 12)
    for _ in range(n_items):
        t = rng.random()
        x, y = int(rng.uniform(0, w * 0.9)), int(rng.uniform(h * 0.05, h))
        font = int(rng.choice(_FONTS))
        if t < 0.35:  # text lines
            sc = rng.uniform(0.3, 0.9) * px_per_mm / 2.5
            for j in range(int(rng.integers(1, 8))):
                line = " ".join(rng.choice(_WORDS, size=int(rng.integers(2, 7))))
                cv2.putText(img, line, (x, y + int(j * 22 * sc)), font, sc, ink(), 1, cv2.LINE_AA)
        elif t < 0.6:  # big numbers / letters (look like ranks)
            txt = str(rng.choice([rank.symbol for rank in PRINTED_RANKS] + ["0", "1", "12", "2024", "50%", "$9", "No.7", "Z", "8"]))
            sc = rng.uniform(1.0, 4.0) * px_per_mm / 2.5
            cv2.putText(img, txt, (x, y), font, sc, ink(), int(rng.integers(1, 5)), cv2.LINE_AA)
        elif t < 0.75:  # suit-like symbols
            suit_shape(img, str(rng.choice([suit.letter for suit in Suit])), x, y, rng.uniform(6, 30) * px_per_mm / 2.5,
                        (0, 0, 200) if rng.random() < 0.5 else (20, 20, 20))
        else:  # pictures: blobs, boxes, gradients
            col = tuple(int(v) for v in rng.uniform(0, 255, 3))
            if rng.random() < 0.5:
                cv2.ellipse(img, (x, y), (int(rng.uniform(5, w / 3)), int(rng.uniform(5, h / 4))),
                            float(rng.uniform(0, 180)), 0, 360, col, -1, cv2.LINE_AA)
            else:
                cv2.rectangle(img, (x, y), (x + int(rng.uniform(10, w / 2)), y + int(rng.uniform(10, h / 3))),
                              col, -1 if rng.random() < 0.7 else 2)
    if rng.random() < 0.3:
        img = cv2.GaussianBlur(img, (0, 0), 0.7)
    out = np.dstack([img, np.full((h, w), 255, np.uint8)])
    return out


# --------------------------------------------------------------------------------------------
# render_table
# --------------------------------------------------------------------------------------------
def _design_faces(name: str) -> DesignFaces:
    return load_design(name)


def render_table(placements: list[CardPlacement], table: TableStyle, camera: Camera,
                 light: Lighting | None = None, effects: Effects | None = None,
                 extras: list | tuple = (), seed: int = 0) -> Scene:
    """Render cards (and hands/papers) lying on a table as the webcam sees it, with labels."""
    light = light or Lighting()
    effects = effects or Effects()
    rng = np.random.default_rng(seed)
    H = camera.matrix()
    cv = _Canvas(_table_surface(table, camera.size, H, rng), H, light)
    drawn = _draw_in_order(cv, placements, extras, rng)
    objects = _labels(cv, drawn)
    _light_the_scene(cv.img, light)
    image = _camera_output(cv.img, effects, rng)
    return Scene(image, objects, {"camera": camera, "table": table, "light": light, "effects": effects})


def _table_surface(table: TableStyle, size: tuple[int, int], H: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The float32 image of the bare table: its texture, made in table space and warped into the
    image by H, plus fine grain."""
    W, Hh = size
    corners = _apply_h(np.linalg.inv(H), np.array([[0, 0], [W, 0], [W, Hh], [0, Hh]], float))
    mn, mx = corners.min(0), corners.max(0)
    ext = mx - mn
    tex_scale = min(1.0, 1100.0 / max(ext))  # texture px per mm
    tw, th = max(8, int(ext[0] * tex_scale) + 2), max(8, int(ext[1] * tex_scale) + 2)
    tex = _texture(replace(table, scale=table.scale * tex_scale), (th, tw))
    # texture px (u, v) -> table mm: X = mn.x + u / s, Y = mx.y - v / s
    A = np.array([[1 / tex_scale, 0, mn[0]], [0, -1 / tex_scale, mx[1]], [0, 0, 1]])
    img = cv2.warpPerspective(tex, H @ A, (W, Hh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    fine = _noise_tile()
    oy, ox = int(rng.integers(0, 97)), int(rng.integers(0, 131))
    img += fine[oy:oy + Hh, ox:ox + W] * float(rng.uniform(1.5, 5.0) if table.kind != "plain" else 1.0)
    return img


def _px_per_mm_at_centre(cv: _Canvas) -> float:
    """Image pixels per table mm at the image centre (for blur and shadow sizes)."""
    W, Hh = cv.w, cv.h
    c0 = _apply_h(np.linalg.inv(cv.H), np.array([[W / 2, Hh / 2]]))[0]
    return np.linalg.norm(_apply_h(cv.H, np.array([c0 + (0, 10)]))[0] - (W / 2, Hh / 2)) / 10


def _draw_in_order(cv: _Canvas, placements: list[CardPlacement], extras, rng: np.random.Generator) -> list:
    """Draw cards and extras bottom to top (by z; cards before extras at equal z). Returns the
    drawn cards as (card_id, placement, quad, M(face->image), face) for the labels."""
    ppm_c = _px_per_mm_at_centre(cv)
    items = [(p.z, 0, i, p) for i, p in enumerate(placements)]
    items += [(e.z, 1, i, e) for i, e in enumerate(extras)]
    items.sort(key=lambda t: (t[0], t[1], t[2]))
    drawn = []
    for _, _kind, i, it in items:
        if isinstance(it, CardPlacement):
            card = _draw_card(cv, i, it)
            if card is not None:
                drawn.append(card)
        elif isinstance(it, Hand):
            _draw_hand(cv, it, rng)
        elif isinstance(it, (Paper, Decal)):
            _draw_flat_print(cv, it, ppm_c)
    return drawn


def _card_face(placement: CardPlacement):
    """(face key, face) of a placement in its design; face None when the design has none."""
    df = _design_faces(placement.design)
    key = placement.key or (placement.code if placement.code != JOKER else "JKR")
    if not placement.face_up:
        key = "back"
    face = df.faces.get(key)
    if face is None and placement.face_up and placement.code == JOKER:
        face = df.faces.get("JKB" if key == "JKR" else "JKR")
    return key, face


def _draw_card(cv: _Canvas, card_id: int, it: CardPlacement):
    """Paste one card (a pre-shrunk face for its size in the image); None when its design has
    no such face (e.g. no jokers)."""
    key, face = _card_face(it)
    if face is None:
        return None
    light = cv.light
    fh, fw = face.image.shape[:2]
    M = cv.H @ _face_to_table(fw, fh, it.center, it.angle_deg)
    quad = _apply_h(M, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], float))
    hpx = max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
    lvl = _face_level(it.design, key, face.image, hpx)
    s = lvl.shape[0] / fh
    Ms = M @ np.diag([1 / s, 1 / s, 1.0])
    ppm = hpx / CARD_H_MM
    cv.paste(lvl, Ms, owner_id=card_id, tint=light.card_tint,
             shadow=(max(0.8, 1.2 * ppm), 0.8 * ppm, light.shadow_strength), glare=light.glare)
    return card_id, it, quad, M, face


def _draw_flat_print(cv: _Canvas, it: Paper | Decal, ppm_c: float):
    """Paste a printed sheet or a decal flat on the table (never a card: owner -3)."""
    light = cv.light
    pim = render_paper(it) if isinstance(it, Paper) else it.image
    if pim.ndim == 3 and pim.shape[2] == 3:
        pim = cv2.cvtColor(pim, cv2.COLOR_BGR2BGRA)
    ph, pw = pim.shape[:2]
    sx, sy = it.size_mm[0] / pw, it.size_mm[1] / ph
    a = math.radians(it.angle_deg)
    Rm = np.array([[math.cos(a), -math.sin(a), it.center[0]], [math.sin(a), math.cos(a), it.center[1]], [0, 0, 1]])
    S = np.array([[sx, 0, -pw / 2 * sx], [0, -sy, ph / 2 * sy], [0, 0, 1]])
    cv.paste(pim, cv.H @ Rm @ S, owner_id=-3, shadow=(1.0 * ppm_c, 0.5 * ppm_c, 0.6 * light.shadow_strength),
             glare=light.glare * 0.5)


def _light_the_scene(img: np.ndarray, light: Lighting) -> None:
    """Scale the float image in place by the light falloff, vignette and white balance."""
    Hh, W = img.shape[:2]
    lh, lw = 18, 32
    gy, gx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    ga = math.radians(light.gradient_dir_deg)
    lin = ((gx / (lw - 1) - 0.5) * math.cos(ga) + (gy / (lh - 1) - 0.5) * math.sin(ga))
    vig = ((gx / (lw - 1) - 0.5) ** 2 + (gy / (lh - 1) - 0.5) ** 2)
    L = light.brightness * (1 + light.gradient * 2 * lin - light.vignette * 2 * vig)
    L = cv2.resize(L, (W, Hh), interpolation=cv2.INTER_CUBIC)
    img *= L[..., None] * np.asarray(light.wb, np.float32)[None, None]


def _camera_output(img: np.ndarray, effects: Effects, rng: np.random.Generator) -> np.ndarray:
    """The uint8 frame the webcam delivers: optics blur, sensor noise, then JPEG compression."""
    out = _optics(img, effects)
    if effects.noise_sigma > 0:
        _add_sensor_noise(out, effects.noise_sigma, rng)
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    if effects.jpeg_quality < 100:
        ok, buf = cv2.imencode(".jpg", out8, [cv2.IMWRITE_JPEG_QUALITY, int(effects.jpeg_quality)])
        out8 = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out8


def _optics(img: np.ndarray, effects: Effects) -> np.ndarray:
    """Motion blur along a line, then defocus blur (the image itself when neither is on)."""
    out = img
    if effects.motion_len >= 2:
        k = np.zeros((effects.motion_len, effects.motion_len), np.float32)
        c = (effects.motion_len - 1) / 2
        a = math.radians(effects.motion_angle_deg)
        cv2.line(k, (int(round(c - c * math.cos(a))), int(round(c - c * math.sin(a)))),
                 (int(round(c + c * math.cos(a))), int(round(c + c * math.sin(a)))), 1.0, 1)
        k /= max(k.sum(), 1e-6)
        out = cv2.filter2D(out, -1, k)
    if effects.blur_sigma > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), effects.blur_sigma)
    return out


def _add_sensor_noise(img: np.ndarray, sigma: float, rng: np.random.Generator) -> None:
    """Add a random window of a fixed noise tile (sometimes flipped) to the image in place."""
    Hh, W = img.shape[:2]
    tile = _noise_tile(7)
    oy, ox = int(rng.integers(0, 97)), int(rng.integers(0, 131))
    n = tile[oy:oy + Hh, ox:ox + W]
    if rng.random() < 0.5:
        n = n[::-1, ::-1]
    img += n * sigma


def _labels(cv: _Canvas, drawn) -> list[SceneObject]:
    objs: list[SceneObject] = []
    W, H = cv.w, cv.h
    for cid, pl, quad, M, face in drawn:
        area = abs(cv2.contourArea(quad.astype(np.float32)))
        if area < 4:
            continue
        r = cv.roi(quad, 1)
        if r is None:
            continue
        x0, y0, x1, y1 = r
        vis = cv.owner[y0:y1, x0:x1] == cid
        nvis = int(vis.sum())
        frac = nvis / area
        if nvis == 0:
            continue
        code = face.code if pl.face_up else None
        if frac >= MIN_CARD_VISIBLE:
            ys = np.flatnonzero(vis.any(1))
            xs = np.flatnonzero(vis.any(0))
            box = (float(x0 + xs[0]), float(y0 + ys[0]), float(x0 + xs[-1] + 1), float(y0 + ys[-1] + 1))
            kind = "card" if pl.face_up else "back"
            objs.append(SceneObject(kind, code, box, quad.astype(np.float32), min(1.0, frac), cid))
        if not pl.face_up:
            continue
        # A card hidden but for a strip (the back row of a point-card row, a card under a fan)
        # still shows whole corner indices: they are labelled, or the detector learns them as
        # background and the benchmarks count their readings as phantom cards.
        for b in face.indices:
            iq = _face_quad(M, b)
            ifrac = _uncovered_share(cv, iq, cid)
            if ifrac is None or ifrac < MIN_INDEX_VISIBLE:
                continue
            mid = (b[1] + b[3]) / 2
            halves = [_uncovered_share(cv, _face_quad(M, h), cid) for h in ((b[0], b[1], b[2], mid), (b[0], mid, b[2], b[3]))]
            halves = [ifrac if h is None else h for h in halves]   # a half too small to measure: the whole's share
            ib = (float(max(0, iq[:, 0].min())), float(max(0, iq[:, 1].min())),
                  float(min(W, iq[:, 0].max())), float(min(H, iq[:, 1].max())))
            if ib[2] - ib[0] < 1 or ib[3] - ib[1] < 1:
                continue
            objs.append(SceneObject("index", code, ib, iq.astype(np.float32), min(1.0, ifrac), cid,
                                    (min(1.0, halves[0]), min(1.0, halves[1]))))
    return objs


def _face_quad(M: np.ndarray, b) -> np.ndarray:
    """The image quad of the face box b = (x0, y0, x1, y1) under the face-to-image homography M."""
    return _apply_h(M, np.array([[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], float))


def _uncovered_share(cv: _Canvas, quad: np.ndarray, cid: int) -> float | None:
    """Share of the quad's area whose pixels card `cid` owns (not covered by a later card, a hand,
    paper or the frame edge); None for a quad too small or outside the image."""
    area = abs(cv2.contourArea(quad.astype(np.float32)))
    if area < 2:
        return None
    rr = cv.roi(quad, 1)
    if rr is None:
        return None
    a0, b0, a1, b1 = rr
    m = np.zeros((b1 - b0, a1 - a0), np.uint8)
    cv2.fillConvexPoly(m, np.round((quad - (a0, b0)) * 4).astype(np.int32), 1, shift=2)
    return int(((cv.owner[b0:b1, a0:a1] == cid) & (m > 0)).sum()) / max(area, 1.0)


# --------------------------------------------------------------------------------------------
# random training scenes
# --------------------------------------------------------------------------------------------
@dataclass
class SceneConfig:
    size: tuple[int, int] = IMAGE_SIZE
    max_tilt_deg: float = 35.0
    card_px: tuple[float, float] = (80.0, 170.0)  # usual card height in the frame
    p_closeup: float = 0.07  # card height 170-400 px
    p_second_design: float = 0.1  # a second deck in the same scene
    p_joker: float = 0.15  # the share of scenes whose deck holds both jokers
    p_joker_draw: float = 0.08  # a card drawn from such a deck is a joker while one is left
    max_plays: int = 9
    p_hand_over: float = 0.35
    p_held_hand: float = 0.3
    p_paper: float = 0.45
    p_backs: float = 0.5
    # Hard negatives for `back` (negatives.py, issue 25): the share of scenes that get 1-4
    # card-sized or larger non-card objects (wood, carpet, brick, cloth, newsprint, books, CD
    # cases, napkins, coupons, sheets, cast shadows), and the share whose table is carpet, a rug,
    # brick or dark folded cloth. Both are drawn from their own random stream, after the scene's,
    # so at 0 (the default: the recipe of the committed models) a seed renders exactly as before,
    # and above 0 a scene keeps its cards, camera and light and only gains the negatives / table.
    p_negatives: float = 0.0
    p_rich_table: float = 0.0
    # The room beyond the table along one edge of the frame (room_edge.py): its rim, a floor and
    # things cut by the frame's edge, never over a labelled object. From its own random stream
    # too: at 0 (the default) a seed renders exactly as before.
    p_room_edge: float = 0.0


_SKINS = ((95, 130, 190), (120, 155, 210), (140, 175, 225), (75, 110, 165), (55, 85, 130),
          (40, 60, 95), (110, 140, 185), (150, 185, 235))


def random_camera(rng: np.random.Generator, cfg: SceneConfig = SceneConfig()) -> Camera:
    tilt = float(min(cfg.max_tilt_deg, abs(rng.normal(0, 0.55)) * cfg.max_tilt_deg))
    f = float(rng.uniform(850, 1150))
    if rng.random() < cfg.p_closeup:
        hpx = float(rng.uniform(cfg.card_px[1], 400))
    else:
        hpx = float(rng.uniform(*cfg.card_px))
    # foreshortening: a card's size across the tilt axis shrinks by cos(tilt)
    d = f * CARD_H_MM / hpx * (0.5 + 0.5 * math.cos(math.radians(tilt)))
    yaw = float(rng.choice([0, 90, 180, 270]) + rng.normal(0, 12)) if rng.random() < 0.6 else float(rng.uniform(0, 360))
    return Camera(tilt_deg=tilt, yaw_deg=yaw, distance_mm=d, focal_px=f, size=cfg.size)


def _hsv_bgr(h, s, v):
    c = np.uint8([[[int(h) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    return tuple(float(x) for x in cv2.cvtColor(c, cv2.COLOR_HSV2BGR)[0, 0])


def random_table(rng: np.random.Generator) -> TableStyle:
    kind = str(rng.choice(["wood", "felt", "cloth", "paper", "plain"], p=[0.32, 0.18, 0.2, 0.1, 0.2]))
    if kind == "wood":
        h, s, v = rng.uniform(8, 22), rng.uniform(80, 200), rng.uniform(60, 210)
        c1 = _hsv_bgr(h, s, v)
        c2 = _hsv_bgr(h + rng.uniform(-3, 3), s * rng.uniform(0.9, 1.2), v * rng.uniform(0.45, 0.8))
    elif kind == "felt":
        h = rng.choice([60, 100, 115, 0, 170, 20]) + rng.normal(0, 5)
        c1 = _hsv_bgr(h, rng.uniform(60, 230), rng.uniform(40, 170))
        c2 = c1
    elif kind == "cloth":
        c1 = _hsv_bgr(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(60, 240))
        c2 = _hsv_bgr(rng.uniform(0, 180), rng.uniform(0, 220), rng.uniform(40, 250))
    elif kind == "paper":
        v = rng.uniform(170, 250)
        c1 = _hsv_bgr(rng.uniform(10, 30), rng.uniform(0, 40), v)
        c2 = _hsv_bgr(100, 80, v * 0.8)
    else:
        c1 = _hsv_bgr(rng.uniform(0, 180), rng.uniform(0, 120) * rng.random(), rng.uniform(20, 245))
        c2 = _hsv_bgr(rng.uniform(0, 180), rng.uniform(0, 100), rng.uniform(20, 245))
    return TableStyle(kind, c1, c2, float(rng.uniform(0.6, 1.6)), int(rng.integers(2 ** 31)))


def random_lighting(rng: np.random.Generator, size=IMAGE_SIZE) -> Lighting:
    warm = rng.normal(0, 0.08)
    wb = (1.0 - warm + rng.normal(0, 0.03), 1.0 + rng.normal(0, 0.03), 1.0 + warm + rng.normal(0, 0.03))
    glare = float(rng.uniform(0.1, 0.7)) if rng.random() < 0.45 else 0.0
    tint_y = rng.uniform(0.0, 0.1)
    return Lighting(
        gradient=float(rng.uniform(0, 0.35)), gradient_dir_deg=float(rng.uniform(0, 360)),
        vignette=float(rng.uniform(0, 0.35)), brightness=float(rng.uniform(0.6, 1.15)),
        wb=tuple(float(x) for x in wb), glare=glare,
        glare_pos=(float(rng.uniform(0, 1)), float(rng.uniform(0, 1))),
        glare_radius=float(rng.uniform(0.03, 0.2)), shadow_dir_deg=float(rng.uniform(0, 360)),
        shadow_strength=float(rng.uniform(0.1, 0.5)),
        card_tint=(float(1 - tint_y - rng.uniform(0, 0.04)), float(1 - tint_y * 0.4 - rng.uniform(0, 0.03)), 1.0),
    )


def random_effects(rng: np.random.Generator) -> Effects:
    blur = float(rng.uniform(0.3, 1.8)) if rng.random() < 0.5 else 0.0
    motion = int(rng.integers(3, 10)) if rng.random() < 0.12 else 0
    return Effects(blur_sigma=blur, motion_len=motion, motion_angle_deg=float(rng.uniform(0, 180)),
                   noise_sigma=float(rng.uniform(0.5, 7)), jpeg_quality=int(rng.integers(35, 96)))


class _Deck:
    def __init__(self, rng, p_joker, p_joker_draw):
        self.rng = rng
        self.codes = list(CARD_CODES)
        rng.shuffle(self.codes)
        self.jokers = 2 if rng.random() < p_joker else 0
        self.p_joker_draw = p_joker_draw

    def draw(self, same_rank_of: str | None = None) -> str | None:
        if self.jokers and self.rng.random() < self.p_joker_draw:
            self.jokers -= 1
            return JOKER
        if same_rank_of:
            r = same_rank_of[:-1]
            for i, c in enumerate(self.codes):
                if c[:-1] == r:
                    return self.codes.pop(i)
        return self.codes.pop() if self.codes else None


def _random_skin(rng: np.random.Generator) -> tuple:
    return tuple(np.array(_SKINS[rng.integers(len(_SKINS))]) * rng.uniform(0.85, 1.1))


class _TableLayout:
    """The placements and extras of one random table, built a group at a time. Each group draws
    its random numbers in a fixed order, so a seed always gives the same table."""

    def __init__(self, rng: np.random.Generator, camera: Camera, designs: list[str], cfg: SceneConfig):
        self.rng = rng
        self.cfg = cfg
        self.W, self.Hh = camera.size
        self.Hinv = np.linalg.inv(camera.matrix())
        self.main = designs[0]
        self.other = designs[1] if len(designs) > 1 else designs[0]
        self.deck = _Deck(rng, cfg.p_joker, cfg.p_joker_draw)
        has_joker = all(any(j in _design_faces(d).faces for j in ("JKB", "JKR")) for d in (self.main, self.other))
        if not has_joker:
            self.deck.jokers = 0
        self.aspect: dict[str, float] = {}
        self.placements: list[CardPlacement] = []
        self.extras: list = []
        self.z = 0.0

    def to_tab(self, u, v):
        """Table mm seen at image pixel (u, v)."""
        return tuple(_apply_h(self.Hinv, np.array([[u, v]]))[0])

    def cw_mm(self, design: str) -> float:
        """Card width in mm for `design` (cards are CARD_H_MM high)."""
        if design not in self.aspect:
            w, h = _design_faces(design).size
            self.aspect[design] = CARD_H_MM * w / h
        return self.aspect[design]

    def add(self, code, design, c, ang, face_up=True):
        """A card on top of the others; a table angle a appears at image angle ~ -a - yaw."""
        self.z += 1
        key = None
        if code == JOKER:
            key = "JKB" if self.rng.random() < 0.5 else "JKR"
        self.placements.append(CardPlacement(code, design, (float(c[0]), float(c[1])), float(ang), face_up, self.z, key))

    def add_face_down_stacks(self):
        """Face-down cards and the stock (drawn lowest)."""
        rng, main = self.rng, self.main
        for _ in range(int(rng.integers(1, 3))):
            c = np.array(self.to_tab(rng.uniform(0, self.W), rng.uniform(0, self.Hh)))
            ang = rng.uniform(0, 360)
            n = int(rng.integers(1, 6))
            spread = rng.random() < 0.5
            for j in range(n):
                d = np.array([math.cos(math.radians(ang)), math.sin(math.radians(ang))])
                off = d * j * (rng.uniform(0.3, 1.1) * self.cw_mm(main) if spread else rng.normal(0, 1.5))
                self.add(None, main, c + off + rng.normal(0, 1.0, 2), ang + rng.normal(0, 4 if spread else 2), face_up=False)

    def add_papers(self):
        rng = self.rng
        for _ in range(int(rng.integers(1, 3))):
            c = self.to_tab(rng.uniform(0, self.W), rng.uniform(0, self.Hh))
            sz = (float(rng.uniform(50, 220)), float(rng.uniform(50, 300)))
            self.extras.append(Paper(c, sz, float(rng.uniform(0, 360)), int(rng.integers(2 ** 31)),
                                     z=(1e5 if rng.random() < 0.2 else -10.0 + rng.random())))

    def add_point_card_rows(self):
        """Rows of point cards in front of the seats."""
        n_rows = int(self.rng.choice([0, 1, 2, 3, 4], p=[0.15, 0.3, 0.3, 0.15, 0.1]))
        for _ in range(n_rows):
            self._add_point_card_row()

    def _row_start(self):
        """A random row's first position (table mm) and unit direction, along one image edge."""
        rng, W, Hh = self.rng, self.W, self.Hh
        edge = int(rng.integers(4))
        t0 = rng.uniform(0.1, 0.6)
        inset = rng.uniform(0.08, 0.3)
        if edge == 0:
            u0, v0, du, dv = t0 * W, Hh * (1 - inset), 1, 0
        elif edge == 1:
            u0, v0, du, dv = t0 * W, Hh * inset, 1, 0
        elif edge == 2:
            u0, v0, du, dv = W * inset, t0 * Hh, 0, 1
        else:
            u0, v0, du, dv = W * (1 - inset), t0 * Hh, 0, 1
        p0 = np.array(self.to_tab(u0, v0))
        p1 = np.array(self.to_tab(u0 + du * 50, v0 + dv * 50))
        return p0, (p1 - p0) / (np.linalg.norm(p1 - p0) + 1e-9)

    def _add_point_card_row(self):
        rng, main = self.rng, self.main
        p0, d = self._row_start()
        row_ang = math.degrees(math.atan2(d[1], d[0])) + (0 if rng.random() < 0.5 else 180)
        n = int(rng.integers(1, 9))
        step = rng.uniform(0.25, 1.25) * self.cw_mm(main)
        for j in range(n):
            code = self.deck.draw()
            if code is None:
                break
            fu = rng.random() < 0.85
            self.add(code, main if rng.random() > self.cfg.p_second_design else self.other,
                     p0 + d * step * j + rng.normal(0, 2, 2), row_ang + rng.normal(0, 4), fu)

    def add_central_pile(self) -> np.ndarray:
        """The central pile of plays, fanned and stacked; returns its centre (table mm)."""
        rng, W, Hh = self.rng, self.W, self.Hh
        pc = np.array(self.to_tab(W / 2 + rng.normal(0, 0.12 * W), Hh / 2 + rng.normal(0, 0.12 * Hh)))
        n_plays = int(rng.integers(0, self.cfg.max_plays + 1))
        for _ in range(n_plays):
            if not self._add_play(pc):
                break  # the deck ran out
        return pc

    def _add_play(self, pc: np.ndarray) -> bool:
        """One play of 1-4 cards fanned near the pile centre; False when the deck is empty."""
        rng, ch = self.rng, CARD_H_MM
        k = int(rng.choice([1, 2, 3, 4], p=[0.45, 0.3, 0.15, 0.1]))
        phi = (float(rng.choice([0, 90, 180, 270])) + rng.normal(0, 20)) if rng.random() < 0.6 else float(rng.uniform(0, 360))
        base = pc + rng.normal(0, 0.28 * ch, 2)
        step = rng.uniform(0.12, 0.45) * self.cw_mm(self.main)
        fan = rng.normal(0, 6) if rng.random() < 0.6 else 0.0
        codes = self._play_codes(k)
        if not codes:
            return False
        des = self.main if rng.random() > self.cfg.p_second_design else self.other
        for j, code in enumerate(codes):
            a = phi + j * fan + rng.normal(0, 2.5)
            ar = math.radians(phi)
            dx = np.array([math.cos(ar), math.sin(ar)])
            dy = np.array([-math.sin(ar), math.cos(ar)])
            c = base + dx * (j - (len(codes) - 1) / 2) * step + dy * rng.normal(0, 0.04 * ch)
            self.add(code, des, c, a, True)
        return True

    def _play_codes(self, k: int) -> list[str]:
        """Up to k codes from the deck: a set of one rank, or (sometimes) any cards."""
        first = self.deck.draw()
        if first is None:
            return []
        codes = [first]
        seq = self.rng.random() < 0.25 and first != JOKER
        for _ in range(k - 1):
            c = self.deck.draw(None if seq else first)
            if c is None:
                break
            codes.append(c)
        return codes

    def add_held_hand(self):
        """A fan of cards held at a table edge, with the hand on top."""
        rng, W, Hh, ch = self.rng, self.W, self.Hh, CARD_H_MM
        edge = int(rng.integers(4))
        u = rng.uniform(0.15, 0.85)
        pos = {0: (u * W, Hh * rng.uniform(0.9, 1.05)), 1: (u * W, Hh * rng.uniform(-0.05, 0.1)),
               2: (W * rng.uniform(-0.03, 0.08), u * Hh), 3: (W * rng.uniform(0.92, 1.03), u * Hh)}[edge]
        pivot = np.array(self.to_tab(*pos))
        inward = np.array(self.to_tab(W / 2, Hh / 2)) - pivot
        inward /= np.linalg.norm(inward) + 1e-9
        base_ang = math.degrees(math.atan2(inward[1], inward[0])) - 90  # card "up" points inward
        n = int(rng.integers(4, 12))
        spread = rng.uniform(4, 12)
        faces = rng.random() < 0.35
        for j in range(n):
            a = base_ang + (j - (n - 1) / 2) * spread
            ar = math.radians(a + 90)
            c = pivot + np.array([math.cos(ar), math.sin(ar)]) * ch * 0.35
            code = self.deck.draw() if faces else None
            self.add(code, self.main, c, a, face_up=faces and code is not None)
        self.extras.append(Hand(tuple(pivot + inward * ch * 0.25),
                                math.degrees(math.atan2(inward[1], inward[0])) + rng.normal(0, 25),
                                size=float(rng.uniform(0.85, 1.15)), skin=_random_skin(rng),
                                fingers=tuple(rng.uniform(0.2, 0.7, 5)), sleeve=None,
                                height_mm=float(rng.uniform(20, 60)), z=self.z + 0.5))

    def add_reaching_hands(self, pc: np.ndarray):
        """Hands reaching over the cards toward the pile centre `pc`."""
        rng, W, Hh = self.rng, self.W, self.Hh
        for _ in range(int(rng.integers(1, 3))):
            target = pc + rng.normal(0, 0.8 * CARD_H_MM, 2)
            edge = int(rng.integers(4))
            src = {0: (rng.uniform(0, W), Hh * 1.3), 1: (rng.uniform(0, W), -0.3 * Hh),
                   2: (-0.3 * W, rng.uniform(0, Hh)), 3: (1.3 * W, rng.uniform(0, Hh))}[edge]
            s = np.array(self.to_tab(*src))
            dvec = target - s
            ang = math.degrees(math.atan2(dvec[1], dvec[0]))
            ext = rng.uniform(0.3, 1.0, 5)
            if rng.random() < 0.4:  # pointing
                ext = np.array([0.3, 1.0, 0.3, 0.25, 0.25])
            sleeve = _hsv_bgr(rng.uniform(0, 180), rng.uniform(0, 255), rng.uniform(20, 230)) if rng.random() < 0.6 else None
            self.extras.append(Hand(tuple(target), ang, size=float(rng.uniform(0.85, 1.15)), skin=_random_skin(rng),
                                    fingers=tuple(ext), sleeve=sleeve, height_mm=float(rng.uniform(15, 80)),
                                    z=1e6 + rng.random()))


def random_layout(rng: np.random.Generator, camera: Camera, designs: list[str], cfg: SceneConfig = SceneConfig()):
    """Placements and extras for a plausible Daifugo table seen by `camera`."""
    layout = _TableLayout(rng, camera, designs, cfg)
    if rng.random() < cfg.p_backs:
        layout.add_face_down_stacks()
    if rng.random() < cfg.p_paper:
        layout.add_papers()
    layout.add_point_card_rows()
    pile_centre = layout.add_central_pile()
    if rng.random() < cfg.p_held_hand:
        layout.add_held_hand()
    if rng.random() < cfg.p_hand_over:
        layout.add_reaching_hands(pile_centre)
    return layout.placements, layout.extras


def generate_scene(seed: int, designs: list[str] | tuple[str, ...], config: SceneConfig | None = None) -> Scene:
    """A random training scene drawn deterministically from `seed`, using the given design names
    (one deck per scene, sometimes a second one mixed in)."""
    cfg = config or SceneConfig()
    rng = np.random.default_rng(seed)
    names = [d if isinstance(d, str) else d.name for d in designs]
    main = names[int(rng.integers(len(names)))]
    second = names[int(rng.integers(len(names)))]
    camera = random_camera(rng, cfg)
    table = random_table(rng)
    light = random_lighting(rng, cfg.size)
    effects = random_effects(rng)
    placements, extras = random_layout(rng, camera, [main, second], cfg)
    negatives: list[dict] = []
    if cfg.p_negatives > 0 or cfg.p_rich_table > 0:
        table, negatives = _hard_negatives(seed, cfg, camera, table, placements)
        extras = list(extras) + [Decal(n["image"], n["center"], n["size_mm"], n["angle_deg"], n["z"]) for n in negatives]
    sc = render_table(placements, table, camera, light, effects, extras, seed=int(rng.integers(2 ** 31)))
    # the placements: card_id of a SceneObject is its index there (the benches read each card's design)
    sc.meta.update({"seed": seed, "designs": sorted({p.design for p in placements}) or [main],
                    "placements": placements})
    if cfg.p_negatives > 0 or cfg.p_rich_table > 0:
        sc.meta["negatives"] = [negative_in_image(n, camera) for n in negatives]
    if cfg.p_room_edge > 0:
        _add_room_edge(sc, seed, cfg.p_room_edge)
    return sc


ROOM_EDGE_STREAM = 26  # the room edge's random stream: SeedSequence([scene seed, this])


def _add_room_edge(scene: Scene, seed: int, share: float) -> None:
    """With probability `share` (its own stream), the room beyond the table along one side of the
    frame, clear of every object of the scene; scene.meta['room_edge'] says what was drawn (None:
    nothing)."""
    rrng = np.random.default_rng([seed, ROOM_EDGE_STREAM])
    drawn = None
    if rrng.random() < share:
        keep_clear = [tuple(float(v) for v in (*o.polygon.min(axis=0), *o.polygon.max(axis=0))) for o in scene.objects]
        keep_clear += [o.box for o in scene.objects]
        heights = [o.box[3] - o.box[1] for o in scene.objects if o.kind == "card" and o.visible_fraction > 0.9]
        scene.image, drawn = with_room_edge(scene.image, keep_clear, rrng, float(np.median(heights)) if heights else 110.0)
    scene.meta["room_edge"] = drawn


NEGATIVES_STREAM = 25  # the hard negatives' random stream: SeedSequence([scene seed, this])


def _hard_negatives(seed: int, cfg: SceneConfig, camera: Camera, table: TableStyle,
                    placements: list[CardPlacement]) -> tuple[TableStyle, list[dict]]:
    """The scene's table (a carpet, rug, brick or dark-cloth one with p_rich_table) and its hard
    negatives (with p_negatives; negatives.random_negatives), from the scene seed's own stream.
    The draws come in a fixed order whatever the shares, so a scene's negatives do not depend on
    whether its table was changed."""
    nrng = np.random.default_rng([seed, NEGATIVES_STREAM])
    rich = nrng.random() < cfg.p_rich_table
    rich_style = TableStyle(*random_rich_table(nrng))
    with_negatives = nrng.random() < cfg.p_negatives
    negatives: list[dict] = []
    if with_negatives:
        Hinv = np.linalg.inv(camera.matrix())
        W, Hh = camera.size

        def anywhere():
            return _apply_h(Hinv, np.array([[nrng.uniform(0, W), nrng.uniform(0, Hh)]]))[0]

        anchors = [p.center for p in placements]
        negatives = random_negatives(nrng, anchors, anywhere)
    return (rich_style if rich else table), negatives


def negative_in_image(negative: dict, camera: Camera) -> dict:
    """A negative as the scene's meta keeps it: kind, card_sized, quad (image px) and box (the
    quad's bounding box clipped to the image; None when it lies outside)."""
    w, h = negative["size_mm"]
    a = math.radians(negative["angle_deg"])
    c, s = math.cos(a), math.sin(a)
    local = np.array([[-w / 2, h / 2], [w / 2, h / 2], [w / 2, -h / 2], [-w / 2, -h / 2]])
    table = local @ np.array([[c, s], [-s, c]]) + np.asarray(negative["center"])
    quad = _apply_h(camera.matrix(), table)
    W, Hh = camera.size
    x1, y1 = max(0.0, float(quad[:, 0].min())), max(0.0, float(quad[:, 1].min()))
    x2, y2 = min(float(W), float(quad[:, 0].max())), min(float(Hh), float(quad[:, 1].max()))
    box = (x1, y1, x2, y2) if x2 - x1 >= 1 and y2 - y1 >= 1 else None
    return {"kind": negative["kind"], "card_sized": negative["card_sized"], "z": negative["z"],
            "quad": quad.astype(np.float32), "box": box}


def draw_labels(scene: Scene) -> np.ndarray:
    """The scene image with its labels drawn (index green, card blue, back magenta)."""
    img = scene.image.copy()
    col = {"index": (0, 255, 0), "card": (255, 128, 0), "back": (255, 0, 255)}
    for o in scene.objects:
        x1, y1, x2, y2 = (int(round(v)) for v in o.box)
        cv2.rectangle(img, (x1, y1), (x2, y2), col[o.kind], 1)
        if o.kind != "back" and o.code:
            cv2.putText(img, o.code, (x1, max(10, y1 - 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.35, col[o.kind], 1)
    return img
