"""Recognition of a held-out deck before and after enrolling it (`referee enroll`), and the
enrolment's own cost.

    python bench/enroll_eval.py [--designs gnome-neoclassical,kde-jolly-royal,kde-penguins] [--scenes 30]
                                [--methods head,finetune,index] [--still] [--save-decks DIR]
    python bench/enroll_eval.py --faces --designs referee-drawn-dark-1,referee-drawn-dark-2
    python bench/enroll_eval.py --faces --jokers --still --methods head --designs referee-drawn-aged-1

Per design: the deck is laid on the rendered enrolment mat row by row (referee.enroll.rehearsal:
a new camera pose and light per row, a hand over each new row first) and enrolled through the
same code as the command (referee.enroll.run.enrol_frames). Then generated table scenes of that
design alone (bench/scene_truth.py, the scenes of bench/detect_eval.py) are read without and
with the deck, as the live referee reads frames (or, --still, as referee detect reads photos):
  precision / recall   card level, rank + suit, as bench/detect_eval.py counts them
  located              readable cards with at least one corner index detected: the ceiling any
                       reading of identities can reach with this detector
  id acc               right codes among the located cards' readings
  cpu s                the program's own enrolment work: every look (markers, detector, slot
                       reading) plus building the index; the user's time laying cards is not in it
Not a timed test: figures depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

DEFAULT_DESIGNS = "gnome-neoclassical,kde-jolly-royal,kde-penguins"


def located_and_identity(recognizer, n: int, seed: int, exclude: tuple[str, ...], faces: bool = False,
                         jokers: bool = False) -> dict:
    """Of the readable cards: how many have a detected corner index (located), and of the located
    ones how many the recogniser read with the right code."""
    from detect_eval import centre, inside
    from scene_truth import heldout_scene_truth

    readable = located = right = 0
    for k in range(n):
        image, cards, _ = heldout_scene_truth(seed + k, exclude, faces, jokers)
        dets = [d for d in recognizer.detections(image) if d.kind == "index"]
        preds = [p for p in recognizer.read(image) if p.code != "back"]
        for card in cards:
            if not card["readable"]:
                continue
            readable += 1
            if not any(inside(d.centre, b) for d in dets for b in card["index_boxes"]):
                continue
            located += 1
            if any(p.code == card["code"] and any(inside(centre(c), b) for c in (p.corners or (p.box,))
                                                 for b in card["index_boxes"]) for p in preds):
                right += 1
    return {"readable": readable, "located": round(located / readable, 4) if readable else None,
            "id_accuracy": round(right / located, 4) if located else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--designs", default=DEFAULT_DESIGNS)
    ap.add_argument("--scenes", type=int, default=30, help="table scenes per design")
    ap.add_argument("--seed", type=int, default=777_000)
    ap.add_argument("--enrol-seed", type=int, default=5)
    ap.add_argument("--models", default=None)
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    ap.add_argument("--methods", default="head,index", help="enrolment methods to compare (referee enroll --method; "
                                                            "finetune needs the train extra)")
    ap.add_argument("--still", action="store_true",
                    help="read the table scenes as referee detect does (STILL_IMAGE_OPTIONS); default: as the "
                         "live referee does")
    ap.add_argument("--save-decks", default=None, help="also save each enrolled deck in DIR/<design>-<method>")
    ap.add_argument("--min-similarity", default=None,
                    help="comma-separated DeckIndex.min_similarity values to compare (method index)")
    ap.add_argument("--faces", action="store_true",
                    help="--designs are held-out face decks (referee-drawn-dark-1, -coloured-1, -aged-1, ...)")
    ap.add_argument("--jokers", action="store_true",
                    help="both jokers in every table scene (detect_eval --jokers); the joker figures are printed too")
    ap.add_argument("--faint", default=None, metavar="CONF,PROB",
                    help="faint index boxes for the table scenes (detect_eval --faint; default: the chosen options')")
    args = ap.parse_args()

    from detect_eval import eval_scenes, faint_options
    from scene_truth import others_than

    from referee.enroll.rehearsal import rehearsed_user
    from referee.enroll.run import enrol_frames
    from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer

    designs = [d for d in args.designs.split(",") if d]
    try:
        others_than(designs, args.faces)
    except ValueError as e:
        ap.error(str(e))
    options = dict(STILL_IMAGE_OPTIONS) if args.still else {}
    if args.faint is not None:
        options.update(faint_options(args.faint))
    base = CardRecognizer(args.models)          # enrols (the session's looks are video frames)
    reader = CardRecognizer(args.models, **options) if options else base
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.scenes} scenes per design; "
          f"read as {'still images (referee detect)' if args.still else 'video (referee watch)'}")
    print(f"{'design':26s} {'':10s} {'precision':>9s} {'recall':>7s} {'located':>8s} {'id acc':>7s}   enrolment")
    report = {}
    for design in designs:
        exclude = others_than([design], args.faces)
        t0 = time.perf_counter()
        methods = [m for m in args.methods.split(",") if m]
        # method finetune is made by the session itself (it collects generic crops of the looks);
        # the other methods are built from the same captured samples afterwards
        result = enrol_frames(rehearsed_user(design, seed=args.enrol_seed), base, design,
                              method="finetune" if "finetune" in methods else "head")
        render_and_enrol = time.perf_counter() - t0
        e = result.enrolment
        row = {"enrolment": {"cards": len(e.captured_codes()), "not_captured": sorted(e.skipped),
                             "disputed": e.disputed, "looks": result.looks,
                             "held_back_accuracy": result.held_back.accuracy,
                             "cpu_seconds": round(result.cpu_seconds, 1),
                             "look_seconds": round(result.look_seconds, 1),
                             "adapt_seconds": round(result.adapt_seconds, 1),
                             "with_rendering_seconds": round(render_and_enrol, 1)}}
        import dataclasses

        from referee.enroll.adapt import as_read, build_deck, exemplars

        samples = as_read(e.samples)   # as referee.enroll.run adapts them
        embedded = exemplars(samples, base.classifier)
        variants = []
        for method in methods:
            if method == "finetune":
                row["enrolment"]["finetune_seconds"] = round(result.adapt_seconds, 1)
                variants.append((method, result.deck))
                continue
            t = time.perf_counter()
            deck = build_deck(samples, base.classifier, design, method, embedded)
            row["enrolment"][f"{method}_seconds"] = round(time.perf_counter() - t, 1)
            if method == "index" and args.min_similarity:
                variants += [(f"index@{v}", dataclasses.replace(deck, min_similarity=float(v)))
                             for v in args.min_similarity.split(",")]
            else:
                variants.append((method, deck))
        if args.save_decks:
            for label, deck in variants:
                deck.save(Path(args.save_decks) / f"{design}-{label}", row["enrolment"])
        for label, rec in [("before", reader)] + [(name, CardRecognizer(args.models, deck=deck, **options))
                                                   for name, deck in variants]:
            scenes = eval_scenes(rec, args.scenes, args.seed, exclude, faces=args.faces, jokers=args.jokers)
            extra = located_and_identity(rec, args.scenes, args.seed, exclude, args.faces, args.jokers)
            row[label] = {"precision": scenes["precision"], "recall": scenes["recall"], **extra,
                          "top_errors": scenes["top_errors"]}
            tail = "" if label != variants[-1][0] else (
                f"   {row['enrolment']['cards']} cards, held-back {result.held_back.accuracy or 0:.3f}, "
                f"cpu {result.cpu_seconds:.1f} s" + (f", missing {','.join(sorted(e.skipped))}" if e.skipped else ""))
            if args.jokers:
                row[label]["jokers"] = joker = scenes["by_face"].get("joker", {})
                tail = (f"   jokers {joker.get('precision') or 0:.3f} / {joker.get('recall') or 0:.3f} "
                        f"({joker.get('right', 0)} of {joker.get('outputs', 0)} outputs right)") + tail
            print(f"{design:26s} {label:10s} {scenes['precision']:9.3f} {scenes['recall']:7.3f} "
                  f"{extra['located']:8.3f} {extra['id_accuracy']:7.3f}{tail}", flush=True)
        report[design] = row
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
