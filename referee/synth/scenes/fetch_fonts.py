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

from .debian import fetch_once
from .designs import cache_root

PACKAGE = "fonts-urw-base35"
SYSTEM_DIR = Path("/usr/share/fonts/opentype/urw-base35")
PROBE = "NimbusRoman-Bold.otf"


def fonts_dir() -> Path:
    return cache_root() / "fonts"


def urw_root() -> Path | None:
    """The folder holding the URW .otf files (system-wide install first), or None."""
    for d in (SYSTEM_DIR, fonts_dir() / "root" / "usr/share/fonts/opentype/urw-base35"):
        if (d / PROBE).is_file():
            return d
    return None


def fetch(force: bool = False, verbose: bool = True) -> Path:
    root, fetched = fetch_once(PACKAGE, fonts_dir(), urw_root, PROBE, force, verbose)
    if fetched:
        from . import drawn

        for cached in (drawn._resolve_font, drawn._glyph, drawn._cap_metrics, drawn._pip_ref):
            cached.cache_clear()  # what was drawn before the fetch fell back to OpenCV's sans
    return root


if __name__ == "__main__":
    fetch(force="--force" in sys.argv)
