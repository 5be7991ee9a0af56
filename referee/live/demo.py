"""`referee demo`: referees the bundled recording (``fixtures/demo/``, installed as the package
data of ``referee.demo_recording``): a complete Profit game filmed from a scripted record with
the project's own deck, rendered by `referee film`. It does what a table does: calibrates from
the markers in the first frames, then `watch`es the video (speech where there is an audio device,
text always; the overlay where there is a display, else headless), and prints the final score
table.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import sys
from pathlib import Path

from referee.announce.readings import table_language
from referee.calibration import calibrate_video, save_calibration
from referee.data.locations import DEMO_PACKAGE, package_folder
from referee.errors import UserError
from referee.live.commands import watch

MANIFEST = "demo.json"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("demo", help="referee the bundled recording of a Profit game",
                              description="Calibrate from the bundled recording's markers and referee it: "
                                          "announcements, overlay (or a headless log) and the final scores.")
    p.add_argument("--lang", choices=("ja", "en"), default=table_language(),
                   help="language of the announcements and the overlay (default: ja where the system locale is Japanese, else en)")
    p.add_argument("--mute", action="store_true", help="no speech: announcements as text only")
    p.add_argument("--headless", action="store_true", help="no window even where there is a display")
    p.add_argument("--fast", action="store_true", help="do not play the recording at its own speed")
    p.add_argument("--every", type=int, default=2, help="recognise every K-th frame (default 2)")
    p.add_argument("--log-dir", default="logs/demo", help="where the calibration and the game log go")
    p.add_argument("--record-overlay", default=None, metavar="FILE", help="write the overlay frames to a video")
    p.add_argument("--demo-dir", default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=run_demo)


def demo_dir(args: argparse.Namespace) -> Path:
    return Path(args.demo_dir) if getattr(args, "demo_dir", None) else package_folder(DEMO_PACKAGE)


def load_manifest(directory: Path) -> dict:
    path = directory / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"the demo manifest {path} is missing") from None
    except json.JSONDecodeError as error:
        raise UserError(f"{path} is not valid JSON (line {error.lineno})") from None
    video = directory / manifest["video"]
    if not video.is_file():
        raise UserError(f"the demo recording {video} is missing: render it with "
                        f"`referee film {directory / manifest['record']} --out {video}`")
    return manifest


def run_demo(args: argparse.Namespace) -> int:
    # Heavy imports (cv2, onnxruntime) here, not at the top: `referee --help` imports this module.
    from referee.calibration.clicks import display_available

    directory = demo_dir(args)
    manifest = load_manifest(directory)
    video = directory / manifest["video"]
    players = list(manifest["players"])
    calibration = calibrate_video(video, tuple(players), tuple(manifest["table_mm"]))
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    cal_path = save_calibration(calibration, log_dir / "calibration.json")
    print(f"calibrated from {calibration.frames_used} frames of {video.name}: 4 corners, "
          f"{len(calibration.pads)} pass pads -> {cal_path}", file=sys.stderr)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    window = not args.headless and display_available()
    print(f"the demo: {manifest['title']}", file=sys.stderr)
    return watch(str(video), rules=manifest["rules"], calibration=str(cal_path),
                 log=str(log_dir / f"game-{stamp}.jsonl"), lang=args.lang, players=players,
                 counts=[int(c) for c in manifest["counts"]], first=manifest.get("first") or None,
                 every=args.every, record_overlay=args.record_overlay, mute=args.mute, headless=not window,
                 realtime=window and not args.fast)
