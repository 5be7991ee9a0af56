"""Hard negatives for the `back` class: card-sized and larger objects that are not cards, and
photograph-like table surfaces (issue 25, "Backs that are backs").

On real photos the detector called card-sized textured regions `back`: carpet, wood grain, brick,
dark folded cloth, rugs, printed paper, books, CD cases, napkins, coupons, sheets of paper and the
edges of shadows. The generated tables had none of them (felt, cloth, wood, paper and plain
surfaces; printed papers and hands the only distractors), so "a card-sized region without an
index" came to mean `back`. This module draws such things procedurally, nothing downloaded:

* :func:`negative_image` -- a flat object seen from above (BGRA; never labelled): a tile of wood,
  carpet, brick or folded cloth, newsprint, a book cover with a title band, a CD case with a
  reflection, an embossed napkin, a coupon, a plain sheet with a shadow across it, a cast shadow;
* :func:`random_negatives` -- which objects, how big (card-sized and card-shaped, rounded or not,
  or the object's own larger size) and where (beside the cards or anywhere), from one generator;
* :func:`rich_texture` / :func:`random_rich_table` -- whole-table carpet, rug, brick and dark
  folded cloth (the generator's `_texture` hands these kinds to :func:`rich_texture`).

Everything is drawn from the numpy generator it is given, so a scene seed gives the same objects.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

CARD_H_MM = 88.0
PX_PER_MM = 3.0          # card-sized objects are drawn at this resolution
MAX_SIDE_PX = 720        # larger ones at most this many pixels on their long side

# kind -> (share among negatives, natural size range in mm (w0, w1, h0, h1), share drawn card-sized)
NEGATIVE_KINDS: dict[str, tuple[float, tuple[float, float, float, float], float]] = {
    "wood": (0.09, (90, 300, 90, 300), 0.6),          # a board, a coaster, a tray
    "carpet": (0.09, (120, 400, 120, 400), 0.5),      # a mat, a carpet sample
    "brick": (0.07, (150, 400, 150, 400), 0.5),
    "cloth": (0.11, (150, 450, 150, 450), 0.4),       # dark folded cloth, a scarf
    "newsprint": (0.10, (140, 300, 200, 400), 0.4),
    "book": (0.11, (110, 190, 170, 250), 0.3),
    "cd": (0.07, (142, 142, 125, 125), 0.3),
    "napkin": (0.08, (100, 200, 100, 200), 0.4),
    "coupon": (0.08, (60, 110, 120, 210), 0.6),
    "sheet": (0.12, (105, 210, 148, 297), 0.4),       # A6 to A4, with a shadow across it
    "shadow": (0.07, (150, 500, 150, 500), 0.0),      # a cast shadow on the table, straight-edged
}
# whole-table surfaces like the real photos' (the generator's own kinds stay as they were)
RICH_TABLE_KINDS = ("carpet", "rug", "brick", "darkcloth")


# --------------------------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------------------------
def _hsv(h: float, s: float, v: float) -> np.ndarray:
    c = np.uint8([[[int(h) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    return cv2.cvtColor(c, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def _lowfreq(rng: np.random.Generator, shape: tuple[int, int], cells: tuple[int, int]) -> np.ndarray:
    g = rng.standard_normal((max(2, cells[0]), max(2, cells[1]))).astype(np.float32)
    return cv2.resize(g, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _fine(rng: np.random.Generator, shape: tuple[int, int], blur: float) -> np.ndarray:
    n = rng.standard_normal(shape).astype(np.float32)
    if blur > 0.3:
        n = cv2.GaussianBlur(n, (0, 0), blur)
        n /= max(float(n.std()), 1e-6)
    return n


def _mix(c1: np.ndarray, c2: np.ndarray, t: np.ndarray) -> np.ndarray:
    return c1[None, None] * (1 - t[..., None]) + c2[None, None] * t[..., None]


def _ink(rng: np.random.Generator) -> tuple[int, int, int]:
    v = rng.uniform(0, 70, 3) if rng.random() < 0.75 else rng.uniform(0, 255, 3)
    return tuple(int(x) for x in v)


_WORDS = ("the", "news", "city", "market", "weather", "report", "sale", "today", "price", "open", "new",
          "world", "sport", "vote", "plan", "chapter", "story", "garden", "coffee", "offer", "free", "week")
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
          cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX_SMALL)


def _text_lines(img: np.ndarray, rng: np.random.Generator, box: tuple[int, int, int, int], px_mm: float,
                ink=None, size_mm: float | None = None) -> None:
    """Lines of small words (or grey word-bars, as print too small to read) filling box."""
    x0, y0, x1, y1 = (int(v) for v in box)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.shape[1], x1), min(img.shape[0], y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return
    full, ox, oy = img, x0, y0
    img = np.ascontiguousarray(full[y0:y1, x0:x1])   # drawn apart, so nothing spills out of the box
    x1, y1, x0, y0 = x1 - x0, y1 - y0, 0, 0
    size_mm = size_mm or rng.uniform(1.6, 3.2)
    step = int(max(3, size_mm * rng.uniform(1.3, 1.8) * px_mm))
    col = ink or _ink(rng)
    bars = size_mm * px_mm < 6 or rng.random() < 0.3
    y = y0 + step
    while y < y1:
        if bars:
            x = x0
            while x < x1:
                wl = int(rng.uniform(2, 9) * size_mm * px_mm * 0.5)
                cv2.rectangle(img, (x, y - int(size_mm * px_mm * 0.7)), (min(x1, x + wl), y), col, -1)
                x += wl + int(size_mm * px_mm * 0.5)
        else:
            line = " ".join(rng.choice(_WORDS, size=12))
            sc = size_mm * px_mm / 22
            cv2.putText(img, line, (x0, y), int(rng.choice(_FONTS)), sc, col, 1, cv2.LINE_AA)
        y += step
    full[oy:oy + y1, ox:ox + x1] = img


def _rounded_alpha(h: int, w: int, radius: float) -> np.ndarray:
    a = np.zeros((h, w), np.uint8)
    r = int(max(0, min(radius, min(h, w) / 2 - 1)))
    if r < 1:
        a[:] = 255
        return a
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return a


# --------------------------------------------------------------------------------------------
# surfaces (float32 BGR, `scale` px per mm of pattern)
# --------------------------------------------------------------------------------------------
def wood_surface(rng: np.random.Generator, shape: tuple[int, int], scale: float = 1.0) -> np.ndarray:
    h, w = shape
    hue, sat, val = rng.uniform(6, 24), rng.uniform(70, 210), rng.uniform(50, 220)
    c1 = _hsv(hue, sat, val)
    c2 = _hsv(hue + rng.uniform(-3, 3), sat * rng.uniform(0.9, 1.25), val * rng.uniform(0.4, 0.75))
    period = rng.uniform(3, 12) * scale
    warp = _lowfreq(rng, shape, (max(2, h // 50), max(2, w // 150))) * rng.uniform(1.5, 5)
    yy = np.arange(h, dtype=np.float32)[:, None]
    rings = (np.sin(2 * np.pi * (yy / period + warp)) * 0.5 + 0.5) ** rng.uniform(1.2, 4)
    streak = cv2.resize(rng.standard_normal((h, max(2, w // 30))).astype(np.float32), (w, h))
    t = np.clip(0.6 * rings + 0.15 * streak + 0.12 * _lowfreq(rng, shape, (5, 8)), 0, 1)
    img = _mix(c1, c2, t)
    if rng.random() < 0.35:  # a knot
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        ax, ay = rng.uniform(4, 14) * scale, rng.uniform(2, 6) * scale
        for k in range(5, 0, -1):
            cv2.ellipse(img, (int(cx), int(cy)), (int(ax * k / 3), int(ay * k / 3)), 0, 0, 360,
                        (c2 * (0.6 + 0.08 * k)).tolist(), 1 + int(scale), cv2.LINE_AA)
    if rng.random() < 0.5:  # plank seams
        pw = rng.uniform(60, 160) * scale
        for y0 in np.arange(rng.uniform(0, pw), h, pw):
            cv2.line(img, (0, int(y0)), (w, int(y0)), (c2 * 0.45).tolist(), max(1, int(scale)))
    return img


def carpet_surface(rng: np.random.Generator, shape: tuple[int, int], scale: float = 1.0,
                   colours: list | None = None) -> np.ndarray:
    """Loop or cut pile: fine tufts of two or three colours (berber speckle), uneven wear."""
    h, w = shape
    if colours is None:
        base = _hsv(rng.uniform(0, 180), rng.uniform(0, 180), rng.uniform(35, 200))
        colours = [base, base * rng.uniform(0.55, 0.85), _hsv(rng.uniform(0, 180), rng.uniform(0, 120),
                                                                rng.uniform(40, 230))]
    tuft = max(0.6, rng.uniform(0.8, 2.0) * scale)
    n1 = _fine(rng, shape, tuft * 0.6)
    n2 = _fine(rng, shape, tuft * 0.9)
    img = np.empty((h, w, 3), np.float32)
    img[:] = colours[0]
    dark = np.clip((n1 - 0.2) * 1.5, 0, 1)
    img = img * (1 - dark[..., None]) + colours[1][None, None] * dark[..., None]
    if len(colours) > 2 and rng.random() < 0.7:
        fleck = (n2 > rng.uniform(1.2, 1.9)).astype(np.float32)
        img = img * (1 - fleck[..., None]) + colours[2][None, None] * fleck[..., None]
    if rng.random() < 0.5:  # loop rows
        p = rng.uniform(2.5, 5) * scale
        rows = np.sin(np.arange(h, dtype=np.float32) * 2 * np.pi / p)[:, None] * rng.uniform(0.04, 0.12)
        img *= (1 + rows)[..., None]
    img *= (1 + 0.08 * _lowfreq(rng, shape, (4, 6)))[..., None]
    img += _fine(rng, shape, 0)[..., None] * rng.uniform(4, 12)
    return img


def brick_surface(rng: np.random.Generator, shape: tuple[int, int], scale: float = 1.0) -> np.ndarray:
    """Bricks or tiles in courses, mortar joints, each brick its own shade."""
    h, w = shape
    tiles = rng.random() < 0.3
    bh = (rng.uniform(40, 110) if tiles else rng.uniform(18, 40)) * scale
    bw = bh * (1 if tiles else rng.uniform(2.0, 3.2))
    joint = max(1, int(rng.uniform(0.05, 0.14) * bh))
    base = _hsv(rng.uniform(0, 22) if not tiles else rng.uniform(0, 180), rng.uniform(40, 200), rng.uniform(60, 200))
    mortar = _hsv(rng.uniform(10, 30), rng.uniform(0, 50), rng.uniform(90, 220))
    img = np.empty((h, w, 3), np.float32)
    img[:] = mortar
    spread = rng.uniform(0.08, 0.3)
    row = 0
    for y0 in np.arange(-rng.uniform(0, bh), h, bh):
        off = (bw / 2 if row % 2 and not tiles else 0) - rng.uniform(0, bw) * (row == 0)
        for x0 in np.arange(-bw + off, w, bw):
            shade = base * (1 + rng.normal(0, spread, 3) * np.array([0.4, 0.6, 1.0]) + rng.normal(0, spread))
            cv2.rectangle(img, (int(x0 + joint), int(y0 + joint)), (int(x0 + bw), int(y0 + bh)),
                          np.clip(shade, 0, 255).tolist(), -1)
        row += 1
    img *= (1 + 0.12 * _fine(rng, shape, 1.2 * scale) + 0.1 * _lowfreq(rng, shape, (5, 7)))[..., None]
    return img


def cloth_surface(rng: np.random.Generator, shape: tuple[int, int], scale: float = 1.0,
                  dark: bool | None = None) -> np.ndarray:
    """Folded cloth: a woven base with long soft folds, deep shading in the creases."""
    h, w = shape
    dark = rng.random() < 0.65 if dark is None else dark
    col = _hsv(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(15, 75) if dark else rng.uniform(60, 220))
    img = np.empty((h, w, 3), np.float32)
    img[:] = col
    if rng.random() < 0.3:  # a printed or woven pattern on it
        c2 = _hsv(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(20, 230))
        p = rng.uniform(8, 40) * scale
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        if rng.random() < 0.5:
            t = ((xx // p + yy // p) % 2).astype(np.float32)
        else:
            t = (((xx + yy) / p) % 1 < rng.uniform(0.2, 0.5)).astype(np.float32)
        img = _mix(col, c2, t * rng.uniform(0.3, 1.0))
    # weave
    p = rng.uniform(1.2, 3) * scale
    xs = np.sin(np.arange(w, dtype=np.float32) * 2 * np.pi / p)
    ys = np.sin(np.arange(h, dtype=np.float32) * 2 * np.pi / p)
    img *= (1 - np.abs(ys[:, None] * xs[None, :]) * rng.uniform(0.04, 0.14))[..., None]
    # folds: ridges along a direction, warped, with light from one side
    ang = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = xx * math.cos(ang) + yy * math.sin(ang)
    warp = _lowfreq(rng, shape, (3, 4)) * rng.uniform(10, 40) * scale
    period = rng.uniform(25, 90) * scale
    phase = 2 * np.pi * (u + warp) / period
    ridge = np.sin(phase) + 0.5 * np.sin(2.1 * phase + 1.3)
    light = 1 + rng.uniform(0.15, 0.4) * np.cos(phase + rng.uniform(0, 2 * np.pi))
    crease = np.clip(ridge, -2, 0) * rng.uniform(0.08, 0.22)
    img *= (light + crease + 0.1 * _lowfreq(rng, shape, (3, 3)))[..., None]
    img += _fine(rng, shape, 0.6)[..., None] * rng.uniform(2, 6)
    return img


def rug_surface(rng: np.random.Generator, shape: tuple[int, int], scale: float = 1.0) -> np.ndarray:
    """A patterned rug: bands, a lattice of diamonds or medallions, in a few colours, on pile."""
    h, w = shape
    pal = [_hsv(rng.uniform(0, 180), rng.uniform(60, 230), rng.uniform(40, 210)) for _ in range(4)]
    img = carpet_surface(rng, shape, scale, [pal[0], pal[0] * 0.75, pal[3]])
    overlay = np.zeros((h, w), np.uint8)
    kind = rng.integers(3)
    p = rng.uniform(40, 140) * scale
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == 0:  # diamond lattice
        d = (np.abs(((xx / p) % 1) - 0.5) + np.abs(((yy / p) % 1) - 0.5))
        overlay[(d < 0.3) & (d > 0.18)] = 1
        overlay[d < 0.1] = 2
    elif kind == 1:  # stripes / bands
        t = (yy / p) % 1
        overlay[t < 0.25] = 1
        overlay[(t > 0.5) & (t < 0.6)] = 2
    else:  # medallions
        for cy in np.arange(rng.uniform(0, p), h, p):
            for cx in np.arange(rng.uniform(0, p), w, p):
                cv2.circle(overlay, (int(cx), int(cy)), int(p * 0.35), 1, -1)
                cv2.circle(overlay, (int(cx), int(cy)), int(p * 0.18), 2, -1)
    wobble = _fine(rng, shape, 1.0 * scale) > 1.2    # the pile breaks the pattern's edges
    for k, c in ((1, pal[1]), (2, pal[2])):
        m = ((overlay == k) & ~wobble).astype(np.float32)
        shade = img / np.maximum(pal[0][None, None], 1)
        img = img * (1 - m[..., None]) + (c[None, None] * shade) * m[..., None]
    return img


# --------------------------------------------------------------------------------------------
# objects
# --------------------------------------------------------------------------------------------
def _newsprint(rng, h, w, px_mm):
    bg = np.array([185, 198, 205], np.float32) * rng.uniform(0.85, 1.08)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = np.clip(bg, 0, 255).astype(np.uint8)
    m = int(rng.uniform(3, 8) * px_mm)
    cols = int(rng.integers(2, 6))
    y = m
    if rng.random() < 0.7:  # headline
        sc = rng.uniform(0.8, 2.2) * px_mm / 3
        cv2.putText(img, " ".join(rng.choice(_WORDS, size=3)).upper(), (m, y + int(30 * sc)), int(rng.choice(_FONTS)),
                    sc, _ink(rng), max(1, int(2 * sc)), cv2.LINE_AA)
        y += int(40 * sc)
    cw = max(4, (w - 2 * m) // cols)
    for c in range(cols):
        x0 = m + c * cw
        y0 = y
        if rng.random() < 0.35:  # a photo
            ph = int(rng.uniform(0.15, 0.4) * h)
            g = _lowfreq(rng, (ph, cw - m // 2), (3, 3)) * 50 + rng.uniform(60, 160)
            img[y0:y0 + ph, x0:x0 + cw - m // 2] = np.clip(g, 0, 255).astype(np.uint8)[..., None][:img.shape[0] - y0]
            y0 += ph + m // 2
        _text_lines(img, rng, (x0, y0, x0 + cw - m // 2, h - m), px_mm, ink=(40, 40, 40))
    return img


def _book(rng, h, w, px_mm):
    c1 = _hsv(rng.uniform(0, 180), rng.uniform(30, 230), rng.uniform(25, 230))
    img = np.empty((h, w, 3), np.float32)
    img[:] = c1
    if rng.random() < 0.5:  # picture or gradient
        c2 = _hsv(rng.uniform(0, 180), rng.uniform(0, 230), rng.uniform(20, 240))
        img = _mix(c1, c2, np.clip(_lowfreq(rng, (h, w), (3, 3)) * 0.5 + 0.5, 0, 1))
    img = img.astype(np.uint8)
    band_y = int(rng.uniform(0.1, 0.6) * h)
    band_h = int(rng.uniform(0.1, 0.25) * h)
    band = tuple(int(x) for x in _hsv(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(20, 250)))
    cv2.rectangle(img, (0, band_y), (w, band_y + band_h), band, -1)
    title = " ".join(rng.choice(_WORDS, size=int(rng.integers(1, 3)))).upper()
    sc = rng.uniform(0.6, 1.4) * w / 300
    cv2.putText(img, title, (int(0.08 * w), band_y + int(0.65 * band_h)), int(rng.choice(_FONTS)), sc,
                _ink(rng) if rng.random() < 0.5 else (240, 240, 240), max(1, int(2 * sc)), cv2.LINE_AA)
    cv2.putText(img, " ".join(rng.choice(_WORDS, size=2)), (int(0.1 * w), int(0.9 * h)), int(rng.choice(_FONTS)),
                sc * 0.6, (230, 230, 230) if c1.mean() < 120 else (30, 30, 30), 1, cv2.LINE_AA)
    spine = int(rng.uniform(0.03, 0.08) * w)  # the hinge along the spine
    img[:, :spine] = (img[:, :spine] * 0.7).astype(np.uint8)
    cv2.line(img, (spine, 0), (spine, h), (0, 0, 0), 1)
    return img


def _cd(rng, h, w, px_mm):
    art = _book(rng, h, w, px_mm).astype(np.float32)
    hinge = int(0.07 * w)
    img = art.copy()
    img[:, :hinge] = img[:, :hinge] * 0.35 + 40
    for x in range(0, hinge, max(2, int(1.5 * px_mm))):
        img[:, x] *= 0.75
    # the clear case: a lighter frame, and a glossy reflection band across it
    edge = max(2, int(1.5 * px_mm))
    frame = np.zeros((h, w), np.float32)
    frame[:edge], frame[-edge:], frame[:, :edge], frame[:, -edge:] = 1, 1, 1, 1
    img = img * (1 - 0.5 * frame[..., None]) + 220 * 0.5 * frame[..., None]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, np.pi)
    u = (xx * math.cos(a) + yy * math.sin(a)) / max(h, w)
    c = rng.uniform(0.1, 0.9)
    glare = np.exp(-((u - c) / rng.uniform(0.04, 0.15)) ** 2) * rng.uniform(0.3, 0.8)
    img = img * (1 - glare[..., None]) + 250 * glare[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _napkin(rng, h, w, px_mm):
    col = _hsv(rng.uniform(0, 180), rng.uniform(0, 60) * (rng.random() < 0.4), rng.uniform(200, 250))
    p = rng.uniform(3, 8) * px_mm
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.5:
        pat = np.sin(2 * np.pi * xx / p) * np.sin(2 * np.pi * yy / p)
    else:
        pat = np.sin(2 * np.pi * (xx + yy) / p) + np.sin(2 * np.pi * (xx - yy) / p)
    emboss = cv2.Sobel(pat.astype(np.float32), cv2.CV_32F, 1, 1, ksize=3)
    emboss = emboss / max(float(np.abs(emboss).max()), 1e-6)
    shade = 1 + rng.uniform(0.04, 0.12) * emboss
    # the folds: a cross of creases, the quarters lit a little differently
    fx, fy = int(w * rng.uniform(0.4, 0.6)), int(h * rng.uniform(0.4, 0.6))
    quarter = np.where(xx < fx, 1.0, rng.uniform(0.9, 1.0)) * np.where(yy < fy, 1.0, rng.uniform(0.9, 1.0))
    crease = 1 - 0.12 * (np.exp(-((xx - fx) / 1.5) ** 2) + np.exp(-((yy - fy) / 1.5) ** 2))
    img = col[None, None] * (shade * quarter * crease)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _coupon(rng, h, w, px_mm):
    bg = _hsv(rng.uniform(0, 180), rng.uniform(0, 160), rng.uniform(150, 250))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = bg.astype(np.uint8)
    ink = _ink(rng)
    m = int(rng.uniform(2, 5) * px_mm)
    if rng.random() < 0.6:  # dashed cut line
        dash = int(3 * px_mm)
        for x in range(m, w - m, 2 * dash):
            cv2.line(img, (x, m), (min(w - m, x + dash), m), ink, 1)
            cv2.line(img, (x, h - m), (min(w - m, x + dash), h - m), ink, 1)
        for y in range(m, h - m, 2 * dash):
            cv2.line(img, (m, y), (m, min(h - m, y + dash)), ink, 1)
            cv2.line(img, (w - m, y), (w - m, min(h - m, y + dash)), ink, 1)
    else:
        cv2.rectangle(img, (m, m), (w - m, h - m), ink, max(1, int(0.8 * px_mm)))
    big = str(rng.choice(["50% OFF", "-20%", "$5", "2 FOR 1", "FREE", "10%", "SALE", "No.7"]))
    sc = rng.uniform(0.5, 1.2) * w / 200
    cv2.putText(img, big, (2 * m, int(h * rng.uniform(0.25, 0.5))), int(rng.choice(_FONTS)), sc, ink,
                max(1, int(2.5 * sc)), cv2.LINE_AA)
    _text_lines(img, rng, (2 * m, int(h * 0.55), w - 2 * m, int(h * 0.8)), px_mm, ink=ink, size_mm=rng.uniform(1.5, 2.5))
    if rng.random() < 0.6:  # barcode
        x = 2 * m
        y0, y1 = int(h * 0.83), h - 2 * m
        while x < w * 0.6:
            bw = int(rng.integers(1, 4))
            cv2.rectangle(img, (x, y0), (x + bw - 1, y1), (20, 20, 20), -1)
            x += bw + int(rng.integers(1, 4))
    return img


def _sheet(rng, h, w, px_mm):
    v = rng.uniform(205, 252)
    paper = np.empty((h, w, 3), np.uint8)
    paper[:] = _hsv(rng.uniform(10, 30), rng.uniform(0, 30), v).astype(np.uint8)
    if rng.random() < 0.4:  # a few lines of print
        _text_lines(paper, rng, (int(0.1 * w), int(0.1 * h), int(0.9 * w), int(rng.uniform(0.2, 0.9) * h)), px_mm,
                    ink=(60, 60, 60))
    img = paper.astype(np.float32) * (1 + 0.02 * _lowfreq(rng, (h, w), (3, 4)))[..., None]
    # a shadow across it, straight-edged (a hand, a lamp arm, a book's edge), soft on one side
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    u = (xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)
    c = rng.uniform(-0.3, 0.3) * max(h, w)
    soft = rng.uniform(0.5, 15) * px_mm
    t = np.clip((u - c) / soft, 0, 1)
    img *= (1 - rng.uniform(0.25, 0.6) * t)[..., None]
    return img


def _cast_shadow(rng, h, w, px_mm):
    """BGRA: black, alpha up to 0.45, with a straight hard edge and soft others."""
    img = np.zeros((h, w, 4), np.uint8)
    a = np.zeros((h, w), np.float32)
    pts = np.array([[0, 0], [w, 0], [w * rng.uniform(0.3, 1), h], [0, h * rng.uniform(0.3, 1)]], np.int32)
    cv2.fillPoly(a, [pts], 1.0)
    a = cv2.GaussianBlur(a, (0, 0), rng.uniform(1, 8) * px_mm)
    a[:, : int(0.02 * w) + 1] = 0
    img[..., 3] = np.clip(a * rng.uniform(0.25, 0.45) * 255, 0, 255).astype(np.uint8)
    return img


def negative_image(kind: str, size_mm: tuple[float, float], rng: np.random.Generator,
                   corner_mm: float = 0.0) -> np.ndarray:
    """BGRA image of one hard negative of ``kind`` (NEGATIVE_KINDS) filling ``size_mm`` (w, h),
    its corners rounded by ``corner_mm``."""
    w_mm, h_mm = size_mm
    px_mm = min(PX_PER_MM, MAX_SIDE_PX / max(w_mm, h_mm))
    w, h = max(8, int(round(w_mm * px_mm))), max(8, int(round(h_mm * px_mm)))
    if kind == "shadow":
        return _cast_shadow(rng, h, w, px_mm)
    if kind == "wood":
        img = wood_surface(rng, (h, w), px_mm * rng.uniform(0.7, 1.4))
    elif kind == "carpet":
        img = carpet_surface(rng, (h, w), px_mm * rng.uniform(0.7, 1.4))
    elif kind == "brick":
        img = brick_surface(rng, (h, w), px_mm * rng.uniform(0.3, 1.0))
    elif kind == "cloth":
        img = cloth_surface(rng, (h, w), px_mm * rng.uniform(0.5, 1.2))
    else:
        img = {"newsprint": _newsprint, "book": _book, "cd": _cd, "napkin": _napkin,
               "coupon": _coupon, "sheet": _sheet}[kind](rng, h, w, px_mm)
    img = np.clip(img, 0, 255).astype(np.uint8)
    alpha = _rounded_alpha(h, w, corner_mm * px_mm)
    return np.dstack([img, alpha])


# --------------------------------------------------------------------------------------------
# which negatives, where
# --------------------------------------------------------------------------------------------
def card_sized_mm(rng: np.random.Generator) -> tuple[float, float]:
    """(width, height) of a card-shaped object: about a card's 56-66 x 86-92 mm, give or take."""
    hgt = CARD_H_MM * rng.uniform(0.9, 1.15)
    return float(hgt * rng.uniform(0.62, 0.76)), float(hgt)


