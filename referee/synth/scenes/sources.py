"""The design sources that come from Debian's archive at development time, not with the package:
PySolFC's card sets (the historical designs, one of them held out) and the URW fonts of the later
drawn decks. Without them the generator still draws scenes, from fewer designs and with OpenCV's
sans for the URW faces, so a benchmark or a data set made on a fresh machine would silently be
another one; trainers fetch them first (`fetch_sources`) and benchmarks say what is missing
(`missing_sources`). The runtime referee never calls this.

    >>> isinstance(missing_sources(), list)
    True
"""
from __future__ import annotations

from collections.abc import Callable

from . import fetch_fonts, fetch_pysolfc
from .pysol import cached_pysol_designs, cardsets_root
from .urw_fonts import urw_root


def _have_pysol() -> bool:
    # a machine fed a face pack (facepack.py) has the pysol faces without the card sets
    return cardsets_root() is not None or bool(cached_pysol_designs())


def missing_sources() -> list[str]:
    """What this machine lacks, each with the command that fetches it (network needed once)."""
    missing = []
    if not _have_pysol():
        missing.append("PySolFC card sets (python -m referee.synth.scenes.fetch_pysolfc)")
    if urw_root() is None:
        missing.append("URW fonts (python -m referee.synth.scenes.fetch_fonts)")
    return missing


def fetch_sources(warn: Callable[[str], None] = print) -> None:
    """Fetch what is missing; where it cannot be fetched (no network, e.g. a GPU box), say so and
    go on with what there is."""
    if not _have_pysol():
        try:
            fetch_pysolfc.fetch()
        except Exception as exc:  # noqa: BLE001 - no network: train on the SVG designs alone
            warn(f"warning: PySolFC card sets unavailable ({exc}); continuing with the SVG designs")
    if urw_root() is None:
        try:
            fetch_fonts.fetch()
        except Exception as exc:  # noqa: BLE001 - no network: drawn from OpenCV's sans unless a face pack has them
            warn(f"warning: URW fonts unavailable ({exc}); drawn variants without packed faces use OpenCV's sans")
