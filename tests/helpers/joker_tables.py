"""A rendered table with one face-up joker of a held-out face design and, beside it, a 7D or a
face-down card: the scene the joker tests read (tests/vision/test_jokers.py, test_zoomed_backs.py)."""

from __future__ import annotations

from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table

# Held-out jesters (design, joker key) the committed classifier alone misses.
JESTERS = [("referee-drawn-coloured-1", "JKR"), ("referee-drawn-dark-2", "JKB")]


def joker_table(design: str, key: str, face_down_beside: bool = False):
    """A face-up joker of `design` on the left; on the right a 7D, or a face-down card."""
    right = CardPlacement(None, design, (90.0, -20.0), -10.0, False) if face_down_beside else \
        CardPlacement("7D", design, (90.0, -20.0), -10.0, True)
    placements = [CardPlacement("JK", design, (-90.0, -20.0), 0.0, True, key=key), right]
    return render_table(placements, TableStyle(kind="felt", texture_seed=3), Camera(), effects=Effects(noise_sigma=2.0),
                        seed=5)
