"""PySolFC cardsets (Debian trixie `pysolfc-cardsets`) as designs.

Fetched by :mod:`referee.synth.scenes.fetch_pysolfc` into ``<cache>/pysolfc``. Each ``cardset-*/``
holds ``config.txt`` (line 1: ``PySolFC solitaire cardset;version;ext;type;ncards;...``; type 1
is the French 52/54-card deck) and small scans ``01c.gif`` ... ``13s.gif`` (01 ace, 11 jack, 12
queen, 13 king), jokers ``01z``/``02z`` and ``back01``. Only French-type sets with at least 90-px
high scans are considered; the split and the dropped sets are fixed below after looking at every
set's corner sheet.
"""
from __future__ import annotations

import glob
import json
from pathlib import Path

import cv2
import numpy as np

from referee.engine.cards import Card, Suit
from referee.vision.labels import PRINTED_RANKS

from .cache import cache_root, design_dir
from .design import Design
from .face_outline import round_corners, trim_alpha

PYSOL_LICENCE = "GPL-2+ or as stated per cardset in /usr/share/doc/pysolfc-cardsets/copyright (pysolfc-cardsets)"
MIN_SCAN_HEIGHT = 90

# Held out from training entirely (sorted; fixed).
PYSOL_HELDOUT = sorted(["me-uk"])

# Same art as another design (family name) -- a family never straddles the split.
PYSOL_FAMILY = {
    "xpat2": "xpat2", "xpat2-nox-large": "xpat2", "xpat2-nox-medium": "xpat2",
    "xpat2-nox-small": "xpat2", "xpat2-nox-tiny": "xpat2",
    "nicu": "ornamental", "nicu-ornamental": "ornamental", "nicu-small": "ornamental",
    "standard-small": "standard-small", "standard-tiny": "standard-small",
    "z-minimal": "z-minimal", "z-minimal-fourcolor": "z-minimal", "z-minimal-fourcolor-grad": "z-minimal",
    "hamburg-a": "hamburg", "hamburg-b": "hamburg",
    "sn-dietsche": "sn-dietsche", "sn-dietsche-small": "sn-dietsche",
    "dondorf-whist-a": "dondorf-whist", "dondorf-whist-b": "dondorf-whist",
    "revolution-1": "revolution", "revolution-2": "revolution", "revolution-3": "revolution",
    "culemann-1850a": "culemann", "culemann-1850b": "culemann",
    "gortz-1841": "gortz", "gortz-1842": "gortz",
    "traugott-1800": "traugott", "traugott-1834": "traugott",
    "wilhelmtell": "wilhelmtell", "wilhelm-tell-l": "wilhelmtell",
    "xskat-french": "xskat-french", "xskat-french-large": "xskat-french",
    "paris": "paris", "bellot": "paris",
    "penguins": "penguins", "konqi-modern": "konqi-modern",
    # different court art, but the same X11-era pixel font for ranks and pips: one family
    "spider": "xpat2", "warwick": "xpat2", "gpl": "xpat2", "cardmage": "xpat2", "gdkcard-bonded": "xpat2",
}

# Registered (train unless in PYSOL_HELDOUT): checked by eye on their corner sheets.
PYSOL_KEEP: tuple[str, ...] = ("cardmage", "gdkcard-bonded", "gpl", "me-uk", "spider", "warwick", "xpat2")
PYSOL_MAX_PIP_FALLBACK: dict[str, float] = {}

