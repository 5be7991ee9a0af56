"""The four-click fallback in an OpenCV window, for tables without corner markers."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from referee.calibration.layout import Point
from referee.calibration.markers import CORNER_NAMES
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

WINDOW = "referee calibrate: click the table corners"


def display_available() -> bool:
    """Whether an OpenCV window can open here (a desktop session, and a GUI build of OpenCV)."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    import cv2

    try:
        cv2.namedWindow("referee probe", cv2.WINDOW_NORMAL)
        cv2.destroyWindow("referee probe")
        return True
    except cv2.error:        # opencv-python-headless: no highgui
        return False


def click_corners(image: "np.ndarray") -> list[Point]:
    """Show ``image`` and collect four clicks: top-left, top-right, bottom-right, bottom-left.
    Backspace undoes a click, Esc or q cancels (a `UserError`)."""
    import cv2

    points: list[Point] = []

    def on_mouse(event: int, x: int, y: int, _flags: int, _param: object) -> None:
        if event == cv2.EVENT_LBUTTONDOWN and len(points) < 4:
            points.append((float(x), float(y)))

    cv2.namedWindow(WINDOW, cv2.WINDOW_NORMAL)
    cv2.setMouseCallback(WINDOW, on_mouse)
    try:
        while len(points) < 4:
            view = image.copy()
            for i, (x, y) in enumerate(points):
                cv2.circle(view, (int(x), int(y)), 6, (0, 0, 255), 2)
                cv2.putText(view, str(i), (int(x) + 8, int(y) - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 255), 2)
            if len(points) > 1:
                pts = [(int(x), int(y)) for x, y in points]
                for a, b in zip(pts, pts[1:]):
                    cv2.line(view, a, b, (0, 200, 255), 2)
            prompt = f"click the table's {CORNER_NAMES[len(points)]} corner ({len(points) + 1}/4); backspace: undo, esc: cancel"
            cv2.putText(view, prompt, (10, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
            cv2.putText(view, prompt, (10, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 1)
            cv2.imshow(WINDOW, view)
            key = cv2.waitKey(30) & 0xFF
            if key in (27, ord("q")):
                raise UserError("calibration cancelled")
            if key in (8, 127) and points:
                points.pop()
    finally:
        cv2.destroyWindow(WINDOW)
        cv2.waitKey(1)
    return points