def pick_kind(rng: np.random.Generator) -> str:
    kinds = list(NEGATIVE_KINDS)
    p = np.array([NEGATIVE_KINDS[k][0] for k in kinds])
    return kinds[int(rng.choice(len(kinds), p=p / p.sum()))]


def random_negatives(rng: np.random.Generator, anchors: list[tuple[float, float]],
                     anywhere, card_w_mm: float = 62.0) -> list[dict]:
    """1-4 negatives as dicts (kind, card_sized, size_mm, corner_mm, center, angle_deg, z, image).

    ``anchors``: table mm of cards to lie beside (most real phantoms were right beside a face-up
    card); ``anywhere()``: a random table point in view."""
    out = []
    for _ in range(int(rng.integers(1, 5))):
        kind = pick_kind(rng)
        _share, (w0, w1, h0, h1), p_card = NEGATIVE_KINDS[kind]
        card_sized = bool(rng.random() < p_card)
        if card_sized:
            size = card_sized_mm(rng)
            corner = float(rng.choice([0.0, rng.uniform(2, 5)]))
        else:
            size = (float(rng.uniform(w0, w1)), float(rng.uniform(h0, h1)))
            corner = float(rng.uniform(0, 3)) if rng.random() < 0.3 else 0.0
        if anchors and rng.random() < 0.5:
            ax, ay = anchors[int(rng.integers(len(anchors)))]
            d = rng.uniform(0, 2 * np.pi)
            r = (max(size) / 2 + card_w_mm * rng.uniform(0.3, 0.9))
            center = (float(ax + r * math.cos(d)), float(ay + r * math.sin(d)))
        else:
            center = tuple(float(v) for v in anywhere())
        angle = float(rng.choice([0, 90, 180, 270]) + rng.normal(0, 10)) if rng.random() < 0.5 else float(rng.uniform(0, 360))
        # mostly under the cards (they lie on it or beside it); some on top (a book over a corner)
        z = float(-30.0 + rng.random()) if rng.random() < 0.85 else float(2e5 + rng.random())
        if kind == "shadow":
            z = float(3e5 + rng.random())
        image = negative_image(kind, size, rng, corner)
        out.append({"kind": kind, "card_sized": card_sized, "size_mm": size, "corner_mm": corner,
                    "center": center, "angle_deg": angle, "z": z, "image": image})
    return out


