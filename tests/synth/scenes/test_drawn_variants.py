"""Training variants of the drawn deck (drawn-train-NN): procedural styles of referee/synth/scenes/drawn.py.

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
from referee.synth.scenes.cache import design_dir
from referee.synth.scenes.design import ALL_CODES, CARD_CODES, FACE_KEYS
from referee.synth.scenes import drawn

H = 160  # face height for the tests (the cache uses D.FACE_HEIGHT)
VARIANTS = [d for d in D.all_designs() if d.family == "drawn-train"]

# sha256 over (key, face bytes, boxes) of referee-drawn at 120 px, computed with the deck code
# before the variants existed: the held-out deck must stay pixel-identical.
CANONICAL_DIGEST = "e526e231b2c6db8e6fb92292e3d11d724cc49e1018a79996d72670465085a55c"


def _digest(style=None) -> str:
    h = hashlib.sha256()
    for k in ("AS", "10H", "QC", "7D", "KS", "JKR", "back"):
        im, boxes = drawn.draw_face(k, 120, style)
        h.update(k.encode())
        h.update(im.tobytes())
        h.update(json.dumps(boxes).encode())
    return h.hexdigest()


def test_canonical_deck_unchanged():
    assert _digest() == CANONICAL_DIGEST
    assert _digest(drawn.Style()) == CANONICAL_DIGEST
    assert D.drawn_style(D.get_design("referee-drawn")) == drawn.STYLE


def test_canonical_deck_unchanged_after_variants():
    """Glyphs of other fonts drawn first in the process do not leak into referee-drawn (OpenCV
    caches font glyphs; font files are drawn through Pillow for that reason)."""
    for cached in (drawn.glyph, drawn.cap_metrics, drawn.pip_ref):
        cached.cache_clear()
    for k in range(14):  # every font of VARIANT_FONTS, every pip kind
        drawn.draw_face("QC", 60, drawn.variant_style(k))
        drawn.draw_face("10H", 60, drawn.variant_style(k))
    assert _digest() == CANONICAL_DIGEST


def test_variant_styles_deterministic_and_distinct():
    styles = [drawn.variant_style(k) for k in range(D.N_DRAWN_VARIANTS)]
    assert styles == [drawn.variant_style(k) for k in range(D.N_DRAWN_VARIANTS)]
    assert len(set(styles)) == len(styles)
    assert all(s != drawn.STYLE for s in styles)
    # every font and pip kind of the lists is used by the registered variants
    classic, urw = styles[:drawn.N_CLASSIC_VARIANTS], styles[drawn.N_CLASSIC_VARIANTS:]
    assert {s.font for s in classic} == set(drawn.VARIANT_FONTS)
    assert {s.pips for s in classic} == set(drawn.VARIANT_PIPS)
    assert {s.font for s in urw} == set(drawn.URW_VARIANT_FONTS)
    assert {s.pips for s in urw} == set(drawn.URW_VARIANT_PIPS)
    # some four-colour decks (clubs differ from spades), mostly two-colour ones
    four = sum(s.ink("C") != s.ink("S") for s in styles)
    assert 1 <= four <= len(styles) // 2


def test_variant_style_independent_of_python_hash_seed():
    code = ("import dataclasses, json; from referee.synth.scenes import drawn; "
            "print(json.dumps(dataclasses.asdict(drawn.variant_style(5)), sort_keys=True))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == json.loads(json.dumps(dataclasses.asdict(drawn.variant_style(5))))


def test_variant_faces_deterministic_and_different():
    a = [drawn.draw_face(k, H, drawn.variant_style(3)) for k in ("10S", "QH", "JKB", "back")]
    b = [drawn.draw_face(k, H, drawn.variant_style(3)) for k in ("10S", "QH", "JKB", "back")]
    assert all(x[0].tobytes() == y[0].tobytes() and x[1] == y[1] for x, y in zip(a, b))
    faces = {k: drawn.draw_face("10S", H, drawn.variant_style(k))[0].tobytes() for k in range(6)}
    faces["canonical"] = drawn.draw_face("10S", H)[0].tobytes()
    assert len(set(faces.values())) == len(faces)


@pytest.mark.parametrize("k", list(range(D.N_DRAWN_VARIANTS)) + [57, 1234])
def test_never_the_heldout_font_or_pips(k):
    s = drawn.variant_style(k)
    assert s.font != "uni" and drawn.resolve_font(s.font) != "uni"
    assert s.pips != "drawn" and s.pips in drawn.PIP_KINDS
    assert s.back_ground != drawn.STYLE.back_ground  # nor referee-drawn's back
    # the index column stays in the corner, clear of the centre pips and the court panel
    assert 0.03 <= s.col_x - s.rank_max_w / 2 and s.col_x + s.rank_max_w / 2 <= 0.205
    assert s.court_frame[0] >= 0.2 and 0.03 <= s.top <= 0.06
    assert all(max(c) <= 255 and min(c) >= 0 for c in (s.paper, s.edge, *s.inks))


def test_urw_fonts_resolve_or_fall_back():
    from referee.synth.scenes.urw_fonts import urw_root

    assert drawn.resolve_font("urw:NoSuchFace-Bold.otf") == "sans:700"
    assert drawn.resolve_font("urw:NoSuchFace-Regular.otf") == "sans:400"
    assert drawn.resolve_font("urw:NoSuchFace-Demi.otf") == "sans:700"
    resolved = drawn.resolve_font(drawn.URW_VARIANT_FONTS[0])
    if urw_root() is None or not drawn.have_pillow():
        assert resolved == "sans:700"
    else:
        assert resolved == str(urw_root() / "NimbusRoman-Bold.otf") and os.path.isfile(resolved)


def test_pip_aspects_within_the_table():
    for kind in drawn.PIP_KINDS:
        for suit in "SHDC":
            ref = drawn.pip_ref(suit, kind)
            assert ref.shape[1] / ref.shape[0] <= drawn.PIP_MAX_ASPECT[kind], (kind, suit)


def test_registry():
    assert [d.name for d in VARIANTS] == [f"drawn-train-{k:02d}" for k in range(48)]
    ref = D.get_design("referee-drawn")
    train = D.designs_for("train")
    for k, d in enumerate(VARIANTS):
        assert d.split == "train" and d in train and d.kind == "drawn" and d.variant == k
        assert d.source == ref.source and d.licence == ref.licence and "AGPL-3.0-or-later" in d.licence
        assert d.face_keys == CARD_CODES + ("back",)  # no jokers (see DRAWN_VARIANTS)
        assert D.drawn_style(d) == drawn.variant_style(k)
    assert ref.split == "heldout" and ref.variant is None and ref in D.designs_for("heldout")
    assert ref.family == "referee-drawn" and not any(d.family == ref.family for d in VARIANTS)


def test_split_designs_include_the_variants(monkeypatch):
    from referee.synth.scenes import dataset

    monkeypatch.setattr(dataset, "ensure_designs", lambda ds, verbose=False: [{"check": {"ok": True}}] * len(ds))
    train, val = dataset.usable_design_names("train"), dataset.usable_design_names("val")
    assert {d.name for d in VARIANTS} <= set(train) and "referee-drawn" not in train
    assert "referee-drawn" in val and not any(n.startswith("drawn-train") for n in val)


# hershey simplex / complex, DejaVu Sans Bold, hershey complex; URW Nimbus Roman Bold, Bookman Demi
# and Gothic Demi (OpenCV's sans where fonts-urw-base35 is not fetched)
@pytest.mark.parametrize("k", [0, 3, 8, 17, 24, 27, 34])
def test_variant_boxes_pass_the_design_check(k):
    """The drawn boxes are tight on the index ink and agree with what the registry's automatic
    index finder (find_design_indices, used for all other designs) finds on the faces."""
    faces, boxes = drawn.draw_deck(H, drawn.variant_style(k))
    assert tuple(faces) == FACE_KEYS and boxes["back"] == []
    res = D.find_design_indices(faces)
    # the serif Q of a URW face keeps its tail down to the pip, and the finder, which wants the
    # rank and the pip apart, takes its fallback there; the drawn boxes are used, not the finder's
    tails = {f for f in res.fallback if f.startswith("Q")} if k >= drawn.N_CLASSIC_VARIANTS else set()
    assert res.ok and not set(res.fallback) - tails and not res.four_corner, (res.reason, res.fallback)
    paper = np.array(drawn.variant_style(k).paper, np.int16)
    for key in CARD_CODES + ("JKB", "JKR"):
        im = faces[key]
        h, w = im.shape[:2]
        assert len(boxes[key]) == 2, key
        tl, br = boxes[key]
        assert tl == (w - br[2], h - br[3], w - br[0], h - br[1]), key
        assert tl[0] >= 0.02 * w and tl[2] < 0.22 * w and tl[1] < 0.1 * h and tl[3] < 0.45 * h, (key, tl)
        ink = (np.abs(im[..., :3].astype(np.int16) - paper).max(-1) > 60) & (im[..., 3] > 200)
        for x1, y1, x2, y2 in boxes[key]:
            sub = ink[y1:y2, x1:x2]
            assert sub[0].any() and sub[-1].any() and sub[:, 0].any() and sub[:, -1].any(), (key, tl)
            ring = ink[max(0, y1 - 2):y2 + 2, max(0, x1 - 2):x2 + 2].sum() - sub.sum()
            assert ring <= 0.05 * (x2 - x1 + y2 - y1), (key, ring)
        if key in CARD_CODES and not any(f.startswith(key + ":") for f in tails):
            found = sorted(res.boxes[key], key=lambda b: b[0] + b[1])
            for a, b in zip(found, [tl, br]):
                ix = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
                union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - ix
                assert ix / union > 0.8, (key, a, b)


def test_cache_keeps_variants_apart(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(D, "FACE_HEIGHT", 80)
    ref, var = D.get_design("referee-drawn"), D.get_design("drawn-train-07")
    m_ref, m_var = D.build_design_cache(ref), D.build_design_cache(var)
    assert design_dir(ref) != design_dir(var)
    assert m_ref["check"]["ok"] and m_var["check"]["ok"] and m_var["design"] == "drawn-train-07"
    assert m_ref["style"] != m_var["style"]
    assert (design_dir(ref) / "7S.png").read_bytes() != (design_dir(var) / "7S.png").read_bytes()
    assert "JKR" not in m_var["faces"] and "JKR" in m_ref["faces"]
    for k in ("AS", "10H", "back"):  # the boxes drawn with the variant's style
        assert m_var["faces"][k]["indices"] == [list(b) for b in drawn.draw_face(k, 80, drawn.variant_style(7))[1]]
    # a cached variant whose style digest differs (or is missing) is drawn again
    p = design_dir(var) / "meta.json"
    for stale in ({**m_var, "style": "0" * 16}, {k: v for k, v in m_var.items() if k != "style"}):
        p.write_text(json.dumps(stale))
        assert D.build_design_cache(var) == m_var
    # referee-drawn metadata written before styles were recorded stays valid
    p = design_dir(ref) / "meta.json"
    old = {k: v for k, v in m_ref.items() if k != "style"}
    p.write_text(json.dumps(old))
    assert D.build_design_cache(ref) == old


def test_scene_with_a_variant(tmp_path, monkeypatch):
    from referee.synth.scenes.generator import generate_scene

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    D.load_design.cache_clear()
    try:
        sc = generate_scene(11, ["drawn-train-04"])
    finally:
        D.load_design.cache_clear()  # its faces live under tmp_path
    assert sc.meta["designs"] == ["drawn-train-04"]
    h, w = sc.image.shape[:2]
    idx = [o for o in sc.objects if o.kind == "index"]
    cards = {o.card_id: o for o in sc.objects if o.kind == "card"}
    assert idx and cards
    for o in idx:
        x1, y1, x2, y2 = o.box
        assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
        assert o.code in ALL_CODES
        if o.card_id in cards:  # a card under 15 % visible has no card box
            assert cards[o.card_id].code == o.code


def test_drawn_variants_get_a_quarter_of_mixed_training_scenes():
    from referee.synth.scenes.dataset import DRAWN_VARIANT_SHARE, scene_designs

    real = [f"real-{k}" for k in range(20)]
    variants = [f"drawn-train-{k:02d}" for k in range(24)]
    picks = [scene_designs(real + variants, 7, "train", i, block=1) for i in range(2000)]
    share = sum(p[0].startswith("drawn-train-") for p in picks) / len(picks)
    assert abs(share - DRAWN_VARIANT_SHARE) < 0.04
    assert all(all(d.startswith("drawn-train-") for d in p) or not any(d.startswith("drawn-train-") for d in p)
               for p in picks)


def test_design_lists_without_variants_are_drawn_as_before():
    from referee.synth.scenes.dataset import scene_designs

    # pinned (values from before the variants existed): the bench's held-out scenes stay the same
    picks = [scene_designs(["a", "b", "c", "d"], 777000 + k, "bench", 0, block=1) for k in range(6)]
    assert picks == [["c"], ["b"], ["c"], ["b", "d"], ["c"], ["d"]]
    assert set(scene_designs(["drawn-train-01", "drawn-train-02"], 1, "train", 3)) <= {"drawn-train-01", "drawn-train-02"}


def test_drawn_variants_have_no_jokers_but_referee_drawn_keeps_its_own():
    from referee.synth.scenes.designs import DRAWN_DESIGN, DRAWN_VARIANTS

    assert all("JKR" not in d.face_keys and "JKB" not in d.face_keys for d in DRAWN_VARIANTS)
    assert {"JKR", "JKB"} <= set(DRAWN_DESIGN.face_keys)
