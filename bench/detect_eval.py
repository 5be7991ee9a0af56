"""Card-level precision and recall of `referee detect`'s recogniser.

(a) generated table scenes of the HELD-OUT designs (never trained on): a predicted card is right
    when its code equals a face-up card's code and one of its corners (or its box centre) lies on
    that card; recall counts the cards with at least one readable corner (visible >= 0.6).
(b) real photos in ../shared/data/real-photos/edje-pinochle-dev (evaluation only, never tuned on):
    rank-only labels with whole-card boxes; a prediction counts when its box centre lies in a
    labelled box of the same rank (one-to-one).

Besides the face-up figures, `every_output` counts everything `referee detect` prints: face
readings and `back`s, a back right only where a face-down card is labelled (one-to-one, its box
centre in the card's box). The real photos label no face-down card, so every back there is a
phantom (`backs_per_photo`, `phantom_backs`).

    python bench/detect_eval.py [--scenes 200] [--real DIR] [--models models/]
    python bench/detect_eval.py --scenes 40 --real '' --designs referee-drawn
    python bench/detect_eval.py --scenes 60 --real '' --faces --jokers

`by_face` in the scenes' figures splits them by the face of the card each output lies on: jokers,
and the other cards by their paper's brightness (dark / mid / light luma, the bins of
referee.synth.scenes.face_brightness), every output counted (eval_scenes). `--faces` reads the
held-out dark, coloured and aged decks, `--jokers` puts both jokers in every scene's deck.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402

REAL_DEFAULT = REPO.parent / "shared" / "data" / "real-photos" / "edje-pinochle-dev"
REAL_RANKS = ["9", "10", "J", "Q", "K", "A"]  # classes.txt: nine ten jack queen king ace


def rank_of(code: str) -> str:
    return code[:-1] if code not in ("JK", "back") else code


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def centre(box):
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def prf(tp: int, n_pred: int, n_true: int) -> dict:
    return {
        "precision": round(tp / n_pred, 4) if n_pred else None,
        "recall": round(tp / n_true, 4) if n_true else None,
        "true_positives": tp,
        "predicted": n_pred,
        "labelled": n_true,
    }


def real_labels(folder: Path, path: Path, shape: tuple[int, int]) -> list[tuple[str, tuple]]:
    """(rank, whole-card box in pixels) of each card labelled on the photo `path` of shape (h, w)."""
    h, w = shape
    labels = []
    for line in (folder / "labels" / (path.stem + ".txt")).read_text().split("\n"):
        if line.strip():
            c, cx, cy, bw, bh = line.split()
            cx, cy, bw, bh = float(cx) * w, float(cy) * h, float(bw) * w, float(bh) * h
            labels.append((REAL_RANKS[int(c)], (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)))
    return labels


def reading_points(reading) -> list[tuple[float, float]]:
    """Where a reading lies: its box's centre and its corners' centres. A label marks the visible
    part of a card; a card half under another is read at its visible corner, while its reading's
    box can span the whole card, its centre under the next card (the K under the J of IMG_2599)."""
    return [centre(reading.box), *(centre(b) for b in reading.corners)]


def match_real(preds, labels) -> tuple[int, list[str]]:
    """(right face readings, a `rank<-labelled rank` key per wrong one): a reading is right when
    one of its reading_points lies in a labelled box of the same rank, one-to-one, surest first."""
    used: set[int] = set()
    misses = []
    for p in sorted(preds, key=lambda c: -c.confidence):
        points = reading_points(p)
        hit = next((i for i, (r, b) in enumerate(labels)
                    if i not in used and r == rank_of(p.code) and any(inside(pt, b) for pt in points)), None)
        if hit is not None:
            used.add(hit)
        else:
            where = next((r for r, b in labels if inside(centre(p.box), b)), "none")
            misses.append(f"{rank_of(p.code)}<-{where}")
    return len(used), misses


def eval_real(recognizer: CardRecognizer, folder: Path) -> dict:
    images = sorted((folder / "images").glob("*.jpg"))
    if not images:
        return {"error": f"no images under {folder}/images"}
    tp = n_pred = n_true = n_backs = 0
    confusion: dict[str, int] = {}
    phantom_backs: dict[str, int] = {}
    for path in images:
        frame = cv2.imread(str(path))
        labels = real_labels(folder, path, frame.shape[:2])
        readings = recognizer.read(frame)
        preds = [c for c in readings if c.code != "back"]
        backs = len(readings) - len(preds)   # no face-down card is labelled: every back is a phantom
        n_backs += backs
        if backs:
            phantom_backs[path.name] = backs
        n_true += len(labels)
        n_pred += len(preds)
        hits, misses = match_real(preds, labels)
        tp += hits
        for key in misses:
            confusion[key] = confusion.get(key, 0) + 1
    result = prf(tp, n_pred, n_true)
    result["images"] = len(images)
    result["every_output"] = prf(tp, n_pred + n_backs, n_true)
    result["backs_per_photo"] = round(n_backs / len(images), 3)
    result["photos_with_phantom_backs"] = len(phantom_backs)
    result["phantom_backs"] = dict(sorted(phantom_backs.items(), key=lambda kv: (-kv[1], kv[0]))[:12])
    result["top_errors"] = dict(sorted(confusion.items(), key=lambda kv: -kv[1])[:12])
    return result


def _card_under(points, cards: list[dict]) -> int | None:
    """The card a wrong output lies on: the first whose labelled corner holds one of its points,
    else the smallest whose box holds one; None when it lies on no face-up card."""
    hit = next((i for i, c in enumerate(cards) if any(inside(pt, b) for pt in points for b in c["index_boxes"])), None)
    if hit is not None:
        return hit
    under = [i for i, c in enumerate(cards) if any(inside(pt, c["box"]) for pt in points)]
    area = lambda i: (cards[i]["box"][2] - cards[i]["box"][0]) * (cards[i]["box"][3] - cards[i]["box"][1])  # noqa: E731
    return min(under, key=area) if under else None


def _tally(groups: dict, name: str, field: str) -> None:
    row = groups.setdefault(name, {"outputs": 0, "right": 0, "readable": 0, "found": 0})
    row[field] += 1


def group_figures(groups: dict) -> dict:
    """{group: precision over every output attributed to its cards, recall of its readable cards,
    and the counts}; groups as eval_scenes tallies them."""
    out = {}
    for name in sorted(groups):
        g = groups[name]
        out[name] = {"precision": round(g["right"] / g["outputs"], 4) if g["outputs"] else None,
                     "recall": round(g["found"] / g["readable"], 4) if g["readable"] else None, **g}
    return out


def eval_scenes(recognizer: CardRecognizer, n: int, seed: int, exclude: tuple[str, ...] = (),
                per_card: list | None = None, faces: bool = False, jokers: bool = False) -> dict:
    """Card-level figures of n held-out scenes; `per_card`, when given, receives (card dict, found)
    for every readable card (bench/recall_by_legibility.py bins them). faces: the held-out dark,
    coloured and aged decks instead (scene_truth.heldout_designs); jokers: both jokers in every
    scene's deck (scene_truth.JOKER_SCENES).

    `by_face` splits the figures by the face of the card each output lies on (scene_truth.face_group:
    'joker', or the paper's brightness bin, referee.synth.scenes.face_brightness): every output
    counts, a face reading on the card it was matched to, a wrong one (or a `back` matched to no
    face-down card) on the card under it (_card_under); outputs on no face-up card are `off_card`.
    Recall counts the group's readable cards found. `by_design` is the same per design, and
    `joker_readings` the precision of the JK readings wherever they lie."""
    from scene_truth import heldout_scene_truth

    tp = tp_recall = n_pred = n_true = 0
    back_tp = back_pred = back_true = 0
    confusion: dict[str, int] = {}
    by_face: dict[str, dict] = {}
    by_design: dict[str, dict] = {}
    joker_readings = [0, 0]  # right, all

    def tally(card_index: int | None, field: str, cards: list[dict]) -> None:
        if card_index is None:
            _tally(by_face, "off_card", field)
            return
        _tally(by_face, cards[card_index]["group"], field)
        _tally(by_design, cards[card_index]["design"], field)

    for k in range(n):
        image, cards, backs = heldout_scene_truth(seed + k, exclude, faces, jokers)
        preds = recognizer.read(image)
        faces_read = [p for p in preds if p.code != "back"]
        n_pred += len(faces_read)
        n_true += sum(1 for c in cards if c["readable"])
        used = set()
        for p in sorted(faces_read, key=lambda c: -c.confidence):
            points = [centre(b) for b in p.corners] or [centre(p.box)]
            hit = next((i for i, c in enumerate(cards) if i not in used and c["code"] == p.code
                        and any(inside(pt, b) for pt in points for b in c["index_boxes"] + [c["box"]])), None)
            if p.code == "JK":
                joker_readings[1] += 1
                joker_readings[0] += hit is not None
            if hit is not None:
                used.add(hit)
                tp += 1
                tally(hit, "outputs", cards)
                tally(hit, "right", cards)
            else:
                tally(_card_under(points, cards), "outputs", cards)
                where = next((c["code"] for c in cards if any(inside(pt, b) for pt in points for b in c["index_boxes"])),
                             "none")
                key = f"{p.code}<-{where}"
                confusion[key] = confusion.get(key, 0) + 1
        # precision counts every right card; recall only the readable ones that were found
        tp_recall += sum(1 for i in used if cards[i]["readable"])
        for i, c in enumerate(cards):
            if c["readable"]:
                tally(i, "readable", cards)
                if i in used:
                    tally(i, "found", cards)
        if per_card is not None:
            per_card.extend((c, i in used) for i, c in enumerate(cards) if c["readable"])
        bp = [p for p in preds if p.code == "back"]
        back_pred += len(bp)
        back_true += len(backs)
        bused = set()
        for p in bp:
            hit = next((i for i, b in enumerate(backs) if i not in bused and inside(centre(p.box), b)), None)
            if hit is not None:
                bused.add(hit)
                back_tp += 1
            else:
                under = _card_under([centre(p.box)], cards)
                if under is not None:
                    tally(under, "outputs", cards)
                else:
                    _tally(by_face, "off_card", "outputs")
    result = prf(tp, n_pred, n_true)
    result["recall"] = round(tp_recall / n_true, 4) if n_true else None
    result["scenes"] = n
    from scene_truth import heldout_designs

    result["designs"] = heldout_designs(exclude, faces)
    result["backs"] = prf(back_tp, back_pred, back_true)
    every = prf(tp + back_tp, n_pred + back_pred, n_true + back_true)
    every["recall"] = round((tp_recall + back_tp) / (n_true + back_true), 4) if n_true + back_true else None
    result["every_output"] = every
    result["phantom_backs_per_scene"] = round((back_pred - back_tp) / n, 3) if n else None
    result["by_face"] = group_figures(by_face)
    result["joker_readings"] = {"right": joker_readings[0], "all": joker_readings[1],
                                "precision": round(joker_readings[0] / joker_readings[1], 4) if joker_readings[1] else None}
    result["by_design"] = group_figures(by_design)
    result["top_errors"] = dict(sorted(confusion.items(), key=lambda kv: -kv[1])[:12])
    return result


def faint_options(text: str) -> dict:
    """--faint CONF,PROB -> the recogniser's faint_index_conf / faint_min_probability; "0": none."""
    values = [float(v) for v in text.split(",") if v.strip()]
    if not values or values[0] <= 0:
        return {"faint_index_conf": None}
    if len(values) > 2:
        raise argparse.ArgumentTypeError("--faint takes CONF or CONF,PROB")
    return {"faint_index_conf": values[0], **({"faint_min_probability": values[1]} if len(values) == 2 else {})}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=None)
    ap.add_argument("--scenes", type=int, default=200, help="held-out generated scenes (0 to skip)")
    ap.add_argument("--seed", type=int, default=777_000)
    ap.add_argument("--real", type=Path, default=REAL_DEFAULT, help="real-photo folder ('' to skip)")
    ap.add_argument("--conf", type=float, default=None, help="detector threshold (default: the recogniser's)")
    ap.add_argument("--min-prob", type=float, default=None,
                    help="classifier probability a reading needs (default: the recogniser's)")
    ap.add_argument("--exclude-designs", default="", help="comma-separated held-out designs to leave out "
                    "(e.g. ones an older model was trained on)")
    ap.add_argument("--designs", default="", help="comma-separated held-out designs to use, leaving out "
                    "all others (e.g. referee-drawn); default: all held-out designs")
    ap.add_argument("--as-video", action="store_true", help="the recogniser as the live referee sets it up "
                    "(no STILL_IMAGE_OPTIONS)")
    ap.add_argument("--turned-look", type=float, default=None,
                    help="read crops below this top probability again turned half way (default: "
                         "STILL_IMAGE_OPTIONS' DEFAULT_TURNED_LOOK_BELOW, none with --as-video; 0 for none)")
    ap.add_argument("--faint", type=faint_options, default=None, metavar="CONF,PROB",
                    help="keep index boxes from CONF up to the detector threshold when read at PROB or more "
                         "(default: STILL_IMAGE_OPTIONS', none with --as-video; 0 for none)")
    ap.add_argument("--share", type=float, default=None,
                    help="probability a lead's reading needs to be shared with its duplicates and second corner "
                         "(default: STILL_IMAGE_OPTIONS' none, 0.95 with --as-video; 0 for none: every corner "
                         "classified)")
    ap.add_argument("--conflict-spare", type=float, default=None,
                    help="a corner read at least this surely is never dropped for a conflict (default: "
                         "STILL_IMAGE_OPTIONS', none with --as-video; 0 for none)")
    ap.add_argument("--off-card-score", type=float, default=None,
                    help="score a card read only outside every card box needs (default: STILL_IMAGE_OPTIONS', "
                         "none with --as-video; 0 for none)")
    ap.add_argument("--single-corner", type=float, default=None,
                    help="probability a card read from one corner needs (default: STILL_IMAGE_OPTIONS', none "
                         "with --as-video; 0 for none)")
    ap.add_argument("--dark-single-corner", type=float, default=None,
                    help="... and where its index is printed light on dark paper (default: STILL_IMAGE_OPTIONS', "
                         "none with --as-video; 0 for the same as any other)")
    ap.add_argument("--single-corner-score", type=float, default=None,
                    help="... and the score (detection confidence x probability) one read below "
                         "SINGLE_CORNER_SCORE_BELOW needs (default: STILL_IMAGE_OPTIONS'; 0 for no such test)")
    ap.add_argument("--faces", action="store_true",
                    help="scenes of the held-out dark, coloured and aged decks (split heldout-faces) instead of "
                         "the ordinary held-out designs; --designs then names some of those")
    ap.add_argument("--jokers", action="store_true",
                    help="both jokers in every scene's deck (scene_truth.JOKER_SCENES): enough jokers to measure")
    ap.add_argument("--no-back-check", action="store_true",
                    help="keep every `back` the detector finds (no back_check.plausible_backs, no back verifier)")
    ap.add_argument("--no-enlarged-look", action="store_true",
                    help="keep the backs the detector sees as face-up cards when shown them enlarged "
                         "(no zoomed_backs look; STILL_IMAGE_OPTIONS has it)")
    ap.add_argument("--back-min-prob", type=float, default=None,
                    help="the back verifier's threshold (default: the recogniser's BACK_MIN_PROBABILITY; "
                         "0 for back_check alone)")
    ap.add_argument("--edge-backs", type=float, default=None,
                    help="drop backs within this share of the frame's short side of its edge (default: "
                         "STILL_IMAGE_OPTIONS'; 0 for none)")
    ap.add_argument("--joker-doubt", type=float, default=None,
                    help="a corner the classifier reads as a card below JOKER_DOUBT_BELOW and the joker reader "
                         "as JK at this or more gives no card (default: JOKER_DOUBT_PROBABILITY; 0 for none)")
    args = ap.parse_args()
    exclude = tuple(d for d in args.exclude_designs.split(",") if d)
    if args.designs:
        from scene_truth import others_than

        try:
            exclude += others_than([d for d in args.designs.split(",") if d], args.faces)
        except ValueError as e:
            ap.error(str(e))
    options = {} if args.as_video else dict(STILL_IMAGE_OPTIONS)  # what referee detect uses
    if args.conf is not None:
        options["det_conf"] = args.conf
    if args.min_prob is not None:
        options["min_probability"] = args.min_prob
    if args.turned_look is not None:
        options["turned_look_below"] = args.turned_look or None
    if args.faint is not None:
        options.update(args.faint)
    if args.off_card_score is not None:
        options["off_card_min_score"] = args.off_card_score or None
    if args.single_corner is not None:
        options["single_corner_min_probability"] = args.single_corner or None
    if args.dark_single_corner is not None:
        options["dark_single_corner_min_probability"] = args.dark_single_corner or None
    if args.single_corner_score is not None:
        options["single_corner_min_score"] = args.single_corner_score or None
    if args.share is not None:
        options["share_probability"] = args.share or None
    if args.conflict_spare is not None:
        options["conflict_spare_probability"] = args.conflict_spare or None
    if args.edge_backs is not None:
        options["edge_back_clearance"] = args.edge_backs or None
    if args.no_back_check:
        options["check_backs"] = False
    if args.no_enlarged_look:
        options["enlarged_back_look"] = False
    if args.joker_doubt is not None:
        options["joker_doubt"] = args.joker_doubt or None
    if args.back_min_prob is not None:
        options["back_min_probability"] = args.back_min_prob or None
    recognizer = CardRecognizer(args.models, **options)
    report = {}
    t0 = time.perf_counter()
    if args.scenes:
        report["heldout_scenes"] = eval_scenes(recognizer, args.scenes, args.seed, exclude,
                                               faces=args.faces, jokers=args.jokers)
    if str(args.real) and Path(args.real).is_dir():
        report["real_photos"] = eval_real(recognizer, Path(args.real))
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
