"""Enrolment rehearsed on rendered frames: a user laying a deck of some design on the mat, row
by row as the session asks, under the scene generator's camera (for the tests and benchmarks).

Between rows the user may move the mat and the light changes (a new camera pose and lighting
per row, as `referee enroll` allows); within a row the frames differ by sensor noise only.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from referee.enroll.mat_scene import render_mat_scene
from referee.enroll.session import Enrolment

NOISE_SIGMA = 2.5


def rehearsed_user(design: str, *, seed: int = 0, hand_looks: int = 2, max_looks_per_row: int = 80,
                   missing=(), swapped=(), covered_markers=()):
    """A function of the session giving the frames a user makes: when a row is asked for,
    `hand_looks` frames with a hand over the new row, then the mat with that row laid until the
    session asks for the next (at most `max_looks_per_row` frames; then the user gives up)."""

    def frames(enrolment: Enrolment) -> Iterator[np.ndarray]:
        rng = np.random.default_rng(seed)
        laid: list[int] = []
        while not enrolment.done:
            row = enrolment.current_row
            laid.append(row)
            scene = render_mat_scene(design, list(laid), seed=int(rng.integers(2 ** 31)), missing=missing,
                                     swapped=swapped, covered_markers=covered_markers)
            for _ in range(hand_looks):
                yield with_noise(hand_over_row(scene, row, rng), rng)
            for _ in range(max_looks_per_row):
                if enrolment.current_row != row:
                    break
                yield with_noise(scene.image, rng)
            else:
                return
    return frames


def with_noise(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The frame with the camera's sensor noise added (a new array)."""
    noise = rng.normal(0.0, NOISE_SIGMA, image.shape)
    return np.clip(image.astype(np.float32) + noise, 0, 255).astype(np.uint8)


def hand_over_row(scene, row: int, rng: np.random.Generator) -> np.ndarray:
    """The frame with a skin-coloured blob over part of `row` (a rough hand that hides corners)."""
    import cv2

    layout = scene.layout
    image = scene.image.copy()
    cols = [c for r, c, _ in layout.slots() if r == row]
    if not cols:
        return image
    lo, hi = layout.slot_corner_mm(row, cols[0]), layout.slot_corner_mm(row, cols[-1])
    centre = scene.to_image([((lo[0] + hi[0]) / 2 + rng.uniform(-60, 60), lo[1] + 30.0)])[0]
    ends = scene.to_image([(0.0, 0.0), (100.0, 0.0)])
    px_per_mm = float(np.linalg.norm(ends[1] - ends[0])) / 100
    axes = (int(70 * px_per_mm), int(45 * px_per_mm))
    cv2.ellipse(image, (int(centre[0]), int(centre[1])), axes, float(rng.uniform(-30, 30)), 0, 360,
                (120, 150, 200), -1)
    return image
