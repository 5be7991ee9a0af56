"""`draw_text`: a line of text in OpenCV 5's built-in Unicode font ("uni", with kana and kanji),
optionally with a one-pixel dark rim so it reads over any table. The rim is the same glyphs
drawn shifted by a pixel, so it is exactly as wide as the text (a thicker stroke of the same
text ran past it and doubled the line ends)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

_RIM = ((-1, -1), (1, -1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1), (0, 1))


@cache
def _font():
    import cv2

    return cv2.FontFace("uni")


def text_width(text: str, size: int) -> int:
    """The width in pixels of ``text`` drawn ``size`` pixels high."""
    import cv2

    return int(cv2.getTextSize((4096, 256), text, (0, size), _font(), size)[2])


def draw_text(image: "np.ndarray", text: str, origin: tuple[int, int], size: int,
              colour: tuple[int, int, int] = (255, 255, 255), outline: bool = True) -> None:
    """``text`` with its baseline starting at ``origin``, in place."""
    import cv2

    x, y = origin
    if outline:
        for dx, dy in _RIM:
            cv2.putText(image, text, (x + dx, y + dy), (0, 0, 0), _font(), size)
    cv2.putText(image, text, (x, y), colour, _font(), size)
