"""Synthetic reading streams for the tracker: card readings already on the table (mm of an
800 x 600 table with the default zones), fed frame by frame."""

from __future__ import annotations

from referee.calibration import default_zones
from referee.tracking import TableReading, TableTracker, TrackerSettings
from referee.vision.labels import parse_label, parse_labels

TABLE = (800.0, 600.0)
FPS = 15


def tracker(**settings) -> TableTracker:
    return TableTracker(default_zones(4, *TABLE), TABLE, TrackerSettings(**settings))


def card(code: str, x: float, y: float = 300.0, zone: str = "pile", confidence: float = 0.9) -> TableReading:
    return TableReading(parse_label(code), confidence, (x, y), zone)


def run(tr: TableTracker, scene, start: float, end: float) -> list:
    """Feed frames at FPS from ``start`` to ``end``; ``scene(t, i)`` gives a frame's readings."""
    out = []
    i = round(start * FPS)
    while i / FPS <= end + 1e-9:
        t = i / FPS
        out.extend(tr.update(t, scene(t, i)))
        i += 1
    return out


def of(kind, observations) -> list:
    return [o for o in observations if isinstance(o, kind)]


def labels(*codes: str) -> tuple:
    """The tracker's labels of card codes (its input's edge: the recogniser names codes)."""
    return parse_labels(codes)


def readings(per_card) -> tuple:
    """Candidates as the tracker gives them, from (code, score) pairs card by card."""
    return tuple(tuple((parse_label(code), score) for code, score in card) for card in per_card)
