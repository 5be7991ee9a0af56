"""Hard negatives cut from photographs: prints, book covers, plates and textures that a camera saw.

The procedural negatives (negatives.py) taught the back verifier carpet, brick, newsprint and the
like as drawn; on real photos its remaining phantom backs lie on photographed things it never saw
drawn: a cookbook's cover, a plate, a box, a coaster, a cable, wood and carpet as they photograph.
Photographs bring what drawing does not (camera noise, real materials, real printed pictures), so
a share of the negatives is cut from the desktop wallpapers Debian packages (nature, cities,
close-ups of leaves, wood, sand, water; PHOTO_PACKAGES, installed for training only, never at run
time):

* :func:`photo_negative` -- one object (BGRA) of a photographic kind: a print or cover (a photo
  rectangle, with or without a white border and a title band), a disc (a plate, a coaster, a cup
  seen from above), a tile (a card-shaped piece of a photo), a cable across the table;
* :func:`photo_surface` -- a whole table cut from a photo.

Everything is drawn from the numpy generator it is given, over a sorted list of files, so a seed
gives the same objects on any machine with the same packages.

    >>> import numpy as np
    >>> photo_negative("cable", (60, 90), np.random.default_rng(0), 0.0).shape[2]
    4
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import cv2
import numpy as np

# Debian packages whose photographs the negatives are cut from (apt-get install them to train).
PHOTO_PACKAGES = ("plasma-workspace-wallpapers", "mate-backgrounds", "ukui-wallpapers")
PHOTO_DIRS = (Path("/usr/share/wallpapers"), Path("/usr/share/backgrounds"))
PHOTO_LONG_SIDE = 1280    # photos are kept in memory at most this size
PX_PER_MM = 3.0
MAX_SIDE_PX = 720

# kind -> share among photographic negatives
PHOTO_KINDS: dict[str, float] = {"print": 0.4, "disc": 0.2, "tile": 0.3, "cable": 0.1}


class NoPhotosError(RuntimeError):
    """No photographs to cut negatives from: the packages are not installed."""


def _resolution(path: Path) -> int:
    m = re.search(r"(\d{3,5})x(\d{3,5})", path.name)
    return int(m.group(1)) * int(m.group(2)) if m else 0


@functools.lru_cache(maxsize=1)
def photo_files() -> tuple[Path, ...]:
    """The photographs, one file per picture (a wallpaper's several sizes count once: the one
    nearest 2560x1600), sorted; raises NoPhotosError where there are none."""
    by_picture: dict[str, list[Path]] = {}
    for root in PHOTO_DIRS:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix.lower() not in (".jpg", ".jpeg", ".png") or "screenshot" in path.name.lower():
                continue
            if path.parent.name == "images":       # plasma: NAME/contents/images/WxH.png
                key = str(path.parent.parent.parent)
            else:                                  # mate: NAME_3840x2160.jpg beside NAME.jpg
                key = str(path.parent / re.sub(r"_\d{3,5}x\d{3,5}$", "", path.stem))
            by_picture.setdefault(key, []).append(path)
    files = [min(paths, key=lambda p: abs(_resolution(p) - 2560 * 1600)) for _, paths in sorted(by_picture.items())]
    if not files:
        raise NoPhotosError(f"no photographs under {', '.join(map(str, PHOTO_DIRS))}: "
                            f"install {' '.join(PHOTO_PACKAGES)} (apt-get) to train with them")
    return tuple(files)


@functools.lru_cache(maxsize=24)
def _photo(path: Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise NoPhotosError(f"cannot read the photograph {path}")
    scale = PHOTO_LONG_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image


def photo_patch(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A BGR h x w piece of a random photograph: a random window (a tenth to the whole of its
    short side), turned, mirrored, and lit a little differently."""
    files = photo_files()
    photo = _photo(files[int(rng.integers(len(files)))])
    ph, pw = photo.shape[:2]
    aspect = w / h
    short = rng.uniform(0.1, 1.0) * min(ph, pw)          # the window's short side
    cw, ch = (short, short / aspect) if aspect <= 1 else (short * aspect, short)
    fit = min(1.0, ph / ch, pw / cw)
    cw, ch = max(4, int(cw * fit)), max(4, int(ch * fit))
    y0, x0 = int(rng.integers(0, ph - ch + 1)), int(rng.integers(0, pw - cw + 1))
    patch = photo[y0:y0 + ch, x0:x0 + cw]
    if rng.random() < 0.5:
        patch = patch[:, ::-1]
    if rng.random() < 0.5:
        patch = patch[::-1, ::-1]
    patch = cv2.resize(np.ascontiguousarray(patch), (w, h), interpolation=cv2.INTER_AREA if cw > w else cv2.INTER_LINEAR)
    gain, bias = rng.uniform(0.6, 1.2), rng.uniform(-25, 25)
    out = patch.astype(np.float32) * gain + bias
    if rng.random() < 0.25:    # a greyish print or a faded one
        grey = out.mean(axis=2, keepdims=True)
        out = grey + (out - grey) * rng.uniform(0.0, 0.6)
    return np.clip(out, 0, 255).astype(np.uint8)


def _rounded(h: int, w: int, radius: float) -> np.ndarray:
    alpha = np.full((h, w), 255, np.uint8)
    r = int(round(radius))
    if r < 1:
        return alpha
    alpha[:r, :r] = alpha[:r, -r:] = alpha[-r:, :r] = alpha[-r:, -r:] = 0
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return alpha


