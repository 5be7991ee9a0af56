"""The unit every source yields."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np


class Frame(NamedTuple):
    """One video frame. A tuple, so ``for index, timestamp, image in capture`` works."""

    # Position in the file / folder; for cameras a running count. The field shadows
    # tuple.index on purpose: callers mean the frame number.
    index: int  # type: ignore[assignment]
    timestamp: float    # seconds: index / fps for files (deterministic), time.monotonic() for cameras
    image: "np.ndarray"  # BGR, uint8, H x W x 3
