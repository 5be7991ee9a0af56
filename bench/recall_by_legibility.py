"""Where recall is lost on generated held-out scenes: card-level recall (bench/detect_eval.py's
counting) split by how legible each readable card's best corner index is.

    python bench/recall_by_legibility.py [--scenes 60] [--seed 777000] [--exclude-designs ...]
                                         [--designs ...] [--deck DIR] [--as-video] [--json FILE]

A card counts as readable when one of its corner indices is at least 60 % uncovered
(referee.synth.scenes.generator.MIN_INDEX_VISIBLE); blur does not enter that label. This splits the
readable cards by
  blur px          the scene's blur as one standard deviation (focus sigma and motion length / sqrt(12))
  index px         the height of the card's tallest labelled index in the image
  index / blur     the two together: pixels of index height per pixel of blur ("sharp": no blur)
  uncovered        the best corner's uncovered share
  both halves      the same for the less uncovered half of a corner (its rank or its suit), best corner
  corners          how many of its corners are labelled
  card uncovered   the uncovered share of the whole card: what a reading of the card's body
                   (pips, court art) rather than its corners could see
and prints recall (and the count of cards) per bin. Figures, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

BINS = {
    "blur px": (lambda c: c["blur_px"], (0.0, 0.6, 1.0, 1.4, 2.0, float("inf"))),
    "index px": (lambda c: max(c["index_heights"]), (0.0, 14.0, 18.0, 24.0, float("inf"))),
    "index / blur": (lambda c: max(c["index_heights"]) / c["blur_px"] if c["blur_px"] > 0 else float("inf"),
                     (0.0, 10.0, 15.0, 20.0, 30.0, float("inf"), float("inf"))),   # the last bin: sharp
    "uncovered": (lambda c: max(c["index_visible"]), (0.6, 0.8, 0.95, 1.01)),
    "both halves": (lambda c: max(c["index_halves"]), (0.0, 0.3, 0.6, 0.8, 0.95, 1.01)),
    "corners": (lambda c: len(c["index_boxes"]), (1, 2, 3)),
    "card uncovered": (lambda c: c["card_visible"], (0.0, 0.25, 0.5, 0.75, 1.01)),
}


def _within(value: float, lo: float, hi: float) -> bool:
    """lo <= value < hi; a bin from infinity to infinity holds the infinite values (sharp scenes)."""
    return value == lo if lo == hi else lo <= value < hi


def binned(per_card: list[tuple[dict, bool]]) -> dict:
    """{measure: [{"from", "to", "cards", "recall"}]} for each measure of BINS."""
    out = {}
    for name, (value, edges) in BINS.items():
        rows = []
        for lo, hi in zip(edges, edges[1:]):
            found = [ok for card, ok in per_card if _within(value(card), lo, hi)]
            rows.append({"from": lo, "to": hi, "cards": len(found),
                         "recall": round(sum(found) / len(found), 3) if found else None})
        out[name] = rows
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=None)
    ap.add_argument("--scenes", type=int, default=60)
    ap.add_argument("--seed", type=int, default=777_000)
    ap.add_argument("--exclude-designs", default="gnome-plastic,kde-ancient-egyptians,referee-drawn")
    ap.add_argument("--designs", default="", help="held-out designs to use, leaving out all others")
    ap.add_argument("--deck", default=None, help="read with this enrolled deck (a folder, or a name under the models)")
    ap.add_argument("--as-video", action="store_true", help="the live referee's options (no STILL_IMAGE_OPTIONS)")
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args()

    from detect_eval import eval_scenes
    from scene_truth import others_than

    from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer

    exclude = tuple(d for d in args.exclude_designs.split(",") if d)
    if args.designs:
        try:
            exclude = others_than([d for d in args.designs.split(",") if d])
        except ValueError as e:
            ap.error(str(e))
    options = {} if args.as_video else dict(STILL_IMAGE_OPTIONS)
    recognizer = CardRecognizer(args.models, deck=args.deck, **options)
    per_card: list[tuple[dict, bool]] = []
    overall = eval_scenes(recognizer, args.scenes, args.seed, exclude, per_card=per_card)
    report = {"precision": overall["precision"], "recall": overall["recall"], "scenes": args.scenes,
              "designs": overall["designs"], "bins": binned(per_card)}
    print(f"{args.scenes} scenes; precision {overall['precision']:.3f}, recall {overall['recall']:.3f} "
          f"of {len(per_card)} readable cards")
    for name, rows in report["bins"].items():
        print(f"\n{name:14s} {'cards':>6s} {'recall':>7s}")
        for r in rows:
            span = "sharp" if r["from"] == r["to"] else (
                f"{r['from']:g}-{r['to']:g}" if r["to"] != float("inf") else f">= {r['from']:g}")
            print(f"{span:14s} {r['cards']:6d} {r['recall'] if r['recall'] is not None else '-':>7}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
