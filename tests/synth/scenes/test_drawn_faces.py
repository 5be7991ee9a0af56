"""Face variants of the drawn deck (drawn-faces-NN: dark, coloured and aged paper, with jokers) and
the held-out face decks (referee-drawn-<kind>-N): referee/synth/scenes/drawn_faces.py.

No system packages needed; small faces keep it fast.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes import drawn, drawn_faces
from referee.synth.scenes.design import CARD_CODES
from referee.synth.scenes.face_brightness import brightness_bin, paper_luminance
from referee.vision.polarity import luma

H = 120
FACES = D.FACE_VARIANTS
HELDOUT = D.HELDOUT_FACES
# the paper's luma (face_brightness.paper_luminance) each kind is drawn in
LUMA = {"dark": (10, 90), "coloured": (105, 200), "aged": (150, 220)}


def _digest(style) -> str:
    h = hashlib.sha256()
    for key in ("AS", "10H", "QC", "JKR", "back"):
        im, boxes = drawn.draw_face(key, H, style)
        h.update(key.encode())
        h.update(im.tobytes())
        h.update(json.dumps(boxes).encode())
    return h.hexdigest()


# sha256 of variants 0 and 3 (Hershey fonts, pips of OpenCV's own: the same on every machine with
# this OpenCV) as the code before the face variants drew them
EARLIER_VARIANTS = {0: "0e217a9f2bee1cb255b0ca6784114ad736687da2da671025a5f2a990d342b167",
                    3: "51440feba257846d79adfbaf9756010ccdf2d2fc49b62f1c6eaa2b0d72469bc7"}


@pytest.mark.parametrize("k", sorted(EARLIER_VARIANTS))
def test_earlier_variants_drawn_as_before(k):
    style = drawn.variant_style(k)
    assert all(getattr(style, f) == getattr(drawn.STYLE, f) for f in drawn.LATER_FIELDS)
    assert _digest(style) == EARLIER_VARIANTS[k]


def test_earlier_variants_keep_their_cache_digest(tmp_path, monkeypatch):
    """The new Style fields at their defaults leave the digest of the decks drawn before alone:
    the cache's style digest is the one computed without them."""
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(D, "FACE_HEIGHT", 60)
    d = D.get_design("drawn-train-05")
    style = dataclasses.asdict(D.drawn_style(d))
    for f in drawn.LATER_FIELDS:
        del style[f]
    style["resolved"] = drawn.fonts_drawn_here(style["font"], style["pips"])
    style["faces"] = list(d.face_keys)
    text = json.dumps(style, sort_keys=True)
    assert D.build_design_cache(d)["style"] == hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def test_registry():
    assert [d.name for d in FACES] == [f"drawn-faces-{j:02d}" for j in range(D.N_FACE_VARIANTS)]
    train, held = D.designs_for("train"), D.designs_for("heldout")
    for j, d in enumerate(FACES):
        assert d.split == "train" and d in train and d.family == "drawn-faces" and d.kind == "drawn"
        assert d.variant == drawn.N_PLAIN_VARIANTS + j and {"JKB", "JKR"} <= set(d.face_keys)
    assert [drawn.face_kind(d.variant) for d in FACES] == [drawn_faces.FACE_KINDS[j % 3] for j in range(len(FACES))]
    assert len(HELDOUT) == drawn.N_HELDOUT_FACES
    for d in HELDOUT:
        assert d.split == "heldout-faces" and d in D.designs_for("heldout-faces")
        assert d not in held and d not in train and {"JKB", "JKR"} <= set(d.face_keys)
        assert d.name.startswith(f"referee-drawn-{drawn.face_kind(d.variant)}-")
    assert {drawn.face_kind(d.variant) for d in HELDOUT} == set(drawn_faces.FACE_KINDS)


def test_styles_deterministic_and_distinct():
    ks = [d.variant for d in FACES + HELDOUT]
    styles = [drawn.variant_style(k) for k in ks]
    assert styles == [drawn.variant_style(k) for k in ks]
    assert len(set(styles)) == len(styles)
    code = ("import dataclasses, json; from referee.synth.scenes import drawn; "
            "print(json.dumps([dataclasses.asdict(drawn.variant_style(k)) for k in (49, 53, -2)], sort_keys=True))")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONHASHSEED="4321"),
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(
        [dataclasses.asdict(drawn.variant_style(k)) for k in (49, 53, -2)], sort_keys=True))


