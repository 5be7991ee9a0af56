"""A picture of a calibration: the zones and the table outline drawn over a frame, so the user
can see at a glance whether the table was found where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.calibration.calibration import Calibration
from referee.calibration.layout import DISCARD, PAD, PILE, POINTS
from referee.drawing import draw_text, text_width

if TYPE_CHECKING:
    import numpy as np

LABEL_PX = 15
ZONE_COLOURS = {PILE: (0, 200, 0), DISCARD: (0, 140, 255), POINTS: (255, 160, 0), PAD: (200, 0, 200)}  # BGR


def draw_calibration(image: "np.ndarray", calibration: Calibration) -> "np.ndarray":
    """A copy of ``image`` with the table outline, the zones and the seat names."""
    import cv2
    import numpy as np

    view = image.copy()
    outline = np.round(np.asarray(calibration.table_corners_image)).astype(np.int32)
    cv2.polylines(view, [outline], True, (0, 255, 255), 2, cv2.LINE_AA)
    for zone in calibration.zones:
        poly = np.round(calibration.table_to_image(zone.polygon)).astype(np.int32)
        cv2.polylines(view, [poly], True, ZONE_COLOURS.get(zone.kind, (255, 255, 255)), 2, cv2.LINE_AA)
        label = zone.kind if zone.seat is None else f"{zone.kind} {calibration.seats[zone.seat]}"
        x, y = np.round(calibration.table_to_image(zone.center())).astype(int)
        draw_text(view, label, (int(x) - text_width(label, LABEL_PX) // 2, int(y) + LABEL_PX // 3), LABEL_PX)
    return view
