"""The printable marker sheet: one A4 page with the four table-corner markers and one
"PASS / パス" pad per seat, each pad labelled with its seat's name.

Text uses OpenCV 5's built-in Unicode font (`cv2.FontFace`), which draws kana and kanji. With an
older OpenCV only the Hershey fonts exist: the sheet then says "PASS" alone and non-ASCII names
become "?" (the markers, which are what the camera reads, are the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from referee.calibration.markers import CORNER_IDS, CORNER_NAMES, MAX_SEATS, marker_image, pad_id
from referee.calibration.pdf import write_image_pdf
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

A4_MM = (210.0, 297.0)
DEFAULT_DPI = 200
DEFAULT_MARKER_MM = 40.0
PAGE_MARGIN_MM = 10.0
HEADER_MM = 16.0
COLUMNS, ROWS = 3, 4            # 12 tiles: 4 corners + up to 8 pads


@dataclass(frozen=True)
class SheetTile:
    marker_id: int
    title: str           # big line under the marker
    subtitle: str        # small line


def sheet_tiles(seat_names: Sequence[str]) -> list[SheetTile]:
    tiles = [SheetTile(i, f"corner {i}", f"table {CORNER_NAMES[i]}") for i in CORNER_IDS]
    tiles += [SheetTile(pad_id(seat), "PASS / パス", name) for seat, name in enumerate(seat_names)]
    return tiles


class PageText:
    """Centred text in the Unicode font when this OpenCV has one, else in Hershey."""

    def __init__(self) -> None:
        import cv2

        self.unicode = hasattr(cv2, "FontFace")
        self._face = cv2.FontFace("uni") if self.unicode else None

    def draw(self, image: "np.ndarray", text: str, center_x: float, baseline_y: float, height_px: float,
             bold: bool = False) -> None:
        import cv2

        if self.unicode:
            size = max(8, int(round(height_px)))
            weight = 700 if bold else 400
            x, _y, w, _h = cv2.getTextSize((image.shape[1], image.shape[0]), text, (0, 0), self._face, size, weight)
            org = (int(round(center_x - w / 2 - x)), int(round(baseline_y)))
            cv2.putText(image, text, org, 0, self._face, size, weight)
            return
        text = hershey_text(text)
        font = cv2.FONT_HERSHEY_DUPLEX
        scale = height_px / 22.0          # Hershey duplex capitals are about 22 px at scale 1
        thickness = max(1, int(round(height_px / (8 if bold else 14))))
        (w, _h), _ = cv2.getTextSize(text, font, scale, thickness)
        org = (int(round(center_x - w / 2)), int(round(baseline_y)))
        cv2.putText(image, text, org, font, scale, 0, thickness, cv2.LINE_AA)


def hershey_text(text: str) -> str:
    """What the Hershey fonts can draw: "PASS / パス" → "PASS", other non-ASCII → "?"."""
    text = text.replace(" / パス", "")
    return "".join(c if 32 <= ord(c) < 127 else "?" for c in text)


def render_sheet(seat_names: Sequence[str], dpi: int = DEFAULT_DPI,
                 marker_mm: float = DEFAULT_MARKER_MM) -> "np.ndarray":
    """The A4 page as a greyscale image (white paper, black ink)."""
    import numpy as np

    if not 2 <= len(seat_names) <= MAX_SEATS:
        raise UserError(f"the sheet has pads for 2 to {MAX_SEATS} seats, got {len(seat_names)}")
    if not 72 <= dpi <= 600:
        raise UserError(f"--dpi must be between 72 and 600, got {dpi}")
    px = dpi / 25.4
    page = np.full((round(A4_MM[1] * px), round(A4_MM[0] * px)), 255, np.uint8)
    text = PageText()
    tile_w = (A4_MM[0] - 2 * PAGE_MARGIN_MM) / COLUMNS
    tile_h = (A4_MM[1] - 2 * PAGE_MARGIN_MM - HEADER_MM) / ROWS
    if not 15 <= marker_mm <= min(tile_w, tile_h) - 18:
        raise UserError(f"--marker-mm must be between 15 and {min(tile_w, tile_h) - 18:.0f}, got {marker_mm:g}")
    text.draw(page, "daifugo-referee table markers", page.shape[1] / 2, (PAGE_MARGIN_MM + 6) * px, 5.5 * px, bold=True)
    text.draw(page, f"print at 100% on A4 ({dpi} dpi): markers are {marker_mm:g} mm. Cut along the dotted lines; "
              "corners 0-3 go clockwise from the top-left of the table as the camera sees it.",
              page.shape[1] / 2, (PAGE_MARGIN_MM + 12) * px, 2.6 * px)
    side = int(round(marker_mm * px))
    for n, tile in enumerate(sheet_tiles(seat_names)):
        row, col = divmod(n, COLUMNS)
        x0 = (PAGE_MARGIN_MM + col * tile_w) * px
        y0 = (PAGE_MARGIN_MM + HEADER_MM + row * tile_h) * px
        _dotted_rect(page, x0, y0, tile_w * px, tile_h * px, step=int(2 * px))
        cx = x0 + tile_w * px / 2
        top = int(round(y0 + 4 * px))
        left = int(round(cx - side / 2))
        page[top:top + side, left:left + side] = marker_image(tile.marker_id, side)
        text.draw(page, tile.title, cx, top + side + 7.5 * px, 5.2 * px, bold=True)
        text.draw(page, f"{tile.subtitle}   (id {tile.marker_id})", cx, top + side + 13.5 * px, 3.6 * px)
    return page


def _dotted_rect(image: "np.ndarray", x: float, y: float, w: float, h: float, step: int) -> None:
    import cv2

    x0, y0, x1, y1 = int(x), int(y), int(x + w) - 1, int(y + h) - 1
    dot = max(1, step // 4)
    for xx in range(x0, x1, step):
        for yy in (y0, y1):
            cv2.line(image, (xx, yy), (min(xx + dot, x1), yy), 170, 1)
    for yy in range(y0, y1, step):
        for xx in (x0, x1):
            cv2.line(image, (xx, yy), (xx, min(yy + dot, y1)), 170, 1)


def write_sheet(out: str | Path, seat_names: Sequence[str], dpi: int = DEFAULT_DPI,
                marker_mm: float = DEFAULT_MARKER_MM) -> list[Path]:
    """Write the sheet as PNG and PDF (``out`` names either; the other goes beside it)."""
    import cv2

    out = Path(out)
    if out.suffix.lower() not in (".png", ".pdf"):
        raise UserError(f"--out must end in .png or .pdf, got {out.name}")
    if not out.parent.is_dir():
        raise UserError(f"no such folder: {out.parent}")
    page = render_sheet(seat_names, dpi, marker_mm)
    png, pdf = out.with_suffix(".png"), out.with_suffix(".pdf")
    if not cv2.imwrite(str(png), page):
        raise UserError(f"cannot write {png}")
    try:
        write_image_pdf(pdf, page, A4_MM)
    except OSError as exc:
        raise UserError(f"cannot write {pdf}: {exc.strerror}") from None
    return [png, pdf]
