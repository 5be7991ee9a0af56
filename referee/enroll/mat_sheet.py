"""The printable deck enrolment mat: one A3 landscape page (see `referee.enroll.mat` for the
geometry), written as PNG and as a true-scale PDF like the table's marker sheet.

On the page: the four mat markers (ids 20-23) in the corners, the title and one line of
instruction between the top markers, the rank of each column above the first row, the suit of
each row (a drawn pip, its name in English and in kana) left of the grid, and per slot an L-shaped
mark where the card's top-left corner goes plus a light outline of the part of the card that stays
visible. Everything but the slot marks lies outside the cards, so the camera sees only cards where
it reads cards; row 4's slot names are printed inside their slots, where the card itself hides them.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from referee.calibration.markers import marker_image
from referee.calibration.pdf import write_image_pdf
from referee.calibration.sheet import PageText
from referee.enroll.mat import EXTRA_ROW, MAT_MARKER_IDS, MAT_RANKS, MAT_SUITS, ROW_NAMES, MatLayout
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

DEFAULT_DPI = 200
TITLE = "daifugo-referee: deck enrolment mat / デッキとうろく"
INSTRUCTION = "put each card's top-left corner on its mark; the next card goes on top, to the right"
INK = 0              # markers, titles, pips
MARK_INK = 70        # slot corner marks
OUTLINE_INK = 200    # light outline of each slot's visible part
SOFT_INK = 110       # small print
MARK_ARM_MM = 6.0    # arms of the L-shaped slot mark
EXTRA_SLOT_TEXT = (("black joker", "くろ ジョーカー"), ("red joker", "あか ジョーカー"),   # row 4, in its slots
                   ("back", "うらめん"))


def render_mat(layout: MatLayout = MatLayout(), dpi: int = DEFAULT_DPI) -> "np.ndarray":
    """The page as a greyscale image (white paper, black ink), ``dpi`` pixels per inch."""
    if not 72 <= dpi <= 600:
        raise UserError(f"--dpi must be between 72 and 600, got {dpi}")
    return cached_mat_page(layout, dpi).copy()


@functools.lru_cache(maxsize=4)
def cached_mat_page(layout: MatLayout, dpi: int) -> "np.ndarray":
    """The page as render_mat draws it, shared between callers: read it, never write into it."""
    import cv2
    import numpy as np

    px = dpi / 25.4
    width_mm, height_mm = layout.size_mm()
    page = np.full((round(height_mm * px), round(width_mm * px)), 255, np.uint8)
    text = PageText()

    def p(x: float, y: float) -> tuple[int, int]:
        return int(round(x * px)), int(round(y * px))

    def line(a, b, ink: int, mm: float) -> None:
        cv2.line(page, p(*a), p(*b), ink, max(1, int(round(mm * px))), cv2.LINE_AA)

    def say(words: str, cx: float, baseline: float, size_mm: float, bold: bool = False, ink: int = INK) -> None:
        if not text.unicode and not words.isascii():
            return                       # Hershey fonts have no kana: the English beside it stays
        if ink == INK:
            text.draw(page, words, cx * px, baseline * px, size_mm * px, bold=bold)
            return
        layer = np.full_like(page, 255)
        text.draw(layer, words, cx * px, baseline * px, size_mm * px, bold=bold)
        np.minimum(page, np.maximum(layer, ink).astype(np.uint8), out=page)

    # markers: their white quiet zone is the paper (nothing is printed within a module of them)
    side = int(round(layout.marker_mm * px))
    for marker_id in MAT_MARKER_IDS:
        left, top = p(*layout.marker_origin_mm(marker_id))
        page[top:top + side, left:left + side] = marker_image(marker_id, side)

    # title and instruction between the top markers
    middle = width_mm / 2
    top_band = layout.margin_mm
    title = TITLE if text.unicode else TITLE.split(" / ")[0]
    say(title, middle, top_band + 8.0, 6.0, bold=True)
    say(INSTRUCTION, middle, top_band + 15.0, 3.6)
    ox, oy = layout.origin_mm
    pitch_x, pitch_y = layout.pitch_mm

    # ranks above the first row, suits left of every row
    for col, rank in enumerate(MAT_RANKS):
        x, y = layout.slot_corner_mm(0, col)
        say(rank.symbol, x + pitch_x / 2, y - 2.2, 4.6, bold=True)
    label_x = (layout.margin_mm + ox - 2.0) / 2
    from referee.synth.scenes.suit_shapes import suit_shape  # cv2: only inside functions (enroll/__init__.py)

    for row, (english, kana) in enumerate(ROW_NAMES):
        y = oy + row * pitch_y
        if row < len(MAT_SUITS):
            suit_shape(page, MAT_SUITS[row].letter, label_x * px, (y + 9.5) * px, 4.2 * px, INK)
            say(english, label_x, y + 21.5, 3.4)
            say(kana, label_x, y + 27.0, 3.2)
        else:
            say("JK JK", label_x, y + 8.0, 4.2, bold=True)
            say("jokers", label_x, y + 14.0, 3.2)
            say("+ back", label_x, y + 18.5, 3.2)
            for n, part in enumerate(kana.split()):
                say(part, label_x, y + 24.5 + 4.5 * n, 3.0)
        line((ox - 4.0, y), (ox - 1.0, y), MARK_INK, 0.35)          # row tick, left of the grid

    # slots: a light outline of the visible part, an L where the card's corner goes
    for row, col, _code in layout.slots():
        quad = layout.slot_visible_mm(row, col)
        cv2.polylines(page, [np.round(quad * px).astype(np.int32)], True, OUTLINE_INK,
                      max(1, int(round(0.25 * px))), cv2.LINE_AA)
        x, y = layout.slot_corner_mm(row, col)
        line((x, y), (x + MARK_ARM_MM, y), MARK_INK, 0.5)
        line((x, y), (x, y + MARK_ARM_MM), MARK_INK, 0.5)
        if row == 0:
            line((x, y - 1.0), (x, y), MARK_INK, 0.35)               # column tick above the grid
        if row == EXTRA_ROW and col < len(EXTRA_SLOT_TEXT):           # hidden by its own card
            english, kana = EXTRA_SLOT_TEXT[col]
            say(english, x + pitch_x / 2, y + 48.0, 2.8, ink=SOFT_INK)
            say(kana, x + pitch_x / 2, y + 53.0, 2.6, ink=SOFT_INK)

    say(f"print at 100% on A3 landscape ({dpi} dpi): markers are {layout.marker_mm:g} mm, ids "
        f"{MAT_MARKER_IDS[0]}-{MAT_MARKER_IDS[-1]}; cards up to {layout.card_mm[0]:g} x {layout.card_mm[1]:g} mm; "
        "lay the rows top to bottom", middle, height_mm - layout.margin_mm - 4.0, 3.0, ink=SOFT_INK)
    page.flags.writeable = False
    return page


def write_mat_sheet(out: str | Path, dpi: int = DEFAULT_DPI, layout: MatLayout = MatLayout()) -> list[Path]:
    """Write the mat as PNG and PDF (``out`` names either; the other goes beside it); the PDF is
    A3 landscape at true scale."""
    import cv2

    out = Path(out)
    if out.suffix.lower() not in (".png", ".pdf"):
        raise UserError(f"--out must end in .png or .pdf, got {out.name}")
    if not out.parent.is_dir():
        raise UserError(f"no such folder: {out.parent}")
    page = render_mat(layout, dpi)
    png, pdf = out.with_suffix(".png"), out.with_suffix(".pdf")
    try:
        written = cv2.imwrite(str(png), page)
    except cv2.error:
        written = False
    if not written:
        raise UserError(f"cannot write {png}")
    try:
        write_image_pdf(pdf, page, layout.size_mm())
    except OSError as exc:
        raise UserError(f"cannot write {pdf}: {exc.strerror}") from None
    return [png, pdf]