def test_faces_deterministic():
    for k in (48, 50, 52, -1, -5):   # dark, aged (stains), held-out dark and aged
        style = drawn.variant_style(k)
        for key in ("7C", "JKR", "JKB"):
            a, b = drawn.draw_face(key, H, style), drawn.draw_face(key, H, style)
            assert a[0].tobytes() == b[0].tobytes() and a[1] == b[1], (k, key)


def test_training_faces_never_referee_drawns_own():
    for d in FACES:
        s = D.drawn_style(d)
        assert s.font != "uni" and drawn.resolve_font(s.font) != "uni" and s.pips != "drawn"
        assert s.joker_art != "jester" and s.back_ground != drawn.STYLE.back_ground
    # every joker corner and middle kind is used, and not only the word written downwards
    assert {D.drawn_style(d).joker_corner for d in FACES} == set(drawn_faces.JOKER_CORNERS)
    assert {D.drawn_style(d).joker_art for d in FACES} == set(drawn_faces.JOKER_ARTS)
    for d in HELDOUT:   # referee-drawn's font, pips, jester and back on other paper
        s = D.drawn_style(d)
        assert (s.font, s.pips, s.joker_art, s.joker_corner, s.back_ground) == (
            drawn.STYLE.font, drawn.STYLE.pips, "jester", "vertical", drawn.STYLE.back_ground)
        assert s.paper != drawn.STYLE.paper


@pytest.mark.parametrize("design", [d.name for d in FACES[:6] + HELDOUT])
def test_paper_luminance_in_the_kinds_range_and_inks_readable(design):
    d = D.get_design(design)
    style, kind = D.drawn_style(d), drawn.face_kind(d.variant)
    lo, hi = LUMA[kind]
    for key in ("AS", "7H", "QC", "10D", "JKR"):
        im, boxes = drawn.draw_face(key, H, style)
        y = paper_luminance(im, boxes)
        assert lo <= y <= hi, (design, key, y)
        if kind == "dark":
            assert brightness_bin(y) == "dark"
    assert all(drawn_faces.contrast(ink, style.paper) >= drawn_faces.MIN_INK_CONTRAST for ink in style.inks)
    if kind == "aged":
        assert style.stains
        plain = dataclasses.replace(style, stains=0)
        assert drawn.draw_face("7H", H, style)[0].tobytes() != drawn.draw_face("7H", H, plain)[0].tobytes()


def test_every_kind_and_bin_is_drawn():
    bins = {brightness_bin(paper_luminance(*drawn.draw_face("5S", H, D.drawn_style(d)))) for d in FACES}
    assert bins == {"dark", "mid", "light"}


@pytest.mark.parametrize("design", [d.name for d in FACES[:10]])
def test_jokers_have_a_corner_marking_in_both_corners(design):
    style = D.drawn_style(D.get_design(design))
    for key in ("JKR", "JKB"):
        im, boxes = drawn.draw_face(key, 200, style)
        h, w = im.shape[:2]
        assert len(boxes) == 2, key
        tl, br = boxes
        assert tl == (w - br[2], h - br[3], w - br[0], h - br[1])
        assert tl[0] >= 0.02 * w and tl[2] < 0.36 * w and tl[3] < 0.45 * h, (key, tl)
    red, black = drawn.draw_face("JKR", 200, style)[0], drawn.draw_face("JKB", 200, style)[0]
    assert red.tobytes() != black.tobytes()


def test_face_variants_pass_the_design_check():
    """The registry's automatic index finder (used for every other design) agrees that the
    dark, coloured and aged faces have one index per corner where they were drawn."""
    for k in (48, 49, 50):
        faces, boxes = drawn.draw_deck(160, drawn.variant_style(k))
        res = D.find_design_indices(faces)
        assert res.ok and not res.four_corner, (k, res.reason)
        near = 0
        for key in CARD_CODES:
            a = sorted(res.boxes[key], key=lambda b: b[0] + b[1])[0]
            b = boxes[key][0]
            ix = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
            union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - ix
            near += ix / union > 0.7
        assert near >= 0.9 * len(CARD_CODES), (k, near)


