"""Where rendered training material is kept: a per-user cache, never the source tree."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .design import Design

CACHE_VERSION = 7


def cache_root() -> Path:
    """$REFEREE_CACHE_DIR, else $XDG_CACHE_HOME/daifugo-referee (~/.cache/daifugo-referee):
    renders are never written into the source tree or the installed package."""
    env = os.environ.get("REFEREE_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "daifugo-referee"


def faces_root() -> Path:
    # versioned, so that processes running an older copy of this code never clobber newer renders
    return cache_root() / "faces" / f"v{CACHE_VERSION}"


def design_dir(design: Design | str) -> Path:
    """The cache folder of one design's rendered faces and metadata."""
    return faces_root() / (design if isinstance(design, str) else design.name)

