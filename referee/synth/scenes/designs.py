"""Card-face designs: a registry, run-time rendering into a cache, and corner-index boxes.

No card art is committed. Faces are rendered at run time from system packages into
``<cache>/faces/v<CACHE_VERSION>/<design>/`` (``<cache>`` is ``$REFEREE_CACHE_DIR``, else ``$XDG_CACHE_HOME/daifugo-referee``):

* ``gnome-cards-data`` (aisleriot sheets, ``/usr/share/aisleriot/cards/*.svgz``): the whole sheet
  rendered once by ``rsvg-convert`` and cut on its 13x5 grid, as aisleriot does (rsvg's per-id
  bounding boxes are unreliable for these files);
* ``kdegames-card-data-kf5`` (``/usr/share/carddecks/svg-*/``): one ``rsvg-convert --export-id``
  call per card, trimmed by alpha (re-rendered larger when the element box holds invisible parts);
* ``pysolfc-cardsets`` (Debian trixie; fetched by :mod:`referee.synth.scenes.fetch_pysolfc`), small
  bitmap scans upscaled to the common face height;
* ``referee-drawn``: the project's own deck, drawn by :mod:`referee.synth.scenes.drawn` (always
  present; its index boxes are the ones it drew, not detected); held out;
* ``drawn-train-00`` .. ``drawn-train-23`` (family ``drawn-train``): training variants of the
  drawn deck, each with its own style (:func:`referee.synth.scenes.drawn.variant_style`: fonts, pips,
  index geometry, inks, paper), never with referee-drawn's font or pips; boxes as drawn.
* ``drawn-faces-00`` .. ``drawn-faces-23`` (family ``drawn-faces``, training): face variants of
  the drawn deck, dark, coloured and aged paper in turn, with jokers of varied kinds
  (:mod:`referee.synth.scenes.drawn_faces`); never referee-drawn's font, pips or jester.
* ``drawn-upright-index-00`` .. ``-19`` (split ``train-upright-index``, in no committed model's
  data): light-paper variants whose bottom-right index is printed upright, not turned;
* ``referee-drawn-dark-1`` .. ``referee-drawn-aged-2`` (split ``heldout-faces``, family
  ``referee-drawn-faces``): referee-drawn itself on dark, coloured and aged paper, for measuring those
  faces (``bench/detect_eval.py --faces``); held out, and kept out of the ordinary held-out
  scenes (the benches' and the training's validation), whose figures stay comparable.

Every face is an RGBA array ``FACE_HEIGHT`` px high (rounded corners transparent) with the boxes
of its corner indices (rank glyph + suit pip) in face-pixel coordinates, found automatically
(ink against paper, connected components next to the corner) and checked per design for
consistency. Designs whose indices are not found reliably are not in the registry; see
``DROPPED`` for the reasons. A few of those are ordinary decks nobody trained on: split
``games``, they are filmed for the game-level benches (``bench/live.py``), which score the game
and need no index boxes, and never enter the scenes (training or held-out detection figures).
"""
from __future__ import annotations

import functools
import gzip
import json
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from . import drawn, pysol
from .cache import CACHE_VERSION, cache_root, design_dir
from referee.engine.cards import Card, Rank, Suit
from referee.vision.labels import PRINTED_RANKS

from .design import BACK_KEY, CARD_CODES, JOKER_KEYS, Design, key_code
from .face_outline import round_corners, trim_alpha

FACE_HEIGHT = 400

# The words of the SVG element ids (a rank not named here is written as its number, A as 1).
_SUIT_NAME = {Suit.S: "spade", Suit.H: "heart", Suit.D: "diamond", Suit.C: "club"}
_RANK_NAME = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
# Aisleriot sheets (and the enrolment mat) lay the suits out in rows in this order.
SHEET_SUITS = (Suit.C, Suit.D, Suit.H, Suit.S)


# --------------------------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------------------------
GNOME_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
GNOME_LICENCE = "GPL-3+ (gnome-cards-data, aisleriot; see /usr/share/doc/gnome-cards-data/copyright)"
KDE_LICENCE = {
    "standard": "GPL-2+",
    "tigullio-international": "LGPL-2+",
    "penguins": "GPL-3+",
    "konqi-modern": "Expat-like (kdegames carddecks)",
}
KDE_DEFAULT_LICENCE = "GPL-2+ (kdegames-card-data-kf5; see /usr/share/doc/kdegames-card-data-kf5/copyright)"


def _g(name, split, family=None, **kw):
    return Design(f"gnome-{name}", "gnome-cards-data", GNOME_LICENCE, split,
                  str(GNOME_DIR / f"{name}.svgz"), family or name, **kw)


def _k(deck, file, split, family=None, **kw):
    return Design(f"kde-{deck}", "kdegames-card-data-kf5", KDE_LICENCE.get(deck, KDE_DEFAULT_LICENCE),
                  split, str(KDE_DIR / f"svg-{deck}" / file), family or deck, **kw)


