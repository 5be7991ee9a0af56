"""Face packs: the rendered face cache in one small file, for a machine without the card packages.

A GPU box that cannot reach the network has neither ``gnome-cards-data``, ``kdegames-card-data-kf5``,
the PySolFC card sets nor the fonts the drawn decks use, so it cannot render faces. ``pack`` writes
the cache of this machine (``<cache>/faces/v<CACHE_VERSION>/``) as one tar of WebP
faces (lossy, quality 88 by default: about a sixth of the PNGs; the scenes shrink a 400 px face to
~120 px and add blur and JPEG noise, so the loss is invisible there) with each design's metadata
(an ``OUT`` ending in ``.gz`` is gzipped: a sixth smaller, the tar's 512-byte blocks round up each
small face);
``unpack`` turns it back into a cache the scene generator uses as is (the registry lists cached
designs whose sources are missing). Card art stays out of git: a pack is a generated file.

With ``--drawn-there`` the pack leaves out the drawn decks the unpacking machine draws itself in
seconds (``drawn_there``: plain paper) and carries the font files they use instead (URW faces,
DejaVu); ``unpack --draw`` puts the fonts where ``referee.synth.scenes.drawn.resolve_font`` finds
them and draws the decks as they are drawn here, one process each, ``--workers`` at a time. A
transfer limited in size (a lent GPU box) takes the pack that way.

    python -m referee.synth.scenes.facepack pack OUT.tar[.gz] [--quality 88] [--training-only] [--drawn-there]
    python -m referee.synth.scenes.facepack unpack PACK.tar [--workers 8] [--draw]
"""
from __future__ import annotations

import argparse
import io
import json
import tarfile
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

from . import designs, drawn
from .cache import design_dir, faces_root
from .dataset import usable_design_names
from .design import Design
from .designs import all_designs
from .urw_fonts import brought_fonts_dir, fonts_dir, urw_root

PACK_QUALITY = 88
# the pack's folder (never a design's name) of what a --drawn-there pack leaves to the machine
# unpacking it: LEFT_FILE lists the drawn decks left out, fonts/urw and fonts/system the font files
# they use
LEFT_MEMBER = "drawn-there"
LEFT_FILE = "designs.json"
# where fetch_fonts unpacks fonts-urw-base35, under fonts_dir()
URW_FETCHED = Path("root/usr/share/fonts/opentype/urw-base35")


def drawn_there(design: Design) -> bool:
    """Whether a machine given the fonts this deck is drawn with here draws it as it is drawn here,
    in seconds: a drawn deck on plain paper (aged paper, drawn_faces.age_paper, takes a minute a
    deck) whose font files this machine draws with (drawn.resolve_font: a missing one is drawn in
    OpenCV's sans, and a machine with it would draw another deck).

        >>> drawn_there(designs.get_design("drawn-train-00"))
        True
        >>> drawn_there(designs.get_design("drawn-faces-02"))   # aged paper
        False
    """
    if design.kind != "drawn":
        return False
    style = designs.drawn_style(design)
    return not style.stains and all(_font_file(f) is not None for f in drawn.style_fonts(style) if _names_a_file(f))


def _names_a_file(font: str) -> bool:
    """A URW face or a font file, not one of OpenCV's or Hershey's built-in faces."""
    return font.startswith(drawn.URW_PREFIX) or font.lower().endswith((".ttf", ".otf"))


def _font_file(font: str) -> Path | None:
    """The file this machine draws the font with (drawn.resolve_font), None where it falls back."""
    resolved = drawn.resolve_font(font)
    return Path(resolved) if resolved.lower().endswith((".ttf", ".otf")) else None


def _font_members(chosen: list[Design]) -> dict[str, Path]:
    """The pack's font members for the decks left out: URW faces under fonts/urw, the system font
    files (DejaVu) under fonts/system, by file name."""
    members = {}
    for d in chosen:
        for font in drawn.style_fonts(designs.drawn_style(d)):
            if _names_a_file(font) and (path := _font_file(font)) is not None:
                kind = "urw" if font.startswith(drawn.URW_PREFIX) else "system"
                members[f"{LEFT_MEMBER}/fonts/{kind}/{path.name}"] = path
    return dict(sorted(members.items()))


def _encode(png: Path, quality: int) -> bytes:
    im = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
    if im is None:
        raise ValueError(f"unreadable face: {png}")
    ok, buf = cv2.imencode(".webp", im, [cv2.IMWRITE_WEBP_QUALITY, quality])
    if not ok:
        raise ValueError(f"cannot encode {png} as WebP")
    return buf.tobytes()


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def pack(out: Path, designs: list[str] | None = None, quality: int = PACK_QUALITY, workers: int = 4,
         leave_drawn: bool = False) -> Path:
    """Write the cached faces of `designs` (default: every cached design) to `out`; leave_drawn:
    not those drawn_there, but the font files they use (URW faces, DejaVu)."""
    root = faces_root()
    dirs = sorted(d for d in root.iterdir() if (d / "meta.json").is_file()) if root.is_dir() else []
    if designs is not None:
        dirs = [d for d in dirs if d.name in set(designs)]
    fonts: dict[str, Path] = {}
    left: list[Design] = []
    if leave_drawn:
        known = {d.name: d for d in all_designs()}
        left = [known[d.name] for d in dirs if d.name in known and drawn_there(known[d.name])]
        dirs = [d for d in dirs if d.name not in {x.name for x in left}]
        fonts = _font_members(left)
    if not dirs:
        raise SystemExit(f"no rendered faces under {root}: render them first (referee train data)")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    mode = "w:gz" if out.name.endswith(".gz") else "w"
    with tarfile.open(out, mode) as tar, ThreadPoolExecutor(workers) as pool:
        if leave_drawn:
            _add(tar, f"{LEFT_MEMBER}/{LEFT_FILE}", json.dumps(sorted(d.name for d in left)).encode())
        for name, path in fonts.items():
            _add(tar, name, path.read_bytes())
        for d in dirs:
            meta = json.loads((d / "meta.json").read_text())
            keys = sorted(meta["faces"])
            for key, data in zip(keys, pool.map(lambda k: _encode(d / f"{k}.png", quality), keys)):
                _add(tar, f"{d.name}/{key}.webp", data)
            _add(tar, f"{d.name}/meta.json", json.dumps(meta).encode())
    return out


