"""A rendered table with one face-up card whose top-left corner lies under a face-down card, so
that only its bottom-right index shows: the scene the twin reader's tests read
(tests/vision/test_twins.py)."""

from __future__ import annotations

from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table

# kde-ancient-egyptians (held out) prints its bottom-right index suit over rank, both upright:
# without the twin reader the classifier reads these the other way round (9H as 6H, 7H as 4H)
UNTURNED_CORNERS = [("kde-ancient-egyptians", "9H", "6H"), ("kde-ancient-egyptians", "9S", "6S"),
                    ("kde-ancient-egyptians", "7H", "4H")]


def corner_table(design: str, code: str):
    """`code` of `design` face up, its top-left corner under a face-down card."""
    placements = [CardPlacement(code, design, (0.0, 0.0), 0.0, True, z=0),
                  CardPlacement(None, design, (-40.0, 55.0), 30.0, False, z=1)]
    return render_table(placements, TableStyle(kind="felt", texture_seed=3), Camera(), effects=Effects(noise_sigma=2.0),
                        seed=5)
