"""The unit every source yields."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np


class Frame(NamedTuple):
    """One video frame. A tuple, so ``for index, timestamp, image in capture`` works."""

    index: int          # position in the file / folder; for cameras a running count
    timestamp: float    # seconds: index / fps for files (deterministic), time.monotonic() for cameras
    image: "np.ndarray"  # BGR, uint8, H x W x 3
