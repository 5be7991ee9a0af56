"""Commands of the table's set-up: `referee markers` (the printable marker sheet; with
`--enroll` the deck enrolment mat of `referee.enroll.mat_sheet`) and
`referee calibrate` (find the table, save calibration/NAME.json).

Heavy imports (cv2) stay inside the command functions so `referee --help` stays fast.
"""

from __future__ import annotations

import argparse
import sys
import re

from referee.calibration.calibration import (
    NORMALISED_SIZE,
    CalibrationError,
    calibrate_from_clicks,
    calibrate_from_images,
    calibration_path,
    parse_clicks,
    save_calibration,
    seat_names,
)
from referee.capture import parse_size, read_frames
from referee.errors import UserError

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("markers", help="write the printable sheet of table and pass-pad markers (PNG and PDF); "
                              "with --enroll, the A3 deck enrolment mat")
    p.add_argument("--out", required=True, help="output file, .png or .pdf (the other format is written beside it)")
    p.add_argument("--seats", type=int, default=None, help="number of seats, 2-8 (default 4, or as many as --names)")
    p.add_argument("--names", default=None, help="seat names, clockwise, comma-separated: A,B,C,D")
    p.add_argument("--dpi", type=int, default=200, help="resolution of the page (default 200)")
    p.add_argument("--marker-mm", type=float, default=40.0, help="printed marker size in mm (default 40)")
    p.add_argument("--enroll", action="store_true",
                   help="write the deck enrolment mat (A3 landscape) instead: "
                        "lay the table's deck on it for referee enroll")
    p.set_defaults(func=run_markers)

    p = subparsers.add_parser("calibrate", help="find the table markers and save the table calibration")
    p.add_argument("--source", required=True, help="camera index (0), video file, image or folder of images")
    p.add_argument("--name", default="default", help="calibration name: saved as calibration/NAME.json (default: default)")
    p.add_argument("--dir", default="calibration", help="folder for calibrations (default: calibration)")
    p.add_argument("--seats", type=int, default=None, help="number of seats, 2-8 (default 4, or as many as --names)")
    p.add_argument("--names", default=None, help="seat names, clockwise from the seat at the bottom of the image")
    p.add_argument("--frames", type=int, default=10, help="frames to average the marker positions over (default 10)")
    p.add_argument("--clicks", default=None, metavar="X1,Y1,...,X4,Y4",
                   help="table corners in image pixels (top-left, top-right, bottom-right, bottom-left) instead of markers")
    p.add_argument("--interactive", action="store_true", help="click the four table corners in a window instead of using markers")
    p.add_argument("--table-mm", default=None, metavar="W,H",
                   help="the size of the play area (between the corner markers' centres) in mm (default: measured "
                        "with the corner markers; a normalised 1000 x 1000 plane where they are not used)")
    p.add_argument("--preview", default=None, metavar="FILE", help="also write an image of the zones over the last frame")
    p.add_argument("--size", default=None, metavar="WxH",
                   help="camera mode to ask for (default: the best 16:9 mode up to 1920x1080)")
    p.add_argument("--marker-mm", type=float, default=40.0,
                   help="printed size of the corner markers in mm, to measure the play area (default 40, "
                        "as referee markers prints them)")
    p.set_defaults(func=run_calibrate)


def _names(text: str | None) -> list[str] | None:
    return [n.strip() for n in text.split(",")] if text else None


def run_markers(args: argparse.Namespace) -> int:
    if args.enroll:
        return _write_enrolment_mat(args)
    # imported here: `referee --help` imports every command module (the sheet draws with cv2)
    from referee.calibration.sheet import write_sheet

    names = seat_names(args.seats, _names(args.names))
    written = write_sheet(args.out, names, dpi=args.dpi, marker_mm=args.marker_mm)
    print(f"wrote {' and '.join(str(p) for p in written)}: corners 0-3 and pads for {', '.join(names)}")
    return 0


