"""Milliseconds per 1280x720 frame: the onnxruntime path against ultralytics' own predict, same run.

    python bench/detect_speed.py [--frames 30] [--threads 2] [--weights runs/det/weights/best.pt]

Frames are generated table scenes of held-out designs (the camera's real size). Rows:
  onnx detector         letterbox + onnxruntime + NMS (referee.vision.detector)
  onnx full recogniser  detector + corner crops + classifier + grouping (what `referee detect` runs)
  ultralytics predict   the same detector weights (.pt) through ultralytics/torch at the same input size
The baseline row needs the train extra (torch); without it, only the onnx rows are printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def timed(fn, frames, repeats: int) -> list[float]:
    for f in frames[:2]:
        fn(f)  # warm-up
    out = []
    for _ in range(repeats):
        for f in frames:
            t = time.perf_counter()
            fn(f)
            out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--models", default=None)
    ap.add_argument("--weights", type=Path, default=REPO / "models" / "checkpoints" / "detector.pt",
                    help="detector .pt for the ultralytics baseline")
    args = ap.parse_args()

    from scene_truth import heldout_scene_truth
    from referee.vision.recognizer import CardRecognizer

    frames = [heldout_scene_truth(900_000 + i)[0] for i in range(args.frames)]
    assert frames[0].shape[:2] == (720, 1280), frames[0].shape
    rec = CardRecognizer(args.models, threads=args.threads)
    rows = [
        ("onnx detector", timed(rec.detections, frames, args.repeats)),
        ("onnx full recogniser", timed(rec.read, frames, args.repeats)),
    ]
    if args.weights.is_file():
        try:
            os.environ.setdefault("YOLO_OFFLINE", "1")
            import torch
            from ultralytics import YOLO

            torch.set_num_threads(args.threads)
            model = YOLO(str(args.weights))
            h, w = rec.detector.model.imgsz
            rows.append(("ultralytics predict", timed(
                lambda f: model.predict(f, imgsz=(h, w), conf=rec.detector.conf, device="cpu", verbose=False),
                frames, args.repeats)))
        except ImportError:
            print("(ultralytics/torch not installed: baseline skipped)")
    else:
        print(f"(no {args.weights}: ultralytics baseline skipped)")
    base = dict(rows).get("ultralytics predict")
    print(f"{'path':24s} {'median ms':>10s} {'p90 ms':>8s} {'vs ultralytics':>15s}")
    for name, times in rows:
        med = statistics.median(times)
        p90 = sorted(times)[int(0.9 * (len(times) - 1))]
        ratio = f"{statistics.median(base) / med:.2f}x faster" if base and name != "ultralytics predict" else ""
        print(f"{name:24s} {med:10.1f} {p90:8.1f} {ratio:>15s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
