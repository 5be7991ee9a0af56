"""Fetch Debian trixie's `pysolfc-cardsets` into ``<cache>/pysolfc/`` without touching the
system's apt configuration (:mod:`referee.synth.scenes.debian`).

    python -m referee.synth.scenes.fetch_pysolfc [--force]

Needs network access (training / data generation only; the runtime referee never calls this).
Idempotent: does nothing when the cardsets are already unpacked.
"""
from __future__ import annotations

import glob
import sys
from pathlib import Path

from .debian import fetch_once
from .designs import cache_root

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
    root, fetched = fetch_once(PACKAGE, pysolfc_dir(), cardsets_root, "cardset-* directories", force, verbose)
    if fetched:
        from . import designs

        designs.all_designs.cache_clear()  # the registry now includes the pysol designs
    return root


if __name__ == "__main__":
    fetch(force="--force" in sys.argv)
