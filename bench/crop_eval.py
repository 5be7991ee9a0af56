"""The corner-index classifier alone, on folders of labelled crops: several classifiers, one run.

    python bench/crop_eval.py [--classifier models/classifier.onnx ...] [--crops data/cls12/val ...]
                              [--limit 4000] [--json FILE]

Crop folders are the ones `referee train data` writes (<folder>/<code>/*.png, 64x64 BGR, cut
from generated scenes like the recogniser cuts them); data/cls12/val holds crops of the held-out
designs. Each classifier (an ONNX file as `referee train export` writes it) reads every crop of
a card (the `other` class is left out: it measures rejects, not reading) and prints:
  top-1            share of crops whose most probable class is their code
  right / wrong    crops read surely (top probability >= p) and right, and surely as another
                   card, at p = 0.6 (the recogniser's threshold), 0.8 and 0.9
and the milliseconds per crop of onnxruntime on 2 threads (batches of 64). Figures, not a timed
test; runs without the train extra.
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

from referee.vision.classifier import REJECT_CLASS, IndexClassifier  # noqa: E402

PROBABILITIES = (0.6, 0.8, 0.9)


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
    out = {"crops": len(codes), "top1": float(right.mean()), "ms_per_crop": ms}
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
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    classifiers = args.classifier or [REPO / "models" / "classifier.onnx"]
    folders = args.crops or [REPO / "data" / "cls12" / "val"]
    results = []
    for folder in folders:
        crops, codes = load_crops(folder, args.limit)
        print(f"{folder}: {len(codes)} card crops")
        for path in classifiers:
            row = {"crops_folder": str(folder), "classifier": str(path),
                   **evaluate(IndexClassifier(path, threads=args.threads), crops, codes)}
            results.append(row)
            sure = "  ".join(f"@{p}: {row[f'right@{p}']} / {row[f'wrong@{p}']}" for p in PROBABILITIES)
            print(f"  {path}: top-1 {row['top1']:.4f}  right / wrong {sure}  {row['ms_per_crop']:.3f} ms a crop")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
