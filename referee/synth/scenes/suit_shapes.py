"""Suit symbols drawn with OpenCV primitives: the printed hard negatives of the training scenes,
the pips of some drawn decks and the suit labels of the enrolment mat."""
from __future__ import annotations

import cv2
import numpy as np


def suit_shape(img, suit: str, cx, cy, s, col):
    """Draw a suit-like symbol (heart, diamond, club, spade) -- printed hard negatives."""
    if suit == "D":
        pts = np.array([[cx, cy - s], [cx + 0.7 * s, cy], [cx, cy + s], [cx - 0.7 * s, cy]], np.int32)
        cv2.fillPoly(img, [pts], col, lineType=cv2.LINE_AA)
    elif suit == "H" or suit == "S":
        sgn = 1 if suit == "H" else -1
        r = int(0.45 * s)
        cv2.circle(img, (int(cx - 0.42 * s), int(cy - sgn * 0.25 * s)), r, col, -1, cv2.LINE_AA)
        cv2.circle(img, (int(cx + 0.42 * s), int(cy - sgn * 0.25 * s)), r, col, -1, cv2.LINE_AA)
        pts = np.array([[cx - 0.86 * s, cy - sgn * 0.1 * s], [cx + 0.86 * s, cy - sgn * 0.1 * s],
                        [cx, cy + sgn * s]], np.int32)
        cv2.fillPoly(img, [pts], col, lineType=cv2.LINE_AA)
        if suit == "S":
            cv2.fillPoly(img, [np.array([[cx, cy], [cx - 0.3 * s, cy + s], [cx + 0.3 * s, cy + s]], np.int32)],
                         col, lineType=cv2.LINE_AA)
    else:
        r = int(0.36 * s)
        for dx, dy in ((0, -0.45), (-0.45, 0.1), (0.45, 0.1)):
            cv2.circle(img, (int(cx + dx * s), int(cy + dy * s)), r, col, -1, cv2.LINE_AA)
        cv2.fillPoly(img, [np.array([[cx, cy], [cx - 0.3 * s, cy + s], [cx + 0.3 * s, cy + s]], np.int32)],
                     col, lineType=cv2.LINE_AA)
