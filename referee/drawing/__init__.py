"""Text on camera frames (the overlay, the calibration preview) with OpenCV 5's built-in Unicode
font, which has kana and kanji."""

from referee.drawing.text import draw_text, text_width

__all__ = ["draw_text", "text_width"]