_RANK_ONLY = "historical scan: corner shows the rank only (no suit pip) or no index; index check failed"
# Looked at and left out (reason).
PYSOL_DROPPED: dict[str, str] = {
    "1567": _RANK_ONLY,
    "1750": _RANK_ONLY,
    "1815": _RANK_ONLY,
    "1890-grimaud": _RANK_ONLY,
    "belgium-export": _RANK_ONLY,
    "briscola": _RANK_ONLY,
    "culemann-1850a": _RANK_ONLY,
    "culemann-1850b": _RANK_ONLY,
    "denizens": _RANK_ONLY,
    "dondorf-kinder": _RANK_ONLY,
    "dondorf-whist-a": _RANK_ONLY,
    "dondorf-whist-b": _RANK_ONLY,
    "emperial-dondorf": _RANK_ONLY,
    "fantasy": _RANK_ONLY,
    "french-1816": _RANK_ONLY,
    "fromman-1890": _RANK_ONLY,
    "gortz-1841": _RANK_ONLY,
    "gortz-1842": _RANK_ONLY,
    "hamburg-1864": _RANK_ONLY,
    "hamburg-a": _RANK_ONLY,
    "hamburg-b": _RANK_ONLY,
    "hannover-court": _RANK_ONLY,
    "hard-a-port": _RANK_ONLY,
    "hegewald-1770": _RANK_ONLY,
    "houbigant": _RANK_ONLY,
    "india-pantheon": _RANK_ONLY,
    "joan-darc": _RANK_ONLY,
    "kabale": _RANK_ONLY,
    "lhombre": _RANK_ONLY,
    "liege": _RANK_ONLY,
    "little-sorcerer": _RANK_ONLY,
    "maritimes": _RANK_ONLY,
    "migeon-costume": _RANK_ONLY,
    "muller-schaffhausen": _RANK_ONLY,
    "national-patriotic": _RANK_ONLY,
    "nickel-ante": _RANK_ONLY,
    "ovale-salon": _RANK_ONLY,
    "prince-charles": _RANK_ONLY,
    "revolution-1": _RANK_ONLY,
    "revolution-2": _RANK_ONLY,
    "revolution-3": _RANK_ONLY,
    "rivers-banks": _RANK_ONLY,
    "russian-bezique": _RANK_ONLY,
    "russian-mini": _RANK_ONLY,
    "schweitzertrachtenkarte": _RANK_ONLY,
    "seminole-war": _RANK_ONLY,
    "shakespeare": _RANK_ONLY,
    "sn-dietsche": _RANK_ONLY,
    "sn-dietsche-small": _RANK_ONLY,
    "spin-dist": _RANK_ONLY,
    "stralsund-1890": _RANK_ONLY,
    "tensho": _RANK_ONLY,
    "transformation": _RANK_ONLY,
    "traugott-1800": _RANK_ONLY,
    "traugott-1834": _RANK_ONLY,
    "tuscany-court": _RANK_ONLY,
    "ukiyoe-sharaku": _RANK_ONLY,
    "wilhelm-tell-l": _RANK_ONLY,
    "greywyvern": "large blurry upscaled glyphs: boxes clip the rank on 12/80 pip corners",
    "aisleriot": "tiny indices at the very corner; boxes inconsistent on 24/80 pip corners",
    "bellot": "same art as gnome-bellot (duplicate)",
    "konqi-modern": "index boxes inconsistent (33/80 pip corners); four-colour konqi deck",
    "melange": "mixed art per card; index boxes inconsistent (50/80)",
    "momoko": "thick black frame defeats the paper/ink estimate; not found",
    "nicu": "index not found reliably (0/52)",
    "nicu-ornamental": "same art as gnome-ornamental / kde-nicu-ornamental (duplicate)",
    "paris": "same art as gnome-paris (duplicate)",
    "penguins": "same art as kde-penguins (duplicate)",
    "spaced": "index boxes inconsistent (40/80 pip corners)",
    "sylly": "index found on 20/52 cards only",
    "wilhelmtell": "index boxes inconsistent (51/80); Swiss-style art",
    "xpat2-nox-large": "same art as pysol-xpat2 (other scan size)",
    "xpat2-nox-medium": "same art as pysol-xpat2 (other scan size)",
    "xskat-french": "tiny indices; boxes inconsistent (22/80)",
    "xskat-french-large": "boxes inconsistent (8/80) and same art as xskat-french",
    "xskat-german": "index found on 16/52 cards only",
    "z-minimal": "one index spanning the top edge, none at the bottom (not a corner index)",
    "z-minimal-fourcolor": "as z-minimal",
    "z-minimal-fourcolor-grad": "as z-minimal",
}


def pysolfc_dir() -> Path:
    return cache_root() / "pysolfc"


def cardsets_root() -> Path | None:
    """The unpacked cardsets directory (holding cardset-*/), or None when not fetched."""
    base = pysolfc_dir() / "root"
    hits = sorted(glob.glob(str(base / "usr/share/games/*/cardset-*")))
    if not hits:
        hits = sorted(glob.glob(str(base / "usr/share/**/cardset-*"), recursive=True))
    return Path(hits[0]).parent if hits else None


def _config(d: Path) -> list[str]:
    return (d / "config.txt").read_text(errors="replace").splitlines()


