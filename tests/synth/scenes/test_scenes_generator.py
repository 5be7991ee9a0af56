"""Scene generator and dataset writers (need gnome-cards-data + rsvg-convert for one design)."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes.design import ALL_CODES

DESIGN = "gnome-simplistic"
pytestmark = pytest.mark.skipif(
    shutil.which("rsvg-convert") is None or not Path(D.GNOME_DIR / "simplistic.svgz").exists(),
    reason="needs librsvg2-bin and gnome-cards-data")

VALID = set(ALL_CODES)


@pytest.fixture(scope="module")
def scenes():
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    cfg = SceneConfig(p_hand_over=0.6, p_held_hand=0.5)
    return [generate_scene(s, [DESIGN], cfg) for s in range(6)]


def test_deterministic():
    from referee.synth.scenes.generator import generate_scene

    a = generate_scene(123, [DESIGN])
    b = generate_scene(123, [DESIGN])
    assert a.image.tobytes() == b.image.tobytes()
    assert [(o.kind, o.code, o.box, o.card_id) for o in a.objects] == \
           [(o.kind, o.code, o.box, o.card_id) for o in b.objects]
    c = generate_scene(124, [DESIGN])
    assert c.image.tobytes() != a.image.tobytes()


def test_labels_valid(scenes):
    n_idx = n_card = 0
    for sc in scenes:
        h, w = sc.image.shape[:2]
        assert (w, h) == (1280, 720) and sc.image.dtype == np.uint8
        for o in sc.objects:
            x1, y1, x2, y2 = o.box
            assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h, o
            assert o.kind in ("index", "card", "back")
            if o.kind == "back":
                assert o.code is None
                assert o.visible_fraction >= 0.15
            else:
                assert o.code in VALID, o.code
            if o.kind == "card":
                assert o.visible_fraction >= 0.15
                n_card += 1
            if o.kind == "index":
                assert o.visible_fraction >= 0.6
                n_idx += 1
    assert n_idx > 0 and n_card > 0


def test_index_inside_its_card(scenes):
    checked = 0
    for sc in scenes:
        cards = {o.card_id: o for o in sc.objects if o.kind == "card"}
        for o in sc.objects:
            if o.kind != "index" or o.card_id not in cards:  # a card under 15 % visible has no card box
                continue
            card = cards[o.card_id]
            assert card.code == o.code
            poly = card.polygon.astype(np.float32).reshape(-1, 1, 2)
            for p in o.polygon:
                assert cv2.pointPolygonTest(poly, (float(p[0]), float(p[1])), True) >= -1.0
            checked += 1
    assert checked > 0


def test_index_of_a_mostly_hidden_card_is_labelled():
    """A card hidden but for the corner with its index (under 15 % of the card) has no `card`
    label, but its whole index is labelled: the detector must learn to find it."""
    from referee.synth.scenes.generator import Camera, CardPlacement, Lighting, TableStyle, render_table

    pl = [CardPlacement("5C", DESIGN, (0, 0), 0, True, 1),
          CardPlacement("KD", DESIGN, (0, -25), 0, True, 2),  # covers all but the top 25 mm
          CardPlacement("9H", DESIGN, (22, 0), 0, True, 3)]  # and all but the left 22 mm
    sc = render_table(pl, TableStyle("wood"), Camera(tilt_deg=0, distance_mm=600), Lighting(), extras=[], seed=1)
    labels = {(o.kind, o.code) for o in sc.objects}
    assert ("card", "5C") not in labels
    assert [o.visible_fraction for o in sc.objects if o.code == "5C"] == [1.0]


def test_render_table_api():
    from referee.synth.scenes.generator import Camera, CardPlacement, Hand, Lighting, TableStyle, render_table

    cam = Camera(tilt_deg=20, distance_mm=700)
    pl = [CardPlacement("QH", DESIGN, (0, 0), 10, True, 1),
          CardPlacement("10S", DESIGN, (15, 5), 20, True, 2),
          CardPlacement(None, DESIGN, (-150, 0), 0, False, 0)]
    sc = render_table(pl, TableStyle("wood"), cam, Lighting(), extras=[Hand((60, -60), 45)], seed=1)
    kinds = {(o.kind, o.code) for o in sc.objects}
    assert ("card", "10S") in kinds and ("back", None) in kinds
    # the top card is fully visible, the lower one partly hidden
    vis = {o.code: o.visible_fraction for o in sc.objects if o.kind == "card"}
    assert vis["10S"] > 0.9 and vis.get("QH", 0) < 0.9


def test_crop_index():
    from referee.synth.scenes.dataset import crop_index

    img = np.zeros((200, 300, 3), np.uint8)
    cv2.rectangle(img, (100, 50), (139, 109), (255, 255, 255), -1)  # 40 x 60 box
    c = crop_index(img, (100, 50, 140, 110))
    assert c.shape == (64, 64, 3)
    ys, xs = np.nonzero(c[..., 0] > 127)
    # side = 1.4 * 60 = 84 -> box spans 64 * 40 / 84 = 30 px wide, 46 px high, centred
    assert abs((xs.min() + xs.max()) / 2 - 31.5) <= 1 and abs((ys.min() + ys.max()) / 2 - 31.5) <= 1
    assert 28 <= xs.max() - xs.min() + 1 <= 32 and 44 <= ys.max() - ys.min() + 1 <= 48
    assert np.array_equal(c, crop_index(img, (100, 50, 140, 110)))


def test_dataset_writers(tmp_path):
    from referee.synth.scenes.dataset import CLASSIFIER_CLASSES, TILE, build_classifier_dataset, build_detector_dataset

    y = build_detector_dataset(tmp_path / "det", 2, 1, seed=3, train_designs=[DESIGN], val_designs=[DESIGN])
    assert y.exists() and "names" in y.read_text()
    imgs = sorted((tmp_path / "det" / "images" / "train").glob("*.jpg"))
    labs = sorted((tmp_path / "det" / "labels" / "train").glob("*.txt"))
    assert len(imgs) == 4 and len(labs) == 4
    assert cv2.imread(str(imgs[0])).shape == (TILE, TILE, 3)
    for p in labs:
        for line in p.read_text().splitlines():
            c, *v = line.split()
            assert c in ("0", "1", "2") and all(0 <= float(x) <= 1 for x in v)
    before = {p: p.stat().st_mtime_ns for p in labs}
    build_detector_dataset(tmp_path / "det", 2, 1, seed=3, train_designs=[DESIGN], val_designs=[DESIGN])
    assert {p: p.stat().st_mtime_ns for p in labs} == before  # resumable: nothing rewritten

    out = build_classifier_dataset(tmp_path / "cls", 2, 1, seed=3, train_designs=[DESIGN], val_designs=[DESIGN])
    dirs = {p.name for p in (out / "train").iterdir()}
    assert dirs == set(CLASSIFIER_CLASSES)
    crops = list((out / "train").rglob("*.png"))
    assert crops and all(cv2.imread(str(p)).shape == (64, 64, 3) for p in crops[:20])


def test_detector_tiles_at_another_scale(tmp_path):
    """Tiles for the detector's 768x448 input: 384 px tiles of scenes shrunk to 768x432, the two
    tiles of a scene covering its whole width; labels stay inside [0, 1]."""
    from referee.synth.scenes.dataset import build_detector_dataset

    y = build_detector_dataset(tmp_path / "det", 1, 1, seed=5, train_designs=[DESIGN], val_designs=[DESIGN],
                               scale=0.6, tile=384)
    assert "scale 0.6, tiles 384 px" in y.read_text()
    imgs = sorted((tmp_path / "det" / "images" / "train").glob("*.jpg"))
    assert len(imgs) == 2 and all(cv2.imread(str(p)).shape == (384, 384, 3) for p in imgs)
    labels = [line.split() for p in (tmp_path / "det" / "labels" / "train").glob("*.txt")
              for line in p.read_text().splitlines()]
    assert labels and all(0 <= float(x) <= 1 for _, *v in labels for x in v)


def test_index_halves_add_up_to_the_index(scenes):
    """Each labelled index carries the uncovered shares of its two halves (rank and suit): equal
    areas, so their mean is the whole index's share (within the rasterisation of a small quad, whose
    pixel count can pass its area and is clipped at 1); and piles hide one half more than the other."""
    lopsided = 0
    for sc in scenes:
        for o in sc.objects:
            if o.kind != "index":
                assert o.halves_visible is None
                continue
            a, b = o.halves_visible
            assert 0.0 <= a <= 1.0 and 0.0 <= b <= 1.0
            assert (a + b) / 2 == pytest.approx(o.visible_fraction, abs=0.1), o
            lopsided += abs(a - b) > 0.2
    assert lopsided > 0


def test_dark_faces_crops_are_written_as_the_recogniser_reads_them(tmp_path):
    """light_ink_inverted: a dark face's index crop goes in turned over under its code, and as it is
    under `other` (the recogniser reads such a crop only through its inverted look); the same
    scenes give the same crops otherwise."""
    from referee.synth.scenes.dataset import build_classifier_dataset
    from referee.synth.scenes.generator import SceneConfig
    from referee.vision.polarity import light_ink

    dark = "referee-drawn-dark-1"
    counts = {}
    for flag in (False, True):
        out = build_classifier_dataset(tmp_path / str(flag), 2, 0, seed=3, config=SceneConfig(p_joker=1.0),
                                       train_designs=[dark], val_designs=[dark], light_ink_inverted=flag)
        cards = [cv2.imread(str(p)) for p in (out / "train").rglob("*.png") if p.parent.name != "other"]
        others = sum(1 for _ in (out / "train" / "other").glob("*.png"))
        counts[flag] = (len(cards), others, sum(light_ink(c) for c in cards))
    (cards, others, light), (cards_inv, others_inv, light_inv) = counts[False], counts[True]
    assert cards == cards_inv and light > cards / 2          # a dark deck's crops: light ink, mostly
    assert others_inv == others + light                       # each of them also as `other`
    assert light_inv < light / 4                              # the crops under a code turned over


def test_a_deck_holding_jokers_gives_them_as_often_as_asked():
    """p_joker_draw: how often a card drawn from a deck holding jokers is one (0.08 unless asked);
    a deck holds two, so no scene shows more."""
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    def jokers(draw):
        cfg = SceneConfig(p_joker=1.0, p_joker_draw=draw)
        return [sum(o.kind == "card" and o.code == "JK" for o in generate_scene(s, [DESIGN], cfg).objects)
                for s in range(5)]

    often, never = jokers(1.0), jokers(0.0)
    assert never == [0] * 5 and 0 < max(often) <= 2 and sum(often) >= 5
    assert sum(jokers(0.08)) < sum(often)


def test_a_clutter_set_crops_other_on_the_hard_negatives_too(tmp_path):
    """other_fraction: about that share of a scene's crops are `other`; in a scene with hard
    negatives (newsprint, coupons, books) they are drawn on those as well as on cards and backs."""
    from referee.synth.scenes.dataset import other_boxes, build_classifier_dataset
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    def others(fraction, config):
        out = build_classifier_dataset(tmp_path / str(fraction), 3, 0, seed=5, config=config,
                                       train_designs=[DESIGN], other_fraction=fraction)
        crops = list((out / "train").rglob("*.png"))
        return sum(p.parent.name == "other" for p in crops) / len(crops)

    cluttered = SceneConfig(p_negatives=1.0)
    assert others(0.5, cluttered) > 0.35 > 0.2 > others(0.1, cluttered)
    scene = generate_scene(11, [DESIGN], cluttered)
    negatives = [n["box"] for n in scene.meta["negatives"] if n["box"] is not None]
    assert negatives
    boxes = other_boxes(scene, np.random.default_rng(0), 200)

    def inside(box, area):
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return area[0] <= cx <= area[2] and area[1] <= cy <= area[3]

    cards = [o.box for o in scene.objects if o.kind in ("card", "back")]
    assert any(inside(b, n) and not any(inside(b, c) for c in cards) for b in boxes for n in negatives)
