"""The project's own deck, ``referee-drawn``: every face drawn here with OpenCV and numpy.

No third-party art is involved, so scenes and videos showing this deck can be redistributed
with the project (AGPL-3.0-or-later). The deck imitates an ordinary French-suited poker deck
(63 x 88 mm): off-white stock with a thin grey edge and rounded corners; in the top-left corner
the rank (OpenCV's built-in Unicode sans font, emboldened) over a suit pip, the same index
rotated 180 degrees in the bottom-right corner; red hearts and diamonds, black spades and clubs;
the classic pip layouts for A-10 (pips adapted from :func:`referee.synth.scenes.suit_shapes.suit_shape`);
J, Q and K show a framed, double-ended panel with a headpiece, a large letter and a suit pip; the
jokers carry the word JOKER written vertically in two corners and a jester's head; the back is a
blue lattice with a medallion. :class:`Style` holds the geometry (tuned so that the committed
models read the deck about as well as other held-out designs).

Faces are drawn 4x supersampled and shrunk with area averaging (anti-aliasing). The corner-index
boxes are the ink boxes of what was drawn (index-only layer, alpha >= ``INK_ALPHA``), so this
design needs no index detection.

The same drawer makes the training decks ``drawn-train-NN`` (:func:`variant_style`): Style also
holds the colours (paper, edge, suit inks, back), and a variant draws its index with another font
(Hershey, OpenCV's sans at several weights, DejaVu TTFs), other suit pips, jittered index
geometry and other inks; never referee-drawn's own font ("uni") or pips ("drawn"), which stay
unseen in training. The default STYLE draws referee-drawn exactly as before the variants.

    faces, boxes = draw_deck(400)   # key -> BGRA uint8, key -> [(x1, y1, x2, y2), ...]
    faces, boxes = draw_deck(400, variant_style(3))
"""
from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass, replace

import cv2
import numpy as np

from . import drawn_faces
from .design import FACE_KEYS
from .face_outline import round_corners
from .suit_shapes import suit_shape
from .urw_fonts import brought_fonts_dir, urw_root

CARD_MM = (63.0, 88.0)  # poker size (w, h)
SS = 4  # supersampling factor
INK_ALPHA = 0.3  # an index pixel is ink from this coverage on (boxes are tight on the ink)

# colours (BGR); PAPER, EDGE, the suit inks and the back colours are the defaults of the Style
# fields of the same role (variants change them), the others are fixed
PAPER = (234, 242, 247)  # warm off-white stock
EDGE = (150, 150, 152)  # thin border along the edge
BLACK = (34, 28, 26)
RED = (40, 32, 196)
SUIT_INK = {"S": BLACK, "C": BLACK, "H": RED, "D": RED}
GOLD = (60, 190, 235)
BLUE = (150, 80, 30)
PALE = (214, 232, 244)  # court panel ground
SKIN = (190, 214, 246)
BACK_GROUND = (110, 52, 18)  # deep blue
BACK_LIGHT = (190, 150, 110)  # its lattice


@dataclass(frozen=True)
class Style:
    """Geometry of the faces, as fractions of the card height (h) or width (w).

    The defaults were chosen with the committed models (bench/detect_eval.py --designs
    referee-drawn): a large, bold index (~9 mm rank over a ~7 mm pip) and clubs with well
    separated lobes read best; a court panel close to the index helps J/Q/K being read.
    """

    top: float = 0.045  # index top (h): ~4 mm from the edge
    col_x: float = 0.105  # centre of the index column (w): ~6.5 mm from the edge
    rank_h: float = 0.105  # rank cap height (h): ~9 mm
    rank_max_w: float = 0.16  # widest rank ("10") (w)
    gap: float = 0.014  # between rank and pip (h)
    pip_h: float = 0.08  # index pip height (h): ~7 mm
    bold: float = 0.06  # emboldening: dilation radius / glyph cap height
    font: str = "uni"  # cv2.FontFace name (built into OpenCV 5), "sans:<weight>", a font file
    # (TTF/OTF path, drawn with Pillow) or "hershey:<simplex|duplex|triplex|complex>" (see _render)
    pips: str = "drawn"  # suit pips, see PIP_KINDS
    pip_h_centre: float = 0.112  # centre pips of 2-10 (h)
    joker_letter_h: float = 0.046  # JOKER letters (h)
    joker_pitch: float = 1.22  # line pitch of the vertical JOKER / letter height
    joker_bold: float = 0.06  # emboldening of the JOKER letters
    court_frame: tuple[float, float] = (0.2, 0.12)  # top-left corner of the court panel (w, h)
    # colours (BGR)
    paper: tuple[int, int, int] = PAPER  # card stock
    edge: tuple[int, int, int] = EDGE  # thin border
    inks: tuple[tuple[int, int, int], ...] = (BLACK, RED, RED, BLACK)  # suit inks: S, H, D, C
    back_ground: tuple[int, int, int] = BACK_GROUND
    back_light: tuple[int, int, int] = BACK_LIGHT
    # the face variants (drawn_faces; the defaults draw every earlier deck as before, and the
    # cache digest leaves them out at their defaults: LATER_FIELDS)
    panel: tuple[int, int, int] = PALE  # ground of the court panel
    stains: int = 0  # aged paper: the stains' seed (drawn_faces.age_paper); 0 none
    joker_art: str = "jester"  # the joker's middle: referee-drawn's jester, or drawn_faces.JOKER_ARTS
    joker_corner: str = "vertical"  # its corner marking: drawn_faces.JOKER_CORNERS
    # the bottom-right index printed upright, as the top-left one (rank over suit), instead of
    # turned 180 degrees
    upright_bottom_index: bool = False
    # the bottom-right index laid out as the turned one (suit over rank) with each glyph upright
    # (some decks do: kde-ancient-egyptians among the held-out designs)
    unturned_bottom_index: bool = False

    def ink(self, suit: str) -> tuple[int, int, int]:
        """Ink of a suit ("S", "H", "D", "C")."""
        return self.inks["SHDC".index(suit)]


STYLE = Style()
# Style fields added with the face variants: at their defaults they are left out of a drawn
# design's cache digest (designs._drawn_style_digest), so the decks drawn before keep their caches.
LATER_FIELDS = ("panel", "stains", "joker_art", "joker_corner", "upright_bottom_index", "unturned_bottom_index")


# --------------------------------------------------------------------------------------------
# glyph and pip masks (uint8, reference size, cached)
# --------------------------------------------------------------------------------------------
_REF = 256  # font size of the reference glyph renders


_HERSHEY = {"simplex": cv2.FONT_HERSHEY_SIMPLEX, "duplex": cv2.FONT_HERSHEY_DUPLEX,
            "triplex": cv2.FONT_HERSHEY_TRIPLEX, "complex": cv2.FONT_HERSHEY_COMPLEX}


URW_PREFIX = "urw:"


def _is_font_file(font: str) -> bool:
    return font.lower().endswith((".ttf", ".otf"))


@functools.lru_cache(maxsize=None)
def have_pillow() -> bool:
    try:
        from PIL import ImageDraw, ImageFont  # noqa: F401
    except ImportError:
        return False
    return True