def _write_enrolment_mat(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module (the mat draws with cv2)
    from referee.enroll.mat_sheet import write_mat_sheet

    if args.seats is not None or args.names is not None:
        raise UserError("--seats and --names are for the table's marker sheet, not the enrolment mat (--enroll)")
    written = write_mat_sheet(args.out, dpi=args.dpi)
    print(f"wrote {' and '.join(str(p) for p in written)}: the deck enrolment mat; print it at 100% on A3 "
          "landscape, lay the clubs in row ♣, diamonds in row ♦, hearts in row ♥, spades in row ♠ (A to K, "
          "each card's top-left corner on its mark, the next card on top to the right), the two jokers and a "
          "back in the last row, then run referee enroll")
    return 0


def _table_size(text: str | None) -> tuple[tuple[float, float], str]:
    if text is None:
        return NORMALISED_SIZE, "normalised"
    try:
        width, height = (float(v) for v in text.lower().replace("x", ",").split(","))
    except ValueError:
        raise UserError(f"--table-mm takes W,H in millimetres, got {text!r}") from None
    if not (width > 0 and height > 0):
        raise UserError(f"--table-mm takes two positive sizes, got {text!r}")
    return (width, height), "mm"


def run_calibrate(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs no cv2
    import cv2

    from referee.calibration.clicks import click_corners, display_available
    from referee.calibration.preview import draw_calibration
    from referee.calibration.scale import card_size_note, measured_table_mm

    if not NAME_PATTERN.match(args.name):
        raise UserError(f"--name must be a plain name (letters, digits, _ . -), got {args.name!r}")
    if not 1 <= args.frames <= 300:
        raise UserError(f"--frames must be between 1 and 300, got {args.frames}")
    names = seat_names(args.seats, _names(args.names))
    table_size, units = _table_size(args.table_mm)
    clicks = parse_clicks(args.clicks) if args.clicks else None
    camera_size = parse_size(args.size) if args.size else None
    images = read_frames(args.source, 1 if clicks or args.interactive else args.frames, camera_size)
    size = (int(images[-1].shape[1]), int(images[-1].shape[0]))
    common = dict(name=args.name, table_size=table_size, units=units)

    if clicks is None and not args.interactive:
        try:
            calibration = calibrate_from_images(images, names, **common)
        except CalibrationError as exc:
            if not display_available():
                raise
            print(f"referee: {exc}; click the table corners instead")
            clicks = click_corners(images[-1])
    if clicks is not None or args.interactive:
        if clicks is None:
            if not display_available():
                raise UserError("--interactive needs a display; give the corners with --clicks X1,Y1,...,X4,Y4")
            clicks = click_corners(images[-1])
        calibration = calibrate_from_clicks(clicks, size, names, **common)

    measured = measured_table_mm(calibration, args.marker_mm)   # None for a table in mm or clicked corners
    if measured is not None:
        # Tracking distances are in table units: a plane in millimetres keeps them the same along
        # and across the table (a normalised square plane would stretch one direction).
        calibration = calibrate_from_images(images, names, name=args.name, table_size=measured, units="mm")
        print(f"play area measured with the {args.marker_mm:g} mm corner markers: {measured[0]} x {measured[1]} mm "
              "(--table-mm W,H to give it)")
    path = save_calibration(calibration, calibration_path(args.name, args.dir))
    pads_seen = [names[seat] for seat, marker in calibration.pads.items() if marker in calibration.markers]
    how = (f"corner markers, median of {calibration.frames_used} frame{'s' if calibration.frames_used != 1 else ''}"
           if calibration.method == "markers" else "four clicked corners")
    print(f"saved {path}: table from {how}; {size[0]}x{size[1]} frames; seats clockwise: {', '.join(names)}; "
          f"pads seen: {', '.join(pads_seen) or 'none'}")
    note = card_size_note(calibration)
    if note is not None:
        print(note[0], file=sys.stderr if note[1] else sys.stdout)
    if args.preview:
        if not cv2.imwrite(args.preview, draw_calibration(images[-1], calibration)):
            raise UserError(f"cannot write preview {args.preview}")
        print(f"wrote {args.preview}")
    return 0
