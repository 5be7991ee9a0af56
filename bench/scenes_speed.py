"""Scene generation speed (seconds per 1280x720 scene, one core) and labelled samples.

    python bench/scenes_speed.py [--n 60] [--samples 8] [--split train]

Writes cache/samples/scene_<split>_<seed>.jpg (labels drawn: index green, card blue, back magenta)
and prints s/scene, also split into scene rendering and the detector-tile / classifier-crop
post-processing that the dataset writers add.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.synth.scenes.dataset import usable_design_names, classifier_samples, detector_tiles, scene_designs  # noqa: E402
from referee.synth.scenes.cache import cache_root  # noqa: E402
from referee.synth.scenes.generator import draw_labels, generate_scene  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--split", default="train")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    designs = usable_design_names(a.split)
    out = cache_root() / "samples"
    out.mkdir(parents=True, exist_ok=True)
    # warm the face caches of the designs this run will use
    for i in range(0, a.n, 16):
        generate_scene(i, scene_designs(designs, a.seed, a.split, i))
    t_gen = t_post = 0.0
    c0 = time.process_time()
    n_obj = {"index": 0, "card": 0, "back": 0}
    for i in range(a.n):
        t0 = time.perf_counter()
        sc = generate_scene(10_000 + i, scene_designs(designs, a.seed, a.split, i))
        t1 = time.perf_counter()
        rng = np.random.default_rng(i)
        detector_tiles(sc, rng)
        classifier_samples(sc, rng)
        t2 = time.perf_counter()
        t_gen += t1 - t0
        t_post += t2 - t1
        for o in sc.objects:
            n_obj[o.kind] += 1
        if i < a.samples:
            cv2.imwrite(str(out / f"scene_{a.split}_{10_000 + i}.jpg"), draw_labels(sc), [cv2.IMWRITE_JPEG_QUALITY, 90])
    cpu = (time.process_time() - c0) / a.n
    print(f"{a.n} scenes ({a.split} designs: {len(designs)}): generate {t_gen / a.n:.3f} s/scene wall, "
          f"{cpu:.3f} s/scene CPU (incl. tiles+crops, sample writing), "
          f"tiles+crops {t_post / a.n:.3f} s/scene; objects/scene: "
          + ", ".join(f"{k} {v / a.n:.1f}" for k, v in n_obj.items()))
    print(f"samples: {out}/scene_{a.split}_*.jpg")


if __name__ == "__main__":
    main()
