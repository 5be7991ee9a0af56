"""The back verifier's threshold (recognizer.BACK_MIN_PROBABILITY): what each value keeps.

Reads N generated scenes of the HELD-OUT designs as `referee detect` reads photos, with
back_check but without the verifier, twice per seed: as the benchmarks draw them ("plain") and
with hard negatives and rich tables ("negatives", as bench/back_negatives.py). Every `back`
that passes back_check gets the verifier's P(back); per threshold the bench prints the labelled
face-down cards kept (of those back_check kept) and the phantom backs per scene left. With
--faces, a third set: the held-out dark, coloured and aged decks with both jokers in every deck
("faces", as `bench/detect_eval.py --faces --jokers` reads them), where phantoms lie on jokers'
pictures and dark faces.
Tuning seeds 500000+ choose the threshold; the benchmark seeds 777000+ check it. With --real,
also the real photos (which show no face-down card: every back there is a phantom), per photo;
never used to choose the threshold.

    python bench/back_verifier_sweep.py [--scenes 150] [--seed 500000] [--models DIR] [--real DIR] [--faces]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from back_negatives import bench_scene, matched_backs  # noqa: E402
from scene_truth import heldout_designs, heldout_scene  # noqa: E402

from referee.synth.scenes.generator import SceneConfig  # noqa: E402
from referee.vision.back_verifier import BACK_VERIFIER_FILE, BackVerifier  # noqa: E402
from referee.vision.model_files import default_models_dir  # noqa: E402
from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402

THRESHOLDS = (0.02, 0.05, 0.07, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


def scored_backs(scene, readings, verifier) -> list[tuple[bool, float]]:
    """(on a labelled face-down card, P(back)) for each `back` reading (back_negatives.matched_backs)."""
    matched = matched_backs(scene, readings)
    probabilities = verifier.back_probabilities(scene.image, [r.box for r, _ in matched])
    return [(on_card, float(p)) for (_, on_card), p in zip(matched, probabilities)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=None, help="models folder (its back_verifier.onnx is swept)")
    ap.add_argument("--scenes", type=int, default=150)
    ap.add_argument("--seed", type=int, default=500_000)
    ap.add_argument("--negatives", type=float, default=1.0)
    ap.add_argument("--rich-tables", type=float, default=0.5)
    ap.add_argument("--real", type=Path, default=None, help="a real-photo folder (bench/detect_eval.py's)")
    ap.add_argument("--faces", action="store_true", help="also the held-out face decks with both jokers")
    args = ap.parse_args()

    models = Path(args.models) if args.models else default_models_dir()
    verifier = BackVerifier(models / BACK_VERIFIER_FILE)
    reader = CardRecognizer(models, **dict(STILL_IMAGE_OPTIONS, back_min_probability=None))
    designs = heldout_designs()
    neg_cfg = replace(SceneConfig(), p_negatives=args.negatives, p_rich_table=args.rich_tables)
    scored: dict[str, list[tuple[bool, float]]] = {"plain": [], "negatives": [], **({"faces": []} if args.faces else {})}
    t0 = time.perf_counter()
    for k in range(args.scenes):
        for cond, cfg in (("plain", None), ("negatives", neg_cfg)):
            scene = bench_scene(args.seed + k, designs, cfg)
            scored[cond] += scored_backs(scene, reader.read(scene.image), verifier)
        if args.faces:
            scene = heldout_scene(args.seed + k, (), True, True)
            scored["faces"] += scored_backs(scene, reader.read(scene.image), verifier)
        if (k + 1) % 25 == 0:
            print(f"[{k + 1}/{args.scenes}] {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    n = max(args.scenes, 1)
    report: dict = {"scenes": args.scenes, "seed": args.seed, "models": str(models)}
    for cond, rows in scored.items():
        real = np.array([p for is_back, p in rows if is_back])
        phantom = np.array([p for is_back, p in rows if not is_back])
        report[cond] = {"backs_after_back_check": len(real), "phantoms_per_scene_after_back_check": round(len(phantom) / n, 3),
                        "by_threshold": {f"{t:g}": {"backs_kept": f"{int((real >= t).sum())}/{len(real)}",
                                                    "phantoms_per_scene": round(float((phantom >= t).sum()) / n, 3)}
                                         for t in THRESHOLDS}}
    if args.real:
        import cv2

        photos = sorted((args.real / "images").glob("*.jpg"))
        phantom = []
        for path in photos:
            image = cv2.imread(str(path))
            if image is None:
                continue
            backs = [r.box for r in reader.read(image) if r.code == "back"]
            phantom.extend(verifier.back_probabilities(image, backs).tolist())
        phantom_arr = np.array(phantom)
        report["real_photos"] = {"photos": len(photos), "backs_per_photo_after_back_check": round(len(phantom) / max(len(photos), 1), 3),
                                 "by_threshold": {f"{t:g}": round(float((phantom_arr >= t).sum()) / max(len(photos), 1), 3)
                                                  for t in THRESHOLDS}}
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
