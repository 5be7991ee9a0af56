"""Hard negatives for `back` (referee/synth/scenes/negatives.py, issue 25): deterministic per
scene seed, never labelled, card-sized where they say so, and off in the old recipe."""
from __future__ import annotations

import math
import shutil
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes import negatives as N

DESIGN = "gnome-simplistic"
needs_design = pytest.mark.skipif(
    shutil.which("rsvg-convert") is None or not Path(D.GNOME_DIR / "simplistic.svgz").exists(),
    reason="needs librsvg2-bin and gnome-cards-data")
SEEDS = range(40, 52)


def _labels(scene):
    return [(o.kind, o.code, o.box, o.card_id, o.visible_fraction) for o in scene.objects]


def _config(negatives=1.0, rich=0.0):
    from referee.synth.scenes.generator import SceneConfig

    return replace(SceneConfig(), p_negatives=negatives, p_rich_table=rich)


@pytest.mark.parametrize("kind", list(N.NEGATIVE_KINDS))
def test_every_kind_draws_deterministically(kind):
    for card_sized in (True, False):
        images = []
        for _ in range(2):
            rng = np.random.default_rng(7)
            w0, w1, h0, h1 = N.NEGATIVE_KINDS[kind][1]
            size = N.card_sized_mm(rng) if card_sized else (w1, h1)
            images.append(N.negative_image(kind, size, rng, corner_mm=3.0))
        a, b = images
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 4
        assert np.array_equal(a, b)
        if kind != "shadow":
            assert a[a.shape[0] // 2, a.shape[1] // 2, 3] == 255      # opaque inside
            assert a[0, 0, 3] < 255                                  # the rounded corner is cut
            assert a[..., :3].std() > 2                              # textured or printed, not flat


def test_card_sized_means_card_shaped():
    rng = np.random.default_rng(0)
    for _ in range(200):
        w, h = N.card_sized_mm(rng)
        assert 0.85 * 88 <= h <= 1.2 * 88 and 0.6 <= w / h <= 0.78
    for kind in N.RICH_TABLE_KINDS:
        tex = N.rich_texture(kind, np.random.default_rng(1), (120, 200), 1.0)
        assert tex.shape == (120, 200, 3) and tex.dtype == np.float32 and tex.std() > 3


@needs_design
def test_old_recipe_never_draws_them(monkeypatch):
    """At the default shares (the committed models' recipe) the negatives' code is never reached, so a
    seed renders as it did before they existed; the scene carries no `negatives` meta."""
    from referee.synth.scenes import generator as G

    def fail(*_a, **_k):
        raise AssertionError("hard negatives drawn in the old recipe")

    monkeypatch.setattr(G, "_hard_negatives", fail)
    assert G.SceneConfig().p_negatives == 0 and G.SceneConfig().p_rich_table == 0
    sc = G.generate_scene(123, [DESIGN])
    assert "negatives" not in sc.meta
    assert sc.meta["table"].kind in ("wood", "felt", "cloth", "paper", "plain")


@needs_design
def test_negatives_are_deterministic_and_keep_the_scene():
    """The same seed gives the same negatives; a scene keeps its camera, light and cards (labels
    identical where no negative lies over the cards)."""
    from referee.synth.scenes.generator import generate_scene

    cfg = _config()
    untouched = 0
    for seed in SEEDS[:6]:
        a, b = generate_scene(seed, [DESIGN], cfg), generate_scene(seed, [DESIGN], cfg)
        assert a.image.tobytes() == b.image.tobytes() and _labels(a) == _labels(b)
        assert [n["kind"] for n in a.meta["negatives"]] == [n["kind"] for n in b.meta["negatives"]]
        plain = generate_scene(seed, [DESIGN])
        assert a.meta["camera"] == plain.meta["camera"] and a.meta["light"] == plain.meta["light"]
        assert a.meta["table"] == plain.meta["table"]            # p_rich_table 0: the table stays
        assert a.meta["negatives"] and a.image.tobytes() != plain.image.tobytes()
        if all(n["z"] < 0 or n["kind"] == "shadow" for n in a.meta["negatives"]):
            assert _labels(a) == _labels(plain)
            untouched += 1
    assert untouched > 0


@needs_design
def test_negatives_are_unlabelled():
    """No label comes from a negative: every object of a scene with negatives is one of the plain
    scene's cards (same card, kind and code; a negative lying on top may only hide part of it)."""
    from referee.synth.scenes.generator import generate_scene

    for seed in SEEDS:
        sc = generate_scene(seed, [DESIGN], _config(1.0, 0.5))
        plain = {(o.kind, o.code, o.card_id): o for o in generate_scene(seed, [DESIGN]).objects}
        for o in sc.objects:
            assert (o.kind, o.code, o.card_id) in plain, o
            assert o.visible_fraction <= plain[(o.kind, o.code, o.card_id)].visible_fraction + 1e-6


@needs_design
def test_card_sized_negatives_are_card_sized_in_the_image():
    """A card-sized negative's quad spans about as much of the image as a card does there."""
    from referee.synth.scenes.generator import generate_scene

    checked = 0
    for seed in SEEDS:
        sc = generate_scene(seed, [DESIGN], _config())
        cards = [o.polygon for o in sc.objects if o.kind in ("card", "back")]
        if not cards:
            continue
        card_h = float(np.median([max(np.linalg.norm(p[3] - p[0]), np.linalg.norm(p[2] - p[1])) for p in cards]))
        for n in sc.meta["negatives"]:
            q = n["quad"]
            long_side = max(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))
            short_side = min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))
            if n["card_sized"]:
                assert 0.7 * card_h <= long_side <= 1.45 * card_h, (seed, n["kind"], long_side, card_h)
                assert 0.5 <= short_side / long_side <= 0.85
                checked += 1
            elif n["kind"] != "cd":
                assert long_side >= 0.95 * card_h     # the larger objects are at least a card long
    assert checked >= 3


