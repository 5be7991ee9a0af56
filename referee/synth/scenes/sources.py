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

import functools
from collections.abc import Callable
from typing import NamedTuple

from . import fetch_fonts, fetch_pysolfc
from .pysol import cached_pysol_designs, cardsets_root
from .urw_fonts import urw_root


class Source(NamedTuple):
    name: str
    command: str                     # fetches it (network needed once)
    present: Callable[[], bool]
    fetch: Callable[[], object]
    without: str                     # what training does where it cannot be fetched


def _sources() -> tuple[Source, ...]:
    # looked up at call time, so that the fetchers and probes are the modules' current ones
    return (
        # a machine fed a face pack (facepack.py) has the pysol faces without the card sets
        Source("PySolFC card sets", "python -m referee.synth.scenes.fetch_pysolfc",
               lambda: cardsets_root() is not None or bool(cached_pysol_designs()), fetch_pysolfc.fetch,
               "continuing with the SVG designs"),
        Source("URW fonts", "python -m referee.synth.scenes.fetch_fonts", lambda: urw_root() is not None,
               fetch_fonts.fetch, "drawn variants without packed faces use OpenCV's sans"),
    )


def missing_sources() -> list[str]:
    """What this machine lacks, each with the command that fetches it (network needed once)."""
    return [f"{s.name} ({s.command})" for s in _sources() if not s.present()]


def fetch_sources(warn: Callable[[str], None] = functools.partial(print, flush=True)) -> None:
    """Fetch what is missing; where it cannot be fetched (no network, e.g. a GPU box), say so and
    go on with what there is."""
    for source in _sources():
        if source.present():
            continue
        try:
            source.fetch()
        except Exception as exc:  # noqa: BLE001 - no network: train on what there is
            warn(f"warning: {source.name} unavailable ({exc}); {source.without}")
