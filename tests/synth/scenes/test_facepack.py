"""Face packs (referee/synth/scenes/facepack.py) and the registry on a machine with cached faces only."""
import io
import json
import tarfile

import numpy as np
import pytest

import referee.synth.scenes.designs as D
from referee.synth.scenes.cache import CACHE_VERSION, design_dir
from referee.synth.scenes.design import Design
from referee.synth.scenes import facepack, pysol


@pytest.fixture
def cache(tmp_path, monkeypatch):
    def use(name):
        monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / name))
        D.all_designs.cache_clear()
        D.load_design.cache_clear()
        return tmp_path / name

    yield use
    D.all_designs.cache_clear()
    D.load_design.cache_clear()


def test_pack_and_unpack_restore_the_faces(cache, tmp_path):
    cache("here")
    design = D.get_design("drawn-train-03")
    meta = D.build_design_cache(design)
    pack_file = facepack.pack(tmp_path / "faces.tar", designs=[design.name])
    here = design_dir(design)

    cache("gpu-box")
    assert facepack.unpack(pack_file, workers=2) == [design.name]
    there = design_dir(design)
    restored = json.loads((there / "meta.json").read_text())
    assert restored["packed"] is True
    assert restored["faces"] == meta["faces"]
    import cv2

    for key in ("AS", "10H", "back"):
        a = cv2.imread(str(here / f"{key}.png"), cv2.IMREAD_UNCHANGED)
        b = cv2.imread(str(there / f"{key}.png"), cv2.IMREAD_UNCHANGED)
        assert a.shape == b.shape and a.shape[2] == 4
        assert np.abs(a.astype(int) - b.astype(int)).mean() < 3  # lossy, but close
    # the generator draws from the unpacked faces
    from referee.synth.scenes.generator import generate_scene

    sc = generate_scene(3, [design.name])
    assert any(o.kind == "index" for o in sc.objects)


def test_packed_drawn_faces_are_kept_though_this_machine_would_draw_them_differently(cache, tmp_path):
    """A GPU box lacks the fonts: its own style digest differs, and drawing again would give other faces."""
    root = cache("box")
    design = D.get_design("drawn-train-05")
    d = design_dir(design)
    d.mkdir(parents=True)
    meta = {"version": CACHE_VERSION, "design": design.name, "style": "drawn elsewhere", "packed": True,
            "faces": {}, "check": {"ok": True}}
    (d / "meta.json").write_text(json.dumps(meta))
    assert D.build_design_cache(design) == meta
    assert root.exists()


def test_registry_lists_a_cached_design_whose_package_is_missing(cache, monkeypatch):
    cache("box")
    gone = Design("gnome-gone", "gnome-cards-data", D.GNOME_LICENCE, "train", "/nonexistent/gone.svgz", "gone")
    monkeypatch.setattr(D, "SVG_DESIGNS", [gone])
    D.all_designs.cache_clear()
    assert "gnome-gone" not in [d.name for d in D.all_designs()]
    d = design_dir(gone)
    d.mkdir(parents=True)
    (d / "meta.json").write_text(json.dumps({"version": CACHE_VERSION, "faces": {}, "check": {"ok": True}}))
    D.all_designs.cache_clear()
    assert "gnome-gone" in [d.name for d in D.all_designs()]


def test_cached_pysol_designs_keep_their_split_and_jokers(cache):
    cache("box")
    for name, faces in (("gpl", {"AS": {}, "JKB": {}}), ("me-uk", {"AS": {}})):
        d = design_dir(f"pysol-{name}")
        d.mkdir(parents=True)
        (d / "meta.json").write_text(json.dumps({"version": CACHE_VERSION, "faces": faces}))
    got = {d.name: d for d in pysol.cached_pysol_designs()}
    assert set(got) == {"pysol-gpl", "pysol-me-uk"}
    assert got["pysol-gpl"].split == "train" and got["pysol-gpl"].jokers == ("JKB",)
    assert got["pysol-me-uk"].split == "heldout" and got["pysol-me-uk"].jokers == ()


def test_unpack_refuses_paths_outside_the_cache(cache, tmp_path):
    cache("box")
    bad = tmp_path / "bad.tar"
    with tarfile.open(bad, "w") as tar:
        info = tarfile.TarInfo("../escape/meta.json")
        info.size = 2
        tar.addfile(info, io.BytesIO(b"{}"))
    with pytest.raises(ValueError, match="bad member"):
        facepack.unpack(bad)


