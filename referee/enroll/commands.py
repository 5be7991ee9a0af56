"""`referee enroll --source … --name NAME`: show the table's own deck to the camera once, on the
enrolment mat (`referee markers --enroll`), and save what was learnt of it under decks/NAME/ in
the user's data folder (referee.vision.deck_files.deck_folder), that `referee watch --deck NAME` and
`referee detect --deck NAME` read with.

Heavy imports (cv2, onnxruntime) stay inside the command function so `referee --help` stays fast.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import sys

from referee.announce import Announcer
from referee.announce.readings import table_language
from referee.capture import open_capture, parse_size, report_camera_mode
from referee.errors import UserError
from referee.live.overlay import OverlayOutput


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "enroll", help="enrol the table's own deck from the enrolment mat (then use --deck NAME)",
        description="Lay the deck on the printed enrolment mat (referee markers --enroll) one row at a time, "
                    "as the voice asks; the cards are captured, the classifier is adapted to this deck and "
                    "the result is saved under ~/.local/share/daifugo-referee/decks/NAME/ "
                    "($XDG_DATA_HOME/daifugo-referee/... where that is set; MODELS/decks/NAME/ "
                    "with --models MODELS or $REFEREE_MODELS).")
    p.add_argument("--source", required=True, help="camera index (0), video file or folder of images")
    p.add_argument("--name", required=True, help="the deck's name (letters, digits, _ . -)")
    p.add_argument("--lang", choices=("ja", "en"), default=table_language(),
                   help="language of the prompts and the overlay (default: ja where the system locale is Japanese, else en)")
    p.add_argument("--mute", action="store_true", help="no speech: prompts as text only")
    p.add_argument("--size", default=None, metavar="WxH",
                   help="camera mode to ask for (default: the best 16:9 mode up to 1920x1080)")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--models", default=None, help="folder with detector.onnx and classifier.onnx (default: "
                                                  "$REFEREE_MODELS, else the installed models); "
                                                  "given here or by $REFEREE_MODELS, the deck is saved "
                                                  "in its decks/ folder")
    p.add_argument("--looks", type=int, default=4, help="frames captured per row (default 4)")
    p.add_argument("--patience", type=int, default=20,
                   help="frames an incomplete row waits before naming the missing cards (default 20)")
    p.add_argument("--method", choices=("auto", "finetune", "head", "index"), default="auto",
                   help="finetune: fine-tune the whole classifier (reads hard decks best, about a minute, needs "
                        "the train extra); head: fine-tune its last layer only (seconds, no PyTorch); index: "
                        "nearest neighbours; auto (default): finetune where the train extra is installed, else head")
    p.add_argument("--force", action="store_true", help="replace a deck enrolled before under this name")
    p.set_defaults(func=run_enroll)


def run_enroll(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs neither the
    # enrolment nor cv2 and onnxruntime
    from referee.calibration.clicks import display_available
    from referee.enroll.mat import MatLayout
    from referee.enroll.run import enrol_frames
    from referee.enroll.session import EnrolSettings, Prompt
    from referee.vision.deck_files import deck_folder
    from referee.vision.recognizer import CardRecognizer

    folder = deck_folder(args.name, args.models)       # a bad name: UserError before the camera opens
    if (folder / "deck.npz").exists() and not args.force:
        raise UserError(f"a deck named {args.name} exists ({folder}); use --force to replace it")
    if not 1 <= args.looks <= 30:
        raise UserError(f"--looks must be between 1 and 30, got {args.looks}")
    if not 3 <= args.patience <= 600:
        raise UserError(f"--patience must be between 3 and 600 frames, got {args.patience}")
    settings = EnrolSettings(capture_looks=args.looks, patience_looks=args.patience)
    layout = MatLayout()
    capture = open_capture(args.source, size=parse_size(args.size) if args.size else None)
    report_camera_mode(capture.source)
    announcer = output = None
    try:
        recognizer = CardRecognizer(args.models)
        recognizer.classifier.require_embeddings()
        method = args.method if args.method != "auto" else _auto_method(recognizer.classifier.model.path)
        if method == "head":  # (the other methods need no base head)
            from referee.vision.deck_head import load_base_head

            load_base_head(recognizer.classifier.model.path)   # missing or stale: say so before the session
        announcer = Announcer(args.lang, mute=args.mute)
        announcer.add_listener(lambda item: print(item.text, flush=True))
        window = not args.headless and display_available()
        if not args.headless and not window:
            print("referee: no display here: running headless", file=sys.stderr)
        if window:
            output = OverlayOutput(window=True)
        last_prompt = [""]

        def on_prompt(prompt) -> None:
            last_prompt[0] = prompt.text("en")   # the window's font draws ASCII only
            announcer.say(prompt.text(args.lang))

        def on_look(frame, view, enrolment) -> None:
            if output is not None:  # (headless: no overlay drawn)
                from referee.enroll.overlay import draw_enrolment

                key = output.show(draw_enrolment(frame, view, enrolment, layout, last_prompt[0]))
                if key in ("q", "\x1b"):
                    raise KeyboardInterrupt

        def frames():
            for frame in capture:
                yield frame.image

        try:
            result = enrol_frames(frames(), recognizer, args.name, settings=settings, layout=layout,
                                  on_prompt=on_prompt, on_look=on_look, method=method, on_progress=_show_progress)
        except KeyboardInterrupt:
            print("referee: enrolment stopped; nothing saved", file=sys.stderr)
            return 1
        if result.ended_early:
            announcer.say(_text("ended", args.lang))
        if result.deck is None:
            raise UserError("no card was captured: is the mat under the camera? (referee markers --enroll)")
        card = result.card(args.name, _dt.date.today().isoformat(), recognizer.classifier.model.path.name)
        path = result.deck.save(folder, card)
        acc = result.held_back.accuracy
        announcer.say(Prompt("done", name=args.name, cards=card["cards_captured"],
                             accuracy=round(100 * acc) if acc is not None else 0).text(args.lang))
        print(f"saved {path} (method {method}): {card['cards_captured']} cards, {card['crops']} crops from {result.looks} frames; "
              f"held-back accuracy {acc if acc is None else f'{acc:.3f}'}; {result.cpu_seconds:.1f} s of CPU work"
              + (f"; not captured: {', '.join(card['not_captured'])}" if card["not_captured"] else ""))
        print(f"use it with: referee watch --deck {args.name} …  or  referee detect --deck {args.name} IMAGE")
    finally:
        capture.stop()
        if announcer is not None:
            announcer.close(timeout=10.0)
        if output is not None:
            output.close()
    return 0


def _show_progress(step: int, steps: int) -> None:
    """One line on the terminal, rewritten in place while the deck is learnt."""
    print(f"\rlearning the deck: {100 * step // steps:3d} %", end="\n" if step == steps else "",
          file=sys.stderr, flush=True)


def _auto_method(classifier_path) -> str:
    """finetune where it can run (the classifier's weights and the train extra), else head."""
    # imported here, like run_enroll's imports
    from referee.enroll.finetune import base_checkpoint, require_training_runtime

    try:
        base_checkpoint(classifier_path)
        require_training_runtime()
    except UserError:
        return "head"
    return "finetune"


def _text(key: str, lang: str) -> str:
    # imported here, like run_enroll's imports
    from referee.enroll.prompts import say

    return say(key, lang)