# Held-out designs are fixed here (never used for training); everything else is `train`.
# A family (same art, or the same index font, in several packages/variants) is never split
# across train and heldout: e.g. paris, bellot and both dondorfs print identical indices.
SVG_DESIGNS: list[Design] = [
    # --- gnome-cards-data -------------------------------------------------------------------
    _g("ancient_french", "train", rank_style="1VDR"),
    _g("anglo", "train", family="anglo"),
    _g("anglo_modern", "train", family="anglo_modern"),
    _g("anglo_modern_4_color", "train", family="anglo_modern", note="four-colour suits"),
    _g("anglo_poker", "heldout"),
    _g("atlasnye", "train", family="atlasnye"),
    _g("atlasnye_skat", "train", family="atlasnye", note="four-colour suits"),
    _g("bellot", "train", family="paris"),
    _g("berlin", "train", family="german", rank_style="ABDK"),
    _g("dondorf", "train", family="paris", note="indices in all four corners; paris index font"),
    _g("lattmann", "train", family="german", rank_style="ABDK"),
    _g("neoclassical", "heldout", family="neoclassical"),
    _g("neoclassical_4_color", "heldout", family="neoclassical", note="four-colour suits"),
    _g("orell", "train", rank_style="AJQK"),
    _g("paris", "train", family="paris"),
    _g("plastic", "heldout"),
    _g("rheinland", "train", family="german", rank_style="ABDK"),
    _g("simplistic", "heldout"),
    _g("slavic_costumes", "train", rank_style="TВДК"),
    _g("tarocco", "train", rank_style="AFDR"),
    _g("tigullio", "heldout", family="tigullio"),
    # --- kdegames-card-data-kf5 -------------------------------------------------------------
    _k("ancient-egyptians", "Ancient_Egyptians.svgz", "heldout", jokers=(),
       note="bottom-right index printed upright (not rotated)"),
    _k("dondorf", "dondorf.svgz", "train", family="paris", jokers=(), max_pip_fallback=0.25,
       note="paris index font; 2s and 7s use the median index box (checked by eye)"),
    _k("jolly-royal", "jolly-royal.svgz", "heldout", jokers=()),
    _k("penguins", "penguins.svgz", "heldout", family="penguins", jokers=()),
    _k("standard", "standard.svgz", "train", jokers=()),
    _k("tigullio-international", "tigullio-international.svgz", "heldout", family="tigullio", jokers=()),
    # --- filmed games only: never trained on, corner boxes not found automatically ------------
    _k("nicu-white", "white.svgz", "games", family="ornamental", jokers=(),
       note="large indices close to the pips (as gnome-ornamental): no reliable index boxes"),
]

# The project's own deck (referee/synth/scenes/drawn.py): no package needed, never trained on.
DRAWN_DESIGN = Design("referee-drawn", "referee-drawn",
                      "AGPL-3.0-or-later (drawn by this project, referee/synth/scenes/drawn.py)",
                      "heldout", "referee/synth/scenes/drawn.py", "referee-drawn")

# Training variants of the drawn deck (procedural styles; see drawn.variant_style). Their family
# differs from referee-drawn's: neither its font nor its pips are ever drawn in a variant. No
# jokers: their corner is the word JOKER written downwards, and a classifier trained with it in
# 24 fonts read the J index of real cards as phantom jokers in real photos.
N_DRAWN_VARIANTS = 48  # the last 24 draw URW faces (drawn.N_CLASSIC_VARIANTS)
assert N_DRAWN_VARIANTS == drawn.N_PLAIN_VARIANTS
DRAWN_VARIANTS: list[Design] = [
    Design(f"drawn-train-{k:02d}", DRAWN_DESIGN.source, DRAWN_DESIGN.licence, "train", DRAWN_DESIGN.path,
           "drawn-train", variant=k, jokers=(), note="procedural variant of referee-drawn (drawn.variant_style)")
    for k in range(N_DRAWN_VARIANTS)
]

# Face variants for training (drawn_faces): dark, coloured and aged paper in turn, with jokers.
# Their joker corners are not only the word JOKER written downwards (drawn_faces.JOKER_CORNERS),
# and the scenes give them FACE_VARIANT_SHARE (dataset.py) of their own.
N_FACE_VARIANTS = 24
FACE_VARIANT_PREFIX = "drawn-faces-"
FACE_VARIANTS: list[Design] = [
    Design(f"{FACE_VARIANT_PREFIX}{j:02d}", DRAWN_DESIGN.source, DRAWN_DESIGN.licence, "train", DRAWN_DESIGN.path,
           "drawn-faces", variant=N_DRAWN_VARIANTS + j,
           note=f"{drawn.face_kind(N_DRAWN_VARIANTS + j)} face variant of referee-drawn (drawn.variant_style)")
    for j in range(N_FACE_VARIANTS)
]

# Picture-joker variants: face variants whose jokers' middles are figures and framed pictures in
# several colours (drawn_faces.JOKER_PICTURE_ARTS). A split of their own ("train-jokers"), so the
# committed models' training sets stay as they were; `referee train data --det-picture-jokers`
# adds them to the detector's training designs, where they share the face variants' scenes.
N_PICTURE_JOKER_VARIANTS = 24
assert drawn.FIRST_PICTURE_JOKER_VARIANT == N_DRAWN_VARIANTS + N_FACE_VARIANTS
PICTURE_JOKER_VARIANTS: list[Design] = [
    Design(f"{FACE_VARIANT_PREFIX}{N_FACE_VARIANTS + j:02d}", DRAWN_DESIGN.source, DRAWN_DESIGN.licence,
           "train-jokers", DRAWN_DESIGN.path, "drawn-faces-jokers", variant=drawn.FIRST_PICTURE_JOKER_VARIANT + j,
           note=f"{drawn.face_kind(drawn.FIRST_PICTURE_JOKER_VARIANT + j)} face variant of referee-drawn with a "
                "picture joker (drawn.variant_style)")
    for j in range(N_PICTURE_JOKER_VARIANTS)
]

# Dark four-colour variants (light-blue or other diamonds and green clubs on dark paper, picture
# jokers), a split of their own ("train-dark") like the picture-joker variants: the data of the
# dark reader (models/dark_reader.onnx; referee.train.dark_data) draws on them.
N_DARK_FOUR_VARIANTS = 16
DARK_FOUR_PREFIX = "drawn-dark-four-"


def _drawn_variants(prefix: str, count: int, split: str, first: int, note: str) -> list[Design]:
    """`count` drawn variants from drawn.variant_style(first) on, named prefix + two digits, a split
    of their own and a family named like the prefix."""
    return [Design(f"{prefix}{j:02d}", DRAWN_DESIGN.source, DRAWN_DESIGN.licence, split, DRAWN_DESIGN.path,
                   prefix.rstrip("-"), variant=first + j, note=f"{note} (drawn.variant_style)")
            for j in range(count)]


DARK_FOUR_VARIANTS = _drawn_variants(DARK_FOUR_PREFIX, N_DARK_FOUR_VARIANTS, "train-dark", drawn.FIRST_DARK_FOUR_VARIANT,
                                     "dark four-colour face variant of referee-drawn with a picture joker")

