"""How large the cards will be in the camera's image, from a calibration: the recogniser reads
cards well from about 85 pixels tall and much worse below 70, so a table set up with the camera
too high (or a low camera mode) is told at once, not after a game of misreadings.

The scale comes from the table's size in millimetres where the calibration knows it, else from
the printed corner markers' size (40 mm, `referee markers`' default); `referee calibrate`
measures the play area with the markers the same way, so a table need not be measured by hand.
"""

from __future__ import annotations

import math

from referee.calibration.calibration import Calibration
from referee.calibration.markers import CORNER_IDS

CARD_HEIGHT_MM = 88.0          # a standard poker-size card
MARKER_MM = 40.0               # `referee markers --marker-mm` default
READS_WELL_PX = 85.0


def units_per_mm(calibration: Calibration, marker_mm: float = MARKER_MM) -> tuple[float, float] | None:
    """Table units per millimetre along x and y: 1 on a table in mm; else from the printed corner
    markers' sides mapped onto the table plane (perspective and a normalised plane's stretch both
    cancel out); None when nothing tells the scale (clicked corners on a normalised table)."""
    import numpy as np

    if calibration.units == "mm":
        return (1.0, 1.0)
    along, across = [], []
    for marker, quad in calibration.markers.items():
        if marker not in CORNER_IDS or len(quad) != 4:
            continue
        corners = calibration.image_to_table(np.asarray(quad, dtype=np.float64))
        for i in range(4):
            dx, dy = np.abs(corners[(i + 1) % 4] - corners[i])
            (along if dx > dy else across).append(math.hypot(dx, dy) / marker_mm)
    if not along or not across:
        return None
    return float(np.median(along)), float(np.median(across))


def measured_table_mm(calibration: Calibration, marker_mm: float = MARKER_MM) -> tuple[float, float] | None:
    """The play area's size in millimetres, measured with the printed corner markers."""
    scale = units_per_mm(calibration, marker_mm)
    if scale is None or calibration.units == "mm":
        return None
    width, height = calibration.table_size
    return round(width / scale[0]), round(height / scale[1])


def card_height_px(calibration: Calibration, marker_mm: float = MARKER_MM) -> float | None:
    """A card's height in image pixels at the middle of the table (the mean of a card lying along
    and across the table), or None when nothing tells the scale."""
    import numpy as np

    per_mm = units_per_mm(calibration, marker_mm)
    if per_mm is None:
        return None
    width, height = calibration.table_size
    centre = (width / 2, height / 2)
    ends = np.array([centre, (centre[0] + CARD_HEIGHT_MM * per_mm[0], centre[1]),
                     centre, (centre[0], centre[1] + CARD_HEIGHT_MM * per_mm[1])])
    image = calibration.table_to_image(ends)
    return float((math.dist(image[0], image[1]) + math.dist(image[2], image[3])) / 2)


def card_size_note(calibration: Calibration) -> tuple[str, bool] | None:
    """The line to print about card size, and whether it is a warning."""
    px = card_height_px(calibration)
    if px is None:
        return None
    if px < READS_WELL_PX:
        return (f"warning: cards will be about {px:.0f} px tall in this image; they are read well from "
                f"{READS_WELL_PX:.0f} px: lower the camera or give a larger --size (e.g. 1920x1080)", True)
    return f"cards will be about {px:.0f} px tall in this image", False
