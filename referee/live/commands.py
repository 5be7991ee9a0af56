"""`referee watch` and `watch`, its programmatic form: referee a game at the table through a camera, a video or a folder of images.

Heavy imports (cv2, onnxruntime) stay inside the command function so `referee --help` stays fast.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import sys
from pathlib import Path
from typing import Mapping, Sequence

from referee.announce import Announcer
from referee.announce.readings import NameReadings, parse_players, table_language
from referee.calibration import load_calibration
from referee.calibration.scale import card_size_note
from referee.capture import open_capture, parse_size, report_camera_mode
from referee.engine import load_rules
from referee.engine.record import rules_to_json
from referee.errors import UserError
from referee.gamelog import GameLogWriter, read_log
from referee.gamelog.history import HistoryRecorder
from referee.live import GameKeeper, GameSetup, LiveLoop, Referee, deal_counts
from referee.live.overlay import OverlayOutput
from referee.live.perception import CameraPerception
from referee.live.texts import live_text
from referee.tracking import DECLARE_GESTURES, TableTracker, TrackerSettings

DEFAULT_LOG_DIR = Path("logs")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("watch", help="referee a game at the table (camera, video or folder of images)",
                              description="Follow a game through the camera: plays on the pile, passes on the "
                                          "pads, point cards; announce what happens; keep a game log.",
                              epilog="keys in the overlay window: p pass (the player to move), d declare, "
                                     "0-9 cards discarded or given, u undo the last action, c + card codes + "
                                     "Enter correct the last play's cards, m mute, q or Esc quit")
    p.add_argument("--source", required=True, help="camera index (0), video file or folder of images")
    p.add_argument("--rules", default=None, help="preset name or table TOML file (required unless --resume)")
    p.add_argument("--calibration", default="default",
                   help="calibration name (calibration/NAME.json) or path (default: default)")
    p.add_argument("--calibration-dir", default="calibration", help="folder of named calibrations")
    p.add_argument("--log", default=None, help="the game log to write (default: logs/game-DATE-TIME.jsonl); "
                                               "every finished game and match is also appended to history.jsonl "
                                               "in its folder (referee history)")
    p.add_argument("--resume", default=None, metavar="LOG", help="continue the game of this log after a crash")
    p.add_argument("--lang", choices=("ja", "en"), default=table_language(),
                   help="language of the announcements and the overlay (default: ja where the system locale is Japanese, else en)")
    p.add_argument("--mute", action="store_true", help="no speech: announcements as text only")
    p.add_argument("--headless", action="store_true", help="no window (the overlay can still be recorded)")
    p.add_argument("--players", default=None,
                   help="player names clockwise, A,B,C,D, each with an optional kana reading for the voice: "
                        "Aki:あき,Ben:べん (default: the calibration's seats)")
    p.add_argument("--counts", default=None, help="cards dealt to each player, 13,13,14,14 (default: the rules' deal)")
    p.add_argument("--first", default=None, help="who leads the first game (default: the first player listed)")
    p.add_argument("--models", default=None, help="folder with detector.onnx and classifier.onnx "
                                                  "(default: $REFEREE_MODELS, else the installed models)")
    p.add_argument("--deck", default=None, metavar="NAME", help="use the deck enrolled with referee enroll --name NAME")
    p.add_argument("--size", default=None, metavar="WxH",
                   help="camera mode to ask for (default: the best 16:9 mode up to 1920x1080)")
    p.add_argument("--every", type=int, default=1, help="recognise every K-th frame (default 1)")
    p.add_argument("--realtime", action="store_true",
                   help="play a video file or folder at its own speed, as a camera would deliver it")
    p.add_argument("--record-overlay", default=None, metavar="FILE", help="write the overlay frames to a video")
    p.add_argument("--stable", type=float, default=0.3, help="seconds a change must hold to count (default 0.3)")
    p.add_argument("--prompt-seconds", type=float, default=5.0,
                   help="seconds a player has to answer an offer by covering their pad (default 5)")
    p.add_argument("--declare-gesture", choices=DECLARE_GESTURES, default=None,
                   help="how a player declares on their pad: cover it as for a pass, while the referee offers "
                        "the declaration (default), or double-tap it (two short covers), never taken for a pass "
                        "(default for --resume: the log's)")
    p.add_argument("--board", action="store_true",
                   help="serve the scoreboard page for the players' phones (score, turn, top play, announcements, "
                        "history; undo, correct, pass); its link, with a token, is printed")
    p.add_argument("--board-host", default=None, metavar="HOST",
                   help="where the scoreboard listens (default 127.0.0.1, this computer only; 0.0.0.0: the local "
                        "network, the link also shown as a QR code on the overlay)")
    p.add_argument("--board-port", type=int, default=None, metavar="PORT", help="the scoreboard's port (default 8765)")
    p.set_defaults(func=run_watch)


def _counts(text: str | None) -> list[int] | None:
    if not text:
        return None
    try:
        counts = [int(v) for v in text.split(",")]
    except ValueError:
        raise UserError(f"--counts takes numbers, one per player: 13,13,14,14, got {text!r}") from None
    if any(c < 0 for c in counts):
        raise UserError(f"--counts takes card counts of 0 or more, one per player: 13,13,14,14, got {text!r}")
    return counts


def _default_log_path() -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return DEFAULT_LOG_DIR / f"game-{stamp}.jsonl"


def run_watch(args: argparse.Namespace) -> int:
    """`referee watch`: the parsed command line to `watch`."""
    players, readings = parse_players(args.players)
    return watch(args.source, rules=args.rules, calibration=args.calibration, calibration_dir=args.calibration_dir,
                 log=args.log, resume=args.resume, lang=args.lang, mute=args.mute, headless=args.headless,
                 players=players, readings=readings, counts=_counts(args.counts), first=args.first, models=args.models,
                 deck=args.deck, size=args.size, every=args.every, realtime=args.realtime, record_overlay=args.record_overlay,
                 stable=args.stable, prompt_seconds=args.prompt_seconds, board=args.board, board_host=args.board_host,
                 board_port=args.board_port, declare_gesture=args.declare_gesture)


def _check_options(*, every: int, stable: float, prompt_seconds: float, rules: str | None, resume: str | None,
                   log: str | None, board: bool = False, board_host: str | None = None,
                   board_port: int | None = None, declare_gesture: str | None = None) -> None:
    if not board and (board_host is not None or board_port is not None):
        raise UserError("--board-host and --board-port are for the scoreboard: add --board")
    if board_port is not None and not 0 <= board_port <= 65535:
        raise UserError(f"--board-port must be a port number (1-65535, or 0 for any free one), got {board_port}")
    if every < 1:
        raise UserError(f"--every must be 1 or more, got {every}")
    if not 0.05 <= stable <= 5:
        raise UserError(f"--stable must be between 0.05 and 5 seconds, got {stable}")
    if prompt_seconds <= 0:
        raise UserError("--prompt-seconds must be positive")
    if declare_gesture is not None and declare_gesture not in DECLARE_GESTURES:
        raise UserError(f"--declare-gesture must be one of {', '.join(DECLARE_GESTURES)}, got {declare_gesture!r}")
    if resume is None and rules is None:
        raise UserError("give --rules (a preset or a table file), or --resume LOG to continue a game")
    if resume is not None and log is not None and Path(log) != Path(resume):
        raise UserError("--resume continues its own log: leave out --log")
    for option, path in (("--resume", resume), ("--log", log)):
        if path is not None and Path(path).is_dir():
            raise UserError(f"{option} {path} is a folder: a game log is a file, e.g. {Path(path) / 'game.jsonl'}")


def watch(source: str, *, rules: str | None = None, calibration: str = "default",
          calibration_dir: str = "calibration", log: str | None = None, resume: str | None = None,
          lang: str | None = None, mute: bool = False, headless: bool = False, players: Sequence[str] | None = None,
          readings: Mapping[str, str] | None = None,
          counts: Sequence[int] | None = None, first: str | None = None, models: str | None = None,
          deck: str | None = None, size: str | None = None, every: int = 1, realtime: bool = False,
          record_overlay: str | None = None, stable: float = 0.3, prompt_seconds: float = 5.0, board: bool = False,
          board_host: str | None = None, board_port: int | None = None, declare_gesture: str | None = None) -> int:
    """Referee a game through a camera (``source`` "0"), a video file or a folder of images; the
    keyword arguments are `referee watch`'s options (same names, same defaults). Returns the exit
    status; problems a user can fix raise `UserError`."""
    # Heavy imports (cv2, onnxruntime) here, not at the top: `referee --help` imports this module.
    from referee.calibration.clicks import display_available
    from referee.vision.recognizer import LIVE_OPTIONS, CardRecognizer

    lang = lang or table_language()
    _check_options(every=every, stable=stable, prompt_seconds=prompt_seconds, rules=rules, resume=resume, log=log,
                   board=board, board_host=board_host, board_port=board_port, declare_gesture=declare_gesture)
    table = load_calibration(calibration, calibration_dir)
    seats = len(table.seats)
    resumed = keeper = None
    if resume is not None:
        keeper, resumed = GameKeeper.resume(resume, reopen=False)
        if rules is not None and rules_to_json(load_rules(rules)) != rules_to_json(keeper.rules):
            raise UserError(f"{resume} was played under other rules than --rules {rules}")
        names = keeper.players
        header = read_log(resume).header or {}
        readings = dict(header.get("readings") or {}) | dict(readings or {})
        declare_gesture = declare_gesture or header.get("declare_gesture")
        if declare_gesture is not None and declare_gesture not in DECLARE_GESTURES:
            raise UserError(f"{resume} names an unknown declare gesture {declare_gesture!r} "
                            f"(give --declare-gesture {' or '.join(DECLARE_GESTURES)})")
    else:
        game_rules = load_rules(rules)
        names = tuple(players or table.seats)
        if len(set(names)) != len(names) or any(not p for p in names):
            raise UserError(f"player names must be distinct and non-empty: {','.join(names)}")
        if first is not None and first not in names:
            raise UserError(f"--first {first} is not a player ({', '.join(names)})")
        setup = GameSetup(game_rules, names, deal_counts(game_rules, len(names), counts),
                          first or names[0])
    if len(names) != seats:
        raise UserError(f"{len(names)} players but calibration {table.name!r} has {seats} seats: "
                        "run referee calibrate with --seats or --names")
    spoken_names = NameReadings.for_players(names, readings or {})
    log_path = Path(resume or log or _default_log_path())
    if resumed is None and log_path.exists() and log_path.stat().st_size > 0:
        raise UserError(f"game log {log_path} exists: continue it with --resume {log_path}, or choose another --log")

    camera_size = parse_size(size) if size else None
    capture = open_capture(source, size=camera_size)   # a missing camera or an unreadable video: UserError
    report_camera_mode(capture.source)
    note = card_size_note(table)
    if note is not None and note[1]:
        print(f"referee: {note[0]}", file=sys.stderr)
    announcer = output = board_server = None
    try:
        recognizer = CardRecognizer(models, deck=deck, **LIVE_OPTIONS)  # so is a model or deck that does not load
        announcer = Announcer(lang, mute=mute, readings=spoken_names)
        window = not headless and display_available()
        if not headless and not window:
            print("referee: no display here: running headless", file=sys.stderr)
        if window or record_overlay:
            output = OverlayOutput(window=window, record_path=record_overlay,
                                   fps=getattr(capture.source, "fps", None) or 30.0)
        declare_gesture = declare_gesture or "cover"
        tracker = TableTracker.from_calibration(table, TrackerSettings(stable_seconds=stable,
                                                                       declare_gesture=declare_gesture))
        if resumed is None:
            log_path.parent.mkdir(parents=True, exist_ok=True)
            keeper, deal_events = GameKeeper.start(setup, GameLogWriter(log_path),
                                                   header={"source": source, "calibration": table.name,
                                                           "declare_gesture": declare_gesture,
                                                           **({"readings": dict(readings)} if readings else {})})
        else:
            keeper.reopen_log(log_path, resumed)
        history = HistoryRecorder.for_log(log_path)
        keeper.log.add_listener(history.on_log_line)
        referee = Referee(keeper, tracker, announcer, lang=lang, prompt_seconds=prompt_seconds)
        referee.announcer.add_listener(lambda item: print(f"[{_clock(referee.t)}] {item.text}", flush=True))
        scoreboard = None
        if board:
            scoreboard, board_server = _serve_board(referee, history, lang, board_host, board_port)
        if resumed is None:
            referee.begin(deal_events)
        else:
            referee.begin_resumed(resumed)
        skip = resumed.point.last_frame if resumed is not None and not capture.source.live else None
        perception = CameraPerception(recognizer, calibration=table, on_notice=_noticed(referee))
        loop = LiveLoop(referee, perception, table, every=every, output=output, skip_through=skip,
                        realtime=realtime and not capture.source.live, board=scoreboard)
        print(f"watching {source}: {keeper.rules.name}, players {', '.join(names)}; log {log_path}",
              file=sys.stderr)
        try:
            loop.run(capture)
        except KeyboardInterrupt:
            print("referee: stopped", file=sys.stderr)
        print(final_summary(keeper))
        if history.failure is not None:
            print(f"referee: warning: {history.failure}", file=sys.stderr)
        if keeper.log is not None and keeper.log.failure is not None:
            raise UserError(keeper.log.failure)
    finally:
        if board_server is not None:
            board_server.stop()
        capture.stop()
        if announcer is not None:
            announcer.close(timeout=5.0)
        if output is not None:
            output.close()
        if keeper is not None and keeper.log is not None:
            keeper.log.close()
    return 0


def _serve_board(referee, history, lang: str, host: str | None, port: int | None):
    """The scoreboard's loop side and its server, started; the link printed (and, when the page
    is served beyond this computer, drawn on the overlay as a QR code)."""
    # lazily: the server libraries are for --board only
    from referee.board.board import Board
    from referee.board.qr import qr_badge
    from referee.board.server import DEFAULT_HOST, DEFAULT_PORT, BoardServer, is_loopback

    scoreboard = Board(lang, history=history)
    scoreboard.listen(referee.announcer)
    host = host or DEFAULT_HOST
    server = BoardServer(scoreboard.feed, lang=lang, host=host, port=DEFAULT_PORT if port is None else port).start()
    if not is_loopback(host):
        scoreboard.badge = qr_badge(server.url)
    print(f"scoreboard: {server.url}", file=sys.stderr, flush=True)
    return scoreboard, server


def _noticed(referee):
    """What the camera found out about the table (CameraPerception's on_notice): on the console
    with where to read more, and said to the table."""
    def notice(key: str) -> None:
        print(f"referee: warning: {live_text(key, 'en')} (see models/MODEL_CARD.md)", file=sys.stderr, flush=True)
        referee.notice(key)
    return notice


def _clock(t: float | None) -> str:
    return "   -   " if t is None else f"{t:7.2f}"


def final_summary(keeper) -> str:
    """The score table: the last finished game's ranking and scores, and the match totals."""
    # imported here: `referee --help` imports this module, and needs no score table
    from referee.engine.score_table import game_lines, match_lines

    return "\n".join(game_lines(keeper.game + 1, keeper.state, keeper.players)
                     + match_lines(keeper.state, keeper.players))