def candidate_cardsets() -> list[tuple[str, Path, str]]:
    """(short name, dir, ext) of French-type cardsets with >= 52 cards and big enough scans."""
    root = cardsets_root()
    if root is None:
        return []
    out = []
    for d in sorted(root.glob("cardset-*")):
        try:
            cfg = _config(d)
            f = cfg[0].split(";")
            ext, typ, n = f[2], int(f[3]), int(f[4])
            w, h = (int(v) for v in cfg[2].split()[:2])
        except (OSError, ValueError, IndexError):
            continue
        if typ != 1 or n < 52 or h < MIN_SCAN_HEIGHT:
            continue
        out.append((d.name[len("cardset-"):], d, ext))
    return out


def pysol_designs(candidates: bool = False) -> list[Design]:
    """Registered pysol designs (PYSOL_KEEP), or with candidates=True every French-type set."""
    ds = []
    for name, d, ext in candidate_cardsets():
        if not candidates and name not in PYSOL_KEEP:
            continue
        fam = PYSOL_FAMILY.get(name, "pysol-" + name)
        split = "heldout" if name in PYSOL_HELDOUT else "train"
        jokers = tuple(k for k, f in (("JKB", "01z"), ("JKR", "02z")) if (d / f"{f}{ext}").exists())
        ds.append(Design(f"pysol-{name}", "pysolfc-cardsets", PYSOL_LICENCE, split, str(d), fam,
                         jokers=jokers, max_pip_fallback=PYSOL_MAX_PIP_FALLBACK.get(name, 0.08), note=f"bitmap scan {_config(d)[2].split()[0]}x{_config(d)[2].split()[1]}"))
    return ds


def cached_pysol_designs() -> list[Design]:
    """The registered pysol designs whose faces are in the face cache, for a machine without the
    unpacked cardsets (a GPU box fed a face pack, :mod:`referee.synth.scenes.facepack`). Their faces are
    never re-rendered there, so `path` points at the cache."""
    ds = []
    for name in PYSOL_KEEP:
        meta_p = design_dir(f"pysol-{name}") / "meta.json"
        if not meta_p.is_file():
            continue
        faces = json.loads(meta_p.read_text()).get("faces", {})
        ds.append(Design(f"pysol-{name}", "pysolfc-cardsets", PYSOL_LICENCE,
                         "heldout" if name in PYSOL_HELDOUT else "train", str(meta_p.parent),
                         PYSOL_FAMILY.get(name, "pysol-" + name), jokers=tuple(k for k in ("JKB", "JKR") if k in faces),
                         max_pip_fallback=PYSOL_MAX_PIP_FALLBACK.get(name, 0.08), note="from the face cache"))
    return ds


def _read(p: Path) -> np.ndarray | None:
    """BGRA uint8 (GIF palettes with transparency handled through Pillow)."""
    if not p.exists():
        return None
    try:
        from PIL import Image

        with Image.open(p) as im:
            rgba = np.array(im.convert("RGBA"))
        return cv2.cvtColor(rgba, cv2.COLOR_RGBA2BGRA)
    except Exception:  # noqa: BLE001
        im = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
        if im is None:
            return None
        if im.ndim == 2:
            im = cv2.cvtColor(im, cv2.COLOR_GRAY2BGRA)
        elif im.shape[2] == 3:
            im = cv2.cvtColor(im, cv2.COLOR_BGR2BGRA)
        return im


def load_pysol_faces(design: Design, height: int) -> dict[str, np.ndarray]:
    d = Path(design.path)
    ext = _config(d)[0].split(";")[2]
    files = {Card.of(rank, suit).code: f"{rank.number:02d}{suit.letter.lower()}{ext}"
             for suit in Suit for rank in PRINTED_RANKS}  # DECK_CARDS' order
    cfg = _config(d)
    back = cfg[4].strip() if len(cfg) > 4 and cfg[4].strip().startswith("back") else f"back01{ext}"
    files.update({"JKB": f"01z{ext}", "JKR": f"02z{ext}", "back": back})
    out = {}
    for k, f in files.items():
        if k not in design.face_keys:
            continue
        im = _read(d / f)
        if im is None:
            continue
        im = trim_alpha(im, thr=40)
        if im.shape[0] < 20:
            continue
        im = cv2.resize(im, (max(1, round(im.shape[1] * height / im.shape[0])), height),
                        interpolation=cv2.INTER_CUBIC)
        out[k] = round_corners(im)
    return out
