"""A picture of a calibration: the zones and the table outline drawn over a frame, so the user
can see at a glance whether the table was found where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.calibration.calibration import Calibration
from referee.calibration.layout import DISCARD, PAD, PILE, POINTS

if TYPE_CHECKING:
    import numpy as np

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
        label = zone.kind if zone.seat is None else f"{zone.kind} {_ascii(calibration.seats[zone.seat])}"
        x, y = np.round(calibration.table_to_image(zone.center())).astype(int)
        cv2.putText(view, label, (int(x) - 30, int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(view, label, (int(x) - 30, int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1, cv2.LINE_AA)
    return view


def _ascii(name: str) -> str:
    # Hershey fonts: keep the preview simple; the seat number still tells the seats apart.
    return name if name.isascii() else "?"