def random_rich_table(rng: np.random.Generator) -> tuple[str, tuple, tuple, float, int]:
    """(kind, colour, second colour, scale, texture seed) of a carpet, rug, brick or dark-cloth table."""
    kind = str(rng.choice(RICH_TABLE_KINDS, p=[0.3, 0.25, 0.2, 0.25]))
    c1 = tuple(float(x) for x in _hsv(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(30, 200)))
    c2 = tuple(float(x) for x in _hsv(rng.uniform(0, 180), rng.uniform(0, 200), rng.uniform(30, 200)))
    return kind, c1, c2, float(rng.uniform(0.7, 1.5)), int(rng.integers(2 ** 31))


def rich_texture(kind: str, rng: np.random.Generator, shape: tuple[int, int], scale: float) -> np.ndarray:
    """float32 BGR table texture of a RICH_TABLE_KINDS kind (`scale` px per mm of pattern)."""
    if kind == "carpet":
        img = carpet_surface(rng, shape, scale)
    elif kind == "rug":
        img = rug_surface(rng, shape, scale)
    elif kind == "brick":
        img = brick_surface(rng, shape, scale)
    elif kind == "darkcloth":
        img = cloth_surface(rng, shape, scale, dark=True)
    else:
        raise ValueError(f"not a rich table kind: {kind}")
    return np.ascontiguousarray(img, dtype=np.float32)
