"""Fetch Debian trixie's `pysolfc-cardsets` into ``<cache>/pysolfc/`` without touching the
system's apt configuration (:mod:`referee.synth.scenes.debian`).

    python -m referee.synth.scenes.fetch_pysolfc [--force]

Needs network access (training / data generation only; the runtime referee never calls this).
Idempotent: does nothing when the cardsets are already unpacked.
"""
from __future__ import annotations

import sys
from pathlib import Path

from . import designs
from .debian import fetch_once
from .pysol import cardsets_root, pysolfc_dir

PACKAGE = "pysolfc-cardsets"


def fetch(force: bool = False, verbose: bool = True) -> Path:
    root, fetched = fetch_once(PACKAGE, pysolfc_dir(), cardsets_root, "cardset-* directories", force, verbose)
    if fetched:
        designs.all_designs.cache_clear()  # the registry now includes the pysol designs
    return root


if __name__ == "__main__":
    fetch(force="--force" in sys.argv)