# Symbol-joker variants: plain light-paper decks whose jokers carry a star knocked out of a disc,
# a star in a ring or a star beside the word (drawn_faces.SYMBOL_JOKER_CORNERS), a split of their
# own ("train-symbol-jokers") like the others: the joker reader's data draws on them
# (referee.train.joker_data), the committed detector's and classifier's sets stay as they were.
N_SYMBOL_JOKER_VARIANTS = 20
SYMBOL_JOKER_PREFIX = "drawn-symbol-jokers-"
assert drawn.FIRST_SYMBOL_JOKER_VARIANT == drawn.FIRST_DARK_FOUR_VARIANT + N_DARK_FOUR_VARIANTS
SYMBOL_JOKER_VARIANTS = _drawn_variants(SYMBOL_JOKER_PREFIX, N_SYMBOL_JOKER_VARIANTS, "train-symbol-jokers",
                                        drawn.FIRST_SYMBOL_JOKER_VARIANT,
                                        "light-paper variant of referee-drawn with a symbol joker corner")

# Upright-index variants: plain light-paper decks whose bottom-right index is printed upright, not
# turned (drawn.Style.upright_bottom_index), a split of their own ("train-upright-index"): in no
# committed model's data but the symbol joker reader's, the committed sets stay as they were.
N_UPRIGHT_INDEX_VARIANTS = 20
UPRIGHT_INDEX_PREFIX = "drawn-upright-index-"
assert drawn.FIRST_UPRIGHT_INDEX_VARIANT == drawn.FIRST_SYMBOL_JOKER_VARIANT + N_SYMBOL_JOKER_VARIANTS
UPRIGHT_INDEX_VARIANTS = _drawn_variants(UPRIGHT_INDEX_PREFIX, N_UPRIGHT_INDEX_VARIANTS, "train-upright-index",
                                         drawn.FIRST_UPRIGHT_INDEX_VARIANT,
                                         "light-paper variant of referee-drawn with the bottom-right index upright")

# Unturned-index variants: the bottom-right index in the turned one's layout (suit over rank), each
# glyph upright (drawn.Style.unturned_bottom_index; kde-ancient-egyptians prints it so), a split of
# their own ("train-unturned-index"): only the twin reader's data draws on them (referee.train.twin_data).
N_UNTURNED_INDEX_VARIANTS = 20
UNTURNED_INDEX_PREFIX = "drawn-unturned-index-"
assert drawn.FIRST_UNTURNED_INDEX_VARIANT == drawn.FIRST_UPRIGHT_INDEX_VARIANT + N_UPRIGHT_INDEX_VARIANTS
UNTURNED_INDEX_VARIANTS = _drawn_variants(UNTURNED_INDEX_PREFIX, N_UNTURNED_INDEX_VARIANTS, "train-unturned-index",
                                          drawn.FIRST_UNTURNED_INDEX_VARIANT,
                                          "light-paper variant of referee-drawn with the bottom-right index's glyphs upright")

# Held out: referee-drawn on dark, coloured and aged paper (drawn.heldout_face_style), a split of
# their own so that the ordinary held-out scenes stay as they were. Their family is referee-drawn's
# art under another name: a family lies in one split, and both are held out.
HELDOUT_FACES: list[Design] = [
    Design(f"referee-drawn-{drawn.face_kind(-j - 1)}-{j % 2 + 1}", DRAWN_DESIGN.source, DRAWN_DESIGN.licence,
           "heldout-faces", DRAWN_DESIGN.path, "referee-drawn-faces", variant=-j - 1,
           note="referee-drawn on other paper (drawn.heldout_face_style)")
    for j in range(drawn.N_HELDOUT_FACES)
]

# Designs looked at and left out, with the reason (kept for the report / model card).
DROPPED: dict[str, str] = {
    "gnome-swiss-xvii": "Swiss suits (acorns, bells, roses, shields), not French",
    "kde-xskat-german": "German suits (acorns, leaves, hearts, bells), 32-card skat deck",
    "gnome-tango_nuevo": "no corner index: rank and suit are printed at opposite top corners",
    "gnome-anglo_bitmap": "same art as gnome-anglo (duplicate)",
    "gnome-gnomangelo": "same faces as gnome-anglo (duplicate; only jokers/back differ)",
    "gnome-gnomangelo_bitmap": "same faces as gnome-anglo (duplicate)",
    "gnome-Атласные": "same art as gnome-atlasnye with Russian letters (kept atlasnye)",
    "kde-gm-paris": "same art as gnome-paris; element ids are not per card (kingclubs...)",
    "gnome-guyenne-classic": "court cards carry no rank index (only art and a pip)",
    "kde-future": "not a standard deck (circuit-board cards, no rank/suit corner index)",
    "kde-konqi-modern": "rsvg-convert cannot export its elements (no dimensions); same art as pysol-konqi-modern",
    "kde-xskat-french": "elements are embedded bitmaps rsvg-convert cannot export; same art as pysol-xskat-french",
    "kde-oxygen": "no corner indices (large pips only)",
    "kde-oxygen-air": "no corner indices (large pips only)",
    "kde-oxygen-white": "no corner indices (large pips only)",
    "gnome-ornamental": "very large indices with central pips touching their column: boxes absorb pips",
    "kde-nicu-ornamental": "as gnome-ornamental (same art family)",
    "gnome-tango": "very large indices with central pips close by: boxes absorb pips on 8-10",
}


def _pysol_designs() -> list[Design]:
    return pysol.pysol_designs() or pysol.cached_pysol_designs()


def _cached(design: Design) -> bool:
    return (design_dir(design) / "meta.json").is_file()


