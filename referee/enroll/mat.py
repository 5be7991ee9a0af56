"""The deck enrolment mat: an A3 landscape sheet on which a table lays its own deck, one card per
slot, so that the camera knows every card's identity from where it lies.

Geometry (mat millimetres: origin at the page's top-left corner, x right, y down)::

     [20]   title / instruction / rank labels A 2 3 ... K                  [21]
    ♣ clubs      ┌──┬──┬──┬── ... ──┬──────┐   row 0: AC 2C ... KC
    ♦ diamonds   ├──┼──┼──┼── ... ──┼──────┤   row 1: AD ... KD
    ♥ hearts     ├──┼──┼──┼── ... ──┼──────┤   row 2: AH ... KH
    ♠ spades     ├──┼──┼──┼── ... ──┼──────┤   row 3: AS ... KS
    JK + back    ├──┼──┼──────┤                row 4: black joker, red joker, back
     [23]                                                                   [22]

Thirteen full-size cards (up to 63 x 89 mm) do not fit side by side on A3, so the cards overlap
like a fanned hand: a slot is the place of a card's TOP-LEFT corner; the next card of a row lies
on top of it ``pitch_x`` further right, and the next row lies on top of the row above it
``pitch_y`` further down. What stays visible of each card is its top-left ``pitch_x`` x
``pitch_y`` strip, which holds the corner index (rank glyph over suit pip: at most ~17 x 31 mm
on the decks the project knows). The four ArUco markers (DICT_4X4_50, ids 20-23, disjoint from the
table's 0-3 and 10-17) sit in the page corners above and below the grid, clear of every card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.calibration.markers import MarkerDetector
from referee.engine.cards import Card, Suit
from referee.vision.labels import BACK, PRINTED_RANKS, Label, label_code

if TYPE_CHECKING:
    import numpy as np

MAT_MARKER_IDS: tuple[int, int, int, int] = (20, 21, 22, 23)
MAT_CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")
MAT_RANKS = PRINTED_RANKS                    # columns 0-12: A 2 ... K
MAT_SUITS = (Suit.C, Suit.D, Suit.H, Suit.S)  # rows 0-3
EXTRA_ROW = 4                                # black joker, red joker, the back
EXTRA_ROW_LABELS: tuple[Label, ...] = (Card.joker(), Card.joker(), BACK)
EXTRA_ROW_KEYS = ("JKB", "JKR", "back")      # the face each slot of row 4 shows (generator keys)
# Marker quads needed to place the mat: with two (8 corners) the fit is exact but far slots can be
# 5 px off (two diagonal markers, measured); three give 0.3-1.6 px. One hidden marker is still fine.
MIN_MARKERS = 3

# Per row: the suit word in English and in kana (the speech voice reads kana, not kanji).
ROW_NAMES: tuple[tuple[str, str], ...] = (
    ("clubs", "クラブ"),
    ("diamonds", "ダイヤ"),
    ("hearts", "ハート"),
    ("spades", "スペード"),
    ("jokers and a back", "ジョーカーと うらめん"),
)


@dataclass(frozen=True)
class MatLayout:
    """Every number of the mat, in millimetres."""

    page_mm: tuple[float, float] = (420.0, 297.0)      # A3 landscape (width, height)
    margin_mm: float = 10.0                            # printers leave this blank
    marker_mm: float = 25.0                            # black square of each marker
    origin_mm: tuple[float, float] = (40.0, 38.0)      # slot (0, 0): top-left corner of the first card
    pitch_mm: tuple[float, float] = (26.0, 33.0)       # next slot to the right, next row down
    card_mm: tuple[float, float] = (63.0, 89.0)        # the largest card the mat is made for
    rows: int = 5
    cols: int = 13

    def size_mm(self) -> tuple[float, float]:
        """The page (width, height)."""
        return self.page_mm

    # ---- markers ---------------------------------------------------------------------------------

    def marker_origin_mm(self, marker_id: int) -> tuple[float, float]:
        """Top-left corner of a mat marker's black square."""
        if marker_id not in MAT_MARKER_IDS:
            raise ValueError(f"not a mat marker: {marker_id} (mat markers are {MAT_MARKER_IDS})")
        width, height = self.page_mm
        near = self.margin_mm
        far_x, far_y = width - self.margin_mm - self.marker_mm, height - self.margin_mm - self.marker_mm
        return {20: (near, near), 21: (far_x, near), 22: (far_x, far_y), 23: (near, far_y)}[marker_id]

    def marker_square_mm(self, marker_id: int) -> "np.ndarray":
        """(4, 2) corners of the marker in ArUco's order: its TL, TR, BR, BL (printed upright)."""
        import numpy as np

        x, y = self.marker_origin_mm(marker_id)
        m = self.marker_mm
        return np.array([(x, y), (x + m, y), (x + m, y + m), (x, y + m)], np.float64)

    # ---- slots -----------------------------------------------------------------------------------

    def _check(self, row: int, col: int) -> None:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"no slot ({row}, {col}) on a {self.rows} x {self.cols} mat")

    def slot_label(self, row: int, col: int) -> Label | None:
        """What belongs in a slot (AC, 10H, JK, BACK); None for an unused slot."""
        self._check(row, col)
        if row < len(MAT_SUITS):
            return Card.of(MAT_RANKS[col], MAT_SUITS[row])
        if row == EXTRA_ROW and col < len(EXTRA_ROW_LABELS):
            return EXTRA_ROW_LABELS[col]
        return None

    def slot_code(self, row: int, col: int) -> str | None:
        """The code of `slot_label` ('AC', '10H', 'JK', 'back'); None for an unused slot."""
        label = self.slot_label(row, col)
        return None if label is None else label_code(label)

    def slot_face_key(self, row: int, col: int) -> str | None:
        """Like `slot_code`, but telling the two jokers apart: 'JKB' (black), 'JKR' (red): the
        generator's face key."""
        code = self.slot_code(row, col)
        if code is None or row != EXTRA_ROW:
            return code
        return EXTRA_ROW_KEYS[col]

    def slots(self) -> list[tuple[int, int, Label]]:
        """(row, col, label) of every used slot, row by row, left to right (the laying order)."""
        return [(r, c, label) for r in range(self.rows) for c in range(self.cols)
                if (label := self.slot_label(r, c)) is not None]

    def slot_corner_mm(self, row: int, col: int) -> tuple[float, float]:
        """Where the card's top-left corner goes."""
        self._check(row, col)
        return (self.origin_mm[0] + col * self.pitch_mm[0], self.origin_mm[1] + row * self.pitch_mm[1])

    def slot_card_mm(self, row: int, col: int, card_mm: tuple[float, float] | None = None) -> "np.ndarray":
        """(4, 2) the whole card lying in a slot (TL, TR, BR, BL), ``card_mm`` (w, h) or the layout's."""
        import numpy as np

        x, y = self.slot_corner_mm(row, col)
        w, h = card_mm or self.card_mm
        return np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float64)

    def slot_visible_mm(self, row: int, col: int) -> "np.ndarray":
        """(4, 2) the part of a slot's card that stays visible once every slot is filled (TL, TR,
        BR, BL): ``pitch_x`` wide when a card lies to its right, else the card's width; ``pitch_y``
        times the rows down to the first later row whose cards reach over it, else the card's
        height. So a middle card shows its top-left pitch strip, the last card of a row its whole
        width, a card with nothing below it its whole height."""
        import numpy as np

        x, y = self.slot_corner_mm(row, col)
        card_w, card_h = self.card_mm
        width = self.pitch_mm[0] if col + 1 < self.cols and self.slot_label(row, col + 1) is not None else card_w
        height = card_h
        for later in range(row + 1, self.rows):
            dy = (later - row) * self.pitch_mm[1]
            if dy >= height:
                break
            if any(self.slot_label(later, c) is not None
                   and self.slot_corner_mm(later, c)[0] < x + width
                   and self.slot_corner_mm(later, c)[0] + card_w > x for c in range(self.cols)):
                height = dy
                break
        return np.array([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], np.float64)