def _print(rng, h, w, px_mm):
    img = photo_patch(rng, h, w)
    if rng.random() < 0.5:       # a white border (a photo print, a postcard)
        b = max(1, int(rng.uniform(2, 8) * px_mm))
        paper = np.full((h, w, 3), int(rng.integers(200, 256)), np.uint8)
        paper[b:h - b, b:w - b] = cv2.resize(img, (max(1, w - 2 * b), max(1, h - 2 * b)))
        img = paper
    if rng.random() < 0.4:       # a title band (a book, a magazine, a box)
        y = int(rng.uniform(0.05, 0.8) * h)
        bh = max(3, int(rng.uniform(8, 25) * px_mm))
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        cv2.rectangle(img, (0, y), (w, min(h, y + bh)), colour, -1)
        ink = (255, 255, 255) if sum(colour) < 380 else (20, 20, 20)
        text = "".join(chr(int(rng.integers(65, 91))) for _ in range(int(rng.integers(3, 10))))
        scale = bh / 30.0
        cv2.putText(img, text, (int(0.05 * w), min(h - 1, y + int(0.75 * bh))), int(rng.choice([0, 2, 3])), scale,
                    ink, max(1, int(scale * 2)), cv2.LINE_AA)
    return img, np.full((h, w), 255, np.uint8)


def _disc(rng, h, w, px_mm):
    side = max(h, w)
    h = w = side                 # a plate or a cup is round seen from above
    img = np.full((h, w, 3), int(rng.integers(180, 250)), np.float32) * rng.uniform(0.85, 1.0, 3).astype(np.float32)
    inner = photo_patch(rng, h, w).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.hypot(xx - w / 2, yy - h / 2) / (side / 2)
    rim = rng.uniform(0.55, 0.85)
    t = np.clip((rim - r) * side / 3, 0, 1)[..., None]     # the photo (food, a pattern) inside the rim
    if rng.random() < 0.3:       # a mug: a dark ring and a plain inside
        inner[:] = inner.mean(axis=(0, 1)) * rng.uniform(0.2, 0.6)
    img = img * (1 - t) + inner * t
    shade = 1.0 - 0.25 * np.clip(np.abs(r - rim), 0, 1)[..., None]
    img = np.clip(img * shade, 0, 255).astype(np.uint8)
    alpha = np.zeros((h, w), np.uint8)
    cv2.circle(alpha, (w // 2, h // 2), side // 2 - 1, 255, -1, cv2.LINE_AA)
    return img, alpha


def _tile(rng, h, w, px_mm):
    return photo_patch(rng, h, w), np.full((h, w), 255, np.uint8)


def _cable(rng, h, w, px_mm):
    img = np.zeros((h, w, 3), np.uint8)
    alpha = np.zeros((h, w), np.uint8)
    colour = (int(rng.integers(0, 60)),) * 3 if rng.random() < 0.6 else tuple(int(c) for c in rng.integers(150, 256, 3))
    thickness = max(2, int(rng.uniform(3, 8) * px_mm))
    t = np.linspace(0, 1, 40)[:, None]
    p = rng.uniform(0, 1, (4, 2)) * (w, h)
    p[0], p[3] = (0, rng.uniform(0, h)), (w, rng.uniform(0, h))
    curve = ((1 - t) ** 3 * p[0] + 3 * (1 - t) ** 2 * t * p[1] + 3 * (1 - t) * t ** 2 * p[2] + t ** 3 * p[3]).astype(np.int32)
    cv2.polylines(img, [curve], False, colour, thickness, cv2.LINE_AA)
    cv2.polylines(alpha, [curve], False, 255, thickness, cv2.LINE_AA)
    highlight = tuple(min(255, c + 90) for c in colour)
    cv2.polylines(img, [curve - (0, thickness // 4)], False, highlight, max(1, thickness // 5), cv2.LINE_AA)
    return img, alpha


_DRAW = {"print": _print, "disc": _disc, "tile": _tile, "cable": _cable}


def pick_photo_kind(rng: np.random.Generator) -> str:
    kinds = list(PHOTO_KINDS)
    p = np.array([PHOTO_KINDS[k] for k in kinds])
    return kinds[int(rng.choice(len(kinds), p=p / p.sum()))]


def photo_negative(kind: str, size_mm: tuple[float, float], rng: np.random.Generator, corner_mm: float) -> np.ndarray:
    """BGRA image of one photographic negative of `kind` (PHOTO_KINDS) filling `size_mm` (w, h),
    its corners rounded by `corner_mm` (prints and tiles)."""
    w_mm, h_mm = size_mm
    px_mm = min(PX_PER_MM, MAX_SIDE_PX / max(w_mm, h_mm))
    w, h = max(8, int(round(w_mm * px_mm))), max(8, int(round(h_mm * px_mm)))
    img, alpha = _DRAW[kind](rng, h, w, px_mm)
    if kind in ("print", "tile"):
        alpha = np.minimum(alpha, _rounded(*alpha.shape, corner_mm * px_mm))
    return np.dstack([img, alpha])


def photo_surface(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """float32 BGR table texture of `shape` (h, w) cut from a photograph."""
    h, w = shape
    return photo_patch(rng, h, w).astype(np.float32)
