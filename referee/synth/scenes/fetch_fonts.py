"""Fetch the fonts of the later drawn training decks (Debian's `fonts-urw-base35`: free clones of
the classic PostScript faces, Times, Century Schoolbook, Palatino, Bookman, Helvetica, ...) into
``<cache>/fonts/`` without touching the system's apt configuration (:mod:`referee.synth.scenes.debian`).

    python -m referee.synth.scenes.fetch_fonts [--force]

Needs network access once (training data only; the runtime referee never draws these). A machine
fed a face pack (:mod:`referee.synth.scenes.facepack`) has the drawn faces already and needs no fonts.
Idempotent: does nothing when the fonts are already unpacked (or installed system-wide).
"""
from __future__ import annotations

import sys
from pathlib import Path

from . import drawn
from .debian import fetch_once
from .urw_fonts import PACKAGE, PROBE, fonts_dir, urw_root


def fetch(force: bool = False, verbose: bool = True) -> Path:
    root, fetched = fetch_once(PACKAGE, fonts_dir(), urw_root, PROBE, force, verbose)
    if fetched:
        drawn.forget_font_lookups()  # what was drawn before the fetch fell back to OpenCV's sans
    return root


if __name__ == "__main__":
    fetch(force="--force" in sys.argv)