@functools.lru_cache(maxsize=None)
def resolve_font(font: str) -> str:
    """A font file (a path ending in .ttf/.otf) that is missing here, or without Pillow to draw
    it, becomes OpenCV's built-in sans (weight 700 for a bold face, else 400). "urw:<file>" is a
    file of Debian's fonts-urw-base35 (installed, or fetched by referee.synth.scenes.fetch_fonts);
    a system font file missing here is looked for among those a face pack brought, by its name
    (urw_fonts.brought_fonts_dir). Other names are returned unchanged."""
    path: str | None = font
    if font.startswith(URW_PREFIX):
        root = urw_root()
        path = str(root / font[len(URW_PREFIX):]) if root is not None else None   # not fetched: no file
    elif _is_font_file(font) and not os.path.exists(font) and (brought_fonts_dir() / os.path.basename(font)).is_file():
        path = str(brought_fonts_dir() / os.path.basename(font))
    if path is None or (_is_font_file(path) and not (os.path.exists(path) and have_pillow())):
        return "sans:700" if _is_bold_face(font) else "sans:400"
    return path


def _is_bold_face(font: str) -> bool:
    name = os.path.basename(font).lower()
    return "bold" in name or "demi" in name


@functools.lru_cache(maxsize=None)
def _pil_font(path: str, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


def _put_font_file(img: np.ndarray, text: str, org: tuple[int, int], path: str, size: int) -> None:
    """Draw `text` with a font file through Pillow, baseline-left at org (max into img).

    Not cv2.FontFace(path): with OpenCV 5.0.0, a FontFace of one font file created after that of
    another was freed may draw the other file's cached glyphs (seen with the DejaVu files at the
    same size), so what a face looks like would depend on what the process drew before."""
    from PIL import Image, ImageDraw

    im = Image.new("L", (img.shape[1], img.shape[0]), 0)
    ImageDraw.Draw(im).text(org, text, fill=255, font=_pil_font(path, size), anchor="ls")
    np.maximum(img, np.asarray(im), out=img)


def _render(ch: str, font: str, bold: float) -> np.ndarray:
    """`ch` on a 2*_REF square canvas, baseline at row 1.4*_REF. font: a cv2.FontFace name
    ("uni") or font file (TTF path), optionally with a weight ("sans:700"), or
    "hershey:<simplex|duplex|triplex|complex>" (stroke fonts; `bold` sets the stroke width as a
    fraction of the cap height)."""
    font = resolve_font(font)
    img = np.zeros((2 * _REF, 2 * _REF), np.uint8)
    org = (_REF // 2, int(1.4 * _REF))
    name, _, arg = font.partition(":")
    if name == "hershey":
        face = _HERSHEY[arg]
        scale = _REF / 30.0  # Hershey caps are ~21 px high at scale 1
        th = max(1, int(round(bold * 0.7 * _REF)))
        cv2.putText(img, ch, org, face, scale, 255, th, cv2.LINE_AA)
    elif _is_font_file(font):
        _put_font_file(img, ch, org, font, _REF)
    else:
        cv2.putText(img, ch, org, 255, cv2.FontFace(name), _REF, int(arg or 0))
    return img


@functools.lru_cache(maxsize=None)
def cap_metrics(font: str, bold: float) -> tuple[int, int]:
    """(cap top row, baseline row) of 'H' on the reference canvas."""
    ys = np.flatnonzero(_render("H", font, bold).max(1))
    return int(ys[0]), int(ys[-1]) + 1


@functools.lru_cache(maxsize=None)
def glyph(ch: str, font: str, bold: float) -> tuple[np.ndarray, float]:
    """One emboldened character: (mask, cap height in mask px). Rows span from the cap top
    (row 0) to below the baseline; columns are tight on the ink. A descender (the J of some
    fonts) is squeezed back onto the baseline, as card indices print it; Q keeps its tail.
    Outline fonts without a weight are emboldened by a dilation of `bold` x the cap height."""
    font = resolve_font(font)
    top, base = cap_metrics(font, bold)
    cap = base - top
    img = _render(ch, font, bold)
    r = 0
    if not font.startswith("hershey") and ":" not in font:
        r = max(1, int(round(bold * cap)))
        k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        img = cv2.dilate(img, k)
    xs = np.flatnonzero(img.max(0))
    rows = img[top - r: base + int(0.3 * _REF), xs[0]: xs[-1] + 1]
    ys = np.flatnonzero(rows.max(1))
    bottom = cap + 2 * r + max(1, cap // 40)  # baseline + bold + a little overshoot
    if ch != "Q" and ys[-1] + 1 > bottom:
        squeezed = cv2.resize(rows[: ys[-1] + 1], (rows.shape[1], bottom), interpolation=cv2.INTER_AREA)
        rows = np.zeros_like(rows)
        rows[:bottom] = squeezed
    return np.ascontiguousarray(rows), float(cap + 2 * r)


def _text_mask(text: str, cap_px: float, max_w: float | None = None, style: Style = STYLE) -> np.ndarray:
    """Mask of `text` whose (bold) cap height is cap_px; row 0 is the cap top. Characters are
    set tightly (as card indices are) and squeezed horizontally to max_w if wider."""
    parts = [glyph(c, style.font, style.bold) for c in text]
    cap = parts[0][1]
    gap = int(round(0.07 * cap))
    cols = []
    for i, (m, _) in enumerate(parts):
        if i:
            cols.append(np.zeros((m.shape[0], gap), np.uint8))
        cols.append(m)
    m = np.hstack(cols)
    s = cap_px / cap
    w = max(1, int(round(m.shape[1] * s)))
    h = max(1, int(round(m.shape[0] * s)))
    if max_w is not None and w > max_w:
        w = int(max_w)
    return cv2.resize(m, (w, h), interpolation=cv2.INTER_AREA)


def _pip_pen(img: np.ndarray, ox: float, oy: float, unit: float):
    """circle(x, y, r) and poly(points) filling `img` in pip units: origin (ox, oy), `unit` px."""
    def circle(x, y, r):
        cv2.circle(img, (int(ox + x * unit), int(oy + y * unit)), int(r * unit), 255, -1, cv2.LINE_AA)

    def poly(pts):
        cv2.fillPoly(img, [np.round([(ox + x * unit, oy + y * unit) for x, y in pts]).astype(np.int32)], 255,
                     cv2.LINE_AA)

    return circle, poly


def _classic_pip(img: np.ndarray, suit: str, cx: float, top: float, h: float) -> None:
    """Suit pips after suit_shapes.suit_shape, with the proportions of printed decks: a club of
    three well separated round lobes (merged lobes read as a spade to the models when small), a
    spade and a heart on the classic heart curve, a slim diamond. `h`: pip height."""
    circle, poly = _pip_pen(img, cx, top, h)

    if suit == "D":
        poly([(0, 0), (0.4, 0.5), (0, 1), (-0.4, 0.5)])
    elif suit in "HS":
        # the classic heart curve, height 1 (spade: upside down, on a flared stem)
        t = np.linspace(0, 2 * np.pi, 181)
        x = 16 * np.sin(t) ** 3
        y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
        y0, y1 = y.min(), y.max()
        x, y = x / (y1 - y0), (y - y0) / (y1 - y0)
        if suit == "H":
            poly(list(zip(x, y)))
        else:
            poly(list(zip(x * 0.8, (1 - y) * 0.8)))
            poly([(0, 0.5), (-0.05, 0.8), (-0.2, 1), (0.2, 1), (0.05, 0.8)])
    else:  # club: three well separated lobes (lobes that merge read as a spade to the models)
        r = 0.23
        circle(0, r, r)
        circle(-0.33, 0.6, r)
        circle(0.33, 0.6, r)
        circle(0, 0.55, 0.12)
        poly([(0, 0.5), (-0.05, 0.8), (-0.2, 1), (0.2, 1), (0.05, 0.8)])


def _fat_pip(img: np.ndarray, suit: str, cx: float, cy: float, s: float) -> None:
    """Stout suit pips (a variant of suit_shapes.suit_shape): a club of three big, merging lobes
    on a short foot, a round-lobed heart and spade, a wide diamond. `s`: half the height."""
    circle, poly = _pip_pen(img, cx, cy, s)

    if suit == "D":
        poly([(0, -1), (0.85, 0), (0, 1), (-0.85, 0)])
    elif suit in "HS":
        g = 1 if suit == "H" else -1
        circle(-0.47, -g * 0.3, 0.5)
        circle(0.47, -g * 0.3, 0.5)
        poly([(-0.95, -g * 0.12), (0.95, -g * 0.12), (0, g * 1.0)])
        if suit == "S":
            poly([(0, 0.2), (-0.38, 1.0), (0.38, 1.0)])
    else:
        circle(0, -0.5, 0.42)
        circle(-0.5, 0.12, 0.42)
        circle(0.5, 0.12, 0.42)
        circle(0, 0.05, 0.3)
        poly([(0, 0.1), (-0.36, 1.0), (0.36, 1.0)])


_DEJAVU = "/usr/share/fonts/truetype/dejavu/"
_SUIT_GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# suit pip kinds: "drawn" (_classic_pip; referee-drawn's own), "shape" (the scene generator's
# suit_shape), "shape-narrow" (the same, 80 % as wide), "shape-fat" (_fat_pip), "font" (the
# glyphs of OpenCV's "uni" font), "font-dejavu" (DejaVu Sans glyphs; "font" where it is missing),
# "font-urw" (the URW faces' suit glyphs, from Nimbus Roman; "font" where it is missing)
PIP_KINDS = ("drawn", "shape", "shape-narrow", "shape-fat", "font", "font-dejavu", "font-urw")
_PIP_FONT = {"font-dejavu": _DEJAVU + "DejaVuSans.ttf", "font-urw": URW_PREFIX + "NimbusRoman-Bold.otf"}


def style_fonts(style: "Style") -> tuple[str, ...]:
    """The fonts a style draws with, as named there: its rank font, and its pips' font file if any.

        >>> style_fonts(STYLE)[1:]
        ()
    """
    return (style.font,) + ((_PIP_FONT[style.pips],) if style.pips in _PIP_FONT else ())


def fonts_drawn_here(font: str, pips: str) -> list:
    """What this machine draws for a style's font and DejaVu pips (a missing font file falls
    back): part of a drawn design's cache digest, so a machine that gains a font draws again."""
    resolved: list = [resolve_font(font), os.path.exists(_DEJAVU + "DejaVuSans.ttf")]
    if pips in _PIP_FONT and pips != "font-dejavu":  # (older digests unchanged)
        resolved.append(resolve_font(_PIP_FONT[pips]))
    return resolved


@functools.lru_cache(maxsize=None)
def pip_ref(suit: str, kind: str = "drawn") -> np.ndarray:
    """A suit pip cropped to its ink (white on black, reference size); kind: see PIP_KINDS."""
    s = 200
    img = np.zeros((3 * s, 3 * s), np.uint8)
    if kind == "drawn":
        _classic_pip(img, suit, 1.5 * s, 0.5 * s, 2 * s)
    elif kind in ("font", "font-dejavu", "font-urw"):
        face = resolve_font(_PIP_FONT[kind]) if kind in _PIP_FONT else "uni"
        if _is_font_file(face):
            _put_font_file(img, _SUIT_GLYPH[suit], (s // 2, 2 * s), face, s)
        else:  # "uni" (also where DejaVu Sans cannot be drawn)
            cv2.putText(img, _SUIT_GLYPH[suit], (s // 2, 2 * s), 255, cv2.FontFace("uni"), s, 0)
    elif kind == "shape-fat":
        _fat_pip(img, suit, 1.5 * s, 1.5 * s, s)
    elif kind in ("shape", "shape-narrow"):
        suit_shape(img, suit, 1.5 * s, 1.5 * s, s, 255)
    else:
        raise ValueError(f"unknown pip kind {kind!r}")
    ys, xs = np.flatnonzero(img.max(1)), np.flatnonzero(img.max(0))
    img = img[ys[0]: ys[-1] + 1, xs[0]: xs[-1] + 1]
    if kind == "shape-narrow":
        img = cv2.resize(img, (max(1, int(round(0.8 * img.shape[1]))), img.shape[0]),
                         interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(img)


def forget_font_lookups() -> None:
    """Drop the cached font lookups and glyphs, so fonts fetched since are drawn from now on."""
    for cached in (resolve_font, glyph, cap_metrics, pip_ref):
        cached.cache_clear()


def _pip(suit: str, h_px: float, style: Style = STYLE) -> np.ndarray:
    ref = pip_ref(suit, style.pips)
    s = h_px / ref.shape[0]
    return cv2.resize(ref, (max(1, int(round(ref.shape[1] * s))), max(1, int(round(h_px)))),
                      interpolation=cv2.INTER_AREA)


def _paste(dst: np.ndarray, m: np.ndarray, x: float, y: float, flip: bool = False) -> None:
    """Max-combine mask m into dst with its top-left at (x, y); flip: rotated 180 degrees."""
    if flip:
        m = m[::-1, ::-1]
    x0, y0 = int(round(x)), int(round(y))
    H, W = dst.shape[:2]
    ax0, ay0 = max(0, x0), max(0, y0)
    ax1, ay1 = min(W, x0 + m.shape[1]), min(H, y0 + m.shape[0])
    if ax1 <= ax0 or ay1 <= ay0:
        return
    sub = m[ay0 - y0: ay1 - y0, ax0 - x0: ax1 - x0]
    np.maximum(dst[ay0:ay1, ax0:ax1], sub, out=dst[ay0:ay1, ax0:ax1])


def _paste_centred(dst, m, cx, cy, flip=False):
    _paste(dst, m, cx - m.shape[1] / 2, cy - m.shape[0] / 2, flip)


# --------------------------------------------------------------------------------------------
# the card
# --------------------------------------------------------------------------------------------
class _Card:
    """A face being drawn at SS x resolution: a float BGR canvas, composited layer by layer."""

    def __init__(self, height: int, style: Style = STYLE):
        self.h = int(height)
        self.w = int(round(height * CARD_MM[0] / CARD_MM[1]))
        self.H, self.W = self.h * SS, self.w * SS
        self.style = style
        self.img = np.empty((self.H, self.W, 3), np.float32)
        self.img[:] = style.paper
        self.boxes: list[tuple[int, int, int, int]] = []

    def mask(self) -> np.ndarray:
        return np.zeros((self.H, self.W), np.uint8)

    def paint(self, m: np.ndarray, colour) -> None:
        """Paint `colour` through mask m (uint8 coverage)."""
        _blend(self.img, m, colour)

    def edge(self) -> None:
        """The thin border: a grey line along the rounded edge (same radius as round_corners)."""
        m = self.mask()
        r = max(2, int(round(0.045 * self.w))) * SS
        t = max(1, int(round(0.0035 * self.H)))
        W, H = self.W - 1, self.H - 1
        o = t // 2
        for p0, p1 in (((r, o), (W - r, o)), ((r, H - o), (W - r, H - o)),
                       ((o, r), (o, H - r)), ((W - o, r), (W - o, H - r))):
            cv2.line(m, p0, p1, 255, t)
        for (cx, cy), a0 in (((r, r), 180), ((W - r, r), 270), ((W - r, H - r), 0), ((r, H - r), 90)):
            cv2.ellipse(m, (cx, cy), (r - o, r - o), 0, a0, a0 + 90, 255, t)
        self.paint(m, self.style.edge)

    def text(self, text: str, cap_px: float) -> np.ndarray:
        """Mask of `text` in the style's font, JOKER letters' weight, cap height cap_px (SS px)."""
        return _text_mask(text, cap_px, None, replace(self.style, bold=self.style.joker_bold))

    @staticmethod
    def paste(dst: np.ndarray, m: np.ndarray, x: float, y: float) -> None:
        """Max-combine mask m into dst with its top-left at (x, y)."""
        _paste(dst, m, x, y)

    def add_index(self, m: np.ndarray, colour, upright: bool = False, unturned: bool = False) -> None:
        """m holds the top-left index; it is painted there and rotated 180 degrees bottom-right
        (upright: bottom-right as it is, not turned, in the box the turned one would fill;
        unturned: turned, then each glyph turned back where it lies, suit over rank)."""
        if upright:
            bottom = _upright_opposite(m)
        elif unturned:
            bottom = _unturned_opposite(m)
        else:
            bottom = m[::-1, ::-1]
        self.paint(np.maximum(m, bottom), colour)
        # the boxes are those of this index layer alone, measured at the face resolution
        self.boxes += [_ink_box(m, self.h, self.w), _ink_box(bottom, self.h, self.w)]

    def finish(self) -> np.ndarray:
        bgr = cv2.resize(np.clip(self.img + 0.5, 0, 255).astype(np.uint8), (self.w, self.h),
                         interpolation=cv2.INTER_AREA)
        return round_corners(np.dstack([bgr, np.full((self.h, self.w), 255, np.uint8)]))


def _upright_opposite(m: np.ndarray) -> np.ndarray:
    """The ink of mask m moved, not turned, to the box its 180-degree turn would cover."""
    ys, xs = np.flatnonzero(m.any(1)), np.flatnonzero(m.any(0))
    y0, y1, x0, x1 = ys[0], ys[-1] + 1, xs[0], xs[-1] + 1
    H, W = m.shape
    out = np.zeros_like(m)
    out[H - y1:H - y0, W - x1:W - x0] = m[y0:y1, x0:x1]
    return out


def _unturned_opposite(m: np.ndarray) -> np.ndarray:
    """The 180-degree turn of index mask m (rank over suit) with each of its two glyphs turned back
    upright in the box it covers: the suit over the rank, both upright. The glyphs are the ink
    above and below the widest band of empty rows in the index."""
    turned = m[::-1, ::-1]
    rows = turned.any(1)
    ys = np.flatnonzero(rows)
    y0, y1 = ys[0], ys[-1] + 1
    empty = ~rows[y0:y1]
    best, start, cut = 0, None, None
    for y, gap in enumerate(np.append(empty, False)):   # the widest run of empty rows
        if gap and start is None:
            start = y
        elif not gap and start is not None:
            if y - start > best:
                best, cut = y - start, y0 + (start + y) // 2
            start = None
    if cut is None:   # rank and suit touch: no glyph to turn back alone
        return turned
    out = np.zeros_like(turned)
    for a, b in ((y0, cut), (cut, y1)):
        band = turned[a:b]
        xs = np.flatnonzero(band.any(0))
        bys = np.flatnonzero(band.any(1))
        ga, gb, x0, x1 = a + bys[0], a + bys[-1] + 1, xs[0], xs[-1] + 1
        out[ga:gb, x0:x1] = turned[ga:gb, x0:x1][::-1, ::-1]
    return out


def _blend(img: np.ndarray, m: np.ndarray, colour, tile: int = 128) -> None:
    """img += (colour - img) * m / 255, tile by tile over the mask's box (skipping empty tiles)."""
    x, y, w, h = cv2.boundingRect(m)
    c = np.asarray(colour, np.float32)
    for ty in range(y, y + h, tile):
        for tx in range(x, x + w, tile):
            t = m[ty:min(ty + tile, y + h), tx:min(tx + tile, x + w)]
            if not t.any():
                continue
            roi = img[ty:ty + t.shape[0], tx:tx + t.shape[1]]
            roi += (c - roi) * (t[..., None].astype(np.float32) * (1 / 255))


def _ink_box(m_ss: np.ndarray, h: int, w: int) -> tuple[int, int, int, int]:
    """Tight box (x1, y1, x2, y2; exclusive ends, face px) of the ink of an SS mask."""
    small = cv2.resize(m_ss, (w, h), interpolation=cv2.INTER_AREA)
    on = small >= INK_ALPHA * 255
    ys, xs = np.flatnonzero(on.any(1)), np.flatnonzero(on.any(0))
    return int(xs[0]), int(ys[0]), int(xs[-1]) + 1, int(ys[-1]) + 1


def _corner_index(card: _Card, rank: str, suit: str, style: Style) -> np.ndarray:
    """Top-left index mask: rank over suit pip, centred on the index column."""
    H, W = card.H, card.W
    m = card.mask()
    cx = style.col_x * W
    top = style.top * H
    t = _text_mask(rank, style.rank_h * H, style.rank_max_w * W, style)
    _paste(m, t, cx - t.shape[1] / 2, top)
    rank_bottom = top + np.flatnonzero(t.max(1) >= 128)[-1] + 1
    p = _pip(suit, style.pip_h * H, style)
    _paste(m, p, cx - p.shape[1] / 2, rank_bottom + style.gap * H)
    return m


# classic pip layouts: (x, y) in the pip field, x in {0, 0.5, 1}, y in [0, 1]
_L, _C, _R = 0.0, 0.5, 1.0
LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "2": [(_C, 0), (_C, 1)],
    "3": [(_C, 0), (_C, 0.5), (_C, 1)],
    "4": [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    "5": [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    "6": [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "7": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    "8": [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    "9": [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    "10": [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6),
           (_L, 1), (_R, 1)],
}
PIP_FIELD = (0.3, 0.7, 0.2, 0.8)  # pip centres: x from..to (w), y from..to (h)


def _pip_face(card: _Card, rank: str, suit: str, style: Style) -> None:
    H, W = card.H, card.W
    m = card.mask()
    if rank == "A":
        big = 0.3 if suit == "S" else 0.2
        p = _pip(suit, big * H, style)
        _paste_centred(m, p, W / 2, H / 2)
        if suit == "S":  # the ace of spades: a ring of fine ornament around the pip
            ring = card.mask()
            c = (W // 2, H // 2)
            cv2.ellipse(ring, c, (int(0.33 * W), int(0.2 * H)), 0, 0, 360, 255, max(1, int(0.004 * H)))
            cv2.ellipse(ring, c, (int(0.35 * W), int(0.215 * H)), 0, 0, 360, 255, max(1, int(0.0025 * H)))
            np.maximum(m, ring, out=m)
    else:
        x0, x1, y0, y1 = PIP_FIELD
        p = _pip(suit, style.pip_h_centre * H, style)
        for fx, fy in LAYOUTS[rank]:
            cx = (x0 + (x1 - x0) * fx) * W
            cy = (y0 + (y1 - y0) * fy) * H
            _paste_centred(m, p, cx, cy, flip=fy > 0.5 + 1e-6)
    card.paint(m, style.ink(suit))


def _bezier(p0, p1, p2, n: int = 24) -> list[tuple[float, float]]:
    t = np.linspace(0, 1, n)[:, None]
    p0, p1, p2 = (np.asarray(q, float) for q in (p0, p1, p2))
    pts = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2
    return [tuple(q) for q in pts]


def _court_face(card: _Card, rank: str, suit: str, style: Style) -> None:
    """A framed, double-ended panel: headpiece, large letter, pip and a sash; the lower half is
    the upper half rotated 180 degrees."""
    H, W = card.H, card.W
    ink = style.ink(suit)
    second = BLUE if suit in "HD" else style.ink("H")
    fx0, fy0 = style.court_frame
    fx1, fy1 = 1 - fx0, 1 - fy0
    art = np.empty_like(card.img)
    art[:] = style.panel
    lw = max(1, int(0.003 * H))

    def shape(pts, colour, outline=True):
        """Filled polygon (card fractions) painted on the art layer, with a thin black outline."""
        q = [np.round(np.asarray(pts, np.float64) * (W, H)).astype(np.int32)]
        m = card.mask()
        cv2.fillPoly(m, q, 255)
        _blend(art, m, colour)
        if outline:
            o = card.mask()
            cv2.polylines(o, q, True, 255, lw)
            _blend(art, o, BLACK)

    def dot(x, y, r, colour):
        m = card.mask()
        cv2.circle(m, (int(x * W), int(y * H)), max(1, int(r * W)), 255, -1)
        _blend(art, m, colour)
        o = card.mask()
        cv2.circle(o, (int(x * W), int(y * H)), max(1, int(r * W)), 255, lw)
        _blend(art, o, BLACK)

    # robe: gold below a diagonal, with a sash in the second colour along it
    d0, d1 = 0.455, 0.375  # the diagonal at the left / right frame edge (h)
    shape([(fx0, d0), (fx1, d1), (fx1, 0.5), (fx0, 0.5)], GOLD, outline=False)
    shape([(fx0, d0 - 0.03), (fx1, d1 - 0.03), (fx1, d1 + 0.015), (fx0, d0 + 0.015)], second)
    # headpiece above the letter
    hx, hy, hw, hh = 0.38, fy0 + 0.022, 0.3, 0.075  # centre x (w), top (h), width (w), height (h)
    x0, x1, yb = hx - hw / 2, hx + hw / 2, hy + hh
    if rank == "K":  # crown: band and five spikes with balls
        pts = [(x0, yb)]
        for i in range(5):
            px = x0 + i * hw / 4
            pts.append((px, hy + 0.15 * hh))
            if i < 4:
                pts.append((px + hw / 8, hy + 0.55 * hh))
        pts.append((x1, yb))
        shape(pts, GOLD)
        shape([(x0, yb - 0.22 * hh), (x1, yb - 0.22 * hh), (x1, yb), (x0, yb)], second)
        for i in range(5):
            dot(x0 + i * hw / 4, hy + 0.1 * hh, 0.011, GOLD)
    elif rank == "Q":  # diadem: three rounded arches with pearls
        pts = [(x0, yb)]
        for i in range(3):
            ax0, ax1 = x0 + i * hw / 3, x0 + (i + 1) * hw / 3
            pts += _bezier((ax0, hy + 0.45 * hh), ((ax0 + ax1) / 2, hy - 0.25 * hh), (ax1, hy + 0.45 * hh), 12)
        pts.append((x1, yb))
        shape(pts, GOLD)
        shape([(x0, yb - 0.25 * hh), (x1, yb - 0.25 * hh), (x1, yb), (x0, yb)], second)
        for i in range(3):
            dot(x0 + (i + 0.5) * hw / 3, hy + 0.05 * hh, 0.011, (245, 245, 245))
    else:  # jack: a soft cap with a band and a feather
        pts = [(x0 + 0.01, yb)] + _bezier((x0, yb - 0.1 * hh), (hx - 0.02, hy - 0.35 * hh), (x1, yb - 0.3 * hh), 16) \
            + [(x1, yb)]
        shape(pts, second)
        shape([(x0 + 0.005, yb - 0.22 * hh), (x1, yb - 0.22 * hh), (x1, yb), (x0 + 0.01, yb)], GOLD)
        feather = _bezier((hx + 0.05, yb - 0.3 * hh), (hx + 0.2, hy - 0.1 * hh), (x1 + 0.06, hy + 0.1 * hh), 14)
        back = _bezier((x1 + 0.06, hy + 0.1 * hh), (hx + 0.16, hy + 0.3 * hh), (hx + 0.07, yb - 0.15 * hh), 14)
        shape(feather + back, (245, 245, 245))
    # large letter under the headpiece, pip to its right
    t = _text_mask(rank, 0.12 * H, None, style)
    lm = card.mask()
    _paste(lm, t, hx * W - t.shape[1] / 2, (yb + 0.015) * H)
    _blend(art, lm, ink)
    pm = card.mask()
    _paste_centred(pm, _pip(suit, 0.08 * H, style), 0.66 * W, (yb + 0.015 + 0.06) * H)
    _blend(art, pm, ink)
    # double-ended: the lower half is the upper half rotated 180 degrees
    art[H // 2:] = art[: H - H // 2][::-1, ::-1]
    x0, x1, y0, y1 = int(fx0 * W), int(fx1 * W), int(fy0 * H), int(fy1 * H)
    card.img[y0:y1, x0:x1] = art[y0:y1, x0:x1]
    # frame: outer line in the suit colour, a thin inner line and the middle line
    fr = card.mask()
    cv2.rectangle(fr, (x0, y0), (x1, y1), 255, max(1, int(0.006 * H)))
    d = int(0.012 * H)
    cv2.rectangle(fr, (x0 + d, y0 + d), (x1 - d, y1 - d), 255, max(1, int(0.0025 * H)))
    cv2.line(fr, (x0 + d, H // 2), (x1 - d, H // 2), 255, max(1, int(0.0025 * H)))
    card.paint(fr, ink)


def _joker_seed_text(style: Style, red: bool) -> str:
    """What a training variant's joker is seeded from: the style and colour as written before
    Style.unturned_bottom_index existed (left out at its default), so every deck drawn before it
    keeps its joker."""
    text = repr((style, red))
    return text if style.unturned_bottom_index else text.replace(", unturned_bottom_index=False", "")


def _joker_face(card: _Card, red: bool, style: Style) -> None:
    if (style.joker_art, style.joker_corner) != ("jester", "vertical"):  # a training variant's joker
        h = hashlib.blake2b(_joker_seed_text(style, red).encode(), digest_size=8).digest()
        rng = np.random.default_rng(int.from_bytes(h, "little"))
        card.add_index(drawn_faces.joker_corner(card, style, rng), style.ink("H") if red else style.ink("S"))
        drawn_faces.joker_art(card, red, style, rng)
        return
    H, W = card.H, card.W
    red_ink, black_ink = style.ink("H"), style.ink("S")
    ink = red_ink if red else black_ink
    # JOKER written vertically in the index column (top-left, and rotated bottom-right)
    m = card.mask()
    lh = style.joker_letter_h * H
    y = style.top * H
    for ch in "JOKER":
        t = _text_mask(ch, lh, None, replace(style, bold=style.joker_bold))
        _paste(m, t, style.col_x * W - t.shape[1] / 2, y)
        y += lh * style.joker_pitch
    card.add_index(m, ink)
    # a jester's head: three drooping horns with bells, face, ruff collar
    cx, cy = 0.5 * W, 0.56 * H
    hat1, hat2 = (red_ink, GOLD) if red else (black_ink, (150, 150, 150))
    face = SKIN if red else (228, 228, 228)
    r = 0.2 * W
    lw = max(1, int(0.003 * H))

    def poly(pts, colour, outline=True):
        q = [np.round(np.asarray(pts)).astype(np.int32)]
        mm = card.mask()
        cv2.fillPoly(mm, q, 255)
        card.paint(mm, colour)
        if outline:
            o = card.mask()
            cv2.polylines(o, q, True, 255, lw)
            card.paint(o, BLACK)

    def circ(c, rad, colour, outline=True):
        mm = card.mask()
        cv2.circle(mm, (int(c[0]), int(c[1])), int(rad), 255, -1)
        card.paint(mm, colour)
        if outline:
            o = card.mask()
            cv2.circle(o, (int(c[0]), int(c[1])), int(rad), 255, lw)
            card.paint(o, BLACK)

    # ruff collar (zigzag)
    pts = []
    for i in range(15):
        a = np.pi * (0.04 + 0.92 * i / 14)
        rr = 1.5 * r if i % 2 == 0 else 1.08 * r
        pts.append((cx + rr * np.cos(a), cy + 0.5 * r + 0.55 * rr * np.sin(a)))
    poly([(cx - 1.05 * r, cy + 0.5 * r)] + pts + [(cx + 1.05 * r, cy + 0.5 * r)], hat2)
    # hat: three horns curling out and down from the head band, each with a bell
    base_l, base_r = (cx - 0.9 * r, cy - 0.4 * r), (cx + 0.9 * r, cy - 0.4 * r)
    # (outer base, tip, control towards the outer base, control towards the inner base, inner base)
    mid_l, mid_r = (cx - 0.1 * r, cy - 0.9 * r), (cx + 0.1 * r, cy - 0.9 * r)
    horns = [
        (base_l, (cx - 1.75 * r, cy + 0.05 * r), (cx - 1.5 * r, cy - 1.7 * r), (cx - 1.0 * r, cy - 1.0 * r),
         mid_r, hat1),
        (base_r, (cx + 1.75 * r, cy + 0.05 * r), (cx + 1.5 * r, cy - 1.7 * r), (cx + 1.0 * r, cy - 1.0 * r),
         mid_l, hat1),
        (base_l, (cx + 0.25 * r, cy - 2.05 * r), (cx - 0.9 * r, cy - 1.6 * r), (cx + 0.35 * r, cy - 1.2 * r),
         base_r, hat2),
    ]
    for a0, tip, c_out, c_in, a1, col in horns:
        poly(_bezier(a0, c_out, tip) + _bezier(tip, c_in, a1)[1:], col)
    for _, tip, *_ in horns:
        circ(tip, 0.17 * r, GOLD)
    # face with a band of the hat
    circ((cx, cy), 0.8 * r, face)
    band = card.mask()
    cv2.ellipse(band, (int(cx), int(cy - 0.42 * r)), (int(0.95 * r), int(0.24 * r)), 0, 0, 360, 255, -1)
    card.paint(band, hat2 if red else (110, 110, 110))
    o = card.mask()
    cv2.ellipse(o, (int(cx), int(cy - 0.42 * r)), (int(0.95 * r), int(0.24 * r)), 0, 0, 360, 255, lw)
    card.paint(o, BLACK)
    for dx in (-0.3, 0.3):
        circ((cx + dx * r, cy - 0.02 * r), 0.085 * r, BLACK, outline=False)
        circ((cx + dx * 1.3 * r, cy + 0.28 * r), 0.12 * r, (150, 150, 235) if red else (185, 185, 185), outline=False)
    sm = card.mask()
    cv2.ellipse(sm, (int(cx), int(cy + 0.22 * r)), (int(0.4 * r), int(0.28 * r)), 0, 15, 165, 255,
                max(1, int(0.007 * H)))
    card.paint(sm, red_ink if red else black_ink)
    circ((cx, cy + 0.1 * r), 0.1 * r, red_ink if red else (90, 90, 90), outline=False)


def _back(card: _Card, style: Style) -> None:
    """Deep blue lattice with an inner frame and a medallion of the four suits."""
    H, W = card.H, card.W
    blue = style.back_ground
    light = style.back_light
    m0 = int(0.055 * W)
    ground = card.mask()
    cv2.rectangle(ground, (m0, m0), (W - 1 - m0, H - 1 - m0), 255, -1)
    card.paint(ground, blue)
    lat = card.mask()
    step = W / 12
    t = max(1, int(0.004 * H))
    for k in range(-24, 40):
        x = k * step
        cv2.line(lat, (int(x), 0), (int(x + H), H), 255, t)
        cv2.line(lat, (int(x), 0), (int(x - H), H), 255, t)
    dots = card.mask()
    for i in range(-2, 30):
        for j in range(-2, 40):
            x = (i + 0.5) * step
            y = (j + 0.5) * step
            cv2.circle(dots, (int(x), int(y)), int(0.18 * step), 255, -1)
    lat = np.maximum(lat, dots) & ground
    card.paint(lat, light)
    fr = card.mask()
    d = int(0.035 * W) + m0
    cv2.rectangle(fr, (d, d), (W - 1 - d, H - 1 - d), 255, max(1, int(0.005 * H)))
    card.paint(fr, (235, 225, 215))
    # medallion
    med = card.mask()
    cv2.ellipse(med, (W // 2, H // 2), (int(0.26 * W), int(0.2 * H)), 0, 0, 360, 255, -1)
    card.paint(med, blue)
    ring = card.mask()
    cv2.ellipse(ring, (W // 2, H // 2), (int(0.26 * W), int(0.2 * H)), 0, 0, 360, 255, max(1, int(0.006 * H)))
    cv2.ellipse(ring, (W // 2, H // 2), (int(0.22 * W), int(0.17 * H)), 0, 0, 360, 255, max(1, int(0.003 * H)))
    card.paint(ring, (235, 225, 215))
    for s, (dx, dy) in zip("SHDC", ((0, -0.085), (0.1, 0), (0, 0.085), (-0.1, 0))):
        pm = card.mask()
        _paste_centred(pm, _pip(s, 0.065 * H, style), W / 2 + dx * W, H / 2 + dy * H, flip=dy > 0)
        card.paint(pm, (235, 225, 215))


def draw_face(key: str, height: int = 400, style: Style | None = None
              ) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """One face (BGRA uint8, `height` px high) and its corner-index boxes (face px)."""
    style = style or STYLE
    card = _Card(height, style)
    if style.stains and key != "back":
        drawn_faces.age_paper(card, style.stains, key)
    if key == "back":
        _back(card, style)
    elif key in ("JKB", "JKR"):
        _joker_face(card, key == "JKR", style)
    else:
        rank, suit = key[:-1], key[-1]
        if rank in ("J", "Q", "K"):
            _court_face(card, rank, suit, style)
        else:
            _pip_face(card, rank, suit, style)
        card.add_index(_corner_index(card, rank, suit, style), style.ink(suit), upright=style.upright_bottom_index,
                       unturned=style.unturned_bottom_index)
    card.edge()
    return card.finish(), card.boxes


def draw_deck(height: int = 400, style: Style | None = None) -> tuple[dict[str, np.ndarray], dict[str, list]]:
    """All faces (FACE_KEYS: 52 cards, JKB, JKR, back) and their index boxes."""
    faces, boxes = {}, {}
    for k in FACE_KEYS:
        faces[k], boxes[k] = draw_face(k, height, style)
    return faces, boxes


def draw_faces(height: int = 400, style: Style | None = None) -> dict[str, np.ndarray]:
    """All faces, BGRA uint8, keyed like the other designs (52 codes, JKB, JKR, back)."""
    return draw_deck(height, style)[0]



# --------------------------------------------------------------------------------------------
# training variants: the same drawer with randomised styles (designs drawn-train-NN)
# --------------------------------------------------------------------------------------------
# Fonts and pips of the variants. Never "uni" nor "drawn" pips: those are referee-drawn's own,
# and referee-drawn is held out. A DejaVu file missing here (or Pillow) becomes OpenCV's sans
# (resolve_font).
VARIANT_FONTS = (
    "hershey:simplex", "hershey:duplex", "hershey:triplex", "hershey:complex",
    "sans:400", "sans:700", "sans:900",
    _DEJAVU + "DejaVuSans.ttf", _DEJAVU + "DejaVuSans-Bold.ttf", _DEJAVU + "DejaVuSerif.ttf",
    _DEJAVU + "DejaVuSerif-Bold.ttf", _DEJAVU + "DejaVuSansMono-Bold.ttf",
    _DEJAVU + "DejaVuSansCondensed-Bold.ttf", _DEJAVU + "DejaVuSerifCondensed-Bold.ttf",
)
VARIANT_PIPS = ("shape", "shape-narrow", "shape-fat", "font", "font-dejavu")
# Variants from N_CLASSIC_VARIANTS on draw their ranks in the classic book faces of
# Debian's fonts-urw-base35 (free clones of Times, Century Schoolbook, Palatino, Bookman,
# Helvetica, Avant Garde, Courier), the serif shapes most printed card indices resemble: the
# classifier read unseen designs clearly worse than unseen scenes of its training designs, and the
# first 24 variants have only Hershey, OpenCV's sans and DejaVu.
# Fetched once (referee.synth.scenes.fetch_fonts); missing, they fall back like DejaVu.
N_CLASSIC_VARIANTS = 24
URW_VARIANT_FONTS = tuple(URW_PREFIX + f + ".otf" for f in (
    "NimbusRoman-Bold", "C059-Bold", "P052-Bold", "URWBookman-Demi", "NimbusSans-Bold",
    "NimbusSansNarrow-Bold", "NimbusRoman-Regular", "C059-Roman", "P052-Roman", "URWBookman-Light",
    "URWGothic-Demi", "NimbusMonoPS-Bold",
))
URW_VARIANT_PIPS = VARIANT_PIPS + ("font-urw",)
# Variants from N_PLAIN_VARIANTS on are face variants (drawn_faces): dark, coloured and aged
# paper in turn, each with jokers (drawn_faces.JOKER_CORNERS and JOKER_ARTS in turn), their fonts
# and pips from all the lists above. Negative variants are the held-out face decks: referee-drawn
# itself (its font, pips and jester) on dark, coloured and aged paper (N_HELDOUT_FACES of them).
N_PLAIN_VARIANTS = 48
N_HELDOUT_FACES = 6
# Face variants from this one on draw their jokers' middles from drawn_faces.JOKER_PICTURE_ARTS
# (the picture-joker variants, designs.PICTURE_JOKER_VARIANTS; the 24 before it are the face variants).
FIRST_PICTURE_JOKER_VARIANT = N_PLAIN_VARIANTS + 24
# ... and from this one on, dark four-colour decks (designs.DARK_FOUR_VARIANTS; picture jokers):
# light-blue diamonds beside white or gold spades are the dark decks' commonest misreading, and the
# face variants before it hold three dark four-colour decks in 16 dark ones.
FIRST_DARK_FOUR_VARIANT = FIRST_PICTURE_JOKER_VARIANT + 24
# ... and from this one on (after the 16 dark four-colour decks), plain light-paper decks whose
# jokers carry a symbol corner (designs.SYMBOL_JOKER_VARIANTS; drawn_faces.SYMBOL_JOKER_CORNERS)
# and a middle of every kind: the joker reader's data draws on them (referee.train.joker_data).
FIRST_SYMBOL_JOKER_VARIANT = FIRST_DARK_FOUR_VARIANT + 16
# ... and from this one on (after the 20 symbol-joker decks), plain light-paper decks whose
# bottom-right index is printed upright (designs.UPRIGHT_INDEX_VARIANTS; Style.upright_bottom_index):
# no other training deck prints it so, and such a 6 reads 9 the other way round.
FIRST_UPRIGHT_INDEX_VARIANT = FIRST_SYMBOL_JOKER_VARIANT + 20
# ... and from this one on (after the 20 upright-index decks), plain light-paper decks whose
# bottom-right index keeps the turned one's layout (suit over rank) with each glyph upright
# (designs.UNTURNED_INDEX_VARIANTS; Style.unturned_bottom_index): such a 6 reads 9 the other way round.
FIRST_UNTURNED_INDEX_VARIANT = FIRST_UPRIGHT_INDEX_VARIANT + 20
FACE_VARIANT_FONTS = VARIANT_FONTS + URW_VARIANT_FONTS
# widest pip (width / height) of each kind, rounded up (checked by the tests)
PIP_MAX_ASPECT = {"drawn": 1.15, "shape": 1.05, "shape-narrow": 0.85, "shape-fat": 1.1, "font": 1.05,
                   "font-dejavu": 1.05, "font-urw": 1.05}
_ASPECT = CARD_MM[1] / CARD_MM[0]  # card height / width


def _variant_rng(k: int) -> np.random.Generator:
    h = hashlib.blake2b(f"referee-drawn/variant/{int(k)}".encode(), digest_size=8).digest()
    return np.random.default_rng(int.from_bytes(h, "little"))


def _colour(v) -> tuple[int, int, int]:
    return tuple(int(round(min(255.0, max(0.0, float(c))))) for c in v)


def variant_style(k: int) -> Style:
    """Style of training variant `k` (deterministic in k, the same on every machine): a font of
    VARIANT_FONTS and pips of VARIANT_PIPS (both cycling with k; from N_CLASSIC_VARIANTS on, of
    URW_VARIANT_FONTS and URW_VARIANT_PIPS), the index geometry jittered
    (about +-25 % around STYLE, kept in the corner and clear of the centre pips and the court
    panel), classic two-colour inks of varied tones or (about 1 in 4) a four-colour deck (green
    clubs, blue or orange diamonds), paper from white to cream, a back in blue, red, green or
    grey. Drawn from a generator seeded by a hash of k (not Python's hash()).

    From N_PLAIN_VARIANTS on, a face variant: the same, then the paper, inks, court panel and
    stains of a dark, coloured or aged deck (k - N_PLAIN_VARIANTS modulo 3; drawn_faces.face_colours)
    and a joker of the training kinds (from FIRST_PICTURE_JOKER_VARIANT on, a picture joker; from
    FIRST_DARK_FOUR_VARIANT on, every deck dark and four-colour). From FIRST_SYMBOL_JOKER_VARIANT
    on, a plain variant's light paper and inks with a symbol joker; from FIRST_UPRIGHT_INDEX_VARIANT
    on, the same with the training jokers' corners and the bottom-right index printed upright; from
    FIRST_UNTURNED_INDEX_VARIANT on, with its glyphs upright in the turned index's layout. A
    negative k: held-out face deck -k - 1 (heldout_face_style)."""
    if k < 0:
        return heldout_face_style(-k - 1)
    rng = _variant_rng(k)

    def u(a, b):
        return float(rng.uniform(a, b))

    # font and pips cycle with k (all of them among the first 14 variants; variants k and
    # k + 14 share the font, not the pips; likewise the URW ones from N_CLASSIC_VARIANTS on, by
    # 12); the rest is drawn
    if k < N_CLASSIC_VARIANTS:
        font = VARIANT_FONTS[k % len(VARIANT_FONTS)]
        pips = VARIANT_PIPS[(k + 2 * (k // len(VARIANT_FONTS))) % len(VARIANT_PIPS)]
    elif k >= N_PLAIN_VARIANTS:  # face variants: every font and pip kind, a step of 7 through the fonts
        j = k - N_PLAIN_VARIANTS
        font = FACE_VARIANT_FONTS[(7 * j) % len(FACE_VARIANT_FONTS)]
        pips = URW_VARIANT_PIPS[(j + j // 3) % len(URW_VARIANT_PIPS)]
    else:
        j = k - N_CLASSIC_VARIANTS
        font = URW_VARIANT_FONTS[j % len(URW_VARIANT_FONTS)]
        pips = URW_VARIANT_PIPS[(j + j // len(URW_VARIANT_FONTS)) % len(URW_VARIANT_PIPS)]
    if font in ("hershey:simplex", "hershey:duplex"):
        bold = u(0.05, 0.11)  # stroke width / cap height
    elif font.startswith("hershey"):  # triplex and complex draw several strokes: heavier
        bold = u(0.04, 0.09)
    elif _is_bold_face(font):
        bold = u(0.0, 0.03)
    else:  # regular outline faces (a "sans:<weight>" face is not emboldened, bold is unused)
        bold = u(0.02, 0.07)
    pip_aspect = PIP_MAX_ASPECT[pips]  # a constant, not measured: the same on every machine
    # geometry: redraw until the index column sits in the corner, clear of the centre pips
    for _ in range(1000):
        g = dict(top=u(0.035, 0.058), col_x=u(0.085, 0.13), rank_h=u(0.08, 0.13),
                 rank_max_w=u(0.13, 0.2), gap=u(0.007, 0.022), pip_h=u(0.06, 0.1),
                 pip_h_centre=u(0.1, 0.12))
        half = max(g["rank_max_w"] / 2, g["pip_h"] * _ASPECT * pip_aspect / 2)  # (w)
        centre_pip_left = PIP_FIELD[0] - g["pip_h_centre"] * _ASPECT * pip_aspect / 2
        if g["col_x"] - half >= 0.03 and g["col_x"] + half <= min(0.205, centre_pip_left - 0.015):
            break
    else:  # pragma: no cover - the ranges make this practically impossible
        g = {}
        half = STYLE.rank_max_w / 2
    court_x = max(STYLE.court_frame[0], g.get("col_x", STYLE.col_x) + half + 0.025)
    # colours (BGR)
    white = np.array([250, 250, 250]) * u(0.97, 1.0)
    cream = np.array([200, 232, 246])
    paper = _colour(white + u(0, 1) ** 1.5 * (cream - white))
    grey = u(110, 200)
    edge = _colour((grey, grey, grey + u(0, 6)))
    v = u(0, 45)
    black = _colour(v + rng.uniform(-8, 8, 3))
    red = _colour((u(10, 70), u(0, 45), u(150, 235)))
    red = _colour((min(red[0], red[2] - 110), min(red[1], red[2] - 120), red[2]))
    if rng.random() < 0.25:  # four-colour deck
        green = _colour((u(20, 80), u(100, 150), u(0, 40)))
        diamond = (_colour((u(150, 210), u(60, 110), u(0, 30))) if rng.random() < 0.6
                   else _colour((u(0, 30), u(100, 150), u(215, 250))))
        inks = (black, red, diamond, green)
    else:
        inks = (black, red, red, black)
    back = int(rng.integers(4))  # (the blue is not referee-drawn's: its back stays unseen too)
    ground = [(150, 90, 35), (40, 35, 150), (45, 95, 25), (60, 60, 60)][back]
    light = [(235, 205, 165), (150, 150, 225), (150, 200, 140), (185, 185, 185)][back]
    style = replace(STYLE, font=font, pips=pips, bold=bold, joker_bold=bold,
                    joker_letter_h=u(0.04, 0.052), court_frame=(court_x, STYLE.court_frame[1]),
                    paper=paper, edge=edge, inks=inks, back_ground=ground, back_light=light, **g)
    if k < N_PLAIN_VARIANTS:
        return style
    j = k - N_PLAIN_VARIANTS
    every_art = drawn_faces.JOKER_ARTS + drawn_faces.JOKER_PICTURE_ARTS
    if k >= FIRST_UNTURNED_INDEX_VARIANT:  # light paper as the plain variants, the glyphs upright
        return replace(style, unturned_bottom_index=True,
                       **_joker_in_turn(k - FIRST_UNTURNED_INDEX_VARIANT, drawn_faces.JOKER_CORNERS, every_art))
    if k >= FIRST_UPRIGHT_INDEX_VARIANT:  # light paper as the plain variants, the index upright
        return replace(style, upright_bottom_index=True,
                       **_joker_in_turn(k - FIRST_UPRIGHT_INDEX_VARIANT, drawn_faces.JOKER_CORNERS, every_art))
    if k >= FIRST_SYMBOL_JOKER_VARIANT:   # light paper as the plain variants, a symbol joker
        return replace(style, **_joker_in_turn(k - FIRST_SYMBOL_JOKER_VARIANT, drawn_faces.SYMBOL_JOKER_CORNERS,
                                               every_art))
    h = hashlib.blake2b(f"referee-drawn/face-variant/{int(k)}".encode(), digest_size=8).digest()
    four_colour = True if k >= FIRST_DARK_FOUR_VARIANT else None
    colours = drawn_faces.face_colours(face_kind(k), np.random.default_rng(int.from_bytes(h, "little")), four_colour)
    corners, arts = drawn_faces.JOKER_CORNERS, drawn_faces.JOKER_ARTS
    if k >= FIRST_PICTURE_JOKER_VARIANT:
        arts = drawn_faces.JOKER_PICTURE_ARTS
    return replace(style, **colours, **_joker_in_turn(j, corners, arts))


def _joker_in_turn(i: int, corners: tuple[str, ...], arts: tuple[str, ...]) -> dict[str, str]:
    """The joker of the i-th deck of a run of variants: the corners in turn, and the middles in turn
    shifted by one each time the corners come round, so corner and middle pair up differently."""
    return {"joker_corner": corners[i % len(corners)], "joker_art": arts[(i + i // len(corners)) % len(arts)]}


def face_kind(k: int) -> str | None:
    """The face kind (drawn_faces.FACE_KINDS) of variant k; None for a plain one."""
    if k < 0:
        return drawn_faces.FACE_KINDS[(-k - 1) * len(drawn_faces.FACE_KINDS) // N_HELDOUT_FACES]
    if k < N_PLAIN_VARIANTS or k >= FIRST_SYMBOL_JOKER_VARIANT:
        return None
    if k >= FIRST_DARK_FOUR_VARIANT:
        return "dark"
    return drawn_faces.FACE_KINDS[(k - N_PLAIN_VARIANTS) % len(drawn_faces.FACE_KINDS)]


def heldout_face_style(j: int) -> Style:
    """Held-out face deck j (0 .. N_HELDOUT_FACES - 1): referee-drawn's STYLE (its font, pips,
    jester and back) on the paper and inks of a dark (j 0, 1), coloured (2, 3) or aged (4, 5)
    deck, from a generator seeded by a hash of j."""
    if not 0 <= j < N_HELDOUT_FACES:
        raise ValueError(f"no held-out face deck {j}")
    h = hashlib.blake2b(f"referee-drawn/heldout-face/{int(j)}".encode(), digest_size=8).digest()
    colours = drawn_faces.face_colours(face_kind(-j - 1), np.random.default_rng(int.from_bytes(h, "little")))
    return replace(STYLE, **colours)
