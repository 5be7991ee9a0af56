"""Fetch Debian trixie's `pysolfc-cardsets` into ``<cache>/pysolfc/`` without touching the
system's apt configuration (a private sources list and lists directory under a temp dir).

    python -m referee.scenes.fetch_pysolfc [--force]

Needs network access (training / data generation only; the runtime referee never calls this).
Idempotent: does nothing when the cardsets are already unpacked.
"""
from __future__ import annotations

import glob
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .designs import cache_root

SUITE = "trixie"
MIRROR = "http://deb.debian.org/debian"
PACKAGE = "pysolfc-cardsets"


def pysolfc_dir() -> Path:
    return cache_root() / "pysolfc"


def cardsets_root() -> Path | None:
    """The unpacked cardsets directory (holding cardset-*/), or None when not fetched."""
    base = pysolfc_dir() / "root"
    hits = sorted(glob.glob(str(base / "usr/share/games/*/cardset-*")))
    if not hits:
        hits = sorted(glob.glob(str(base / "usr/share/**/cardset-*"), recursive=True))
    return Path(hits[0]).parent if hits else None


def fetch(force: bool = False, verbose: bool = True) -> Path:
    root = cardsets_root()
    if root is not None and not force:
        if verbose:
            print(f"pysolfc cardsets already at {root}")
        return root
    out = pysolfc_dir()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="trixie-apt-") as td:
        td = Path(td)
        (td / "lists" / "partial").mkdir(parents=True)
        (td / "archives" / "partial").mkdir(parents=True)
        (td / "sources.list").write_text(f"deb {MIRROR} {SUITE} main\n")
        opts = [
            "-o", f"Dir::Etc::SourceList={td / 'sources.list'}",
            "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", f"Dir::State::Lists={td / 'lists'}",
            "-o", f"Dir::Cache::Archives={td / 'archives'}",
            "-o", "Dir::Cache::pkgcache=", "-o", "Dir::Cache::srcpkgcache=",
            "-o", "APT::Get::List-Cleanup=0",
        ]
        run = lambda args, cwd=None: subprocess.run(args, check=True, cwd=cwd,
                                                    stdout=None if verbose else subprocess.DEVNULL)
        run(["apt-get", *opts, "update"])
        run(["apt-get", *opts, "download", PACKAGE], cwd=str(out))
    debs = sorted(out.glob(f"{PACKAGE}_*.deb"))
    if not debs:
        raise RuntimeError("apt-get download produced no .deb")
    dest = out / "root"
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run(["dpkg", "-x", str(debs[-1]), str(dest)], check=True)
    root = cardsets_root()
    if root is None:
        raise RuntimeError(f"no cardset-* directories in {debs[-1]}")
    from . import designs

    designs.all_designs.cache_clear()  # the registry now includes the pysol designs
    if verbose:
        print(f"pysolfc cardsets unpacked to {root}")
    return root


if __name__ == "__main__":
    fetch(force="--force" in sys.argv)
