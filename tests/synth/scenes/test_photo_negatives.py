"""Hard negatives cut from photographs (referee/synth/scenes/photo_negatives.py): one file per
picture, deterministic per seed, shaped as their kind says, never labelled, and off unless asked."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.synth.scenes import designs as D
from referee.synth.scenes import photo_negatives as P

DESIGN = "gnome-simplistic"
needs_design = pytest.mark.skipif(
    shutil.which("rsvg-convert") is None or not Path(D.GNOME_DIR / "simplistic.svgz").exists(),
    reason="needs librsvg2-bin and gnome-cards-data")


@pytest.fixture
def photos(tmp_path, monkeypatch):
    """A wallpaper folder laid out as Debian's packages lay theirs: a plasma wallpaper in three
    sizes with a screenshot, a mate picture in two, and one plain photo."""
    rng = np.random.default_rng(0)

    def write(path: Path, w: int, h: int) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        image = cv2.GaussianBlur(rng.integers(0, 256, (h, w, 3), dtype=np.uint8), (0, 0), 3)
        cv2.imwrite(str(path), image)

    plasma = tmp_path / "wallpapers" / "Autumn" / "contents"
    for w, h in ((640, 400), (2560, 1600), (320, 200)):
        write(plasma / "images" / f"{w}x{h}.png", w, h)
    write(plasma / "screenshot.png", 100, 60)
    write(tmp_path / "backgrounds" / "mate" / "Wood.jpg", 300, 200)
    write(tmp_path / "backgrounds" / "mate" / "Wood_3840x2160.jpg", 384, 216)
    write(tmp_path / "backgrounds" / "city.png", 500, 300)
    monkeypatch.setattr(P, "PHOTO_DIRS", (tmp_path / "wallpapers", tmp_path / "backgrounds"))
    P.photo_files.cache_clear()   # photos are cached by path: each test's own folder
    yield tmp_path
    P.photo_files.cache_clear()


def test_one_file_per_picture(photos):
    names = [str(p.relative_to(photos)) for p in P.photo_files()]
    assert names == ["backgrounds/city.png", "backgrounds/mate/Wood.jpg", "wallpapers/Autumn/contents/images/2560x1600.png"]


def test_no_photos_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(P, "PHOTO_DIRS", (tmp_path / "none",))
    P.photo_files.cache_clear()
    with pytest.raises(P.NoPhotosError, match="apt-get"):
        P.photo_files()
    P.photo_files.cache_clear()


@pytest.mark.parametrize("kind", list(P.PHOTO_KINDS))
def test_every_kind_draws_deterministically(photos, kind):
    images = [P.photo_negative(kind, (60.0, 90.0), np.random.default_rng(3), 3.0) for _ in range(2)]
    a, b = images
    assert a.dtype == np.uint8 and a.ndim == 3 and a.shape[2] == 4
    assert np.array_equal(a, b)
    h, w = a.shape[:2]
    if kind == "disc":
        assert h == w and a[0, 0, 3] == 0 and a[h // 2, w // 2, 3] == 255      # round
    elif kind == "cable":
        assert 0.01 < (a[..., 3] > 0).mean() < 0.5                           # a line across, not a tile
    else:
        assert (h, w) == (270, 180)                                          # 3 px a mm
        assert a[0, 0, 3] < 255 and a[h // 2, w // 2, 3] == 255             # rounded corners
        assert a[..., :3].std() > 2


def test_patches_vary_and_fill_the_size(photos):
    rng = np.random.default_rng(1)
    patches = [P.photo_patch(rng, 50, 80) for _ in range(6)]
    assert all(p.shape == (50, 80, 3) and p.dtype == np.uint8 for p in patches)
    assert len({p.tobytes() for p in patches}) == 6
    surface = P.photo_surface(np.random.default_rng(2), (120, 200))
    assert surface.shape == (120, 200, 3) and surface.dtype == np.float32


@needs_design
def test_scenes_with_photos_keep_their_cards(photos):
    """p_photo draws some negatives and rich tables from photographs, from its own stream: the same
    seed gives the same scene, the other negatives keep their places and sizes, and no label
    comes from a photograph."""
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    base = replace(SceneConfig(), p_negatives=1.0, p_rich_table=1.0)
    with_photos = replace(base, p_photo=1.0)
    seen_photo_table = False
    for seed in range(40, 46):
        a, b = generate_scene(seed, [DESIGN], with_photos), generate_scene(seed, [DESIGN], with_photos)
        assert a.image.tobytes() == b.image.tobytes()
        drawn = generate_scene(seed, [DESIGN], base)
        assert a.meta["table"].kind == "photo" and drawn.meta["table"].kind != "photo"
        seen_photo_table = True
        for n, m in zip(a.meta["negatives"], drawn.meta["negatives"], strict=True):
            assert n["kind"].startswith("photo-") or n["kind"] == m["kind"] == "shadow"
            assert n["z"] == m["z"]
        plain = {(o.kind, o.code, o.card_id) for o in generate_scene(seed, [DESIGN]).objects}
        assert {(o.kind, o.code, o.card_id) for o in a.objects} <= plain
    assert seen_photo_table