def test_face_variants_get_their_share_of_mixed_training_scenes():
    from referee.synth.scenes.dataset import DRAWN_VARIANT_SHARE, FACE_VARIANT_SHARE, scene_designs

    real = [f"real-{k}" for k in range(20)]
    variants = [f"drawn-train-{k:02d}" for k in range(48)]
    faces = [d.name for d in FACES]
    picks = [scene_designs(real + variants + faces, 7, "train", i, block=1) for i in range(3000)]
    face_share = sum(p[0] in faces for p in picks) / len(picks)
    variant_share = sum(p[0] in variants for p in picks) / len(picks)
    assert abs(face_share - FACE_VARIANT_SHARE) < 0.03
    assert abs(variant_share - (1 - FACE_VARIANT_SHARE) * DRAWN_VARIANT_SHARE) < 0.03
    assert all(set(p) <= set(faces) or not set(p) & set(faces) for p in picks)


def test_scene_of_a_face_variant_with_jokers(tmp_path, monkeypatch):
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(D, "FACE_HEIGHT", 160)
    D.load_design.cache_clear()
    try:
        codes = set()
        for seed in range(6):
            sc = generate_scene(seed, ["drawn-faces-00"], SceneConfig(p_joker=1.0))
            codes |= {o.code for o in sc.objects if o.kind == "index"}
            assert all(p.design == "drawn-faces-00" for p in sc.meta["placements"])
    finally:
        D.load_design.cache_clear()
    assert "JK" in codes


PICTURES = D.PICTURE_JOKER_VARIANTS


def test_picture_joker_variants_are_a_split_of_their_own():
    """The committed models' training sets stay as they were: the picture-joker variants are
    offered only where asked for (`referee train data --det-picture-jokers`)."""
    first = drawn.FIRST_PICTURE_JOKER_VARIANT
    assert [d.variant for d in PICTURES] == list(range(first, first + D.N_PICTURE_JOKER_VARIANTS))
    assert [d.name for d in PICTURES] == [f"drawn-faces-{24 + j:02d}" for j in range(len(PICTURES))]
    train = D.designs_for("train")
    for d in PICTURES:
        assert d.split == "train-jokers" and d not in train and d in D.designs_for("train-jokers")
        assert d.family == "drawn-faces-jokers" and {"JKB", "JKR"} <= set(d.face_keys)
    styles = [D.drawn_style(d) for d in PICTURES]
    assert {s.joker_art for s in styles} == set(drawn_faces.JOKER_PICTURE_ARTS)
    assert {s.joker_corner for s in styles} == set(drawn_faces.JOKER_CORNERS)
    assert {drawn.face_kind(d.variant) for d in PICTURES} == set(drawn_faces.FACE_KINDS)
    assert all(s.font != "uni" and s.pips != "drawn" and s.joker_art != "jester" for s in styles)
    # the face variants before them keep their jokers
    assert {D.drawn_style(d).joker_art for d in FACES} == set(drawn_faces.JOKER_ARTS)