@functools.lru_cache(maxsize=1)
def all_designs() -> tuple[Design, ...]:
    """The registry: SVG designs whose source file exists here (or whose faces are in the cache,
    e.g. unpacked from a face pack on a machine without the packages), fetched or cached pysol
    designs, the project's own drawn deck and its training variants."""
    out = ([d for d in SVG_DESIGNS if Path(d.path).exists() or _cached(d)] + [DRAWN_DESIGN] + DRAWN_VARIANTS
           + FACE_VARIANTS + PICTURE_JOKER_VARIANTS + DARK_FOUR_VARIANTS + SYMBOL_JOKER_VARIANTS + UPRIGHT_INDEX_VARIANTS
           + UNTURNED_INDEX_VARIANTS + HELDOUT_FACES)
    try:
        out += _pysol_designs()
    except Exception:  # noqa: BLE001 - pysol cardsets are optional
        pass
    names = [d.name for d in out]
    assert len(names) == len(set(names)), "duplicate design names"
    return tuple(sorted(out, key=lambda d: d.name))


def get_design(name: str) -> Design:
    for d in all_designs():
        if d.name == name:
            return d
    raise KeyError(name)


def designs_for(split: str, sources: tuple[str, ...] | None = None) -> list[Design]:
    """Sorted designs of one split ('train', 'heldout', 'heldout-faces' or 'games'), optionally
    limited to sources."""
    return [d for d in all_designs() if d.split == split and (sources is None or d.source in sources)]


# --------------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------------
def _svg_id(design: Design, key: str) -> list[str]:
    """Candidate element ids for a face key."""
    if key == BACK_KEY:
        return ["back"]
    if design.kind == "gnome":
        if key == "JKB":
            return ["joker_black"]
        if key == "JKR":
            return ["joker_red"]
        suit, rank = _element_words(Card.parse(key))
        return [f"{suit}_{rank}"]
    # kde
    if key == "JKB":
        return ["black_joker"]
    if key == "JKR":
        return ["red_joker"]
    suit, rank = _element_words(Card.parse(key))
    return [f"{rank}_{suit}"]


def _element_words(card: Card) -> tuple[str, str]:
    """(suit, rank) of a card as the SVG element ids write them: ('heart', 'queen'), ('club', '1')."""
    assert card.rank is not None and card.suit is not None, "a joker has no suit or rank words"
    return _SUIT_NAME[card.suit], _RANK_NAME.get(card.rank, str(card.rank.number))


def _render_svg_face(svgz: str, ids: list[str], height: int, tmpdir: str) -> np.ndarray | None:
    for i in ids:
        out = os.path.join(tmpdir, f"{i}.png")
        r = subprocess.run(["rsvg-convert", "--export-id", i, "-h", str(height), "-a", svgz, "-o", out],
                           capture_output=True)
        if r.returncode != 0 or not os.path.exists(out):
            continue
        im = cv2.imread(out, cv2.IMREAD_UNCHANGED)
        if im is None or im.ndim != 3 or im.shape[2] != 4:
            continue
        im = trim_alpha(im)
        if im.shape[0] < height * 0.97:
            # the element's box holds invisible parts: render larger so the card is `height` high
            h2 = int(height * height / max(1, im.shape[0]) + 2)
            if h2 > 16 * height:
                continue
            subprocess.run(["rsvg-convert", "--export-id", i, "-h", str(h2), "-a", svgz, "-o", out],
                           capture_output=True)
            im = cv2.imread(out, cv2.IMREAD_UNCHANGED)
            if im is None or im.ndim != 3 or im.shape[2] != 4:
                continue
            im = trim_alpha(im)
        if im.shape[0] < height * 0.8 or im.shape[1] < 0.4 * im.shape[0] or im.shape[1] > 1.0 * im.shape[0]:
            continue  # not a whole upright card
        if im.shape[0] != height:
            im = cv2.resize(im, (max(1, round(im.shape[1] * height / im.shape[0])), height),
                            interpolation=cv2.INTER_AREA if im.shape[0] > height else cv2.INTER_CUBIC)
        return im  # BGRA
    return None


def _svg_ids_present(svgz: str) -> set[str]:
    with gzip.open(svgz, "rt", encoding="utf-8", errors="replace") as f:
        text = f.read()
    return set(re.findall(r'\bid="([^"]+)"', text))


def _render_gnome_sheet(design: Design, height: int) -> dict[str, np.ndarray]:
    """Aisleriot sheets are a 13x5 grid over the document (as aisleriot itself cuts them):
    rows club, diamond, heart, spade; columns A..K; row 5: black joker, red joker, back."""
    pad = 1.02
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "sheet.png")
        subprocess.run(["rsvg-convert", "-h", str(int(5 * height * pad)), "-a", design.path, "-o", out],
                       check=True, capture_output=True)
        sheet = cv2.imread(out, cv2.IMREAD_UNCHANGED)
    H, W = sheet.shape[:2]
    cells = {Card.of(rank, suit).code: (r, c)
             for r, suit in enumerate(SHEET_SUITS) for c, rank in enumerate(PRINTED_RANKS)}
    cells.update({"JKB": (4, 0), "JKR": (4, 1), BACK_KEY: (4, 2)})
    faces = {}
    for k, (r, c) in cells.items():
        if k not in design.face_keys:
            continue
        y0, y1 = round(r * H / 5), round((r + 1) * H / 5)
        x0, x1 = round(c * W / 13), round((c + 1) * W / 13)
        im = trim_alpha(sheet[y0:y1, x0:x1], thr=40)
        if im.shape[0] < 0.8 * (y1 - y0) / pad or im.shape[1] < 0.4 * im.shape[0]:
            continue
        im = cv2.resize(im, (max(1, round(im.shape[1] * height / im.shape[0])), height),
                        interpolation=cv2.INTER_AREA)
        faces[k] = round_corners(im)
    return faces


