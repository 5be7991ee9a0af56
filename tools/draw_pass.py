"""Draw the guide's picture of how to pass: one pad of a filmed 4-seat table in three panels, a
pass and two covers that are not one, each caption checked by the referee's own pad sensing.

    python tools/draw_pass.py docs/images          # pass.png

Each panel is a short clip filmed with the project's table renderer (`referee.synth`): the hand
comes in, holds still, leaves. The clip is calibrated from its markers as the live referee
calibrates, and its frames go through the live referee's pad sensing (`PadSensor`, then
`PadWatcher`); the picture is written only when every verdict (a pass or none) is the caption's.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.calibration import calibrate_from_images
from referee.calibration.layout import PAD
from referee.calibration.markers import MarkerDetector, pad_id
from referee.live.pad_sensor import PadSensor
from referee.synth.choreography import Stage
from referee.synth.footage import BODY_MM, QUIET_FRACTION, FilmSet, Filming, film_zones
from referee.synth.motions import NEAR_PAD_AXIS_MM, Motions, segment_distance
from referee.tracking import PadWatcher

SEATS = ("A", "B", "C", "D")         # bottom, left, top, right
SEAT = 0                             # the pad shown: the bottom seat's
NEIGHBOUR = 1                        # the seat whose arm reaches across it
FPS = 15.0
ARRIVE = 0.4                         # the hand halfway in (the frames before: the empty table, to calibrate)
HOLD = (0.6, 1.3)                    # ... then on its place, still
END = 1.6                            # ... and gone
CALIBRATION_FRAMES = 3
ACROSS_PAST_PAD_MM = 120.0           # the neighbour's palm this far past the pad: the forearm over it
BESIDE_MARGIN_MM = 4.0               # the resting hand's axis this much farther from the pad than the nearest
PICTURE_SIZE = (1280, 720)           # the frames the picture is cut from
CHECK_SIZE = (640, 360)              # enough for the markers and the sensor, four times fewer pixels
# The crop around the pad, in table mm from the pad's centre: the arm's way in from its own edge
# and from the neighbour's side, a little of the table towards the pile.
CROP_MM = ((-185.0, -190.0), (250.0, 120.0))
PANEL_WIDTH_PX = 400
CAPTION_PX = 62
TILE_OUTLINE = (190, 90, 190)        # BGR, the colour of a pad on the table diagrams
EDGE_DASHES = 12
VERDICT_COLOURS = {True: (40, 140, 40), False: (40, 40, 200)}


@dataclass(frozen=True)
class Panel:
    gesture: str                     # "pass" | "across" | "beside"
    caption: str
    passes: bool                     # what the caption says the referee makes of it


PANELS = (
    Panel("pass", "Pass: your own hand, from your side, held still over your PASS tile", True),
    Panel("across", "Not a pass: another player's arm across your tile", False),
    Panel("beside", "Not a pass: a hand resting beside the tile", False),
)


@dataclass
class Clip:
    """A panel's clip as the referee saw it."""
    panel: Panel
    passed: frozenset[int]           # the seats the referee saw pass
    marker_hidden: bool              # the pad's marker out of sight while the hand held still
    filming: Filming

    @property
    def true(self) -> bool:
        """The caption says what the referee saw: the shown seat's pass, or no pass at all."""
        return self.passed == (frozenset({SEAT}) if self.panel.passes else frozenset())


class FalseCaption(ValueError):
    """The referee's verdict on a clip is not its caption's."""


def film_set(size: tuple[int, int]) -> FilmSet:
    """The filmed table at ``size`` pixels, framed alike at any size."""
    return FilmSet(fps=FPS, image_size=size, focal_px=1000.0 * size[0] / 1280)


