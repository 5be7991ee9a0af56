"""`referee film RECORD --out VIDEO`: render a game record into the video a webcam over the
marked table would record (the bundled demo recording was made so): try the referee without a
table, or make test footage with another deck design.

Heavy imports (cv2, the scene generator) stay inside the command function so `referee --help`
stays fast.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from referee.engine.record import RecordError, load_record
from referee.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
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
    p.add_argument("--motions", action="store_true",
                   help="the motions of a real table: cards facing their player, the winner carrying the pile "
                        "off, idle arms, a mug and a phone at the edge")
    p.add_argument("--expected", default=None, metavar="FILE",
                   help="also write the hidden-hand record and the events the referee should log (JSON)")
    p.set_defaults(func=run_film)


def run_film(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs neither the
    # filming nor the scene generator's cv2
    from referee.synth.choreography import ChoreographyError, choreograph
    from referee.synth.footage import DEMO_DESIGN, Filming, FilmSet, film_zones, write_video
    from referee.synth.scenes.designs import all_designs

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
    film = FilmSet(design=design, fps=args.fps, surface=args.surface, seed=args.seed, noise_sigma=args.noise,
                   motions=args.motions)
    try:
        script = choreograph(record, film_zones(len(record["players"]), film), film.table_mm, seed=args.seed,
                             motions=film.motions)
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