def render_design_faces(design: Design, height: int = FACE_HEIGHT, workers: int = 2) -> dict[str, np.ndarray]:
    """Render all faces of a design (BGRA uint8, `height` px high). Missing faces are skipped."""
    if design.kind == "pysol":
        return pysol.load_pysol_faces(design, height)
    if design.kind == "drawn":
        return drawn.draw_faces(height, drawn_style(design))
    if design.kind == "gnome":
        return _render_gnome_sheet(design, height)
    present = _svg_ids_present(design.path)
    keys = [k for k in design.face_keys if any(i in present for i in _svg_id(design, k))]
    out: dict[str, np.ndarray] = {}
    with tempfile.TemporaryDirectory() as td:
        def job(k):
            ids = [i for i in _svg_id(design, k) if i in present]
            return k, _render_svg_face(design.path, ids, height, td)

        with ThreadPoolExecutor(max(1, workers)) as ex:
            for k, im in ex.map(job, keys):
                if im is not None:
                    out[k] = round_corners(im)
    return out


def drawn_style(design: Design):
    """The drawn.Style of a design of the drawn kind (referee-drawn: the default STYLE)."""
    return drawn.STYLE if design.variant is None else drawn.variant_style(design.variant)


def _drawn_style_digest(design: Design) -> str:
    """Digest of a drawn design's style, kept in its cache metadata: a variant whose style
    changed (new code) is drawn again."""
    import dataclasses
    import hashlib

    style = dataclasses.asdict(drawn_style(design))
    defaults = dataclasses.asdict(drawn.STYLE)
    for name in drawn.LATER_FIELDS:  # at their defaults: the digest of the decks drawn before them
        if style[name] == defaults[name]:
            del style[name]
    style["resolved"] = drawn.fonts_drawn_here(style["font"], style["pips"])
    style["faces"] = list(design.face_keys)  # a change of the face set (jokers) draws it again
    text = json.dumps(style, sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


# --------------------------------------------------------------------------------------------
# corner-index finding
# --------------------------------------------------------------------------------------------
@dataclass
class _Group:
    box: tuple[int, int, int, int]  # x1, y1, x2, y2 (exclusive ends)
    n: int


def _paper_and_ink(bgra: np.ndarray, margin_frac: float = 0.02, thr: int = 60):
    h, w = bgra.shape[:2]
    a = (bgra[..., 3] > 200).astype(np.uint8)
    m = max(2, int(round(margin_frac * h)))
    inner = cv2.erode(a, np.ones((2 * m + 1, 2 * m + 1), np.uint8))
    ring = inner & (1 - cv2.erode(inner, np.ones((2 * m + 1, 2 * m + 1), np.uint8)))
    px = bgra[..., :3][ring > 0]
    paper = np.median(px, axis=0) if len(px) else np.array([255, 255, 255])
    diff = np.abs(bgra[..., :3].astype(np.int16) - paper.astype(np.int16)).max(-1)
    ink = ((diff > thr) & (inner > 0)).astype(np.uint8)
    return paper, ink


@dataclass(frozen=True)
class _Params:
    reg_w: float = 0.34  # corner search region (fraction of face width / height)
    reg_h: float = 0.42
    comp_h: float = 0.16  # largest single glyph
    comp_w: float = 0.2
    group_h: float = 0.36  # largest index (rank + suit)
    group_w: float = 0.26
    gap: float = 0.3  # join components closer than gap x rank height
    seed_h: float = 0.025
    aligned: bool = False  # join only parts stacked under/over the group or side by side with it


# tried in order; the set with the fewest inconsistent pip-card corners wins
PARAM_SETS = (
    _Params(),
    _Params(gap=0.65),  # rank and pip far apart (slavic_costumes)
)


def _corner_group(ink: np.ndarray, P: _Params = PARAM_SETS[0]) -> _Group | None:
    """The index group in the top-left corner of an ink mask (face coordinates)."""
    h, w = ink.shape
    rw, rh = int(w * P.reg_w), int(h * P.reg_h)
    sub = ink[:rh, :rw]
    n, lab, st, _ = cv2.connectedComponentsWithStats(sub, connectivity=8)
    comps = []
    for i in range(1, n):
        x, y, cw, ch, area = st[i]
        if area < max(4, 0.00004 * h * w):
            continue
        if x + cw >= rw - 1 or y + ch >= rh - 1:  # cut by the region border: not an index part
            continue
        if ch > P.comp_h * h or cw > P.comp_w * w:  # art, frames, big pips
            continue
        comps.append((x, y, x + cw, y + ch, area))
    seeds = [c for c in comps if (c[3] - c[1]) >= P.seed_h * h]
    if not seeds:
        return None
    seed = min(seeds, key=lambda c: (c[0] ** 2 + c[1] ** 2))
    box = list(seed[:4])
    used = {seed}
    gap = max(3.0, P.gap * (seed[3] - seed[1]))
    changed = True
    while changed:
        changed = False
        for c in comps:
            if c in used:
                continue
            dx = max(0, c[0] - box[2], box[0] - c[2])
            dy = max(0, c[1] - box[3], box[1] - c[3])
            if P.aligned:
                ox = min(box[2], c[2]) - max(box[0], c[0])
                oy = min(box[3], c[3]) - max(box[1], c[1])
                ok = ((dx == 0 and ox >= 0.5 * (c[2] - c[0]) and dy <= gap)
                      or (dy == 0 and oy >= 0.5 * (c[3] - c[1]) and dx <= gap))
                if not ok:
                    continue
            if max(dx, dy) <= gap and min(dx, dy) <= 0:  # overlapping in one axis, close in the other
                nb = [min(box[0], c[0]), min(box[1], c[1]), max(box[2], c[2]), max(box[3], c[3])]
                if nb[3] - nb[1] > P.group_h * h or nb[2] - nb[0] > P.group_w * w:
                    continue
                box = nb
                used.add(c)
                changed = True
    return _Group(tuple(box), len(used))


def _rot180_box(b, w, h):
    return (w - b[2], h - b[3], w - b[0], h - b[1])


def _fliph_box(b, w):
    return (w - b[2], b[1], w - b[0], b[3])


@dataclass
class IndexResult:
    boxes: dict[str, list[tuple[int, int, int, int]]]  # key -> boxes in face px
    fallback: list[str] = field(default_factory=list)  # keys whose box came from the design median
    missing: list[str] = field(default_factory=list)  # keys without an index
    four_corner: bool = False
    ok: bool = True
    reason: str = ""
    pip_bad: int = 0


COURTS = ("J", "Q", "K")


def find_design_indices(faces: dict[str, np.ndarray], joker_index: bool = True,
                        max_pip_fallback: float = 0.08) -> IndexResult:
    """Corner-index boxes for all faces of a design, with a design-level consistency check.

    Each parameter set in PARAM_SETS is tried; the result with the fewest pip-card corners that
    needed the design-median fallback wins (court cards often have art touching the index, so
    their fallbacks are allowed)."""
    inks = {k: _paper_and_ink(im)[1] for k, im in faces.items() if k != BACK_KEY}
    best = None
    for P in PARAM_SETS:
        r = _find_with(faces, inks, P, joker_index, max_pip_fallback)
        score = (not r.ok, r.pip_bad)
        if best is None or score < best[0]:
            best = (score, r)
    return best[1]


def _find_with(faces, inks, P: _Params, joker_index: bool, max_pip_fallback: float) -> IndexResult:
    tl: dict[str, _Group | None] = {}
    br: dict[str, _Group | None] = {}
    tr: dict[str, _Group | None] = {}
    bl: dict[str, _Group | None] = {}
    sizes = {}
    for k, im in faces.items():
        if k == BACK_KEY:
            continue
        h, w = im.shape[:2]
        sizes[k] = (w, h)
        ink = inks[k]
        tl[k] = _corner_group(ink, P)
        r = ink[::-1, ::-1]
        g = _corner_group(np.ascontiguousarray(r), P)
        br[k] = _Group(_rot180_box(g.box, w, h), g.n) if g else None
        g = _corner_group(np.ascontiguousarray(ink[:, ::-1]), P)
        tr[k] = _Group(_fliph_box(g.box, w), g.n) if g else None
        g = _corner_group(np.ascontiguousarray(ink[::-1, :]), P)
        bl[k] = _Group((g.box[0], h - g.box[3], g.box[2], h - g.box[1]), g.n) if g else None

    cards = [k for k in CARD_CODES if k in tl]
    res = IndexResult(boxes={})
    if len(cards) < 52:
        res.ok, res.reason, res.pip_bad = False, f"only {len(cards)} of 52 faces rendered", 999
        return res

    def norm(b, k):
        w, h = sizes[k]
        return np.array([b[0] / w, b[1] / h, b[2] / w, b[3] / h])

    # TL statistics over the 52 cards
    got = [k for k in cards if tl[k] is not None and tl[k].n >= 2]
    if len(got) < 40:
        res.ok, res.reason, res.pip_bad = False, f"top-left index found on {len(got)}/52 cards", 998
        return res
    arr = np.array([norm(tl[k].box, k) for k in got])
    med = np.median(arr, axis=0)
    mh = med[3] - med[1]
    mw = med[2] - med[0]

    def consistent(b, k, ref=med):
        n = norm(b, k)
        hh, ww = n[3] - n[1], n[2] - n[0]
        return (abs(n[0] - ref[0]) < 0.05 and abs(n[1] - ref[1]) < 0.04
                and 0.7 * mh < hh < 1.35 * mh and 0.45 * mw < ww < 1.9 * mw)

    # is it a four-corner design? (TR group present and like the TL one on most cards)
    n_tr = sum(1 for k in cards if tr[k] is not None and tr[k].n >= 2
               and consistent(_fliph_box(tr[k].box, sizes[k][0]), k))
    res.four_corner = n_tr >= 0.9 * len(cards)

    bad = 0
    for k in cards + [j for j in JOKER_KEYS if j in tl]:
        w, h = sizes[k]
        fb = tuple(int(round(v)) for v in (med[0] * w, med[1] * h, med[2] * w, med[3] * h))
        boxes = []
        corners = [("tl", tl[k], lambda b: b), ("br", br[k], lambda b: _rot180_box(b, w, h))]
        if res.four_corner:
            corners += [("tr", tr[k], lambda b: _fliph_box(b, w)),
                        ("bl", bl[k], lambda b: (b[0], h - b[3], b[2], h - b[1]))]
        is_joker = k in JOKER_KEYS
        for name, g, to_tl in corners:
            if is_joker:
                if not joker_index:
                    continue
                # a joker marking: anything compact near the corner, height like a card index
                if g is not None and g.n >= 1:
                    n = norm(to_tl(g.box), k)
                    if 0.5 * mh < n[3] - n[1] < 2.6 * mh and n[0] < med[0] + 0.06 and n[1] < med[1] + 0.06:
                        boxes.append(g.box)
                continue
            if g is not None and g.n >= 2 and consistent(to_tl(g.box), k):
                boxes.append(g.box)
            else:
                bad += 1
                if k[:-1] not in COURTS:
                    res.pip_bad += 1
                res.fallback.append(f"{k}:{name}")
                boxes.append(to_tl(fb) if name == "tl" else
                             {"br": _rot180_box(fb, w, h), "tr": _fliph_box(fb, w),
                              "bl": (fb[0], h - fb[3], fb[2], h - fb[1])}[name])
        if boxes:
            res.boxes[k] = [tuple(int(v) for v in b) for b in boxes]
        else:
            res.missing.append(k)
    npip = 40 * (4 if res.four_corner else 2)
    if res.pip_bad > max_pip_fallback * npip:
        res.ok, res.reason = False, f"{res.pip_bad}/{npip} pip-card corners inconsistent"
    return res


# --------------------------------------------------------------------------------------------
# cache
# --------------------------------------------------------------------------------------------
def build_design_cache(design: Design, force: bool = False, workers: int = 2) -> dict:
    """Render a design into the cache (if not there yet) and return its metadata."""
    d = design_dir(design)
    style_digest = _drawn_style_digest(design) if design.kind == "drawn" else None
    if not force and (meta := _current_meta(design, d, style_digest)) is not None:
        return meta
    if design.kind == "drawn":  # the boxes are known: the ones drawn
        faces, boxes = drawn.draw_deck(FACE_HEIGHT, drawn_style(design))
        faces = {k: v for k, v in faces.items() if k in design.face_keys}  # variants: no jokers
        res = IndexResult(boxes={k: v for k, v in boxes.items() if v}, reason="drawn: boxes as drawn")
    else:
        faces = render_design_faces(design, workers=workers)
        res = find_design_indices(faces, joker_index=design.joker_index,
                                  max_pip_fallback=design.max_pip_fallback)
    # a folder of this process's own: two processes may draw the same design at once
    d.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=d.name + ".", suffix=".tmp", dir=d.parent))
    tmp.chmod(0o755)   # as a cache folder made by mkdir (mkdtemp's are the owner's alone)
    for k, im in faces.items():
        cv2.imwrite(str(tmp / f"{k}.png"), im)
    meta = {
        "version": CACHE_VERSION,
        "design": design.name,
        "source": design.source,
        "licence": design.licence,
        **({"style": style_digest} if style_digest else {}),
        "faces": {k: {"size": [int(im.shape[1]), int(im.shape[0])],
                      "indices": [list(b) for b in res.boxes.get(k, [])]} for k, im in faces.items()},
        "check": {"ok": res.ok, "reason": res.reason, "four_corner": res.four_corner,
                  "fallback": res.fallback, "missing": res.missing, "pip_bad": res.pip_bad},
    }
    (tmp / "meta.json").write_text(json.dumps(meta, indent=1))
    return _install_cache(tmp, d, meta, lambda: None if force else _current_meta(design, d, style_digest))


