"""Where the URW fonts of the later drawn training decks are found: installed system-wide, or
unpacked into the cache by :mod:`referee.synth.scenes.fetch_fonts` (or by a face pack); and the
system fonts a face pack brought."""
from __future__ import annotations

from pathlib import Path

from .cache import cache_root

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


def brought_fonts_dir() -> Path:
    """Where a face pack (referee.synth.scenes.facepack) puts the system font files (DejaVu) its
    drawn decks use, for a machine that lacks them: looked up by file name."""
    return fonts_dir() / "system"
