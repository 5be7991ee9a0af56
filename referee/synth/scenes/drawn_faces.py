"""Dark, coloured and aged faces and varied jokers for the drawn decks (referee.synth.scenes.drawn).

The first training variants of the drawn deck (``drawn-train-00`` .. ``-47``) are all light paper
with dark ink and carry no jokers; real decks also come on dark stock with light ink, on coloured
paper, yellowed and stained with age, and with jokers of every kind. This module holds what the
drawer needs for those:

* :func:`face_colours`: the paper, inks, edge and court-panel colours (and the stains' seed) of a
  face variant of one of three kinds, ``dark`` (light ink on paper of luma 15-85), ``coloured``
  (dark ink on tinted paper of luma 110-195) or ``aged`` (yellowed paper of luma 165-215 with tea
  stains, foxing and a browned rim; slightly faded ink), drawn from a generator the caller seeds;
* :func:`age_paper`: the stains of an aged face (deterministic per deck and face key);
* :func:`joker_corner` and :func:`joker_art`: the jokers of the training variants, never
  referee-drawn's own (its jester's head and vertical JOKER in its own font stay held out): the
  corner is the word JOKER written downwards or across, a star, or a small cap, and the middle a
  star, a jester's cap, the word JOKER across the face or a harlequin diamond.

The drawer passes its card canvas in (an object with ``H``, ``W``, ``mask()``, ``paint(mask, colour)``,
``text(text, cap_px)`` and ``paste(dst, mask, x, y)``); this module imports nothing of the drawer.
"""
from __future__ import annotations

import hashlib

import cv2
import numpy as np

from referee.vision.polarity import luma

FACE_KINDS = ("dark", "coloured", "aged")
# joker corner and middle kinds of the training variants ("vertical" corner and "jester" middle
# are referee-drawn's own, and the training variants draw their vertical JOKER in their own fonts)
JOKER_CORNERS = ("vertical", "across", "star", "cap", "vertical-star")
JOKER_ARTS = ("star", "cap", "word", "harlequin", "sun")
# middles of the picture-joker variants (designs.PICTURE_JOKER_VARIANTS): a figure in several
# colours (a jester, a clown, a king: a head, a hat, a collar, a body) or a framed picture of
# shapes on a coloured ground. Real jokers are pictures, and a picture on coloured paper is what
# the detector took for a face-down card (models/MODEL_CARD.md, jokers).
JOKER_PICTURE_ARTS = ("figure", "picture")
# corners of the symbol-joker variants (designs.SYMBOL_JOKER_VARIANTS, light paper): a star knocked
# out of a disc, a star in a ring, either beside the word (JOKER or Joker, across) or above it
# (downwards), a plain star beside the word. Many printed jokers carry such a corner, and the joker
# reader, trained on few of them, read them as 3H, QD or JS (models/MODEL_CARD.md, jokers).
SYMBOL_JOKER_CORNERS = ("ringed-star", "ring-star", "ringed-star-word", "star-word", "ringed-star-vertical")