@needs_design
def test_rich_tables():
    from referee.synth.scenes.generator import generate_scene

    kinds = {generate_scene(seed, [DESIGN], _config(0.0, 1.0)).meta["table"].kind for seed in SEEDS[:6]}
    assert kinds and kinds <= set(N.RICH_TABLE_KINDS)


@needs_design
def test_detector_dataset_with_negatives(tmp_path):
    from referee.synth.scenes.dataset import build_detector_dataset

    y = build_detector_dataset(tmp_path / "det", 2, 1, seed=3, train_designs=[DESIGN], val_designs=[DESIGN],
                               negatives=1.0, rich_tables=0.5)
    assert "hard negatives in 1 of the scenes, rich tables in 0.5" in y.read_text()
    plain = build_detector_dataset(tmp_path / "plain", 2, 1, seed=3, train_designs=[DESIGN], val_designs=[DESIGN])
    assert "hard negatives" not in plain.read_text()
    for split in ("train", "val"):
        with_neg = sorted((tmp_path / "det" / "labels" / split).glob("*.txt"))
        without = sorted((tmp_path / "plain" / "labels" / split).glob("*.txt"))
        assert [p.name for p in with_neg] == [p.name for p in without]
        for p in with_neg:
            for line in p.read_text().splitlines():
                c, *v = line.split()
                assert c in ("0", "1", "2") and all(0 <= float(x) <= 1 for x in v)
    imgs = sorted((tmp_path / "det" / "images" / "train").glob("*.jpg"))
    plain_imgs = sorted((tmp_path / "plain" / "images" / "train").glob("*.jpg"))
    assert any(a.read_bytes() != b.read_bytes() for a, b in zip(imgs, plain_imgs))


def test_negative_quad_matches_the_decal():
    """The quad kept in the meta is where _draw_flat_print pastes the negative's Decal."""
    from referee.synth.scenes.generator import Camera, negative_in_image

    cam = Camera(tilt_deg=20, yaw_deg=15, distance_mm=600)
    image = np.zeros((40, 80, 4), np.uint8)
    n = {"kind": "book", "card_sized": False, "z": -30.0, "size_mm": (100.0, 50.0), "angle_deg": 70.0,
         "center": (10.0, 20.0), "image": image}
    m = negative_in_image(n, cam)
    # the Decal's own transform (generator._draw_flat_print): image px -> table mm -> image
    ph, pw = image.shape[:2]
    sx, sy = 100.0 / pw, 50.0 / ph
    a = math.radians(70.0)
    Rm = np.array([[math.cos(a), -math.sin(a), 10.0], [math.sin(a), math.cos(a), 20.0], [0, 0, 1]])
    S = np.array([[sx, 0, -pw / 2 * sx], [0, -sy, ph / 2 * sy], [0, 0, 1]])
    corners = np.array([[[0, 0], [pw, 0], [pw, ph], [0, ph]]], np.float64)
    pasted = cv2.perspectiveTransform(corners, cam.matrix() @ Rm @ S)[0]
    assert np.allclose(np.sort(pasted, axis=0), np.sort(m["quad"], axis=0), atol=1e-2)
    x1, y1, x2, y2 = m["box"]
    assert np.allclose((x1, y1, x2, y2), (*pasted.min(0), *pasted.max(0)), atol=1e-2)
