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

    python -m referee.synth.scenes.facepack pack OUT.tar[.gz] [--quality 88] [--training-only]
    python -m referee.synth.scenes.facepack unpack PACK.tar [--workers 8]
"""
from __future__ import annotations

import argparse
import io
import json
import tarfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

from . import designs
from .cache import faces_root
from .dataset import usable_design_names

PACK_QUALITY = 88


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


def pack(out: Path, designs: list[str] | None = None, quality: int = PACK_QUALITY, workers: int = 4) -> Path:
    """Write the cached faces of `designs` (default: every cached design) to `out`."""
    root = faces_root()
    dirs = sorted(d for d in root.iterdir() if (d / "meta.json").is_file()) if root.is_dir() else []
    if designs is not None:
        dirs = [d for d in dirs if d.name in set(designs)]
    if not dirs:
        raise SystemExit(f"no rendered faces under {root}: render them first (referee train data)")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    mode = "w:gz" if out.name.endswith(".gz") else "w"
    with tarfile.open(out, mode) as tar, ThreadPoolExecutor(workers) as pool:
        for d in dirs:
            meta = json.loads((d / "meta.json").read_text())
            keys = sorted(meta["faces"])
            for key, data in zip(keys, pool.map(lambda k: _encode(d / f"{k}.png", quality), keys)):
                _add(tar, f"{d.name}/{key}.webp", data)
            _add(tar, f"{d.name}/meta.json", json.dumps(meta).encode())
    return out


def unpack(pack_file: Path, workers: int = 8) -> list[str]:
    """Restore a pack into this machine's face cache; returns the design names. Designs already
    cached here are left alone."""
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m referee.synth.scenes.facepack", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("pack")
    a.add_argument("out", type=Path)
    a.add_argument("--quality", type=int, default=PACK_QUALITY)
    a.add_argument("--training-only", action="store_true",
                   help="only the designs training data draws from (training, picture-joker and held-out split), "
                        "not those kept for measuring")
    b = sub.add_parser("unpack")
    b.add_argument("pack", type=Path)
    b.add_argument("--workers", type=int, default=8)
    args = p.parse_args(argv)
    if args.cmd == "pack":
        names = None
        if args.training_only:
            names = sorted(set(usable_design_names("train")) | set(usable_design_names("train-jokers"))
                           | set(usable_design_names("val")))
        print(pack(args.out, designs=names, quality=args.quality))
    else:
        names = unpack(args.pack, workers=args.workers)
        print(f"{len(names)} designs in {faces_root()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
