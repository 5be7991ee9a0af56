"""Design registry and corner-index finding (no system card packages needed except where marked)."""
from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes.design import CARD_CODES, key_code
from referee.synth.scenes.face_outline import round_corners


def test_registry_splits_fixed_and_disjoint():
    ds = D.SVG_DESIGNS
    names = [d.name for d in ds]
    assert len(names) == len(set(names))
    heldout = {d.name for d in ds if d.split == "heldout"}
    train = {d.name for d in ds if d.split == "train"}
    assert heldout and train and not (heldout & train)
    assert all(d.split in ("train", "heldout", "games") for d in ds)
    assert not set(D.DROPPED) & set(names)
    # a family (same art) never straddles the split
    fam = defaultdict(set)
    for d in ds:
        fam[d.family].add(d.split)
    assert all(len(v) == 1 for v in fam.values()), {k: v for k, v in fam.items() if len(v) > 1}


def test_pysol_lists_consistent():
    from referee.synth.scenes import pysol

    assert not set(pysol.PYSOL_KEEP) & set(pysol.PYSOL_DROPPED)
    assert set(pysol.PYSOL_HELDOUT) <= set(pysol.PYSOL_KEEP)
    assert pysol.PYSOL_HELDOUT == sorted(pysol.PYSOL_HELDOUT)


def test_enough_heldout_designs():
    svg_held = [d for d in D.SVG_DESIGNS if d.split == "heldout"]
    from referee.synth.scenes import pysol

    assert len(svg_held) >= 3
    assert len(svg_held) + len(pysol.PYSOL_HELDOUT) >= 10
    # sorted & deterministic
    assert [d.name for d in D.all_designs()] == sorted(d.name for d in D.all_designs())
    tr = {d.name for d in D.designs_for("train")}
    he = {d.name for d in D.designs_for("heldout")}
    assert not tr & he


def test_designs_for_games_only_never_enter_scenes():
    games = {d.name for d in D.designs_for("games")}
    assert games and not games & {d.name for d in D.designs_for("heldout") + D.designs_for("train")}
    assert all(d.family not in {t.family for t in D.designs_for("train")} for d in D.designs_for("games"))


def test_codes():
    assert len(CARD_CODES) == 52 and len(set(CARD_CODES)) == 52
    assert "10H" in CARD_CODES and "QS" in CARD_CODES and "AC" in CARD_CODES
    assert key_code("JKR") == "JK" and key_code("back") is None and key_code("7D") == "7D"


def _suit(img, suit, cx, cy, s, col):
    from referee.synth.scenes.suit_shapes import suit_shape

    suit_shape(img, suit, cx, cy, s, col)


def _synthetic_faces(w=280, h=400):
    """52 faces with a rank + suit index at top-left and rotated at bottom-right, central pips."""
    faces, truth = {}, {}
    for code in CARD_CODES:
        r, s = code[:-1], code[-1]
        col = (0, 0, 200) if s in "HD" else (20, 20, 20)
        img = np.full((h, w, 3), 250, np.uint8)
        half = np.full((h // 2, w, 3), 250, np.uint8)
        cv2.putText(half, r, (14, 50), cv2.FONT_HERSHEY_SIMPLEX, 1.1, col, 3, cv2.LINE_AA)
        _suit(half, s, 30, 68, 12, col)
        img[: h // 2] = half
        img[h // 2:] = np.minimum(img[h // 2:], half[::-1, ::-1])
        # a couple of central pips away from the corners
        _suit(img, s, w // 2, h // 2 - 60, 26, col)
        _suit(img, s, w // 2, h // 2 + 60, 26, col)
        faces[code] = round_corners(np.dstack([img, np.full((h, w), 255, np.uint8)]))
        truth[code] = (8, 18, 75, 98)  # generous bounds around rank + suit
    return faces, truth


def test_find_indices_on_synthetic_deck():
    faces, truth = _synthetic_faces()
    res = D.find_design_indices(faces)
    assert res.ok, res.reason
    assert not res.four_corner
    for code in CARD_CODES:
        boxes = res.boxes[code]
        assert len(boxes) == 2
        tl, br = sorted(boxes, key=lambda b: b[0] + b[1])
        x1, y1, x2, y2 = truth[code]
        assert x1 <= tl[0] and y1 <= tl[1] and tl[2] <= x2 and tl[3] <= y2, (code, tl)
        assert tl[3] - tl[1] > 40  # rank and suit grouped
        w, h = 280, 400
        assert abs((w - br[2]) - tl[0]) <= 3 and abs((h - br[3]) - tl[1]) <= 3, (code, tl, br)


def test_round_corners_transparent():
    im = np.full((400, 280, 4), 255, np.uint8)
    out = round_corners(im)
    assert out[0, 0, 3] == 0 and out[-1, -1, 3] == 0 and out[200, 140, 3] == 255


@pytest.mark.skipif(shutil.which("rsvg-convert") is None or not Path(D.GNOME_DIR / "simplistic.svgz").exists(),
                    reason="needs librsvg2-bin and gnome-cards-data")
def test_render_one_svg_design():
    df = D.load_design("gnome-simplistic")
    assert set(CARD_CODES) <= set(df.faces.keys())
    f = df.faces["QH"]
    assert f.image.shape[0] == D.FACE_HEIGHT and f.image.shape[2] == 4
    assert f.image[0, 0, 3] == 0  # rounded corner transparent
    assert len(f.indices) >= 2
    h, w = f.image.shape[:2]
    for b in f.indices:
        assert 0 <= b[0] < b[2] <= w and 0 <= b[1] < b[3] <= h
        assert (b[3] - b[1]) < 0.4 * h and (b[2] - b[0]) < 0.35 * w


def test_families_never_straddle_splits_incl_pysol():
    fam = defaultdict(set)
    for d in D.all_designs():
        fam[d.family].add(d.split)
    assert all(len(v) == 1 for v in fam.values()), {k: v for k, v in fam.items() if len(v) > 1}