def _current_meta(design: Design, d: Path, style_digest: str | None) -> dict | None:
    """The cached design's metadata when it is there and current, else None."""
    meta_p = d / "meta.json"
    if not meta_p.exists():
        return None
    meta = json.loads(meta_p.read_text())
    # a drawn design's style must match (referee-drawn's older metadata carries none)
    stored = meta.get("style", None if design.variant is None else "")
    # faces unpacked from a face pack were drawn on the machine that packed them (which had
    # the fonts this one may lack): keep them
    if meta.get("version") == CACHE_VERSION and (stored in (None, style_digest) or meta.get("packed")):
        return meta
    return None


def _install_cache(tmp: Path, d: Path, meta: dict, current) -> dict:
    """Move the drawn folder `tmp` to `d`, unless another process has put a current one there
    meanwhile (`current()` gives its metadata): then that one stays, so that a process reading
    it never sees it replaced."""
    if (theirs := current()) is not None:
        shutil.rmtree(tmp, ignore_errors=True)
        return theirs
    shutil.rmtree(d, ignore_errors=True)
    try:
        tmp.rename(d)
    except OSError:  # another process renamed its folder there first
        shutil.rmtree(tmp, ignore_errors=True)
        return current() or meta
    return meta


@dataclass
class Face:
    key: str  # 'QS', 'JKR', 'back'
    code: str | None  # card code ('QS', 'JK') or None for the back
    image: np.ndarray  # BGRA uint8
    indices: list[tuple[float, float, float, float]]  # boxes in face px


