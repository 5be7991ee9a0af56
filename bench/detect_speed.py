"""Milliseconds per 1280x720 frame: the onnxruntime path against ultralytics' own predict, same run.

    python bench/detect_speed.py [--frames 20] [--repeats 2] [--threads 2] [--spin] [--weights models/checkpoints/detector.pt]

Frames are generated table scenes of held-out designs (the camera's real size). Rows:
  onnx detector         letterbox + onnxruntime + NMS (referee.vision.detector)
  ... fast int8         the same with onnxruntime's fast int8 kernels (exact_int8=False), which on
                        x86 CPUs without VNNI saturate and read worse: what the exact arithmetic costs
  onnx full recogniser  detector + corner crops + classifier + grouping (what `referee watch` runs
                        on every frame)
  ... every corner      the same, classifying every index detection (share_probability=None)
  ... still image       the same with STILL_IMAGE_OPTIONS (what `referee detect` runs: unsure
                        crops read again turned half way, DEFAULT_TURNED_LOOK_BELOW)
  ultralytics predict   the same detector weights (.pt) through ultralytics/torch at the same input size
  baseline ...          with --baseline-models DIR: the detector, whole recogniser and still-image
                        recogniser of another models folder (e.g. a float 640x384 export against
                        the INT8 768x448 one; the same models without a still-image reader)
  zone reader / whole   on the frames of one filmed game (--game DESIGN:SEED, rendered and calibrated
  frame (filmed game)   as bench/live.py does, read back from its mp4): the live referee's
                        recogniser on the calibrated card zones, skipping zones that have not
                        changed (referee.live.zone_reader), against the recogniser on the whole
                        frame, frame by frame in turn over the whole game (--no-game: left out)
The variants run round-robin frame by frame, so a background load hits them alike; compare the
ratios. A second table splits the recognisers into stages (CardRecognizer.read(timings=...)).
The ultralytics row needs the train extra (torch); without it, only the onnx rows are printed.
The header shows the load average: with other busy processes the figures rise; compare runs only at
a like load, and --spin (onnxruntime threads spinning, the old default) against no --spin likewise.
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


def round_robin(variants: dict, frames, repeats: int) -> dict[str, list[float]]:
    """Milliseconds per call of each variant, frame by frame in turn (after one warm-up pass)."""
    for fn in variants.values():
        for f in frames[:2]:
            fn(f)
    out: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repeats):
        for f in frames:
            for name, fn in variants.items():
                t = time.perf_counter()
                fn(f)
                out[name].append((time.perf_counter() - t) * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--models", default=None)
    ap.add_argument("--weights", type=Path, default=REPO / "models" / "checkpoints" / "detector.pt",
                    help="detector .pt for the ultralytics baseline")
    ap.add_argument("--baseline-models", default=None,
                    help="another models folder, timed in the same run (rows 'baseline ...')")
    ap.add_argument("--no-all", action="store_true", help="leave out the every-corner recogniser row")
    ap.add_argument("--spin", action="store_true", help="onnxruntime threads spin between operators "
                    "(compare with a run without it, on an idle machine)")
    ap.add_argument("--game", default="kde-ancient-egyptians:1", metavar="DESIGN:SEED",
                    help="the filmed game of the zone-reader rows (default kde-ancient-egyptians:1)")
    ap.add_argument("--no-game", action="store_true", help="leave out the filmed game's rows")
    args = ap.parse_args()

    from scene_truth import heldout_scene_truth
    from referee.vision.recognizer import STAGES, STILL_IMAGE_OPTIONS, CardRecognizer

    frames = [heldout_scene_truth(900_000 + i)[0] for i in range(args.frames)]
    assert frames[0].shape[:2] == (720, 1280), frames[0].shape
    rec = CardRecognizer(args.models, threads=args.threads, spin=args.spin)
    stages: dict[str, list[dict]] = {"onnx full recogniser": []}

    def staged(recognizer, name):
        def read(f):
            t: dict = {}
            recognizer.read(f, timings=t)
            stages[name].append(t)
        return read

    from referee.vision.detector import CornerDetector

    fast = CornerDetector(rec.detector.model.path, conf=rec.detector.conf, iou=rec.detector.iou,
                          threads=args.threads, spin=args.spin, exact_int8=False)
    variants = {"onnx detector": rec.detections, "... fast int8": fast.detect,
                "onnx full recogniser": staged(rec, "onnx full recogniser")}
    if not args.no_all:
        every = CardRecognizer(args.models, threads=args.threads, share_probability=None, spin=args.spin)
        stages["... every corner"] = []
        variants["... every corner"] = staged(every, "... every corner")
    still = CardRecognizer(args.models, threads=args.threads, spin=args.spin, **STILL_IMAGE_OPTIONS)
    stages["... still image"] = []
    variants["... still image"] = staged(still, "... still image")
    if args.baseline_models:
        other = CardRecognizer(args.baseline_models, threads=args.threads, spin=args.spin)
        stages["baseline recogniser"] = []
        variants["baseline detector"] = other.detections
        variants["baseline recogniser"] = staged(other, "baseline recogniser")
        other_still = CardRecognizer(args.baseline_models, threads=args.threads, spin=args.spin, **STILL_IMAGE_OPTIONS)
        stages["baseline still image"] = []
        variants["baseline still image"] = staged(other_still, "baseline still image")
    if args.weights.is_file():
        try:
            os.environ.setdefault("YOLO_OFFLINE", "1")
            import torch
            from ultralytics import YOLO

            torch.set_num_threads(args.threads)
            model = YOLO(str(args.weights))
            h, w = rec.detector.model.imgsz
            variants["ultralytics predict"] = lambda f: model.predict(
                f, imgsz=(h, w), conf=rec.detector.conf, device="cpu", verbose=False)
        except ImportError:
            print("(ultralytics/torch not installed: baseline skipped)")
    else:
        print(f"(no {args.weights}: ultralytics baseline skipped)")
    for s in stages.values():
        s.clear()
    times = round_robin(variants, frames, args.repeats)
    for name, s in stages.items():
        del s[: len(s) - len(times[name])]  # drop the warm-up calls

    base = times.get("ultralytics predict")
    print(f"{len(frames)} frames x {args.repeats}, {args.threads} threads{' spinning' if args.spin else ''}, 1280x720, "
          f"load average {os.getloadavg()[0]:.1f}")
    if args.baseline_models:
        print(f"baseline: {args.baseline_models} (detector input {other.detector.model.imgsz}); "
              f"measured: {args.models or 'models/'} (detector input {rec.detector.model.imgsz})")
    print(f"{'path':24s} {'median ms':>10s} {'p90 ms':>8s} {'vs ultralytics':>15s}")
    for name, t in times.items():
        med = statistics.median(t)
        p90 = sorted(t)[int(0.9 * (len(t) - 1))]
        ratio = f"{statistics.median(base) / med:.2f}x faster" if base and name != "ultralytics predict" else ""
        print(f"{name:24s} {med:10.1f} {p90:8.1f} {ratio:>15s}")
    ratio = statistics.median(times["onnx detector"]) / statistics.median(times["... fast int8"])
    print(f"exact int8 detector time against the fast (saturating) kernels': {ratio:.2f}x")
    ratio = statistics.median(times["... still image"]) / statistics.median(times["onnx full recogniser"])
    print(f"still-image recogniser time against the live one: {ratio:.2f}x")
    if args.baseline_models:
        for what, mine in (("detector", "onnx detector"), ("recogniser", "onnx full recogniser"),
                           ("still image", "... still image")):
            ratio = statistics.median(times[mine]) / statistics.median(times[f"baseline {what}"])
            print(f"{what} time against the baseline's: {ratio:.2f}x")
    print()
    names = list(stages)
    print(f"{'stage (median ms)':24s}" + "".join(f" {n:>22s}" for n in names))
    for key in (*STAGES, "indices", "cropped", "classified", "turned_looks", "inverted_looks"):
        label = key if key in STAGES else f"{key} per frame (mean)"
        cells = []
        for n in names:
            vals = [t[key] for t in stages[n]]
            cells.append(f"{statistics.median(vals):22.2f}" if key in STAGES else f"{statistics.mean(vals):22.1f}")
        print(f"{label:24s}" + "".join(" " + c for c in cells))
    if not args.no_game:
        print()
        filmed_game_rows(args.game, rec)
    return 0


def filmed_game_rows(game: str, recognizer) -> None:
    """The zone reader against the whole frame on every frame of one filmed game, in turn."""
    import tempfile

    import cv2

    from live import RULES
    from referee.calibration import calibrate_video
    from referee.live.zone_reader import ZoneReader
    from referee.synth.footage import FilmSet
    from referee.synth.rehearsal import CALIBRATION_FRAMES, film, short_game
    from referee.synth.scenes.designs import designs_for

    design, seed = game.split(":")[0], int(game.split(":")[1])
    heldout = [d.name for d in designs_for("heldout")]
    n = heldout.index(design) if design in heldout else 0
    record = short_game(RULES[(n + seed - 1) % len(RULES)], ["Ann", "Bo", "Cy"], 5, seed)  # as bench/live.py
    film_set = FilmSet(design=design, seed=seed, fps=15.0)
    with tempfile.TemporaryDirectory(prefix="detect-speed-") as work:
        video = Path(work) / "game.mp4"
        film(record, film_set, video)
        calibration = calibrate_video(video, tuple(record["players"]), film_set.table_mm, CALIBRATION_FRAMES)
        zones = ZoneReader(recognizer, calibration)
        whole, zoned = [], []
        capture = cv2.VideoCapture(str(video))
        fps = capture.get(cv2.CAP_PROP_FPS) or film_set.fps
        frames, size = 0, (0, 0)
        while True:
            ok, image = capture.read()
            if not ok:
                break
            size = (image.shape[1], image.shape[0])
            t = time.perf_counter()
            recognizer.read(image)
            whole.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            zones.read(image, frames / fps)
            zoned.append((time.perf_counter() - t) * 1000)
            frames += 1
        capture.release()
    x0, y0, x1, y1 = zones.crop
    print(f"filmed game {design} seed {seed}: {frames} frames {size[0]}x{size[1]}, zones crop "
          f"{x1 - x0}x{y1 - y0}, detector run on {zones.detections} frames ({zones.detections / frames:.0%}), "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'path':24s} {'median ms':>10s} {'mean ms':>8s} {'p90 ms':>8s}")
    for name, t in (("whole frame (game)", whole), ("zone reader (game)", zoned)):
        p90 = sorted(t)[int(0.9 * (len(t) - 1))]
        print(f"{name:24s} {statistics.median(t):10.1f} {statistics.mean(t):8.1f} {p90:8.1f}")
    print(f"zone reader against the whole frame: {statistics.median(whole) / statistics.median(zoned):.1f}x faster "
          f"(median), {statistics.mean(whole) / statistics.mean(zoned):.1f}x (mean)")


if __name__ == "__main__":
    sys.exit(main())
