"""The project's own deck, referee-drawn (no system packages needed; small faces keep it fast)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes.cache import design_dir
from referee.synth.scenes.design import CARD_CODES, FACE_KEYS
from referee.synth.scenes import drawn

H = 160  # face height for the tests (the cache uses D.FACE_HEIGHT)


@pytest.fixture(scope="module")
def deck():
    return drawn.draw_deck(H)


def _ink(face: np.ndarray, thr: int = 60) -> np.ndarray:
    """Pixels that differ from the card stock (as designs.find_design_indices sees ink)."""
    diff = np.abs(face[..., :3].astype(np.int16) - np.array(drawn.PAPER, np.int16)).max(-1)
    return (diff > thr) & (face[..., 3] > 200)


def test_every_face_present_same_size(deck):
    faces, boxes = deck
    assert tuple(faces) == FACE_KEYS and set(boxes) == set(FACE_KEYS)
    assert len(faces) == 55
    w = round(H * 63 / 88)
    for k, im in faces.items():
        assert im.dtype == np.uint8 and im.shape == (H, w, 4), k
        assert im[0, 0, 3] == 0 and im[-1, -1, 3] == 0  # rounded corners
        assert im[H // 2, w // 2, 3] == 255
    small = drawn.draw_faces(40)
    assert small.keys() == faces.keys() and small["AS"].shape == (40, 29, 4)


def test_index_boxes_inside_face_and_tight_on_ink(deck):
    faces, boxes = deck
    assert boxes["back"] == []
    for k in CARD_CODES + ("JKB", "JKR"):
        im = faces[k]
        h, w = im.shape[:2]
        assert len(boxes[k]) == 2, k
        tl, br = boxes[k]
        assert tl == (w - br[2], h - br[3], w - br[0], h - br[1]), k  # bottom-right = top-left rotated
        assert tl[0] < 0.25 * w and tl[1] < 0.1 * h and tl[3] < 0.45 * h, (k, tl)
        ink = _ink(im)
        for x1, y1, x2, y2 in boxes[k]:
            assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h, (k, tl)
            assert 0.1 * h < y2 - y1 < 0.4 * h and 0.03 * w < x2 - x1 < 0.3 * w, (k, tl)
            sub = ink[y1:y2, x1:x2]
            # every edge of the box touches ink, and the box is mostly paper around the glyphs
            assert sub[0].any() and sub[-1].any() and sub[:, 0].any() and sub[:, -1].any(), (k, x1, y1)
            assert 0.1 < sub.mean() < 0.8, k
            # nothing of the index sticks out: the ring just outside the box is paper
            ring = ink[max(0, y1 - 1):y2 + 1, max(0, x1 - 1):x2 + 1].sum() - sub.sum()
            assert ring <= 0.05 * (x2 - x1 + y2 - y1), (k, ring)


@pytest.mark.parametrize("key", ["AS", "7C", "KS", "JKB", "2H", "10D", "QH", "JKR"])
def test_suit_colours(deck, key):
    faces, boxes = deck
    x1, y1, x2, y2 = boxes[key][0]
    im = faces[key]
    px = im[y1:y2, x1:x2, :3][_ink(im)[y1:y2, x1:x2]].astype(float)
    b, g, r = np.median(px, axis=0)
    if key[-1] in "HD" or key == "JKR":
        assert r > 130 and r - max(g, b) > 80, (key, b, g, r)
    else:
        assert max(b, g, r) < 90 and max(b, g, r) - min(b, g, r) < 30, (key, b, g, r)


def test_registered_heldout_and_always_present():
    d = D.get_design("referee-drawn")
    assert d in D.all_designs() and d in D.designs_for("heldout")
    assert d.split == "heldout" and d.kind == "drawn" and d.family == "referee-drawn"
    assert d.source == "referee-drawn" and "AGPL-3.0-or-later" in d.licence
    assert d.face_keys == FACE_KEYS
    assert not any(o.family == d.family for o in D.all_designs() if o is not d)


def test_deterministic():
    for k in ("QH", "10C", "JKR", "back"):
        a, ba = drawn.draw_face(k, H)
        b, bb = drawn.draw_face(k, H)
        assert a.tobytes() == b.tobytes() and ba == bb
    assert drawn.draw_face("8D", H)[0].tobytes() != drawn.draw_face("8H", H)[0].tobytes()


def test_cache_stores_the_drawn_boxes(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(D, "FACE_HEIGHT", 120)
    design = D.get_design("referee-drawn")
    meta = D.build_design_cache(design)
    assert meta["check"]["ok"] and meta["source"] == "referee-drawn"
    assert set(meta["faces"]) == set(FACE_KEYS)
    assert meta["faces"]["back"]["indices"] == []
    for k in ("AS", "10H", "KC", "JKR"):  # the boxes drawn, not detected
        assert meta["faces"][k]["indices"] == [list(b) for b in drawn.draw_face(k, 120)[1]], k
    on_disk = json.loads((design_dir(design) / "meta.json").read_text())
    assert on_disk == meta and (design_dir(design) / "QS.png").exists()