class _LazyFaces(dict):
    """key -> Face, decoding each PNG on first access (a scene uses a fraction of a deck)."""

    def __init__(self, d: Path, meta: dict):
        super().__init__()
        self._dir = d
        self._meta = meta["faces"]

    def _load(self, k):
        m = self._meta[k]
        im = cv2.imread(str(self._dir / f"{k}.png"), cv2.IMREAD_UNCHANGED)
        if im is None:
            raise FileNotFoundError(self._dir / f"{k}.png")
        f = Face(k, key_code(k), im, [tuple(map(float, b)) for b in m["indices"]])
        dict.__setitem__(self, k, f)
        return f

    def __getitem__(self, k):
        if dict.__contains__(self, k):
            return dict.__getitem__(self, k)
        if k in self._meta:
            return self._load(k)
        raise KeyError(k)

    def get(self, k, default=None):
        try:
            return self[k]
        except KeyError:
            return default

    def __contains__(self, k):
        return k in self._meta

    def keys(self):
        return self._meta.keys()

    def __iter__(self):
        return iter(self._meta)

    def __len__(self):
        return len(self._meta)

    def items(self):
        return [(k, self[k]) for k in self._meta]

    def values(self):
        return [self[k] for k in self._meta]


@dataclass
class DesignFaces:
    design: Design
    faces: dict  # key -> Face (lazy)
    meta: dict = field(default_factory=dict)

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.meta["faces"]["AS"]["size"] if self.meta else self.faces["AS"].image.shape[1::-1]
        return int(w), int(h)


@functools.lru_cache(maxsize=12)
def load_design(name: str) -> DesignFaces:
    """Faces of a design from the cache (rendered on first use; PNGs decoded on demand)."""
    design = get_design(name)
    meta = build_design_cache(design)
    faces = _LazyFaces(design_dir(design), meta)
    if BACK_KEY not in faces:  # a few sets ship no back: draw a plain patterned one
        w, h = meta["faces"]["AS"]["size"]
        dict.__setitem__(faces, "back", Face("back", None, procedural_back(name, w, h), []))
        faces._meta = dict(faces._meta, back={"size": [w, h], "indices": []})
    return DesignFaces(design, faces, meta)


def procedural_back(name: str, w: int, h: int) -> np.ndarray:
    """A card back (border + diamond lattice) whose colours follow from the design name."""
    seed = int.from_bytes(name.encode()[:8].ljust(8, b"_"), "little") & 0x7FFFFFFF
    rng = np.random.default_rng(seed)
    col = tuple(int(v) for v in rng.integers(30, 200, 3))
    img = np.full((h, w, 3), 245, np.uint8)
    m = int(0.06 * w)
    cv2.rectangle(img, (m, m), (w - m, h - m), col, -1)
    step = max(6, int(w / rng.integers(6, 14)))
    light = tuple(min(255, c + 70) for c in col)
    for k in range(-h, w + h, step):
        cv2.line(img, (k, 0), (k + h, h), light, 2, cv2.LINE_AA)
        cv2.line(img, (k, 0), (k - h, h), light, 2, cv2.LINE_AA)
    img[:m], img[-m:], img[:, :m], img[:, -m:] = 245, 245, 245, 245
    return round_corners(np.dstack([img, np.full((h, w), 255, np.uint8)]))


