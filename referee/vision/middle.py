"""A card's middle: pips or a picture. A person who cannot make out a thin "J" in a corner still
sees the jack's picture in the middle of the card; the classifier reads corners only.

On the face of a pip card (A to 10) the only ink is the index's own colour: black pips on a
spade, red ones on a heart, green clubs in a four-colour deck. A court card or a joker shows a
picture, inked in colours its index does not use (the yellow and blue of a king's robe, a black
outline on a red queen). So a card whose two opposite corners are read, and whose middle (the
square between them) holds enough ink of another colour than its index, is a picture card, and a
pip reading of it is in doubt. A card read by one corner only (the other hidden, or read as
something else) is judged by the middle of the detector's box of its face.

The recogniser says what a card's middle showed (`CardReading.picture`); the tracker weighs it
over the card's frames (`referee.tracking.tracks.Track`) and shows the doubt the way a card whose
two corners disagree is (the recogniser's `contradicted`): the reading's probabilities mixed half
and half with the court cards of its suit (`doubt_pips`). So the referee sees the doubt and asks,
instead of committing a surely read 3 that was a jack. A look through a hand (the hand laying
the card, an arm over the pile) is no look at the middle: its skin and sleeve are a picture's
colours.
A reading of a court card, or a middle with no other colour, is left as it is: plain court faces
(a letter in the suit's colour) exist, and the check only ever adds doubt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from referee.engine.cards import Card, Rank
from referee.vision.labels import Label
from referee.vision.types import Box

# The middle square's side, as a share of the distance between the card's two corner indices
# (the card's diagonal is about 1.4 times that distance): well inside the card at any angle.
MIDDLE_SIDE = 0.4
# Two index boxes of one card at least this many index sides apart are its opposite corners
# (nearer: two boxes on one index).
MIN_CORNER_DISTANCE = 2.0
# A card read by one corner: its middle is the centre of the detector's box of its visible face
# (a card box holds at least MIN_CARD_BOX_AREA index boxes), a square of BOX_MIDDLE_SIDE of the
# box's shorter side (a tilted card's box is larger than the card).
MIN_CARD_BOX_AREA = 8.0
BOX_MIDDLE_SIDE = 0.3
# A middle smaller than this (pixels a side) is too few pixels to tell ink from blur.
MIN_MIDDLE_SIDE = 12
# Colour distances in CIELAB (L 0-100): ink differs from the paper by INK_DISTANCE; a colour has
# a chroma of CHROMATIC or more; a hue more than HUE_APART degrees from the index's is another
# colour; an achromatic ink darker than DARK_INK is black.
INK_DISTANCE = 25.0
CHROMATIC = 25.0
ACHROMATIC = 15.0
COLOURED_INDEX = 12.0
HUE_APART = 45.0
DARK_INK = 45.0
# The share of the middle inked in another colour from which it is a picture. Pip cards of the
# designs measured show none (0.0 at the median, under 0.01 but for frames with a hand over the
# middle); court cards 0.02-0.16, the red ones lowest (docs/recognition.md).
PICTURE_SHARE = 0.015
# How much of a pip reading's probability goes to its suit's court cards when the middle is a
# picture: half, as a card whose two corners disagree gets.
PICTURE_DOUBT = 0.5
COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def middle_square(corners: Sequence[Box]) -> tuple[float, float, float] | None:
    """(centre x, centre y, side) of the middle of a card whose opposite corners are these
    boxes' farthest pair; None when no two of them are far enough apart to be opposite corners.

    >>> middle_square([(0, 0, 10, 20), (90, 130, 100, 150)])
    (50.0, 75.0, 63.245553)
    >>> middle_square([(0, 0, 10, 20), (2, 1, 12, 21)]) is None
    True
    """
    best: tuple[float, tuple[float, float], tuple[float, float], float] | None = None
    for i, a in enumerate(corners):
        for b in corners[i + 1:]:
            ca, cb = _centre(a), _centre(b)
            d = math.dist(ca, cb)
            if best is None or d > best[0]:
                best = (d, ca, cb, max(_side(a), _side(b)))
    if best is None:
        return None
    d, ca, cb, side = best
    if d < MIN_CORNER_DISTANCE * side:
        return None
    return (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2, round(MIDDLE_SIDE * d, 6)


def box_middle(box: Box, corner: Box) -> tuple[float, float, float] | None:
    """(centre x, centre y, side) of the middle of a card seen by one corner, from the detector's
    box of its visible face; None when the box is no larger than a few index boxes (no card box
    was found around the corner).

    >>> box_middle((100, 100, 200, 240), (102, 102, 114, 126))
    (150.0, 170.0, 30.0)
    >>> box_middle((102, 102, 114, 126), (102, 102, 114, 126)) is None
    True
    """
    area = (box[2] - box[0]) * (box[3] - box[1])
    if area < MIN_CARD_BOX_AREA * (corner[2] - corner[0]) * (corner[3] - corner[1]):
        return None
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, round(BOX_MIDDLE_SIDE * min(box[2] - box[0], box[3] - box[1]), 6)


def picture_share(frame: np.ndarray, middle: tuple[float, float, float], index: Box) -> float | None:
    """The share of the middle square's pixels inked in a colour the card's index (box
    ``index``) does not use; None when the square leaves the frame or is too small, or the index
    shows no ink."""
    cx, cy, side = middle
    h, w = frame.shape[:2]
    half = side / 2
    x1, y1, x2, y2 = round(cx - half), round(cy - half), round(cx + half), round(cy + half)
    if side < MIN_MIDDLE_SIDE or x1 < 0 or y1 < 0 or x2 > w or y2 > h:
        return None
    ix1, iy1 = max(0, round(index[0])), max(0, round(index[1]))
    ix2, iy2 = min(w, round(index[2])), min(h, round(index[3]))
    if ix2 - ix1 < 3 or iy2 - iy1 < 3:
        return None
    mid, idx = _lab(frame[y1:y2, x1:x2]), _lab(frame[iy1:iy2, ix1:ix2])
    paper = _paper(np.concatenate([idx.reshape(-1, 3), mid.reshape(-1, 3)]))
    index_ink = _ink(idx, paper)
    if index_ink.sum() < 5:
        return None
    chroma, hue = _chroma_hue(idx)
    mid_ink = _ink(mid, paper)
    mid_chroma, mid_hue = _chroma_hue(mid)
    # a coloured index (red, or a four-colour deck's suit): its thin strokes blend with the paper,
    # so a dull colour (a grey-green club) shows a chroma well under a pip's; and it is more
    # colourful than the paper, whose own tint a black index's strokes take on (cream paper)
    paper_chroma = float(np.hypot(paper[1], paper[2]))
    if float(np.median(chroma[index_ink])) - paper_chroma >= COLOURED_INDEX:
        index_hue = float(np.median(hue[index_ink]))
        apart = np.abs((mid_hue - index_hue + 180.0) % 360.0 - 180.0)
        other = mid_ink & (((mid_chroma >= CHROMATIC) & (apart > HUE_APART))
                           | ((mid_chroma <= ACHROMATIC) & (mid[..., 0] < DARK_INK)))
    else:                              # a black index: any colour is another
        other = mid_ink & (mid_chroma >= CHROMATIC)
    return float(other.mean())


def doubt_pips(alternatives: tuple[tuple[Label, float], ...]) -> tuple[tuple[Label, float], ...]:
    """A pip card's readings with the court cards of its suit made as likely as it, together,
    as PICTURE_DOUBT says; readings led by anything else are returned as they are.

    >>> three, jack = Card.parse("3C"), Card.parse("JC")
    >>> [(c.code, round(p, 3)) for c, p in doubt_pips(((three, 0.9), (jack, 0.02)))]
    [('3C', 0.45), ('JC', 0.177), ('QC', 0.167), ('KC', 0.167)]
    >>> doubt_pips(((jack, 0.9),)) == ((jack, 0.9),)
    True
    """
    if not alternatives:
        return alternatives
    top = alternatives[0][0]
    if not isinstance(top, Card) or top.is_joker or top.rank in COURTS:
        return alternatives
    share = PICTURE_DOUBT / len(COURTS)
    mixed: dict[Label, float] = {label: (1 - PICTURE_DOUBT) * p for label, p in alternatives}
    for rank in COURTS:
        court = Card.of(rank, top.suit)
        mixed[court] = mixed.get(court, 0.0) + share
    return tuple(sorted(((label, round(p, 6)) for label, p in mixed.items()), key=lambda item: -item[1]))


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _side(box: Box) -> float:
    return max(box[2] - box[0], box[3] - box[1])


def _lab(bgr: np.ndarray) -> np.ndarray:
    """CIELAB with L in 0-100 and a, b around 0 (OpenCV's 8-bit Lab rescaled)."""
    lab = cv2.cvtColor(np.ascontiguousarray(bgr), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= 100.0 / 255.0
    lab[..., 1:] -= 128.0
    return lab


def _paper(pixels: np.ndarray) -> np.ndarray:
    """The paper's colour: the median of the brighter two fifths of the pixels."""
    bright = pixels[pixels[:, 0] >= np.percentile(pixels[:, 0], 60)]
    return np.median(bright, axis=0)


def _ink(lab: np.ndarray, paper: np.ndarray) -> np.ndarray:
    return np.linalg.norm(lab - paper, axis=-1) > INK_DISTANCE


def _chroma_hue(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return np.hypot(lab[..., 1], lab[..., 2]), np.degrees(np.arctan2(lab[..., 2], lab[..., 1])) % 360.0