@pytest.mark.parametrize("design", [d.name for d in PICTURES[:4]])
def test_picture_jokers_are_drawn_in_colours_with_their_corner_markings(design):
    style = D.drawn_style(D.get_design(design))
    im, boxes = drawn.draw_face("JKR", 200, style)
    h, w = im.shape[:2]
    assert len(boxes) == 2 and boxes[0] == (w - boxes[1][2], h - boxes[1][3], w - boxes[1][0], h - boxes[1][1])
    middle = im[int(0.25 * h):int(0.75 * h), int(0.25 * w):int(0.75 * w), :3].reshape(-1, 3)
    # a picture: several colours well away from the paper's, not two inks on it
    colours = {tuple(int(v) // 32 for v in px) for px in middle}
    assert len(colours) >= 6
    again, _ = drawn.draw_face("JKR", 200, style)
    assert again.tobytes() == im.tobytes()


def test_the_face_share_of_training_scenes_can_be_raised():
    from referee.synth.scenes.dataset import scene_designs

    real = [f"real-{k}" for k in range(20)]
    faces = [d.name for d in FACES + PICTURES]
    picks = [scene_designs(real + faces, 7, "train", i, block=1, face_share=0.3) for i in range(2000)]
    assert abs(sum(p[0] in faces for p in picks) / len(picks) - 0.3) < 0.03


DARK_FOUR = D.DARK_FOUR_VARIANTS


def test_dark_four_colour_variants_are_dark_four_colour_decks_of_a_split_of_their_own():
    """The dark reader's data draws on them (referee.train.dark_data); no other training set does."""
    first = drawn.FIRST_DARK_FOUR_VARIANT
    assert [d.variant for d in DARK_FOUR] == list(range(first, first + D.N_DARK_FOUR_VARIANTS))
    train = D.designs_for("train") + D.designs_for("train-jokers")
    for d in DARK_FOUR:
        assert d.split == "train-dark" and d not in train and d in D.designs_for("train-dark")
        assert drawn.face_kind(d.variant) == "dark"
        style = D.drawn_style(d)
        spades, hearts, diamonds, clubs = (np.asarray(i, float) for i in style.inks)
        assert luma(style.paper) < 90 < min(luma(i) for i in style.inks)
        assert not np.array_equal(diamonds, hearts) and not np.array_equal(clubs, spades)
    # the variants before them keep their colours: the committed models' decks are as they were
    assert D.drawn_style(FACES[0]).inks == ((219, 224, 226), (91, 113, 253), (235, 170, 120), (108, 239, 112))
    assert D.drawn_style(FACES[3]).inks == ((217, 221, 223), (102, 129, 238), (102, 129, 238), (217, 221, 223))
    assert [drawn.face_kind(d.variant) for d in PICTURES][:3] == ["dark", "coloured", "aged"]


SYMBOLS = D.SYMBOL_JOKER_VARIANTS


def test_symbol_joker_variants_are_light_decks_of_a_split_of_their_own():
    """The joker reader's data draws on them (referee.train.joker_data); the committed detector's
    and classifier's training designs stay as they were."""
    first = drawn.FIRST_SYMBOL_JOKER_VARIANT
    assert [d.variant for d in SYMBOLS] == list(range(first, first + D.N_SYMBOL_JOKER_VARIANTS))
    others = D.designs_for("train") + D.designs_for("train-jokers") + D.designs_for("train-dark")
    assert all(d.split == "train-symbol-jokers" and d not in others for d in SYMBOLS)
    styles = [D.drawn_style(d) for d in SYMBOLS]
    assert all(drawn.face_kind(d.variant) is None and luma(s.paper) > 200 for d, s in zip(SYMBOLS, styles))
    assert {s.joker_corner for s in styles} == set(drawn_faces.SYMBOL_JOKER_CORNERS)
    assert {s.joker_art for s in styles} == set(drawn_faces.JOKER_ARTS + drawn_faces.JOKER_PICTURE_ARTS)
    # the dark four-colour decks before them are as they were
    assert drawn.face_kind(first - 1) == "dark"


@pytest.mark.parametrize("corner", drawn_faces.SYMBOL_JOKER_CORNERS)
def test_a_symbol_joker_corner_is_a_star_in_the_top_left_index_box(corner):
    """The star knocked out of a disc leaves paper at the disc's middle; a ring's star is ink
    there; the word beside it widens the index box, the word below lengthens it."""
    d = next(d for d in SYMBOLS if D.drawn_style(d).joker_corner == corner)
    style = D.drawn_style(d)
    face, boxes = drawn.draw_face("JKB", 400, style)
    h, w = face.shape[:2]
    x0, y0, x1, y1 = boxes[0]
    assert x0 < 0.2 * w and y0 < 0.1 * h and x1 < 0.6 * w and y1 < 0.5 * h
    assert boxes[1][2] > 0.8 * w and boxes[1][3] > 0.9 * h          # and turned, bottom right
    width, height = x1 - x0, y1 - y0
    assert (width > 1.8 * height) == corner.endswith("-word")
    assert (height > 1.8 * width) == corner.endswith("-vertical")
    side = min(width, height)                      # the symbol: the box's first square
    middle = face[y0 + side // 2, x0 + side // 2, :3]
    paper_there = luma(middle) > luma(style.paper) - 40
    assert paper_there == (corner in ("ringed-star", "ringed-star-word", "ringed-star-vertical"))


UPRIGHT = D.UPRIGHT_INDEX_VARIANTS


def test_upright_index_variants_are_light_decks_of_a_split_of_their_own():
    """In no committed model's data: the training designs of every other split stay as they were."""
    first = drawn.FIRST_UPRIGHT_INDEX_VARIANT
    assert [d.variant for d in UPRIGHT] == list(range(first, first + D.N_UPRIGHT_INDEX_VARIANTS))
    others = [d for split in ("train", "train-jokers", "train-dark", "train-symbol-jokers") for d in D.designs_for(split)]
    assert all(d.split == "train-upright-index" and d not in others for d in UPRIGHT)
    styles = [D.drawn_style(d) for d in UPRIGHT]
    assert all(s.upright_bottom_index and drawn.face_kind(d.variant) is None and luma(s.paper) > 200
               for d, s in zip(UPRIGHT, styles))
    assert len({s.font for s in styles}) > 10
    # the symbol-joker decks before them are as they were
    assert not drawn.variant_style(first - 1).upright_bottom_index
    assert drawn.variant_style(first - 1).joker_corner in drawn_faces.SYMBOL_JOKER_CORNERS


def _corners(face: np.ndarray, boxes) -> tuple[np.ndarray, np.ndarray]:
    """Both index boxes' luma in windows of one size around their centres (a box measured at the
    face's resolution may be a pixel wider at one corner than at the other)."""
    h = max(b[3] - b[1] for b in boxes) // 2
    w = max(b[2] - b[0] for b in boxes) // 2
    centres = [((b[0] + b[2]) // 2, (b[1] + b[3]) // 2) for b in boxes]
    return tuple(luma(face[y - h:y + h, x - w:x + w, :3]).astype(float) for x, y in centres)


@pytest.mark.parametrize("key", ["6H", "9S", "4C", "KD"])
def test_an_upright_bottom_index_is_the_top_left_one_moved_not_turned(key):
    style = D.drawn_style(UPRIGHT[0])
    face, boxes = drawn.draw_face(key, 400, style)
    top, bottom = _corners(face, boxes)
    h, w = face.shape[:2]
    assert boxes[1][2] > 0.8 * w and boxes[1][3] > 0.9 * h         # bottom right
    assert np.abs(top - bottom).mean() < 0.5 * np.abs(top - bottom[::-1, ::-1]).mean()
    # the same deck with its index turned, as every other deck prints it
    turned, boxes = drawn.draw_face(key, 400, dataclasses.replace(style, upright_bottom_index=False))
    top, bottom = _corners(turned, boxes)
    assert np.abs(top - bottom[::-1, ::-1]).mean() < 0.5 * np.abs(top - bottom).mean()


UNTURNED = D.UNTURNED_INDEX_VARIANTS


def test_unturned_index_variants_are_light_decks_of_a_split_of_their_own():
    """Only the twin reader's data draws on them: every other split stays as it was."""
    first = drawn.FIRST_UNTURNED_INDEX_VARIANT
    assert [d.variant for d in UNTURNED] == list(range(first, first + D.N_UNTURNED_INDEX_VARIANTS))
    others = [d for split in ("train", "train-jokers", "train-dark", "train-symbol-jokers", "train-upright-index")
              for d in D.designs_for(split)]
    assert all(d.split == "train-unturned-index" and d not in others for d in UNTURNED)
    styles = [D.drawn_style(d) for d in UNTURNED]
    assert all(s.unturned_bottom_index and not s.upright_bottom_index and drawn.face_kind(d.variant) is None
               and luma(s.paper) > 200 for d, s in zip(UNTURNED, styles))
    assert len({s.font for s in styles}) > 10
    # the upright-index decks before them are as they were
    assert drawn.variant_style(first - 1).upright_bottom_index
    assert not drawn.variant_style(first - 1).unturned_bottom_index


def _glyphs(window: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The upper and lower glyph of an index window (luma): the ink above and below the widest
    band of rows without ink, each cut to its own rows."""
    ink = (window < window.max() - 60).any(1)
    rows = np.flatnonzero(ink)
    gaps = np.diff(rows)
    cut = rows[int(gaps.argmax())] + 1
    upper, lower = rows[rows < cut], rows[rows >= cut]
    return window[upper[0]:upper[-1] + 1], window[lower[0]:lower[-1] + 1]


def _alike(a: np.ndarray, b: np.ndarray) -> float:
    """Mean luma difference of two glyphs at one size."""
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    return float(np.abs(a[:h, :w] - b[:h, :w]).mean())


@pytest.mark.parametrize("key", ["6H", "9S", "4C", "7S"])
def test_an_unturned_bottom_index_is_suit_over_rank_each_upright(key):
    style = D.drawn_style(UNTURNED[0])
    face, boxes = drawn.draw_face(key, 600, style)
    h, w = face.shape[:2]
    assert boxes[1][2] > 0.8 * w and boxes[1][3] > 0.9 * h         # bottom right
    top, bottom = (luma(face[b[1]:b[3], b[0]:b[2], :3]).astype(float) for b in boxes)
    rank, suit = _glyphs(top)
    upper, lower = _glyphs(bottom)
    # the suit above the rank, as in a turned index, but neither glyph turned
    assert _alike(upper, suit) < 0.5 * _alike(upper, suit[::-1, ::-1])
    assert _alike(lower, rank) < 0.5 * _alike(lower, rank[::-1, ::-1])