def ensure_designs(designs: list[Design] | None = None, workers: int = 2, verbose: bool = True) -> list[dict]:
    """Render every design into the cache (idempotent); return the metadata list."""
    designs = list(all_designs()) if designs is None else designs
    metas = []
    for i, d in enumerate(designs):
        meta = build_design_cache(d, workers=workers)
        metas.append(meta)
        if verbose:
            c = meta["check"]
            print(f"[{i + 1}/{len(designs)}] {d.name}: {len(meta['faces'])} faces, ok={c['ok']} "
                  f"4corner={c['four_corner']} fallback={len(c['fallback'])} {c['reason']}", flush=True)
    return metas


def contact_sheet(name: str, out: Path | None = None, height: int = 200) -> Path:
    """All faces of a design with their index boxes drawn (for visual verification)."""
    df = load_design(name)
    meta = json.loads((design_dir(name) / "meta.json").read_text())
    fallback = {f.split(":")[0] for f in meta["check"]["fallback"]}
    rows = []
    keys_by_row = ([[Card.of(rank, suit).code for rank in PRINTED_RANKS] for suit in Suit]
                   + [[*JOKER_KEYS, BACK_KEY]])
    cw = None
    for keys in keys_by_row:
        tiles = []
        for k in keys:
            f = df.faces.get(k)
            if f is None:
                continue
            im = f.image
            s = height / im.shape[0]
            t = cv2.resize(im, (int(im.shape[1] * s), height), interpolation=cv2.INTER_AREA)
            a = t[..., 3:4].astype(np.float32) / 255
            t = (t[..., :3] * a + 128 * (1 - a)).astype(np.uint8)
            for b in f.indices:
                col = (0, 0, 255) if k in fallback else (0, 200, 0)
                cv2.rectangle(t, (int(b[0] * s), int(b[1] * s)), (int(b[2] * s), int(b[3] * s)), col, 1)
            cw = cw or t.shape[1] + 4
            t = cv2.copyMakeBorder(t, 2, 2, 2, max(2, cw - t.shape[1] - 2), cv2.BORDER_CONSTANT, value=(60, 60, 60))
            tiles.append(t[:, :cw])
        if tiles:
            rows.append(np.hstack(tiles))
    W = max(r.shape[1] for r in rows)
    rows = [cv2.copyMakeBorder(r, 0, 0, 0, W - r.shape[1], cv2.BORDER_CONSTANT, value=(60, 60, 60)) for r in rows]
    sheet = np.vstack(rows)
    cv2.putText(sheet, name, (W - 700, sheet.shape[0] - 20), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (0, 255, 255), 2)
    out = out or cache_root() / "contact" / f"{name}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out), sheet)
    return out


if __name__ == "__main__":  # python -m referee.synth.scenes.designs [names...]
    import sys

    sel = [get_design(n) for n in sys.argv[1:]] or None
    for m in ensure_designs(sel):
        contact_sheet(m["design"])


def corner_sheet(name: str, out: Path | None = None, crop_h: int = 110, per_row: int = 7) -> Path:
    """Top-left and bottom-right corners of every face with the index boxes (to check by eye).

    Green: found box; red: design-median fallback; four-corner designs also show the top-right.
    """
    df = load_design(name)
    meta = json.loads((design_dir(name) / "meta.json").read_text())
    fallback = {f.split(":")[0] for f in meta["check"]["fallback"]}
    four = meta["check"]["four_corner"]
    tiles = []
    for k in CARD_CODES + JOKER_KEYS:
        f = df.faces.get(k)
        if f is None:
            continue
        im = f.image
        h, w = im.shape[:2]
        a = im[..., 3:4].astype(np.float32) / 255
        bgr = (im[..., :3] * a + 128 * (1 - a)).astype(np.uint8)
        for b in f.indices:
            col = (0, 0, 255) if k in fallback else (0, 200, 0)
            cv2.rectangle(bgr, (int(b[0]), int(b[1])), (int(b[2]) - 1, int(b[3]) - 1), col, 2)
        cw, ch = int(0.3 * w), int(0.36 * h)
        crops = [bgr[:ch, :cw], bgr[h - ch:, w - cw:]]
        if four:
            crops.append(bgr[:ch, w - cw:])
        s = crop_h / ch
        crops = [cv2.resize(c, (int(c.shape[1] * s), crop_h), interpolation=cv2.INTER_AREA) for c in crops]
        t = np.hstack([cv2.copyMakeBorder(c, 0, 0, 0, 3, cv2.BORDER_CONSTANT, value=(255, 0, 255)) for c in crops])
        cv2.putText(t, k, (2, crop_h - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 0, 0), 1)
        tiles.append(cv2.copyMakeBorder(t, 3, 3, 3, 3, cv2.BORDER_CONSTANT, value=(40, 40, 40)))
    tw = max(t.shape[1] for t in tiles)
    tiles = [cv2.copyMakeBorder(t, 0, 0, 0, tw - t.shape[1], cv2.BORDER_CONSTANT, value=(40, 40, 40)) for t in tiles]
    while len(tiles) % per_row:
        tiles.append(np.full_like(tiles[0], 40))
    sheet = np.vstack([np.hstack(tiles[i:i + per_row]) for i in range(0, len(tiles), per_row)])
    sheet = cv2.copyMakeBorder(sheet, 30, 0, 0, 0, cv2.BORDER_CONSTANT, value=(40, 40, 40))
    cv2.putText(sheet, f"{name}  four_corner={four}  fallback={len(meta['check']['fallback'])}",
                (5, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 255, 255), 2)
    out = out or cache_root() / "contact" / f"{name}.corners.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out), sheet)
    return out
