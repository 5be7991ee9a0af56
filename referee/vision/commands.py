"""`referee detect IMAGE... [--json]`: read the cards in still images."""

from __future__ import annotations

import argparse
import json
import sys

from referee.errors import UserError

DARK_DECK_NOTE = ("referee: note: these cards' faces are dark: they are read less surely and some are left out; "
                  "a light-faced deck reads best (models/MODEL_CARD.md, limits)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("detect", help="read the cards in images (one JSON object per image with --json)")
    p.add_argument("images", nargs="+", help="image files")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--models", default=None, help="folder with detector.onnx and classifier.onnx "
                                                  "(default: $REFEREE_MODELS, else the installed models)")
    p.add_argument("--conf", type=float, default=None,
                   help="detector confidence threshold (default: the recogniser's, which also keeps fainter corner "
                        "boxes that read surely; with --conf none below it)")
    p.add_argument("--deck", default=None, metavar="NAME", help="use the deck enrolled with referee enroll --name NAME")
    p.add_argument("--one-pass", action="store_true",
                   help="read each image once, at the scale it comes in (no second pass at the detector's "
                        "training card size)")
    p.set_defaults(func=run_detect)


def run_detect(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs neither cv2 nor onnxruntime
    import cv2

    from referee.vision.recognizer import PHOTO_DARK_DECK_EVIDENCE, STILL_IMAGE_OPTIONS, CardRecognizer
    from referee.vision.scale import read_at_best_scale

    options = dict(STILL_IMAGE_OPTIONS)
    if args.conf is not None:       # a threshold the user sets is the threshold: no faint boxes below it
        options.update(det_conf=args.conf, faint_index_conf=None)
    recognizer = CardRecognizer(args.models, deck=args.deck, **options)
    status = 0
    for path in args.images:
        frame = cv2.imread(path, cv2.IMREAD_COLOR)
        if frame is None:
            if len(args.images) == 1:
                raise UserError(f"cannot read image {path}")
            print(f"referee: error: cannot read image {path}", file=sys.stderr)
            status = 2
            continue
        cards = recognizer.read(frame) if args.one_pass else read_at_best_scale(recognizer, frame)
        if args.json:
            print(json.dumps({"image": path, "cards": [c.to_json() for c in cards]}, ensure_ascii=False))
        else:
            listing = " ".join(f"{c.code}({c.confidence:.2f})" for c in cards) or "no cards"
            print(f"{path}: {listing}")
    if recognizer.dark_faced(PHOTO_DARK_DECK_EVIDENCE):
        print(DARK_DECK_NOTE, file=sys.stderr)
    return status
