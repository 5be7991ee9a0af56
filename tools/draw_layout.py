"""Draw the guide's table diagrams: where the printed tiles, the pile, the discard zone and the
point-card zones lie for a table of N seats, and who sits where (the layout `referee calibrate`
assumes, `referee.calibration.layout.default_zones`).

    python tools/draw_layout.py docs/images          # table-3.png, table-4.png, table-5.png
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from referee.calibration.layout import DISCARD, PAD, PILE, POINTS, default_zones, seat_sides

TABLE_MM = (1000.0, 700.0)
PX_PER_MM = 0.7
BORDER_PX = 120                      # room around the table for the seats' names
COLOURS = {PILE: (90, 170, 90), DISCARD: (60, 150, 230), POINTS: (220, 170, 80), PAD: (190, 90, 190)}  # BGR
CORNER_TILE_MM = 60.0
NAMES = "ABCDEFGH"


def _font():
    return cv2.FontFace("uni")


def _label(image: np.ndarray, text: str, centre: tuple[float, float], size: int, colour=(30, 30, 30)) -> None:
    x, y, w, h = cv2.getTextSize((image.shape[1], image.shape[0]), text, (0, 0), _font(), size)
    cv2.putText(image, text, (int(centre[0] - w / 2), int(centre[1] + size / 2.8)), colour, _font(), size)


def draw_table(seats: int) -> np.ndarray:
    width, height = TABLE_MM
    size = (int(width * PX_PER_MM) + 2 * BORDER_PX, int(height * PX_PER_MM) + 2 * BORDER_PX)
    image = np.full((size[1], size[0], 3), 255, np.uint8)

    def px(point: tuple[float, float]) -> tuple[int, int]:
        return (int(round(BORDER_PX + point[0] * PX_PER_MM)), int(round(BORDER_PX + point[1] * PX_PER_MM)))

    cv2.rectangle(image, px((0, 0)), px((width, height)), (200, 225, 240), -1)
    cv2.rectangle(image, px((0, 0)), px((width, height)), (120, 110, 100), 2, cv2.LINE_AA)
    names = NAMES[:seats]
    zones = default_zones(seats, width, height)
    for zone in zones:
        poly = np.array([px(p) for p in zone.polygon], np.int32)
        cv2.fillPoly(image, [poly], tuple(int(c * 0.35 + 255 * 0.65) for c in COLOURS[zone.kind]), cv2.LINE_AA)
        cv2.polylines(image, [poly], True, COLOURS[zone.kind], 2, cv2.LINE_AA)
        centre = px(zone.center())
        if zone.kind == PILE:
            _label(image, "pile: plays here / ば", centre, 20)
        elif zone.kind == DISCARD:
            _label(image, "discard", (centre[0], centre[1] - 9), 14)
            _label(image, "すてば", (centre[0], centre[1] + 9), 14)
        elif zone.kind == POINTS:
            _label(image, names[zone.seat], (centre[0], centre[1] - 10), 16)
            _label(image, "point cards", (centre[0], centre[1] + 10), 12)
        else:
            _label(image, "PASS", (centre[0], centre[1] - 10), 14)
            _label(image, f"pad {names[zone.seat]}", (centre[0], centre[1] + 10), 12)
    tile = CORNER_TILE_MM / 2
    for i, corner in enumerate(((0, 0), (width, 0), (width, height), (0, height))):
        cv2.rectangle(image, px((corner[0] - tile, corner[1] - tile)), px((corner[0] + tile, corner[1] + tile)),
                      (20, 20, 20), -1)
        _label(image, f"corner {i}", (px(corner)[0], px(corner)[1] + (-38 if corner[1] == 0 else 40)), 14)
    # Each seat's name beyond its edge, at the middle of its slot.
    offsets = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}
    points = [z for z in zones if z.kind == POINTS]
    pads = {z.seat: z for z in zones if z.kind == PAD}
    for seat, (side, _slot, _on_side) in enumerate(seat_sides(seats)):
        zone = points[seat]
        cx = (zone.center()[0] + pads[seat].center()[0]) / 2
        cy = (zone.center()[1] + pads[seat].center()[1]) / 2
        dx, dy = offsets[side]
        at = px((cx if dx == 0 else (width if dx > 0 else 0), cy if dy == 0 else (height if dy > 0 else 0)))
        _label(image, f"seat {seat + 1}: {names[seat]}", (at[0] + dx * 70, at[1] + dy * 60), 20, (0, 0, 0))
    _label(image, f"{seats} players, clockwise from the bottom of the camera's image", (size[0] / 2, size[1] - 18), 16)
    return image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for table-N.png")
    parser.add_argument("--seats", default="3,4,5", help="seat counts to draw (default 3,4,5)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for seats in (int(s) for s in args.seats.split(",")):
        path = args.out / f"table-{seats}.png"
        cv2.imwrite(str(path), draw_table(seats), [cv2.IMWRITE_PNG_COMPRESSION, 9])
        print(path)


if __name__ == "__main__":
    main()