def _clip(v) -> tuple[int, int, int]:
    return tuple(int(round(min(255.0, max(0.0, float(c))))) for c in v)


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    c = np.uint8([[[int(h) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    return tuple(int(x) for x in cv2.cvtColor(c, cv2.COLOR_HSV2BGR)[0, 0])


def _with_luma(bgr, target: float) -> tuple[int, int, int]:
    """The colour scaled (then lifted towards grey where scaling saturates) to a luma near target."""
    c = np.asarray(bgr, np.float64)
    for _ in range(20):
        y = luma(c)
        if abs(y - target) < 1.0:
            break
        if y > 0:
            c = c * (target / y)
        c = np.clip(c, 0, 255)
        if luma(c) < target - 1:   # clipped: add grey
            c = np.clip(c + (target - luma(c)), 0, 255)
    return _clip(c)


def contrast(a, b) -> float:
    """How far apart two BGR colours are: the largest channel difference."""
    return float(np.abs(np.asarray(a, float) - np.asarray(b, float)).max())


MIN_INK_CONTRAST = 90.0  # every ink differs from the paper by at least this much in one channel


def face_colours(kind: str, rng: np.random.Generator, four_colour: bool | None = None) -> dict:
    """Style fields of a face variant of `kind` (FACE_KINDS): paper, inks (S, H, D, C), edge, the
    court panel's ground, stains (a seed; 0: none). Every ink keeps MIN_INK_CONTRAST from the
    paper, and the paper's luma lies in the kind's range (see the module's doc). A four-colour deck
    (diamonds and clubs in inks of their own) one time in four, or as `four_colour` says."""
    def u(a, b):
        return float(rng.uniform(a, b))

    four = rng.random() < 0.25   # drawn even when four_colour decides: the same colours otherwise
    if four_colour is not None:
        four = four_colour
    for _ in range(200):
        stains = 0
        if kind == "dark":
            hue = [0, 10, 100, 115, 130, 160, 60, 85][int(rng.integers(8))]   # black, brown, navy, ...
            paper = _with_luma(_hsv(hue, u(0, 200), 60), u(15, 85))
            white = _clip(np.array([235, 240, 242]) * u(0.85, 1.0))
            black = white if rng.random() < 0.6 else _hsv(u(15, 30), u(60, 140), u(200, 250))  # white or gold
            red = _hsv(u(170, 180) if rng.random() < 0.5 else u(0, 8), u(90, 170), u(235, 255))
            green, diamond = _hsv(u(50, 70), u(100, 180), u(200, 250)), _hsv(u(95, 110), u(80, 160), u(235, 255))
            edge = _clip(np.asarray(paper) + u(40, 90))
            panel = _clip(np.asarray(paper) * 0.5 + u(10, 30))
        elif kind == "coloured":
            paper = _with_luma(_hsv(u(0, 180), u(40, 150), 220), u(110, 195))
            v = u(0, 40)
            black = _clip(v + rng.uniform(-8, 8, 3))
            red = _clip((u(10, 60), u(0, 40), u(140, 200)))
            green, diamond = _clip((u(20, 60), u(80, 120), u(0, 30))), _clip((u(120, 170), u(30, 70), u(0, 20)))
            edge = _clip(np.asarray(paper) * u(0.5, 0.75))
            panel = _clip(np.asarray(paper) * 0.25 + 0.75 * np.array([214, 232, 244]))
        elif kind == "aged":
            y = u(165, 215)
            paper = _with_luma((u(120, 185), u(195, 225), u(215, 245)), y)
            fade = u(0.05, 0.25)
            black = _clip((1 - fade) * np.array([34, 28, 26]) + fade * np.asarray(paper) + rng.uniform(-6, 6, 3))
            red = _clip((1 - fade) * np.array([u(20, 60), u(20, 45), u(150, 200)]) + fade * np.asarray(paper))
            green = _clip((1 - fade) * np.array([u(20, 60), u(90, 130), u(0, 30)]) + fade * np.asarray(paper))
            diamond = _clip((1 - fade) * np.array([u(130, 180), u(50, 90), u(0, 30)]) + fade * np.asarray(paper))
            edge = _clip(np.asarray(paper) * u(0.55, 0.75))
            panel = _clip(np.asarray(paper) * 0.5 + 0.5 * np.array([200, 225, 240]))
            stains = int(rng.integers(1, 2 ** 31))
        else:
            raise ValueError(f"unknown face kind {kind!r}")
        inks = (black, red, diamond, green) if four else (black, red, red, black)
        if all(contrast(i, paper) >= MIN_INK_CONTRAST for i in inks):
            return {"paper": paper, "inks": inks, "edge": edge, "panel": panel, "stains": stains}
    raise RuntimeError("no colours with enough contrast")  # pragma: no cover - the ranges allow it


# --------------------------------------------------------------------------------------------
# aged paper
# --------------------------------------------------------------------------------------------
def age_paper(card, seed: int, key: str) -> None:
    """Yellowed, stained paper on a freshly filled card: a browned rim, a few tea stains (a pale
    blot with a darker ring), foxing dots and faint creases; the same for a (seed, face key)."""
    h = hashlib.blake2b(f"{seed}/{key}".encode(), digest_size=8).digest()
    rng = np.random.default_rng(int.from_bytes(h, "little"))
    H, W = card.H, card.W
    brown = np.array([40, 90, 140], np.float32)
    # browned rim: a soft band along the edge
    rim = np.zeros((H, W), np.uint8)
    t = int(rng.uniform(0.02, 0.06) * W)
    cv2.rectangle(rim, (0, 0), (W - 1, H - 1), 255, 2 * t)
    rim = cv2.GaussianBlur(rim, (0, 0), max(1.0, t * 0.8))
    card.paint((rim.astype(np.float32) * rng.uniform(0.1, 0.3)).astype(np.uint8), brown)
    # tea stains
    for _ in range(int(rng.integers(1, 4))):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        r = int(rng.uniform(0.08, 0.3) * W)
        blot = np.zeros((H, W), np.uint8)
        cv2.ellipse(blot, c, (r, int(r * rng.uniform(0.6, 1.2))), float(rng.uniform(0, 180)), 0, 360, 255, -1)
        blot = cv2.GaussianBlur(blot, (0, 0), max(1.0, r * 0.15))
        card.paint((blot.astype(np.float32) * rng.uniform(0.05, 0.15)).astype(np.uint8), brown)
        ring = np.zeros((H, W), np.uint8)
        cv2.ellipse(ring, c, (r, int(r * rng.uniform(0.6, 1.2))), float(rng.uniform(0, 180)), 0,
                    float(rng.uniform(200, 360)), 255, max(1, int(0.01 * W)))
        ring = cv2.GaussianBlur(ring, (0, 0), max(1.0, 0.006 * W))
        card.paint((ring.astype(np.float32) * rng.uniform(0.15, 0.3)).astype(np.uint8), brown)
    # foxing: small brown dots
    dots = np.zeros((H, W), np.uint8)
    for _ in range(int(rng.integers(3, 25))):
        cv2.circle(dots, (int(rng.uniform(0, W)), int(rng.uniform(0, H))), max(1, int(rng.uniform(0.003, 0.012) * W)),
                   255, -1)
    dots = cv2.GaussianBlur(dots, (0, 0), max(1.0, 0.003 * W))
    card.paint((dots.astype(np.float32) * rng.uniform(0.2, 0.45)).astype(np.uint8), brown)
    # a crease or two: a faint darker line
    crease = np.zeros((H, W), np.uint8)
    for _ in range(int(rng.integers(0, 3))):
        p0 = (int(rng.uniform(0, W)), 0) if rng.random() < 0.5 else (0, int(rng.uniform(0, H)))
        p1 = (int(rng.uniform(0, W)), H - 1) if rng.random() < 0.5 else (W - 1, int(rng.uniform(0, H)))
        cv2.line(crease, p0, p1, 255, max(1, int(0.003 * W)), cv2.LINE_AA)
    card.paint((crease.astype(np.float32) * 0.12).astype(np.uint8), (60, 60, 60))


# --------------------------------------------------------------------------------------------
# jokers
# --------------------------------------------------------------------------------------------
def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42,
                turn: float = 0.0) -> np.ndarray:
    """Vertices of a star (int32, for cv2.fillPoly), point up unless turned (radians)."""
    a = -np.pi / 2 + turn + np.arange(2 * points) * np.pi / points
    rad = np.where(np.arange(2 * points) % 2 == 0, r, r * inner)
    return np.round(np.c_[cx + rad * np.cos(a), cy + rad * np.sin(a)]).astype(np.int32)


def _cap(m: np.ndarray, cx: float, cy: float, s: float, bells: bool = True) -> None:
    """A two-pointed jester's cap (straight points leaning out, a band, a bell on each point)
    filled into mask m: centre of the band (cx, cy), width 2 s."""
    band = np.array([(cx - s, cy), (cx + s, cy), (cx + 0.9 * s, cy + 0.3 * s), (cx - 0.9 * s, cy + 0.3 * s)])
    left = np.array([(cx - s, cy), (cx - 1.35 * s, cy - 1.1 * s), (cx + 0.05 * s, cy)])
    right = np.array([(cx + s, cy), (cx + 1.35 * s, cy - 1.1 * s), (cx - 0.05 * s, cy)])
    for p in (band, left, right):
        cv2.fillPoly(m, [np.round(p).astype(np.int32)], 255, cv2.LINE_AA)
    if bells:
        for x in (cx - 1.35 * s, cx + 1.35 * s):
            cv2.circle(m, (int(x), int(cy - 1.1 * s)), max(1, int(0.2 * s)), 255, -1, cv2.LINE_AA)


def joker_corner(card, style, rng: np.random.Generator) -> np.ndarray:
    """The top-left joker marking of the training variants (style.joker_corner, JOKER_CORNERS),
    as a mask the drawer paints and rotates into the bottom-right corner."""
    H, W = card.H, card.W
    m = card.mask()
    kind = style.joker_corner
    lh = style.joker_letter_h * H
    x = style.col_x * W
    y = style.top * H
    if kind in ("vertical", "vertical-star"):
        letters = "JOKER"
        for ch in letters:
            t = card.text(ch, lh)
            card.paste(m, t, x - t.shape[1] / 2, y)
            y += lh * style.joker_pitch
        if kind == "vertical-star":
            r = 0.55 * lh
            cv2.fillPoly(m, [star_points(x, y + r, r)], 255, cv2.LINE_AA)
    elif kind == "across":   # the word across the top, small, from the index column's left edge
        t = card.text("JOKER", lh)
        if t.shape[1] > 0.3 * W:
            t = cv2.resize(t, (int(0.3 * W), t.shape[0]), interpolation=cv2.INTER_AREA)
        left = max(0.03 * W, x - 0.6 * style.rank_max_w * W)
        card.paste(m, t, left, y)
    elif kind == "star":
        r = 0.5 * style.rank_h * H
        cv2.fillPoly(m, [star_points(x, y + r, r, inner=float(rng.uniform(0.38, 0.5)))], 255, cv2.LINE_AA)
    elif kind == "cap":
        s = min(0.45 * style.rank_max_w, (style.col_x - 0.035) / 1.6) * W   # bells clear of the edge
        _cap(m, x, y + 1.3 * s, s)
    elif kind in SYMBOL_JOKER_CORNERS:
        _symbol_corner(card, m, kind, style, rng)
    else:
        raise ValueError(f"unknown joker corner {kind!r}")
    return m


def _symbol_corner(card, m: np.ndarray, kind: str, style, rng: np.random.Generator) -> None:
    """A SYMBOL_JOKER_CORNERS marking filled into mask m: the symbol's top at the index's top, in
    the index column (kept clear of the card's edge), the word beside it or below it."""
    H, W = card.H, card.W
    r = float(rng.uniform(0.4, 0.55)) * style.rank_h * H
    cx, cy = max(style.col_x * W, 0.035 * W + r), style.top * H + r
    if kind == "star-word":
        cv2.fillPoly(m, [star_points(cx, cy, r, inner=float(rng.uniform(0.38, 0.5)))], 255, cv2.LINE_AA)
    elif kind == "ring-star":
        t = max(1, int(round(float(rng.uniform(0.09, 0.15)) * r)))
        cv2.circle(m, (int(round(cx)), int(round(cy))), int(round(r - t / 2)), 255, t, cv2.LINE_AA)
        cv2.fillPoly(m, [star_points(cx, cy, float(rng.uniform(0.62, 0.75)) * r)], 255, cv2.LINE_AA)
    else:   # a disc with the star knocked out
        cv2.circle(m, (int(round(cx)), int(round(cy))), int(round(r)), 255, -1, cv2.LINE_AA)
        cv2.fillPoly(m, [star_points(cx, cy, float(rng.uniform(0.6, 0.75)) * r)], 0, cv2.LINE_AA)
    lh = style.joker_letter_h * H
    if kind == "ringed-star-vertical":
        y = cy + r + 0.35 * lh
        for ch in "JOKER":
            t = card.text(ch, lh)
            card.paste(m, t, cx - t.shape[1] / 2, y)
            y += lh * style.joker_pitch
    elif kind.endswith("-word"):
        t = card.text("JOKER" if rng.random() < 0.5 else "Joker", lh * float(rng.uniform(1.0, 1.4)))
        if t.shape[1] > 0.3 * W:
            t = cv2.resize(t, (int(0.3 * W), t.shape[0]), interpolation=cv2.INTER_AREA)
        card.paste(m, t, cx + float(rng.uniform(1.2, 1.5)) * r, cy - t.shape[0] / 2)


def joker_art(card, red: bool, style, rng: np.random.Generator) -> None:
    """The middle of a training variant's joker (style.joker_art, JOKER_ARTS), painted on card."""
    H, W = card.H, card.W
    red_ink, black_ink = style.ink("H"), style.ink("S")
    ink, other = (red_ink, black_ink) if red else (black_ink, red_ink)
    cx, cy = W / 2, H / 2
    kind = style.joker_art
    if kind == "star":
        m = card.mask()
        r = float(rng.uniform(0.28, 0.36)) * W
        cv2.fillPoly(m, [star_points(cx, cy - 0.04 * H, r, inner=float(rng.uniform(0.38, 0.5)))], 255, cv2.LINE_AA)
        card.paint(m, ink)
        o = card.mask()
        cv2.polylines(o, [star_points(cx, cy - 0.04 * H, 1.15 * r)], True, 255, max(1, int(0.004 * H)), cv2.LINE_AA)
        card.paint(o, other)
        t = card.text("JOKER", 0.06 * H)
        w = card.mask()
        card.paste(w, t, cx - t.shape[1] / 2, cy + 0.2 * H)
        card.paint(w, ink)
    elif kind == "cap":
        m = card.mask()
        _cap(m, cx, cy + 0.05 * H, float(rng.uniform(0.22, 0.3)) * W)
        card.paint(m, ink)
        b = card.mask()
        s = 0.26 * W
        cv2.rectangle(b, (int(cx - s), int(cy + 0.05 * H)), (int(cx + s), int(cy + 0.05 * H + 0.3 * s)), 255, -1)
        card.paint(b, other)
    elif kind == "word":   # JOKER large across (or along) the middle, in a frame
        t = card.text("JOKER", float(rng.uniform(0.07, 0.1)) * H)
        if rng.random() < 0.5:
            t = np.ascontiguousarray(np.rot90(t))
        scale = min(1.0, 0.6 * W / t.shape[1], 0.7 * H / t.shape[0])
        if scale < 1.0:
            t = cv2.resize(t, (max(1, int(t.shape[1] * scale)), max(1, int(t.shape[0] * scale))),
                           interpolation=cv2.INTER_AREA)
        m = card.mask()
        card.paste(m, t, cx - t.shape[1] / 2, cy - t.shape[0] / 2)
        card.paint(m, ink)
        f = card.mask()
        cv2.rectangle(f, (int(0.22 * W), int(0.16 * H)), (int(0.78 * W), int(0.84 * H)), 255, max(1, int(0.006 * H)))
        card.paint(f, other)
    elif kind == "harlequin":   # a panel of diamonds in the two inks
        m1, m2 = card.mask(), card.mask()
        x0, x1, y0, y1 = 0.25 * W, 0.75 * W, 0.22 * H, 0.78 * H
        n = int(rng.integers(3, 6))
        dw, dh = (x1 - x0) / n, (y1 - y0) / (2 * n)
        for i in range(n):
            for j in range(2 * n):
                q = np.array([(x0 + (i + 0.5) * dw, y0 + j * dh), (x0 + (i + 1) * dw, y0 + (j + 0.5) * dh),
                              (x0 + (i + 0.5) * dw, y0 + (j + 1) * dh), (x0 + i * dw, y0 + (j + 0.5) * dh)])
                cv2.fillPoly(m1 if (i + j) % 2 else m2, [np.round(q).astype(np.int32)], 255, cv2.LINE_AA)
        card.paint(m1, ink)
        card.paint(m2, other)
    elif kind == "sun":   # a round smiling face with rays
        m = card.mask()
        r = float(rng.uniform(0.18, 0.24)) * W
        for a in np.arange(12) * np.pi / 6:
            p = [(cx + 1.15 * r * np.cos(a - 0.12), cy + 1.15 * r * np.sin(a - 0.12)),
                 (cx + 1.6 * r * np.cos(a), cy + 1.6 * r * np.sin(a)),
                 (cx + 1.15 * r * np.cos(a + 0.12), cy + 1.15 * r * np.sin(a + 0.12))]
            cv2.fillPoly(m, [np.round(np.array(p)).astype(np.int32)], 255, cv2.LINE_AA)
        cv2.circle(m, (int(cx), int(cy)), int(r), 255, max(1, int(0.012 * H)), cv2.LINE_AA)
        card.paint(m, ink)
        f = card.mask()
        for dx in (-0.35, 0.35):
            cv2.circle(f, (int(cx + dx * r), int(cy - 0.25 * r)), max(1, int(0.1 * r)), 255, -1, cv2.LINE_AA)
        cv2.ellipse(f, (int(cx), int(cy + 0.1 * r)), (int(0.55 * r), int(0.45 * r)), 0, 20, 160, 255,
                    max(1, int(0.01 * H)), cv2.LINE_AA)
        card.paint(f, other)
    elif kind == "figure":
        _figure(card, ink, other, rng)
    elif kind == "picture":
        _framed_picture(card, ink, rng)
    else:
        raise ValueError(f"unknown joker art {kind!r}")


def _bright(rng: np.random.Generator) -> tuple[int, int, int]:
    return _hsv(float(rng.uniform(0, 180)), float(rng.uniform(120, 255)), float(rng.uniform(110, 240)))


def _fill(card, colour, draw) -> None:
    """Paint what draw(mask) fills into the card in colour."""
    m = card.mask()
    draw(m)
    card.paint(m, colour)


def _polygon(card, colour, points) -> None:
    """A filled polygon (points: (x, y) pairs) painted in colour."""
    _fill(card, colour, lambda m: cv2.fillPoly(m, [np.round(np.asarray(points, np.float64)).astype(np.int32)], 255,
                                               cv2.LINE_AA))


def _disc(card, colour, centre, radius: float) -> None:
    """A filled circle painted in colour."""
    _fill(card, colour, lambda m: cv2.circle(m, (int(centre[0]), int(centre[1])), max(1, int(radius)), 255, -1,
                                             cv2.LINE_AA))


def _figure(card, ink, other, rng: np.random.Generator) -> None:
    """A figure in three to five colours: a body, a collar, a head with a face and a hat."""
    H, W = card.H, card.W
    colours = [ink, other] + [_bright(rng) for _ in range(int(rng.integers(1, 4)))]
    pick = lambda: colours[int(rng.integers(len(colours)))]   # noqa: E731
    cx = W / 2 + float(rng.uniform(-0.06, 0.06)) * W
    r = float(rng.uniform(0.09, 0.15)) * W
    hy = float(rng.uniform(0.33, 0.45)) * H
    lw = max(1, int(0.006 * H))
    # body: a coat of one or two colours down to the lower frame
    top, bottom = hy + 1.2 * r, float(rng.uniform(0.72, 0.85)) * H
    half_top, half_bottom = float(rng.uniform(0.8, 1.3)) * r, float(rng.uniform(1.6, 2.6)) * r
    coat = np.array([(cx - half_top, top), (cx + half_top, top), (cx + half_bottom, bottom), (cx - half_bottom, bottom)])
    if rng.random() < 0.5:   # halves of two colours, as a harlequin's
        _polygon(card, pick(), [coat[0], (cx, top), (cx, bottom), coat[3]])
        _polygon(card, pick(), [(cx, top), coat[1], coat[2], (cx, bottom)])
    else:
        _polygon(card, pick(), coat)
    # arms, and something held
    for side in (-1, 1):
        hand = (cx + side * float(rng.uniform(1.6, 2.4)) * r, top + float(rng.uniform(0.3, 1.5)) * r)
        _fill(card, pick(), lambda m, hand=hand, side=side: cv2.line(
            m, (int(cx + side * half_top), int(top + 0.3 * r)), (int(hand[0]), int(hand[1])), 255,
            max(1, int(0.35 * r)), cv2.LINE_AA))
        if rng.random() < 0.4:
            _disc(card, pick(), (hand[0], hand[1] - 0.8 * r), 0.3 * r)
    # collar: a ruff of points in two colours
    n = int(rng.integers(5, 9))
    first, second = pick(), pick()
    for i in range(n):
        a0 = np.pi * (0.1 + 0.8 * i / n)
        a1 = np.pi * (0.1 + 0.8 * (i + 1) / n)
        tip = np.pi * (0.1 + 0.8 * (i + 0.5) / n)
        _polygon(card, first if i % 2 else second,
                 [(cx + 0.9 * r * np.cos(a0), hy + 0.7 * r + 0.5 * r * np.sin(a0)),
                  (cx + 1.7 * r * np.cos(tip), hy + 0.9 * r + 0.9 * r * np.sin(tip)),
                  (cx + 0.9 * r * np.cos(a1), hy + 0.7 * r + 0.5 * r * np.sin(a1))])
    # head: a face of a light colour, outlined, with eyes and a smile
    face = _hsv(float(rng.uniform(0, 30)), float(rng.uniform(20, 110)), float(rng.uniform(190, 250)))
    _disc(card, face, (cx, hy), r)
    _fill(card, ink, lambda m: cv2.circle(m, (int(cx), int(hy)), int(r), 255, lw, cv2.LINE_AA))

    def features(m):
        for dx in (-0.38, 0.38):
            cv2.circle(m, (int(cx + dx * r), int(hy - 0.15 * r)), max(1, int(0.12 * r)), 255, -1, cv2.LINE_AA)
        cv2.ellipse(m, (int(cx), int(hy + 0.2 * r)), (int(0.5 * r), int(0.35 * r)), 0, 15, 165, 255, lw, cv2.LINE_AA)
    _fill(card, ink, features)
    if rng.random() < 0.5:   # a red nose
        _disc(card, other, (cx, hy + 0.05 * r), 0.15 * r)
    # hat: a jester's cap of two or three points with bells, a crown, a cone or a top hat
    hat = int(rng.integers(4))
    brim = hy - 0.75 * r
    if hat == 0:
        points = int(rng.integers(2, 4))
        for i in range(points):
            lean = (i - (points - 1) / 2) * float(rng.uniform(0.9, 1.4))
            tip = (cx + lean * r * 1.3, brim - float(rng.uniform(1.0, 1.6)) * r)
            _polygon(card, colours[(i + 1) % len(colours)],
                     [(cx - 0.9 * r + i * 1.8 * r / points, brim), tip, (cx - 0.9 * r + (i + 1) * 1.8 * r / points, brim)])
            _disc(card, pick(), tip, 0.2 * r)
    elif hat == 1:
        _polygon(card, pick(), [(cx - r, brim + 0.2 * r)]
                 + [(cx - r + i * r / 2, brim - (0.9 * r if i % 2 == 0 else 0.35 * r)) for i in range(5)]
                 + [(cx + r, brim + 0.2 * r)])
    elif hat == 2:
        peak = (cx + float(rng.uniform(-0.5, 0.5)) * r, brim - 1.8 * r)
        _polygon(card, pick(), [(cx - 0.9 * r, brim + 0.2 * r), peak, (cx + 0.9 * r, brim + 0.2 * r)])
        _disc(card, pick(), peak, 0.25 * r)
    else:
        _fill(card, pick(), lambda m: (cv2.rectangle(m, (int(cx - 0.7 * r), int(brim - 1.3 * r)),
                                                     (int(cx + 0.7 * r), int(brim + 0.1 * r)), 255, -1),
                                       cv2.rectangle(m, (int(cx - 1.2 * r), int(brim - 0.05 * r)),
                                                     (int(cx + 1.2 * r), int(brim + 0.2 * r)), 255, -1)))


def _framed_picture(card, ink, rng: np.random.Generator) -> None:
    """A framed panel in the middle: shapes and letters in several colours on a coloured ground."""
    H, W = card.H, card.W
    x0, x1 = float(rng.uniform(0.2, 0.3)) * W, float(rng.uniform(0.7, 0.8)) * W
    y0, y1 = float(rng.uniform(0.15, 0.25)) * H, float(rng.uniform(0.75, 0.85)) * H
    box = (int(x0), int(y0)), (int(x1), int(y1))
    _fill(card, _bright(rng), lambda m: cv2.rectangle(m, box[0], box[1], 255, -1))
    for _ in range(int(rng.integers(3, 9))):
        colour = _bright(rng) if rng.random() < 0.8 else ink
        px, py = float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1))
        size = float(rng.uniform(0.08, 0.25)) * (x1 - x0)
        shape = int(rng.integers(3))

        def draw(m, px=px, py=py, size=size, shape=shape):
            if shape == 0:
                cv2.ellipse(m, (int(px), int(py)), (int(size), int(size * rng.uniform(0.5, 1.5))),
                            float(rng.uniform(0, 180)), 0, 360, 255, -1, cv2.LINE_AA)
            elif shape == 1:
                angles = np.sort(rng.uniform(0, 2 * np.pi, int(rng.integers(3, 8))))
                cv2.fillPoly(m, [np.round(np.c_[px + size * np.cos(angles), py + size * np.sin(angles)]).astype(np.int32)],
                             255, cv2.LINE_AA)
            else:
                cv2.rectangle(m, (int(px - size), int(py - size / 2)), (int(px + size), int(py + size / 2)), 255, -1)
            inside = np.zeros_like(m)
            cv2.rectangle(inside, box[0], box[1], 255, -1)
            np.minimum(m, inside, out=m)
        _fill(card, colour, draw)
    _fill(card, ink, lambda m: cv2.rectangle(m, box[0], box[1], 255, max(1, int(0.008 * H))))
