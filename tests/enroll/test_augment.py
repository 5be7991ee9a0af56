"""Table-like copies of enrolled crops (referee.enroll.augment)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.enroll.augment import table_like


def _index_crop() -> np.ndarray:
    """A white 64 px crop with a dark 'rank' bar and a red 'pip' in its top-left part."""
    crop = np.full((64, 64, 3), 235, np.uint8)
    crop[8:30, 10:16] = (20, 20, 20)
    crop[34:44, 9:19] = (30, 30, 200)
    return crop


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_a_copy_keeps_size_and_type_and_is_deterministic(seed):
    crop = _index_crop()
    a = table_like(crop, np.random.default_rng(seed))
    b = table_like(crop, np.random.default_rng(seed))
    assert a.shape == crop.shape and a.dtype == np.uint8
    assert np.array_equal(a, b)
    assert np.array_equal(crop, _index_crop())            # the original is untouched


def test_copies_vary_and_keep_the_ink():
    """Copies differ from the crop and from each other, yet the index's dark ink survives
    (a copy never turns into a blank or a flat colour)."""
    crop = _index_crop()
    rng = np.random.default_rng(7)
    copies = [table_like(crop, rng) for _ in range(60)]
    assert all(not np.array_equal(c, crop) for c in copies)
    assert len({c.tobytes() for c in copies}) == len(copies)
    for c in copies:
        gray = c.astype(np.float32).mean(axis=2)
        assert gray.max() - gray.min() > 40                 # contrast left: still something to read


def test_every_quarter_turn_occurs():
    """At the table an index is rectified only up to a quarter turn: the copies show all four."""
    crop = _index_crop()
    rng = np.random.default_rng(1)
    quadrants = set()
    for _ in range(80):
        c = table_like(crop, rng).astype(np.float32).mean(axis=2)
        halves = {"top-left": c[:32, :32].mean(), "top-right": c[:32, 32:].mean(),
                  "bottom-left": c[32:, :32].mean(), "bottom-right": c[32:, 32:].mean()}
        quadrants.add(min(halves, key=halves.get))          # the darkest quadrant holds the ink
    assert quadrants == {"top-left", "top-right", "bottom-left", "bottom-right"}


def test_generic_crops_are_index_sized_squares_anywhere_in_the_frame():
    from referee.enroll.run import generic_crops
    from referee.vision.types import Detection

    frame = np.random.default_rng(0).integers(0, 256, (360, 640, 3), dtype=np.uint8)
    dets = [Detection(kind="index", box=(100, 100, 110 + k, 120 + k), confidence=0.9) for k in range(3)]
    a = generic_crops(frame, dets, 5, np.random.default_rng(1), 64)
    b = generic_crops(frame, dets, 5, np.random.default_rng(1), 64)
    assert len(a) == 5 and all(c.shape == (64, 64, 3) and c.dtype == np.uint8 for c in a)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert len(generic_crops(frame, [], 2, np.random.default_rng(1), 64)) == 2   # no index seen: a default size
