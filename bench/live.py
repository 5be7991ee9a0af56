"""The live referee end to end on filmed games: frames per second of the whole pipeline on
1280x720 video, play-to-announcement latency, and whether each game was refereed right.

    python bench/live.py [--designs referee-drawn,gnome-simplistic] [--seeds 1,2] [--every 1]
                         [--enrol [--enrol-method head|finetune|index]] [--stable 0.3] [--settle 0.1] [--models DIR] [--det-conf C] [--min-prob P]
                         [--motions] [--declare-gesture cover|double-tap] [--whole-frame]
                         [--size 640x480] [--fill 0.5]

Each game is a short random game (`referee.synth.rehearsal.short_game`: 3 players, 5 cards each,
one refused play, no jokers), staged and filmed at 15 fps with a held-out deck design
(`referee film`), written to an mp4, calibrated from its markers and refereed through the
capture thread, recogniser, tracker, engine and log (`rehearse`). Rows per game; totals last:
  fps        frames through the loop per second of wall time (recognition on every --every-th)
  look ms    median recogniser + marker detection time per recognised frame
  latency    seconds from the play lying complete (hand gone) to the frame that logged it, plus
             the mean look time: median and p95 over the plays logged as scripted
  right      every scripted event logged in order, nothing else (else: the first departure)
  The table answers the referee's questions as its players would (rehearse(answer=True)): a play
  asked about and read wrong is said no to by its player (read again without that reading), up to
  twice, then corrected with its scripted cards (counted as a correction).
  game-level (bench/game_metrics.py): actions committed right, silent errors (an action committed
             as another without a question), phantom plays, missed actions, questions asked and
             corrections, false and missed passes (per seat, beyond / short of the scripted passes),
             plays given to the wrong seat, and whether the game ended with the scripted ranking and scores
--enrol first enrols each design's deck on the rendered enrolment mat (referee.enroll.rehearsal,
as bench/enroll_eval.py does) and referees its games with that deck (referee watch --deck).
--stable and --settle set the tracker's windows (referee.tracking.TrackerSettings).
--motions films the games with the motions of a real table (referee.synth.motions: cards facing
their player, the winner carrying the pile off, idle arms, a mug and a phone at the edge,
left-handed players on the side seats, arms across another player's pad, hands resting beside
their own pad), none of which may make a play or a pass; off by default, so the figures compare
with earlier runs.
--declare-gesture double-tap films every declaration as a double tap of the pad and referees with
that gesture (referee watch --declare-gesture); a pass is then held longer (0.9 s, not 0.7).
The recogniser reads a frame only when the card zones changed (referee.live.zone_reader), as
referee watch does; --whole-frame reads every frame whole (the same as REFEREE_ZONE_READER=0), to
compare with it (--zone-reader: the default, whatever REFEREE_ZONE_READER says).
--size films at another camera mode (default 1280x720) and --fill with the camera higher (the
share of the image's height the play area and its markers fill, default 0.86: cards about 94 px
tall in 1280x720; 0.5: about 54 px; 640x480 at the default fill: about 54 px, the table then
fitted to the image's width): a table with small cards, which the zone reader reads enlarged
(referee.live.zone_reader.enlargement).
Not timed tests: figures depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

RULES = ("highschool", "president", "profit")

from game_metrics import GameFigures, game_figures  # noqa: E402  (bench/ is on sys.path when run)


FILMED_DESIGNS = ("gnome-anglo_poker", "gnome-neoclassical", "gnome-neoclassical_4_color", "gnome-plastic",
                  "gnome-simplistic", "gnome-tigullio", "kde-ancient-egyptians", "kde-jolly-royal",
                  "kde-penguins", "kde-tigullio-international", "referee-drawn", "kde-nicu-white")
"""The filmed games' designs (never trained on), in the order that gives each its rules per seed.
A fixed list: reading the held-out split installed here instead gave a design other rules when
another design (the PySolFC card sets) was installed."""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--designs", default=None, help="designs (default: FILMED_DESIGNS, the twelve never trained on)")
    ap.add_argument("--seeds", default="1,2", help="games per design, one per seed (rules rotate)")
    ap.add_argument("--every", type=int, default=1, help="recognise every K-th frame (default 1, as referee watch)")
    ap.add_argument("--cards", type=int, default=5)
    ap.add_argument("--fps", type=float, default=15.0)
    ap.add_argument("--keep", default=None, help="keep the videos and logs in this folder")
    ap.add_argument("--reuse", action="store_true",
                    help="with --keep: referee the films already kept there (same game, film set and timing) "
                         "instead of rendering them again; only while the renderer is unchanged")
    ap.add_argument("--models", default=None, help="models folder (default: the committed models/)")
    ap.add_argument("--det-conf", type=float, default=None, help="detector threshold (default: the recogniser's)")
    ap.add_argument("--min-prob", type=float, default=None,
                    help="classifier probability a corner reading needs (default: the recogniser's)")
    ap.add_argument("--enrol", action="store_true", help="enrol each design's deck first and referee with it")
    ap.add_argument("--enrol-method", default="head", choices=("head", "finetune", "index"),
                    help="with --enrol: referee enroll --method (finetune needs the train extra)")
    ap.add_argument("--stable", type=float, default=None, help="tracker stable_seconds (default: the referee's)")
    ap.add_argument("--settle", type=float, default=None, help="tracker settle_seconds (default: the referee's)")
    ap.add_argument("--faint", default=None, metavar="CONF,PROB",
                    help="keep faint index boxes read surely (detect_eval --faint; default: the referee's)")
    ap.add_argument("--conflict-spare", type=float, default=None,
                    help="never drop a corner read this surely for a conflict (detect_eval --conflict-spare; "
                         "default: the referee's, none)")
    ap.add_argument("--motions", action="store_true",
                    help="film with a real table's motions (cards facing their player, pile carried off, "
                         "idle arms, clutter)")
    ap.add_argument("--declare-gesture", default="cover", choices=("cover", "double-tap"),
                    help="how declarations are filmed and read (referee watch --declare-gesture; default cover)")
    reading = ap.add_mutually_exclusive_group()
    reading.add_argument("--zone-reader", action="store_true",
                         help="the recogniser only when the card zones changed (the default)")
    reading.add_argument("--whole-frame", action="store_true",
                         help="the recogniser on every frame, whole (REFEREE_ZONE_READER=0)")
    ap.add_argument("--size", default="1280x720", help="the filmed camera mode, WxH (FilmSet.image_size)")
    ap.add_argument("--fill", type=float, default=None,
                    help="share of the image's height the play area fills (FilmSet.fill; default 0.86; "
                         "less: a camera mounted higher, smaller cards)")
    ap.add_argument("--no-enlarge", action="store_true",
                    help="the zone reader never enlarges small cards (as before zone_reader.enlargement)")
    ap.add_argument("--out-of-turn", action="store_true",
                    help="each game has a play out of turn (the player after the one to move lays a card first)")
    args = ap.parse_args()
    from referee.live.perception import ZONE_READER_SWITCH

    if args.zone_reader or args.whole_frame:
        os.environ[ZONE_READER_SWITCH] = "0" if args.whole_frame else "1"
    zone_reader = os.environ.get(ZONE_READER_SWITCH, "1") != "0"
    if args.no_enlarge:
        from referee.live import zone_reader as zone_reading

        zone_reading.SMALL_CARD_INPUT_PX = 0.0

    from referee.synth.choreography import Timing
    from referee.synth.footage import FilmSet
    from referee.synth.rehearsal import rehearse, short_game
    from referee.synth.scenes.designs import designs_for
    from referee.vision.recognizer import LIVE_OPTIONS, CardRecognizer

    # designs never trained on: the held-out ones, those filmed for games only, and the held-out
    # dark, coloured and aged decks (not among FILMED_DESIGNS: named with --designs)
    here = {d.name for d in designs_for("heldout") + designs_for("games") + designs_for("heldout-faces")}
    designs = args.designs.split(",") if args.designs else list(FILMED_DESIGNS)
    missing = [name for name in designs if name not in here]
    if missing:
        raise SystemExit(f"live.py: error: design(s) not available here: {', '.join(missing)} "
                         "(never trained on: held out or filmed for games only)")
    # A design's games (rules, seeds) are the same whether or not --designs picks a subset, and
    # whatever else is installed: its place in FILMED_DESIGNS, others after them.
    others = sorted(set(designs) - set(FILMED_DESIGNS))
    position = {name: (FILMED_DESIGNS + tuple(others)).index(name) for name in designs}
    seeds = [int(s) for s in args.seeds.split(",")]
    from referee.tracking import TrackerSettings

    options: dict = dict(LIVE_OPTIONS)     # the recogniser as referee watch builds it
    options.update({k: v for k, v in (("min_probability", args.min_prob), ("det_conf", args.det_conf)) if v is not None})
    if args.faint is not None:
        from detect_eval import faint_options

        options.update(faint_options(args.faint))
    if args.conflict_spare:
        options["conflict_spare_probability"] = args.conflict_spare
    base = CardRecognizer(args.models, **options)
    overrides = {k: v for k, v in (("stable_seconds", args.stable), ("settle_seconds", args.settle)) if v is not None}
    if args.declare_gesture != "cover":
        overrides["declare_gesture"] = args.declare_gesture
    settings = TrackerSettings(**overrides) if overrides else None
    # at a double-tap table a pass is held longer than a tap (DoubleTap.pass_hold): a second or so
    timing = Timing(double_tap=True, pad_cover=0.9) if args.declare_gesture == "double-tap" else Timing()
    image_size = tuple(int(v) for v in args.size.lower().split("x"))
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-live-"))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; every {args.every}; {work}"
          + (f"; tracker {overrides}" if overrides else "") + (f"; enrolled decks ({args.enrol_method})" if args.enrol else "")
          + ("; with motions" if args.motions else "") + ("; a play out of turn" if args.out_of_turn else "")
          + ("; zone reader" if zone_reader else "; every frame whole")
          + (f"; filmed at {image_size[0]}x{image_size[1]}" if image_size != (1280, 720) else "")
          + (f", fill {args.fill}" if args.fill is not None else "") + ("; never enlarged" if args.no_enlarge else ""))
    print(f"{'design':32s} {'rules':10s} seed acts  frames   fps  look ms  lat med  lat p95  right")
    all_fps, all_lat, right = [], [], 0
    totals, ended, uncorrected, told = GameFigures(), 0, 0, 0
    for design in designs:
        n = position[design]
        recognizer = base
        if args.enrol:
            from referee.enroll.rehearsal import rehearsed_user
            from referee.enroll.run import enrol_frames

            enrolled = enrol_frames(rehearsed_user(design, seed=5), base, design, method=args.enrol_method)
            recognizer = CardRecognizer(args.models, deck=enrolled.deck, **options)
            print(f"{design}: enrolled {len(enrolled.enrolment.captured_codes())} cards in "
                  f"{enrolled.cpu_seconds:.1f} s of CPU", flush=True)
        for seed in seeds:
            rules = RULES[(n + seed - 1) % len(RULES)]      # a game is the same whatever --seeds lists
            record = short_game(rules, ["Ann", "Bo", "Cy"], args.cards, seed, out_of_turn=args.out_of_turn)
            film_set = FilmSet(design=design, seed=seed, fps=args.fps, motions=args.motions, image_size=image_size,
                               **({"fill": args.fill} if args.fill is not None else {}))
            result = rehearse(record, film_set, work / f"{design}-{seed}",
                              every=args.every, recognizer=recognizer, settings=settings, answer=True, timing=timing,
                              reuse_film=args.reuse)
            lat = sorted(result.play_latencies())
            all_fps.append(result.fps)
            all_lat.extend(lat)
            ok = result.refereed_right
            right += ok
            figures = game_figures(result)
            totals.add(figures)
            ended += figures.ended_right
            uncorrected += figures.ended_right and not figures.corrections
            if ok:
                verdict = "yes"
            else:
                i, want, got = result.mismatches()[0]
                verdict = f"no: event {i} want {_short(want, got)} got {_short(got, want)}"
            med = f"{statistics.median(lat):7.2f}" if lat else "      -"
            p95 = f"{_p95(lat):7.2f}" if lat else "      -"
            print(f"{design:32s} {rules:10s} {seed:4d} {len(record['actions']):4d} {result.frames:7d} "
                  f"{result.fps:5.1f} {statistics.median(result.look_ms):8.1f} {med}  {p95}  {verdict}", flush=True)
            print(f"{'':32s} {figures.right}/{figures.actions} actions right ({figures.right_first} at first commit), "
                  f"{figures.silent} silent, "
                  f"{figures.phantom} phantom, {figures.missed} missed, {figures.asked} asked, {figures.said_no} said no, "
                  f"{figures.corrections} corrected; "
                  f"passes {figures.false_passes} false, {figures.missed_passes} missed; "
                  f"{figures.wrong_seat} plays to the wrong seat, {figures.seat_seen}/{figures.plays} seen laid; "
                  f"out of turn {figures.out_of_turn_announced}/{figures.out_of_turn} announced; ended {'right' if figures.ended_right else 'WRONG'}"
                  + "".join(f"; told the table {key} at {t:.1f} s" for t, key in result.notices), flush=True)
            told += bool(result.notices)
    all_lat.sort()
    print(f"\ngames refereed right (every event): {right}/{len(all_fps)}")
    print(f"games whose table was told something about the deck (a dark-faced deck): {told}/{len(all_fps)}")
    print(f"games ending with the right ranks and scores: {ended}/{len(all_fps)}, "
          f"{uncorrected} of them with no correction")
    per100 = 100 * totals.asked / totals.actions if totals.actions else 0.0
    per100_laid = 100 * totals.asked / totals.laid if totals.laid else 0.0
    print(f"actions: {totals.right}/{totals.actions} right, {totals.right_first} of them at first commit; silent errors {totals.silent}, phantom plays "
          f"{totals.phantom}, missed {totals.missed}; questions {totals.asked} ({per100:.1f} per 100 actions, "
          f"{per100_laid:.1f} per 100 of the {totals.laid} plays laid), "
          f"said no {totals.said_no}, corrections {totals.corrections}")
    print(f"passes: {totals.false_passes} false, {totals.missed_passes} missed; plays to the wrong seat "
          f"{totals.wrong_seat}; plays whose seat the camera saw {totals.seat_seen}/{totals.plays}; "
          f"out-of-turn plays announced {totals.out_of_turn_announced}/{totals.out_of_turn}")
    if totals.silent_margins or totals.right_margins:
        bars = (1.0, 1.5, 2.0, 3.0, 4.0)
        below = ", ".join(f"<{b:g}: {sum(m < b for m in totals.right_margins)}" for b in bars)
        print(f"read margins (log odds) of the plays committed silently wrong: "
              f"{', '.join(f'{m:.2f}' for m in sorted(totals.silent_margins)) or '-'}; "
              f"of the {len(totals.right_margins)} committed right unasked, how many fall below a bar: {below}")
    print(f"pipeline fps (1280x720, every {args.every}): median {statistics.median(all_fps):.1f}, "
          f"min {min(all_fps):.1f}")
    if all_lat:
        print(f"play-to-announcement latency over {len(all_lat)} plays: median {statistics.median(all_lat):.2f} s, "
              f"p95 {_p95(all_lat):.2f} s")
    return 0


def _p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile of sorted values."""
    return values[max(0, math.ceil(0.95 * len(values)) - 1)]


def _short(event: dict | None, other: dict | None = None) -> str:
    """The event's main fields, and any other field in which it differs from `other`."""
    if event is None:
        return "nothing"
    keys = ["event", "player", "cards", "rule"]
    if other is not None:
        keys += [k for k in event if k not in keys and event.get(k) != other.get(k)]
    return "{" + ", ".join(f"{k}={event[k]}" for k in keys if k in event) + "}"


if __name__ == "__main__":
    sys.exit(main())