def staged(gesture: str, film: FilmSet):
    """The clip's timeline: the hand of the gesture halfway in, then held on its place."""
    zones = film_zones(len(SEATS), film)
    pad = next(z.center() for z in zones if z.kind == PAD and z.seat == SEAT)
    table = Stage(zones, film.table_mm)
    motions = Motions(table, film.table_mm, 0)
    if gesture == "pass":
        seat, along, palm = SEAT, None, pad
    elif gesture == "across":
        seat, along = NEIGHBOUR, 0.0
        shoulder = motions.seat_point(seat, along, -BODY_MM)
        d = [(p - s) / math.dist(pad, shoulder) for p, s in zip(pad, shoulder)]
        palm = (pad[0] + ACROSS_PAST_PAD_MM * d[0], pad[1] + ACROSS_PAST_PAD_MM * d[1])
    elif gesture == "beside":
        seat, along, palm = SEAT, None, _beside(pad, motions)
    else:
        raise ValueError(f"unknown gesture {gesture!r}")
    shoulder = motions.seat_point(seat, motions.shoulder_along(seat) if along is None else along, -BODY_MM)
    halfway = (shoulder[0] + 0.6 * (palm[0] - shoulder[0]), shoulder[1] + 0.6 * (palm[1] - shoulder[1]))
    table.hand(halfway, ARRIVE, HOLD[0], seat=seat, palm=True, along=along)
    if gesture == "pass":
        table.cover_pad(SEAT, *HOLD)
    else:
        table.hand(palm, *HOLD, seat=seat, palm=True, along=along)
    return table.timeline()


def _beside(pad: tuple[float, float], motions: Motions) -> tuple[float, float]:
    """A palm level with the pad, on its shoulder's side, as near as the motions of a real table
    rest a hand beside a pad: its axis clear of the marker, its edge over the tile's margin."""
    shoulder = motions.seat_point(SEAT, motions.shoulder_along(SEAT), -BODY_MM)
    way = 1.0 if shoulder[0] > pad[0] else -1.0
    for offset in range(40, 200, 5):
        palm = (pad[0] + way * offset, pad[1])
        if segment_distance(pad, *motions.palm_axis(SEAT, palm)) >= NEAR_PAD_AXIS_MM[0] + BESIDE_MARGIN_MM:
            return palm
    raise ValueError("no place beside the pad for a resting hand")


def referee_clip(panel: Panel, size: tuple[int, int]) -> Clip:
    """Film the panel's clip and run it through the live referee's pad sensing."""
    film = film_set(size)
    filming = Filming(staged(panel.gesture, film), film)
    frames = list(filming.frames(0.0, END))
    calibration = calibrate_from_images([image for _, _, image in frames[:CALIBRATION_FRAMES]], list(SEATS),
                                        table_size=film.table_mm, units="mm")
    sensor, detector = PadSensor(calibration), MarkerDetector(subpixel=False)
    watcher = PadWatcher.from_calibration(calibration)
    passed: set[int] = set()
    hidden = []
    for _, t, image in frames:
        ids = detector.visible_ids(image)
        report = watcher.update(t, ids, sensor.measure(image, t))
        passed.update(report.newly_covered)
        if HOLD[0] < t < HOLD[1]:
            hidden.append(pad_id(SEAT) not in ids)
    return Clip(panel, frozenset(passed), bool(hidden) and all(hidden), filming)


def refereed_clips(panels: tuple[Panel, ...] = PANELS, size: tuple[int, int] = PICTURE_SIZE) -> list[Clip]:
    """Every panel's clip, refereed (a second or two each at the picture's size)."""
    return [referee_clip(panel, size) for panel in panels]


