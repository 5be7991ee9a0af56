"""The corner-index classifier alone, on folders of labelled crops: several classifiers, one run.

    python bench/crop_eval.py [--classifier models/classifier.onnx ...] [--crops data/cls12/val ...]
                              [--limit 4000] [--json FILE]
    python bench/crop_eval.py --scenes 200 [--training-designs] [--seed 31337] [--classifier ...]

Crop folders are the ones `referee train data` writes (<folder>/<code>/*.png, 64x64 BGR, cut
from generated scenes like the recogniser cuts them); data/cls12/val holds crops of the held-out
designs. Each classifier (an ONNX file as `referee train export` writes it) reads every crop of
a card (the `other` class is left out: it measures rejects, not reading) and prints:
  top-1            share of crops whose most probable class is their code
  right / wrong    crops read surely (top probability >= p) and right, and surely as another
                   card, at p = 0.6 (the recogniser's threshold), 0.8 and 0.9
and the milliseconds per crop of onnxruntime on 2 threads (batches of 64).

--scenes N reads crops of N generated scenes instead (held-out designs as bench/detect_eval.py
leaves them, or --training-designs; cut like the training data, referee.synth.scenes.dataset.
jittered_crop), every labelled corner, and splits the figures by what makes a corner hard: its
uncovered share (a corner is labelled from 0.6) and, for corners at least 0.95 uncovered, the
scene's blur (one standard deviation in px, bench/scene_truth.scene_blur_px). Figures, not a
timed test; runs without the train extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from recall_by_legibility import BINS as CARD_BINS  # noqa: E402

from referee.vision.classifier import REJECT_CLASS, IndexClassifier  # noqa: E402

PROBABILITIES = (0.6, 0.8, 0.9)
UNCOVERED_BINS = ((0.6, 0.8), (0.8, 0.95), (0.95, 1.01))
_BLUR_EDGES = CARD_BINS["blur px"][1]                 # px: the same bins as the card-level bench
BLUR_BINS = tuple(zip(_BLUR_EDGES, _BLUR_EDGES[1:]))
DEFAULT_EXCLUDE = "gnome-plastic,kde-ancient-egyptians,referee-drawn"     # as the benchmark's figures


def load_crops(folder: Path, limit: int | None, seed: int = 0) -> tuple[list[np.ndarray], list[str]]:
    """The card crops of a folder (every class but `other`), an even random subset when limited."""
    files = sorted(f for f in folder.glob("*/*") if f.parent.name != REJECT_CLASS and f.is_file())
    if not files:
        raise SystemExit(f"no crops under {folder} (expected {folder}/<code>/*.png)")
    if limit and len(files) > limit:
        pick = np.random.default_rng(seed).choice(len(files), limit, replace=False)
        files = [files[i] for i in sorted(pick)]
    crops, codes = [], []
    for f in files:
        crop = cv2.imread(str(f))
        if crop is None:
            raise SystemExit(f"unreadable crop: {f}")
        crops.append(crop)
        codes.append(f.parent.name)
    return crops, codes


def scene_crops(scenes: int, seed: int, training: bool, exclude: tuple[str, ...]):
    """(crops, codes, uncovered shares, blur px) of every labelled corner of generated scenes."""
    from scene_truth import heldout_designs, scene_blur_px

    from referee.synth.scenes.dataset import usable_design_names, jittered_crop, scene_designs, scene_seed
    from referee.synth.scenes.generator import generate_scene

    designs = usable_design_names("train") if training else heldout_designs(exclude)
    crops, codes, uncovered, blur = [], [], [], []
    for i in range(scenes):
        scene = generate_scene(scene_seed(seed, "crop_eval", i), scene_designs(designs, seed, "crop_eval", i))
        rng = np.random.default_rng(scene_seed(seed, "crop_eval/crops", i))
        for obj in scene.objects:
            if obj.kind == "index" and obj.code:
                crops.append(jittered_crop(scene.image, obj.box, rng))
                codes.append(obj.code)
                uncovered.append(obj.visible_fraction)
                blur.append(scene_blur_px(scene))
    return crops, codes, np.array(uncovered), np.array(blur)


def by_bins(right: np.ndarray, sure: np.ndarray, uncovered: np.ndarray, blur: np.ndarray) -> dict:
    """top-1 and right@0.6 per uncovered-share bin, and per blur bin of the corners >= 0.95 uncovered."""
    bins = {}
    for lo, hi in UNCOVERED_BINS:
        bins[f"uncovered {lo}-{min(hi, 1.0)}"] = (uncovered >= lo) & (uncovered < hi)
    for lo, hi in BLUR_BINS:
        bins[f"uncovered >= 0.95, blur {lo}-{hi if hi != float('inf') else ''} px"] = (
            (uncovered >= 0.95) & (blur >= lo) & (blur < hi))
    return {name: {"crops": int(k.sum()), "top1": float(right[k].mean()) if k.any() else None,
                   "right@0.6": float((right & sure)[k].mean()) if k.any() else None} for name, k in bins.items()}


def evaluate(classifier: IndexClassifier, crops: list[np.ndarray], codes: list[str]) -> dict:
    size = classifier.size
    crops = [c if c.shape[:2] == (size, size) else cv2.resize(c, (size, size)) for c in crops]
    start = time.perf_counter()
    probs = classifier.probabilities(crops)
    ms = 1000 * (time.perf_counter() - start) / len(crops)
    names = np.array(classifier.names)
    best = probs.argmax(1)
    top = probs[np.arange(len(probs)), best]
    right = names[best] == np.array(codes)
    misread = ~right & (names[best] != REJECT_CLASS)  # a sure `other` drops the corner; it misreads nothing
    out = {"crops": len(codes), "top1": float(right.mean()), "ms_per_crop": ms,
           "_right": right, "_sure": top >= PROBABILITIES[0]}
    for p in PROBABILITIES:
        sure = top >= p
        out[f"right@{p}"] = int((sure & right).sum())
        out[f"wrong@{p}"] = int((sure & misread).sum())
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--classifier", type=Path, action="append",
                    help="an exported classifier (.onnx); repeat to compare (default models/classifier.onnx)")
    ap.add_argument("--crops", type=Path, action="append", help="a crop folder; repeat (default data/cls12/val)")
    ap.add_argument("--limit", type=int, default=None, help="read at most this many crops of each folder")
    ap.add_argument("--scenes", type=int, default=0,
                    help="read crops of this many generated scenes instead of crop folders, split by legibility")
    ap.add_argument("--training-designs", action="store_true", help="with --scenes: the training designs' scenes")
    ap.add_argument("--seed", type=int, default=31337, help="with --scenes (the benchmark's scenes are 777000+)")
    ap.add_argument("--exclude-designs", default=DEFAULT_EXCLUDE,
                    help=f"with --scenes: held-out designs to leave out (default {DEFAULT_EXCLUDE})")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    classifiers = args.classifier or [REPO / "models" / "classifier.onnx"]
    if args.scenes:
        crops, codes, uncovered, blur = scene_crops(args.scenes, args.seed, args.training_designs,
                                                    tuple(d for d in args.exclude_designs.split(",") if d))
        sources = [(f"{args.scenes} scenes of the {'training' if args.training_designs else 'held-out'} designs",
                    crops, codes)]
    else:
        sources = [(str(folder), *load_crops(folder, args.limit)) for folder in args.crops or [REPO / "data" / "cls12" / "val"]]
    results = []
    for source, crops, codes in sources:
        print(f"{source}: {len(codes)} card crops")
        for path in classifiers:
            row = {"source": source, "classifier": str(path), **evaluate(IndexClassifier(path, threads=args.threads), crops, codes)}
            right, sure = row.pop("_right"), row.pop("_sure")
            sure_text = "  ".join(f"@{p}: {row[f'right@{p}']} / {row[f'wrong@{p}']}" for p in PROBABILITIES)
            print(f"  {path}: top-1 {row['top1']:.4f}  right / wrong {sure_text}  {row['ms_per_crop']:.3f} ms a crop")
            if args.scenes:
                row["bins"] = by_bins(right, sure, uncovered, blur)
                for name, b in row["bins"].items():
                    if b["crops"]:
                        print(f"    {name:38s} {b['crops']:5d} crops  top-1 {b['top1']:.3f}  right@0.6 {b['right@0.6']:.3f}")
            results.append(row)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
