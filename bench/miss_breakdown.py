"""Why readable cards of held-out designs are missed: detector, classifier or grouping.

    python bench/miss_breakdown.py [--scenes 30] [--seed 500000] [--models DIR] [--deck DIR] [--live]

For each readable card of generated held-out scenes (the tuning seeds by default, not
detect_eval's), the recogniser's output either holds it ("found") or the card falls in one bucket:
  no_index_detected   no index detection overlaps a labelled corner (IoU >= 0.3); the count
                      with a detected `card` box on the card (IoU >= 0.5) is given beside it
  unsure              its corners were detected but read "other" or below the probability
  misread             a corner was read surely as another card
  read_right_but_lost a corner was read right, and grouping or conflicts dropped it
Corner counts and the commonest sure misreadings follow. Figures, not a timed test.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from detect_eval import centre, inside  # noqa: E402
from scene_truth import heldout_scene_truth  # noqa: E402

from referee.vision.classifier import REJECT_CLASS  # noqa: E402
from referee.vision.crops import rectify_index  # noqa: E402
from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402
from referee.vision.types import iou  # noqa: E402

CORNER_IOU = 0.3
CARD_IOU = 0.5


def _found(card: dict, readings) -> bool:
    """The recogniser's output holds this card: its code, a corner (or box) centre on the card
    (detect_eval's test, without its one-to-one matching)."""
    targets = card["index_boxes"] + [card["box"]]
    return any(r.code == card["code"] and any(inside(centre(b), t) for b in (r.corners or [r.box]) for t in targets)
               for r in readings)


def breakdown(recognizer: CardRecognizer, scenes: int, seed: int, exclude: tuple[str, ...]) -> dict:
    cards, corners, confusions = collections.Counter(), collections.Counter(), collections.Counter()
    p_min = recognizer.min_probability
    for k in range(scenes):
        image, truth, _ = heldout_scene_truth(seed + k, exclude)
        detections = recognizer.detections(image)
        indices = [d for d in detections if d.kind == "index"]
        card_boxes = [d for d in detections if d.kind == "card"]
        size = recognizer.classifier.size
        raw = recognizer.classify_crops([rectify_index(image, d.box, size)[0] for d in indices]) if indices else []
        readings = recognizer.read(image)
        for card in truth:
            if not card["readable"]:
                continue
            hits = []
            for box in card["index_boxes"]:
                corners["labelled"] += 1
                best, j = max(((iou(box, d.box), j) for j, d in enumerate(indices)), default=(0.0, None))
                if best < CORNER_IOU:
                    continue
                corners["detected"] += 1
                code, p = raw[j]
                hits.append((code, p))
                if code == card["code"] and p >= p_min:
                    corners["read_right"] += 1
                elif code == REJECT_CLASS or p < p_min:
                    corners["unsure"] += 1
                else:
                    corners["misread"] += 1
                    confusions[f"{card['code']}->{code}"] += 1
            cards["readable"] += 1
            if _found(card, readings):
                cards["found"] += 1
            elif not hits:
                cards["no_index_detected"] += 1
                if max((iou(card["box"], d.box) for d in card_boxes), default=0.0) >= CARD_IOU:
                    cards["no_index_detected_card_box_found"] += 1
            elif any(code == card["code"] and p >= p_min for code, p in hits):
                cards["read_right_but_lost"] += 1
            elif all(code == REJECT_CLASS or p < p_min for code, p in hits):
                cards["unsure"] += 1
            else:
                cards["misread"] += 1
    return {"cards": dict(cards), "corners": dict(corners), "confusions": confusions.most_common(20)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", type=int, default=30)
    ap.add_argument("--seed", type=int, default=500_000, help="first scene seed (default: the tuning scenes)")
    ap.add_argument("--models", default=None, help="models folder (default: the committed models/)")
    ap.add_argument("--exclude-designs", default="gnome-plastic,kde-ancient-egyptians,referee-drawn")
    ap.add_argument("--deck", default=None, help="read with this enrolled deck (a folder, or a name under the models)")
    ap.add_argument("--live", action="store_true", help="the live referee's options (no STILL_IMAGE_OPTIONS)")
    args = ap.parse_args()
    exclude = tuple(d for d in args.exclude_designs.split(",") if d)
    options = {} if args.live else dict(STILL_IMAGE_OPTIONS)
    recognizer = CardRecognizer(args.models, deck=args.deck, **options)
    print(json.dumps(breakdown(recognizer, args.scenes, args.seed, exclude), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
