"""Where detectors put their corner-index boxes, against the labels (issue 25).

A detector that finds as many indices as another can still make the classifier read worse: the
classifier reads a crop of the detector's box, so a box that sits tighter or looser than the ones
it was trained with shifts what it sees. For each models folder this reads N generated scenes of
the HELD-OUT designs (the benchmarks' seeds) with the detector alone, at the recogniser's
threshold, and prints per folder: the share of labelled index boxes found (a box of IoU > 0.3),
all index boxes output, and for the found ones the median IoU, the box area over the label's
(median, 10th and 90th percentile), the median confidence, and how the folder's classifier reads
the crop of the box (`crops.crop_index`, as the recogniser crops it): right, and surely wrong (a
wrong card at the recogniser's probability bar or above: what becomes a silent misread). The same
reading of the labelled boxes themselves is the reference.

    python bench/index_boxes.py --models models,/tmp/candidate [--scenes 60] [--seed 777000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from back_negatives import bench_scene  # noqa: E402
from scene_truth import heldout_designs  # noqa: E402

from referee.vision.classifier import IndexClassifier  # noqa: E402
from referee.vision.crops import crop_index  # noqa: E402
from referee.vision.detector import CornerDetector  # noqa: E402
from referee.vision.recognizer import DEFAULT_DET_CONF, DEFAULT_MIN_PROBABILITY  # noqa: E402
from referee.vision.types import iou  # noqa: E402

FOUND_IOU = 0.3


def area(box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def readings(classifier: IndexClassifier, image, boxes, codes) -> tuple[int, int]:
    """(right, surely wrong) readings of the crops of `boxes` whose cards are `codes`."""
    if not boxes:
        return 0, 0
    probs = classifier.probabilities([crop_index(image, b) for b in boxes])
    names = [classifier.names[i] for i in probs.argmax(1)]
    right = sum(n == c for n, c in zip(names, codes))
    sure_wrong = sum(n != c and n != "other" and p >= DEFAULT_MIN_PROBABILITY
                     for n, c, p in zip(names, codes, probs.max(1)))
    return right, sure_wrong


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default="models", help="comma-separated models folders")
    ap.add_argument("--scenes", type=int, default=60)
    ap.add_argument("--seed", type=int, default=777000, help="first scene seed (benchmark 777000+)")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    folders = [Path(m) for m in args.models.split(",") if m]
    for folder in folders:
        if not (folder / "detector.onnx").is_file():
            sys.exit(f"index_boxes: no detector.onnx in {folder}")
    detectors = {f: CornerDetector(f / "detector.onnx", conf=DEFAULT_DET_CONF, threads=args.threads) for f in folders}
    classifiers = {f: IndexClassifier(f / "classifier.onnx", threads=args.threads) for f in folders}
    read = {f: [0, 0] for f in folders}  # right, surely wrong: crops of the detector's boxes
    read_labels = {f: [0, 0] for f in folders}  # the same for the labelled boxes
    designs = heldout_designs()
    found = {f: [] for f in folders}  # (iou, area ratio, confidence) of each label found
    outputs = dict.fromkeys(folders, 0)
    labelled = 0
    for k in range(args.scenes):
        scene = bench_scene(args.seed + k, designs)
        indices = [o for o in scene.objects if o.kind == "index" and o.code]
        labels = [o.box for o in indices]
        labelled += len(labels)
        for folder, detector in detectors.items():
            boxes = [d for d in detector.detect(scene.image) if d.kind == "index"]
            outputs[folder] += len(boxes)
            matched, codes = [], []
            for index in indices:
                best = max(boxes, key=lambda d: iou(index.box, d.box), default=None)
                if best is not None and iou(index.box, best.box) > FOUND_IOU:
                    found[folder].append((iou(index.box, best.box), area(best.box) / area(index.box), best.confidence))
                    matched.append(best.box)
                    codes.append(index.code)
            for total, got in ((read[folder], readings(classifiers[folder], scene.image, matched, codes)),
                               (read_labels[folder], readings(classifiers[folder], scene.image, labels,
                                                              [o.code for o in indices]))):
                total[0] += got[0]
                total[1] += got[1]
    print(f"{args.scenes} held-out scenes from seed {args.seed}, {labelled} labelled index boxes, "
          f"detector threshold {DEFAULT_DET_CONF}")
    for folder in folders:
        rows = np.array(found[folder]) if found[folder] else np.zeros((0, 3))
        if not len(rows):
            print(f"{folder}: no index box found")
            continue
        print(f"{folder}: found {len(rows) / labelled:.3f}, index boxes output {outputs[folder]}, "
              f"IoU median {np.median(rows[:, 0]):.3f}, area / label median {np.median(rows[:, 1]):.3f} "
              f"(p10 {np.percentile(rows[:, 1], 10):.3f}, p90 {np.percentile(rows[:, 1], 90):.3f}), "
              f"confidence median {np.median(rows[:, 2]):.3f}")
        right, wrong = read[folder]
        label_right, label_wrong = read_labels[folder]
        print(f"    its classifier on the found boxes' crops: right {right / len(rows):.3f}, surely wrong "
              f"{wrong / len(rows):.3f} ({wrong}); on the labelled boxes' crops: right {label_right / labelled:.3f}, "
              f"surely wrong {label_wrong / labelled:.3f} ({label_wrong})")


if __name__ == "__main__":
    main()