@dataclass(frozen=True, eq=False)
class MatView:
    """The mat as one frame shows it: which markers were seen and, with at least two, the
    homography from mat millimetres to image pixels."""

    homography: "np.ndarray | None"                  # 3 x 3, mat mm -> image px
    seen: tuple[int, ...]                            # mat marker ids found
    missing: tuple[str, ...]                         # corner names of the mat markers not found
    layout: MatLayout = field(default_factory=MatLayout)
    reprojection_px: float | None = None             # RMS of the marker corners under the fit

    @property
    def ok(self) -> bool:
        return self.homography is not None

    def to_image(self, points_mm) -> "np.ndarray":
        """(n, 2) image pixels of points in mat millimetres."""
        import cv2
        import numpy as np

        if self.homography is None:
            raise ValueError(f"the mat is not located (markers missing: {', '.join(self.missing)})")
        pts = np.asarray(points_mm, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)

    def slot_polygon(self, row: int, col: int) -> "np.ndarray":
        """(4, 2) image quad of the part of the slot's card that stays visible (`slot_visible_mm`)."""
        return self.to_image(self.layout.slot_visible_mm(row, col))

    def slot_card_polygon(self, row: int, col: int, card_mm: tuple[float, float] = (63.0, 89.0)) -> "np.ndarray":
        """(4, 2) image quad of a whole ``card_mm`` card lying in the slot."""
        return self.to_image(self.layout.slot_card_mm(row, col, card_mm))


def locate_mat(frame: "np.ndarray", detector: MarkerDetector | None = None,
               layout: MatLayout = MatLayout()) -> MatView:
    """Find the mat's markers in a BGR or grey frame and fit mat mm -> image from the four corners
    of every mat marker seen (least squares). Other markers (the table's) are ignored. With fewer
    than `MIN_MARKERS` mat markers the view has no homography (``ok`` is False)."""
    import cv2
    import numpy as np

    found = (detector or MarkerDetector()).detect(frame)
    seen = tuple(i for i in MAT_MARKER_IDS if i in found)
    missing = tuple(name for i, name in zip(MAT_MARKER_IDS, MAT_CORNER_NAMES) if i not in found)
    if len(seen) < MIN_MARKERS:
        return MatView(None, seen, missing, layout)
    src = np.vstack([layout.marker_square_mm(i) for i in seen])
    dst = np.vstack([found[i].corners for i in seen])
    homography, _ = cv2.findHomography(src, dst, 0)
    if homography is None:
        return MatView(None, seen, missing, layout)
    fitted = cv2.perspectiveTransform(src.reshape(-1, 1, 2), homography).reshape(-1, 2)
    rms = float(np.sqrt(np.mean(np.sum((fitted - dst) ** 2, axis=1))))
    return MatView(homography / homography[2, 2], seen, missing, layout, rms)