def unpack(pack_file: Path, workers: int = 8) -> list[str]:
    """Restore a pack into this machine's face cache, and its fonts where drawn.resolve_font finds
    them (_unpack_fonts); returns the design names. Designs already cached here are left alone."""
    root = faces_root()
    names: list[str] = []
    with tarfile.open(pack_file) as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
        by_design: dict[str, list[tarfile.TarInfo]] = {}
        for m in members:
            design, _, _ = m.name.partition("/")
            if not design or ".." in m.name or m.name.startswith("/"):
                raise ValueError(f"bad member in face pack: {m.name}")
            by_design.setdefault(design, []).append(m)
        _unpack_fonts(tar, [m for m in by_design.pop(LEFT_MEMBER, []) if m.name.startswith(f"{LEFT_MEMBER}/fonts/")])
        for design, ms in sorted(by_design.items()):
            names.append(design)
            final = root / design
            if (final / "meta.json").is_file():
                continue
            tmp = root / (design + ".tmp")
            tmp.mkdir(parents=True, exist_ok=True)
            blobs = {Path(m.name).name: tar.extractfile(m).read() for m in ms}

            def write(item):
                fname, data = item
                if not fname.endswith(".webp"):
                    return
                im = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
                if im is None:
                    raise ValueError(f"corrupt face in pack: {design}/{fname}")
                cv2.imwrite(str(tmp / fname.replace(".webp", ".png")), im)

            with ThreadPoolExecutor(workers) as pool:
                list(pool.map(write, blobs.items()))
            meta = json.loads(blobs["meta.json"])
            meta["packed"] = True
            (tmp / "meta.json").write_text(json.dumps(meta, indent=1))
            tmp.rename(final)

    designs.all_designs.cache_clear()
    return names


def _unpack_fonts(tar: tarfile.TarFile, members: list[tarfile.TarInfo]) -> None:
    """The pack's URW faces where fetch_fonts puts them (unless this machine has them), its system
    fonts where drawn.resolve_font looks for those missing here."""
    targets = {"urw": None if urw_root() is not None else fonts_dir() / URW_FETCHED, "system": brought_fonts_dir()}
    for m in members:
        kind = Path(m.name).parent.name
        if (target := targets.get(kind)) is not None:
            target.mkdir(parents=True, exist_ok=True)
            (target / Path(m.name).name).write_bytes(tar.extractfile(m).read())
    drawn.forget_font_lookups()


def left_to_draw(pack_file: Path) -> list[str]:
    """The drawn decks a --drawn-there pack left to the machine unpacking it (none for another pack)."""
    with tarfile.open(pack_file) as tar:
        try:
            member = tar.extractfile(f"{LEFT_MEMBER}/{LEFT_FILE}")
        except KeyError:
            return []
        return list(json.loads(member.read())) if member else []


def draw(names: list[str], processes: int = 8) -> list[str]:
    """Draw the decks `names` not cached yet, one process each, `processes` at a time; returns
    the names drawn."""
    missing = [d for d in map(designs.get_design, names) if not (design_dir(d) / "meta.json").is_file()]
    if missing:
        with ProcessPoolExecutor(processes) as pool:
            list(pool.map(_draw, missing))
        designs.all_designs.cache_clear()
    return [d.name for d in missing]


def _draw(design: Design) -> None:
    designs.build_design_cache(design, workers=1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m referee.synth.scenes.facepack", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("pack")
    a.add_argument("out", type=Path)
    a.add_argument("--quality", type=int, default=PACK_QUALITY)
    a.add_argument("--training-only", action="store_true",
                   help="only the designs training data draws from (training, picture-joker and held-out split), "
                        "not those kept for measuring")
    a.add_argument("--drawn-there", action="store_true",
                   help="leave out the drawn decks the unpacking machine draws in seconds (drawn_there) "
                        "and carry the font files they use: `unpack --draw` draws them")
    b = sub.add_parser("unpack")
    b.add_argument("pack", type=Path)
    b.add_argument("--workers", type=int, default=8)
    b.add_argument("--draw", action="store_true",
                   help="then draw the drawn decks a --drawn-there pack left out, --workers processes at a time")
    args = p.parse_args(argv)
    if args.cmd == "pack":
        names = None
        if args.training_only:
            names = sorted(set(usable_design_names("train")) | set(usable_design_names("train-jokers"))
                           | set(usable_design_names("train-dark")) | set(usable_design_names("val")))
        print(pack(args.out, designs=names, quality=args.quality, leave_drawn=args.drawn_there))
    else:
        names = unpack(args.pack, workers=args.workers)
        print(f"{len(names)} designs in {faces_root()}")
        if args.draw:
            print(f"{len(draw(left_to_draw(args.pack), args.workers))} drawn here")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
