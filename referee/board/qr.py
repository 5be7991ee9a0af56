"""The board's link as a QR code drawn in a corner of the overlay, so a phone at the table opens
it with its camera."""

from __future__ import annotations

import numpy as np
import segno

QUIET_MODULES = 4        # the white margin the QR standard asks for: a phone finds the code over any table
MODULE_PIXELS = 4


def qr_badge(url: str, module_pixels: int = MODULE_PIXELS) -> np.ndarray:
    """A BGR image of the QR code of ``url``: black modules on white, each module a square of
    ``module_pixels``."""
    matrix = np.array([list(row) for row in segno.make(url, error="m").matrix], dtype=bool)
    matrix = np.pad(matrix, QUIET_MODULES, constant_values=False)
    grey = np.where(matrix, 0, 255).astype(np.uint8)
    grey = np.kron(grey, np.ones((module_pixels, module_pixels), np.uint8))
    return np.repeat(grey[:, :, None], 3, axis=2)
