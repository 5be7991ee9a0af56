"""The enrolment window: the mat's slots coloured by state, and the last prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from referee.vision.labels import BACK, label_code

if TYPE_CHECKING:
    from referee.enroll.mat import MatLayout, MatView
    from referee.enroll.session import Enrolment

CAPTURED = (80, 200, 80)     # BGR
CURRENT = (0, 210, 255)
SKIPPED = (60, 60, 230)
WAITING = (160, 160, 160)


def draw_enrolment(frame: np.ndarray, view: "MatView", enrolment: "Enrolment", layout: "MatLayout",
                   prompt: str) -> np.ndarray:
    image = frame.copy()
    captured = {(s.row, s.col) for s in enrolment.samples}
    current = enrolment.current_row
    if view.ok:
        for row, col, label in layout.slots():
            colour = (CAPTURED if (row, col) in captured or (label is BACK and enrolment.back_seen)
                      else SKIPPED if label_code(label) in enrolment.skipped
                      else CURRENT if row == current else WAITING)
            poly = np.round(view.slot_polygon(row, col)).astype(np.int32)
            cv2.polylines(image, [poly], True, colour, 2, cv2.LINE_AA)
    status = "mat: " + ("found" if view.ok else "NOT FOUND") + (f" (hidden: {', '.join(view.missing)})" if view.missing else "")
    row_text = f"row {current + 1} of 5" if current is not None else "all rows captured"
    for i, line in enumerate((status, row_text, *_wrap(prompt, 90))):
        y = 28 + 26 * i
        cv2.putText(image, line, (12, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(image, line, (12, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 1, cv2.LINE_AA)
    return image


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])
