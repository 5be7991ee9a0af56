"""`referee demo` and `referee film`.

`referee demo` referees the bundled recording (``fixtures/demo/``): a complete Profit game filmed
from a scripted record with the project's own deck, rendered by `referee film`. It does what a
table does: calibrates from the markers in the first frames, then runs `referee watch` on the
video (speech where there is an audio device, text always; the overlay where there is a display,
else headless), and prints the final score table.

`referee film RECORD --out VIDEO` renders any game record into such a video: try the referee
without a table, or make test footage with another deck design.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import sys
from pathlib import Path

from referee.errors import UserError

DEMO_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "demo"
MANIFEST = "demo.json"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("demo", help="referee the bundled recording of a Profit game",
                              description="Calibrate from the bundled recording's markers and referee it: "
                                          "announcements, overlay (or a headless log) and the final scores.")
    p.add_argument("--lang", choices=("ja", "en"), default="en", help="language of the announcements (default en)")
    p.add_argument("--mute", action="store_true", help="no speech: announcements as text only")
    p.add_argument("--headless", action="store_true", help="no window even where there is a display")
    p.add_argument("--fast", action="store_true", help="do not play the recording at its own speed")
    p.add_argument("--every", type=int, default=2, help="recognise every K-th frame (default 2)")
    p.add_argument("--log-dir", default="logs/demo", help="where the calibration and the game log go")
    p.add_argument("--record-overlay", default=None, metavar="FILE", help="write the overlay frames to a video")
    p.add_argument("--demo-dir", default=None, help=argparse.SUPPRESS)
    p.set_defaults(func=run_demo)

    p = subparsers.add_parser("film", help="render a game record into a video of the marked table",
                              description="Stage a game record (plays fanned under a hand, pad passes, take-backs, "
                                          "point cards) and render it with the scene generator into a video a "
                                          "webcam over the marked table would record.")
    p.add_argument("record", help="game record (JSON)")
    p.add_argument("--out", required=True, help="the video to write (.mp4)")
    p.add_argument("--design", default=None, help="deck design (default: referee-drawn, the project's own deck)")
    p.add_argument("--seed", type=int, default=0, help="seed for the slant of plays and the hands (default 0)")
    p.add_argument("--fps", type=float, default=15.0, help="frames per second (default 15)")
    p.add_argument("--surface", default="wood", choices=("wood", "felt", "cloth", "paper", "plain"))
    p.add_argument("--noise", type=float, default=2.0, help="sensor noise per frame, grey levels (default 2)")
    p.add_argument("--expected", default=None, metavar="FILE",
                   help="also write the hidden-hand record and the events the referee should log (JSON)")
    p.set_defaults(func=run_film)


def demo_dir(args: argparse.Namespace) -> Path:
    return Path(args.demo_dir) if getattr(args, "demo_dir", None) else DEMO_DIR


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
    from referee.calibration import save_calibration
    from referee.calibration.clicks import display_available
    from referee.cli import build_parser
    from referee.live.commands import run_watch
    from referee.live.footage import FilmSet
    from referee.live.rehearsal import calibrate_video

    directory = demo_dir(args)
    manifest = load_manifest(directory)
    video = directory / manifest["video"]
    players = list(manifest["players"])
    film = FilmSet(table_mm=tuple(manifest["table_mm"]))
    calibration = calibrate_video(video, tuple(players), film)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    cal_path = save_calibration(calibration, log_dir / "calibration.json")
    print(f"calibrated from {calibration.frames_used} frames of {video.name}: 4 corners, "
          f"{len(calibration.pads)} pass pads -> {cal_path}", file=sys.stderr)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    window = not args.headless and display_available()
    argv = ["watch", "--source", str(video), "--rules", manifest["rules"], "--calibration", str(cal_path),
            "--log", str(log_dir / f"game-{stamp}.jsonl"), "--lang", args.lang, "--players", ",".join(players),
            "--counts", ",".join(str(c) for c in manifest["counts"]), "--every", str(args.every)]
    argv += ["--first", manifest["first"]] if manifest.get("first") else []
    argv += ["--record-overlay", args.record_overlay] if args.record_overlay else []
    argv += ["--mute"] if args.mute else []
    argv += [] if window else ["--headless"]
    argv += ["--realtime"] if window and not args.fast else []
    watch = build_parser().parse_args(argv)         # watch's own defaults for everything else
    print(f"the demo: {manifest['title']}", file=sys.stderr)
    return run_watch(watch)


def run_film(args: argparse.Namespace) -> int:
    from referee.engine.record import RecordError, load_record
    from referee.live.choreography import ChoreographyError, choreograph
    from referee.live.footage import DEMO_DESIGN, FilmSet, Filming, film_zones, write_video
    from referee.scenes.designs import all_designs

    path = Path(args.record)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        load_record(record)
    except FileNotFoundError:
        raise UserError(f"no such record: {path}") from None
    except (json.JSONDecodeError, RecordError) as error:
        raise UserError(f"{path}: {error}") from None
    design = args.design or DEMO_DESIGN
    known = [d.name for d in all_designs()]
    if design not in known:
        raise UserError(f"unknown design {design!r} (known: {', '.join(known)})")
    if args.fps <= 0:
        raise UserError("--fps must be positive")
    if not 0 <= args.noise <= 30:
        raise UserError("--noise must be between 0 and 30")
    film = FilmSet(design=design, fps=args.fps, surface=args.surface, seed=args.seed, noise_sigma=args.noise)
    try:
        script = choreograph(record, film_zones(len(record["players"]), film), film.table_mm, seed=args.seed)
    except ChoreographyError as error:
        raise UserError(f"{path}: {error}") from None
    frames = write_video(Filming(script.timeline, film), args.out)
    print(f"wrote {args.out}: {frames} frames, {script.timeline.duration:.1f} s, design {design}")
    if args.expected:
        Path(args.expected).write_text(json.dumps({"record": script.record, "events": list(script.expected_events)},
                                                  ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    game = script.record.get("games", [script.record])[0]
    counts = ",".join(str(game["counts"][p]) for p in script.record["players"])
    print(f"referee it: referee calibrate --source {args.out} --names {','.join(script.record['players'])} "
          f"--table-mm {film.table_mm[0]:g},{film.table_mm[1]:g} --name film && referee watch --source {args.out} "
          f"--calibration film --rules {script.record['rules']} --counts {counts}"
          + (f" --first {game['first']}" if game.get("first") else ""))
    return 0
