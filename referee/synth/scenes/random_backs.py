"""Card backs drawn at random, so that a model learns what any back looks like, not a few.

The training designs bring a few dozen backs; a table's own deck brings another. A back is a
card-shaped print, usually inside a white or coloured border, made of a repeated pattern (a
lattice, dots, stripes, a plaid, small motifs, a marbled or photographic ground) or a picture,
most often the same turned half way round. `random_back(rng, w, h)` draws one of those (BGRA,
rounded corners), and `with_random_backs(names, rng)` lends them to designs for one scene.

    >>> import numpy as np
    >>> random_back(np.random.default_rng(1), 250, 350).shape
    (350, 250, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

import cv2
import numpy as np

from referee.synth.scenes.designs import Face, load_design
from referee.synth.scenes.face_outline import round_corners
from referee.synth.scenes.generator import forget_shrunk_faces

PATTERNS = ("lattice", "dots", "stripes", "plaid", "motifs", "checks", "marbled", "rings", "picture")


def _colour(rng: np.random.Generator, dark: bool | None = None) -> tuple[int, int, int]:
    """A BGR colour; dark or light when asked."""
    hsv = np.array([[[rng.integers(0, 180), rng.integers(40, 255),
                      rng.integers(30, 110) if dark else rng.integers(150, 255) if dark is False else rng.integers(30, 255)]]],
                   np.uint8)
    return tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])


def _lattice(img, rng, ink):
    h, w = img.shape[:2]
    step = max(5, int(w / rng.integers(5, 16)))
    t = int(rng.integers(1, 4))
    angle = rng.choice([45.0, 60.0, 30.0])
    dx = int(h / math.tan(math.radians(angle)))
    for k in range(-h - dx, w + h + dx, step):
        cv2.line(img, (k, 0), (k + dx, h), ink, t, cv2.LINE_AA)
        cv2.line(img, (k, 0), (k - dx, h), ink, t, cv2.LINE_AA)


def _dots(img, rng, ink):
    h, w = img.shape[:2]
    step = max(5, int(w / rng.integers(6, 18)))
    r = max(1, int(step * rng.uniform(0.15, 0.4)))
    for j, y in enumerate(range(0, h + step, step)):
        off = step // 2 if j % 2 and rng.random() < 0.7 else 0
        for x in range(-step, w + step, step):
            cv2.circle(img, (x + off, y), r, ink, -1, cv2.LINE_AA)


def _stripes(img, rng, ink):
    h, w = img.shape[:2]
    step = max(4, int(w / rng.integers(8, 30)))
    t = max(1, int(step * rng.uniform(0.2, 0.5)))
    vertical = rng.random() < 0.5
    for k in range(0, (w if vertical else h) + step, step):
        if vertical:
            cv2.line(img, (k, 0), (k, h), ink, t)
        else:
            cv2.line(img, (0, k), (w, k), ink, t)


def _plaid(img, rng, ink):
    h, w = img.shape[:2]
    second = _colour(rng)
    step = max(6, int(w / rng.integers(4, 12)))
    overlay = img.copy()
    for k in range(0, max(w, h) + step, step):
        t = int(rng.integers(1, max(2, step // 3)))
        cv2.line(overlay, (k, 0), (k, h), ink, t)
        cv2.line(overlay, (0, k), (w, k), second if rng.random() < 0.5 else ink, t)
    cv2.addWeighted(overlay, 0.6, img, 0.4, 0, dst=img)


def _motifs(img, rng, ink):
    h, w = img.shape[:2]
    step = max(8, int(w / rng.integers(3, 9)))
    size = step * rng.uniform(0.25, 0.45)
    kind = rng.integers(0, 4)
    for j, y in enumerate(range(step // 2, h + step, step)):
        for x in range(step // 2 - (step // 2 if j % 2 else 0), w + step, step):
            if kind == 0:      # a star
                pts = [(x + size * math.cos(math.pi / 2 + k * math.pi * 4 / 5), y - size * math.sin(math.pi / 2 + k * math.pi * 4 / 5))
                       for k in range(5)]
                cv2.fillPoly(img, [np.int32(pts)], ink, cv2.LINE_AA)
            elif kind == 1:    # a diamond
                cv2.fillPoly(img, [np.int32([(x, y - size), (x + size * 0.7, y), (x, y + size), (x - size * 0.7, y)])], ink)
            elif kind == 2:    # a flower of circles
                for k in range(6):
                    a = k * math.pi / 3
                    cv2.circle(img, (int(x + 0.5 * size * math.cos(a)), int(y + 0.5 * size * math.sin(a))),
                               max(1, int(size * 0.35)), ink, 1, cv2.LINE_AA)
            else:              # a square turned
                cv2.rectangle(img, (int(x - size / 2), int(y - size / 2)), (int(x + size / 2), int(y + size / 2)), ink, 1)


def _checks(img, rng, ink):
    h, w = img.shape[:2]
    step = max(4, int(w / rng.integers(6, 20)))
    for j in range(0, h // step + 1):
        for i in range(0, w // step + 1):
            if (i + j) % 2:
                img[j * step:(j + 1) * step, i * step:(i + 1) * step] = ink


def _marbled(img, rng, ink):
    h, w = img.shape[:2]
    cells = (int(rng.integers(3, 12)), int(rng.integers(3, 12)))
    field = cv2.resize(rng.standard_normal(cells).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    fine = cv2.GaussianBlur(rng.standard_normal((h, w)).astype(np.float32), (0, 0), rng.uniform(1, 4))
    v = np.sin(field * rng.uniform(2, 6) + fine * rng.uniform(0.5, 2))[..., None] * 0.5 + 0.5
    img[:] = (img * (1 - v) + np.array(ink, np.float32) * v).astype(np.uint8)


def _rings(img, rng, ink):
    h, w = img.shape[:2]
    cx, cy = w // 2, h // 2
    step = max(3, int(w / rng.integers(10, 30)))
    for r in range(step, int(math.hypot(w, h)), step):
        cv2.ellipse(img, (cx, cy), (r, int(r * rng.uniform(0.8, 1.3))), 0, 0, 360, ink, 1, cv2.LINE_AA)
    for k in range(int(rng.integers(0, 24))):
        a = k * 2 * math.pi / 24
        cv2.line(img, (cx, cy), (int(cx + w * math.cos(a)), int(cy + h * math.sin(a))), ink, 1, cv2.LINE_AA)


def _picture(img, rng, ink):
    """A few shapes and letters on a plain ground: a logo, an animal, a building, anything."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(2, 8))):
        colour = _colour(rng)
        shape = rng.integers(0, 4)
        cx, cy = int(rng.uniform(0.2, 0.8) * w), int(rng.uniform(0.2, 0.8) * h)
        s = int(rng.uniform(0.08, 0.3) * w)
        if shape == 0:
            cv2.ellipse(img, (cx, cy), (s, int(s * rng.uniform(0.5, 1.5))), float(rng.uniform(0, 180)), 0, 360, colour, -1,
                        cv2.LINE_AA)
        elif shape == 1:
            pts = np.int32([(cx + s * math.cos(a), cy + s * math.sin(a))
                            for a in np.sort(rng.uniform(0, 2 * math.pi, int(rng.integers(3, 8))))])
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
        elif shape == 2:
            text = "".join(chr(int(rng.integers(65, 91))) for _ in range(int(rng.integers(1, 6))))
            cv2.putText(img, text, (int(0.1 * w), cy), int(rng.choice([0, 2, 3, 4])), w / 250 * rng.uniform(0.8, 2.0),
                        colour, int(rng.integers(1, 5)), cv2.LINE_AA)
        else:
            cv2.rectangle(img, (cx - s, cy - s // 2), (cx + s, cy + s // 2), colour, int(rng.choice([-1, 2, 4])))


_DRAW = {"lattice": _lattice, "dots": _dots, "stripes": _stripes, "plaid": _plaid, "motifs": _motifs,
         "checks": _checks, "marbled": _marbled, "rings": _rings, "picture": _picture}


def random_back(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """One card back, w x h, BGRA with rounded corners."""
    paper = _colour(rng, dark=False) if rng.random() < 0.3 else (int(rng.integers(225, 256)),) * 3
    ground = _colour(rng)
    ink = _colour(rng, dark=bool(sum(ground) > 380)) if rng.random() < 0.8 else _colour(rng)
    border = int(w * rng.choice([0.0, rng.uniform(0.03, 0.1)], p=[0.2, 0.8]))
    img = np.full((h, w, 3), paper, np.uint8)
    inner = np.full((h - 2 * border, w - 2 * border, 3), ground, np.uint8)
    pattern = str(rng.choice(PATTERNS))
    _DRAW[pattern](inner, rng, ink)
    if pattern != "picture" and rng.random() < 0.4:      # a medallion or a panel in the middle
        ih, iw = inner.shape[:2]
        cv2.ellipse(inner, (iw // 2, ih // 2), (int(iw * rng.uniform(0.15, 0.35)), int(ih * rng.uniform(0.1, 0.3))), 0, 0, 360,
                    _colour(rng), -1 if rng.random() < 0.6 else 3, cv2.LINE_AA)
    if rng.random() < 0.75:                              # most backs read the same either way up
        inner = np.where(np.arange(inner.shape[0])[:, None, None] < inner.shape[0] // 2, inner, inner[::-1, ::-1])
    img[border:h - border, border:w - border] = inner
    if border and rng.random() < 0.5:                    # a thin frame inside the border
        d = border + int(rng.integers(2, max(3, border)))
        cv2.rectangle(img, (d, d), (w - 1 - d, h - 1 - d), paper if rng.random() < 0.5 else ink, max(1, w // 150))
    return round_corners(np.dstack([img, np.full((h, w), 255, np.uint8)]))


@contextmanager
def with_random_backs(names: list[str], rng: np.random.Generator) -> Iterator[None]:
    """While inside, each named design's face-down cards show a random back of their size."""
    saved = {}
    for name in dict.fromkeys(names):
        faces = load_design(name).faces
        old = faces.get("back")
        if old is None:
            continue
        h, w = old.image.shape[:2]
        saved[name] = old
        dict.__setitem__(faces, "back", Face("back", None, random_back(rng, w, h), []))
    forget_shrunk_faces("back")
    try:
        yield
    finally:
        for name, old in saved.items():
            dict.__setitem__(load_design(name).faces, "back", old)
        forget_shrunk_faces("back")