def test_train_commands_take_a_device_and_a_time_budget():
    import argparse

    from referee.train import commands

    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["train", "classifier", "--device", "0", "--hours", "0.1"])
    assert (args.device, args.hours) == ("0", 0.1)
    args = parser.parse_args(["train", "detector"])
    assert (args.device, args.hours) == ("cpu", None)
    args = parser.parse_args(["train", "data", "--what", "cls"])
    assert args.what == "cls"


def test_two_processes_drawing_one_design_at_once_both_get_it(cache, monkeypatch):
    """Two benches started together on a fresh machine draw the same design side by side: the
    second to finish keeps the first one's folder (which the first may be reading already)."""
    import threading

    root = cache("fresh")
    design = D.get_design("drawn-train-03")
    both_drawing = threading.Barrier(2, timeout=60)
    draw = D.drawn.draw_deck

    def draw_together(*args, **kwargs):
        both_drawing.wait()
        return draw(*args, **kwargs)

    monkeypatch.setattr(D.drawn, "draw_deck", draw_together)
    metas: list = []
    threads = [threading.Thread(target=lambda: metas.append(D.build_design_cache(design))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(metas) == 2 and metas[0]["faces"] == metas[1]["faces"]
    d = design_dir(design)
    assert json.loads((d / "meta.json").read_text())["faces"] == metas[0]["faces"]
    assert all((d / f"{key}.png").exists() for key in metas[0]["faces"])
    assert not list(d.parent.glob("*.tmp"))
    assert root.exists()


def test_a_pack_for_a_small_transfer_leaves_quick_drawn_decks_to_the_box_with_their_fonts(cache, tmp_path, monkeypatch):
    """A lent GPU box takes at most 64 MiB: the drawn decks it draws in seconds stay out of the pack
    (their font files go in), and the box, without those fonts of its own, draws them as they are
    drawn here."""
    import os

    import cv2

    from referee.synth.scenes import urw_fonts

    fetched, dejavu = urw_fonts.urw_root(), "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    if fetched is None or not os.path.exists(dejavu):
        pytest.skip("the URW fonts (python -m referee.synth.scenes.fetch_fonts) or DejaVu Sans are not here")
    monkeypatch.setattr(urw_fonts, "SYSTEM_DIR", fetched)
    cache("here")
    D.drawn.forget_font_lookups()
    quick = ["drawn-train-04", "drawn-train-29"]   # DejaVu Sans pips; two URW faces
    here = {n: design_dir(D.get_design(n)) for n in quick}
    for name in quick:
        D.build_design_cache(D.get_design(name))
    kept = D.get_design("gnome-anglo")             # not drawn: its faces go in the pack
    design_dir(kept).mkdir(parents=True)
    (design_dir(kept) / "meta.json").write_text(json.dumps({"version": CACHE_VERSION, "design": kept.name,
                                                            "faces": {}, "check": {"ok": True}}))
    pack_file = facepack.pack(tmp_path / "faces.tar", designs=[*quick, kept.name], leave_drawn=True)
    with tarfile.open(pack_file) as tar:
        members = tar.getnames()
    assert {m.split("/")[0] for m in members} == {facepack.LEFT_MEMBER, kept.name}
    assert sorted(m.split("/", 2)[2] for m in members if "/fonts/" in m) == [
        "system/DejaVuSans.ttf", "urw/NimbusRoman-Bold.otf", "urw/NimbusSansNarrow-Bold.otf"]
    assert facepack.left_to_draw(pack_file) == quick

    # the box: no URW fonts, no DejaVu
    monkeypatch.setattr(urw_fonts, "SYSTEM_DIR", tmp_path / "no-system-fonts")
    exists = os.path.exists
    monkeypatch.setattr(os.path, "exists", lambda p: not str(p).startswith(os.path.dirname(dejavu)) and exists(p))
    box = cache("box")
    D.drawn.forget_font_lookups()
    assert urw_fonts.urw_root() is None
    assert facepack.unpack(pack_file, workers=2) == [kept.name]
    assert urw_fonts.urw_root() == box / "fonts" / facepack.URW_FETCHED
    assert D.drawn.resolve_font(dejavu) == str(urw_fonts.brought_fonts_dir() / "DejaVuSans.ttf")
    assert facepack.draw(facepack.left_to_draw(pack_file), processes=2) == quick
    assert facepack.draw(quick, processes=2) == []      # drawn once
    for name in quick:
        there = design_dir(D.get_design(name))
        assert there != here[name]
        for key in ("AS", "10H", "KC"):
            assert np.array_equal(cv2.imread(str(here[name] / f"{key}.png"), cv2.IMREAD_UNCHANGED),
                                  cv2.imread(str(there / f"{key}.png"), cv2.IMREAD_UNCHANGED))
    monkeypatch.undo()
    D.drawn.forget_font_lookups()