def write_picture(folder: Path, clips: list[Clip]) -> Path:
    """``folder``/pass.png from the clips, once every verdict is its caption's (else
    `FalseCaption`, and nothing is written)."""
    for clip in clips:
        if not clip.true:
            saw = ", ".join(f"seat {SEATS[s]} pass" for s in sorted(clip.passed)) or "no pass"
            raise FalseCaption(f"the referee's pad sensing saw {saw} in the clip for {clip.panel.caption!r}")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pass.png"
    cv2.imwrite(str(path), picture(clips), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    return path


def _font():
    return cv2.FontFace("uni")


def _text(image: np.ndarray, text: str, origin: tuple[int, int], size: int, colour=(30, 30, 30)) -> None:
    cv2.putText(image, text, origin, colour, _font(), size)


def _wrapped(text: str, width: int, size: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        line = f"{lines[-1]} {word}" if lines else word
        _, _, w, _ = cv2.getTextSize((width, 100), line, (0, 0), _font(), size)
        if lines and w <= width:
            lines[-1] = line
        else:
            lines.append(word)
    return lines


def panel_image(clip: Clip) -> np.ndarray:
    """The held frame (without the camera's grain) cut around the pad, the tile outlined, the
    seat's edge of the table dashed, the verdict and the caption below."""
    filming = clip.filming
    film = filming.film
    frame = filming.render_state(filming.state_at(sum(HOLD) / 2))
    cx, cy = next(z.center() for z in film_zones(len(SEATS), film) if z.kind == PAD and z.seat == SEAT)
    to_image = filming.table_to_image()

    def image_points(points) -> np.ndarray:
        return cv2.perspectiveTransform(np.array([points], np.float64), to_image)[0]

    (x0, y0), (x1, y1) = CROP_MM
    box = image_points([(cx + x0, cy + y0), (cx + x1, cy + y0), (cx + x1, cy + y1), (cx + x0, cy + y1)])
    left, top = np.floor(box.min(axis=0)).astype(int)
    right, bottom = np.ceil(box.max(axis=0)).astype(int)
    height, width = frame.shape[:2]
    left, top, right, bottom = max(0, left), max(0, top), min(width, right), min(height, bottom)
    cut = frame[top:bottom, left:right].copy()
    half = film.marker_mm * (1 + 2 * QUIET_FRACTION) / 2
    tile = image_points([(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)])
    cv2.polylines(cut, [(tile - (left, top)).round().astype(np.int32)], True, TILE_OUTLINE, 2, cv2.LINE_AA)
    edge_y = film.table_mm[1]
    steps = np.linspace(cx + x0, cx + x1, 2 * EDGE_DASHES + 1)
    for a, b in zip(steps[::2], steps[1::2]):
        ends = (image_points([(a, edge_y), (b, edge_y)]) - (left, top)).round().astype(np.int32)
        cv2.line(cut, tuple(ends[0]), tuple(ends[1]), (245, 245, 245), 2, cv2.LINE_AA)
    scale = PANEL_WIDTH_PX / cut.shape[1]
    cut = cv2.resize(cut, (PANEL_WIDTH_PX, int(round(cut.shape[0] * scale))), interpolation=cv2.INTER_AREA)
    label_at = (image_points([(cx + x0, edge_y)])[0] - (left, top)) * scale
    _text(cut, "your edge of the table", (8, int(label_at[1]) + 20), 15, (245, 245, 245))
    badge = f"referee: {'pass' if clip.passed else 'no pass'}"
    _, _, badge_width, _ = cv2.getTextSize((PANEL_WIDTH_PX, 40), badge, (0, 0), _font(), 17)
    cv2.rectangle(cut, (6, 6), (16 + badge_width, 32), (255, 255, 255), -1)
    _text(cut, badge, (11, 26), 17, VERDICT_COLOURS[bool(clip.passed)])
    caption = np.full((CAPTION_PX, PANEL_WIDTH_PX, 3), 255, np.uint8)
    for i, line in enumerate(_wrapped(clip.panel.caption, PANEL_WIDTH_PX - 16, 17)):
        _text(caption, line, (8, 24 + 24 * i), 17)
    return np.vstack([cut, caption])


def picture(clips: list[Clip]) -> np.ndarray:
    """The panels side by side, a white gap between them."""
    panels = [panel_image(clip) for clip in clips]
    height = max(p.shape[0] for p in panels)
    gap = np.full((height, 12, 3), 255, np.uint8)
    row: list[np.ndarray] = []
    for panel in panels:
        padded = np.full((height, panel.shape[1], 3), 255, np.uint8)
        padded[:panel.shape[0]] = panel
        row += [gap, padded] if row else [padded]
    return np.hstack(row)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for pass.png")
    args = parser.parse_args(argv)
    try:
        path = write_picture(args.out, refereed_clips())
    except FalseCaption as error:
        print(f"draw_pass: error: {error}; pass.png not written", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
