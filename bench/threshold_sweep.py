"""Precision/recall of the recogniser over detector and classifier thresholds, on generated scenes
of the held-out designs (seeds apart from detect_eval's). Never run on the real photos: they are
the untouched yardstick.

    python bench/threshold_sweep.py [--scenes 30] [--seed 500000] [--models DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from detect_eval import eval_scenes, faint_options  # noqa: E402

from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenes", type=int, default=30)
    ap.add_argument("--seed", type=int, default=500_000)
    ap.add_argument("--exclude-designs", default="gnome-plastic,kde-ancient-egyptians")
    ap.add_argument("--models", default=None, help="models folder (default: the committed models/)")
    ap.add_argument("--det-conf", default="0.1,0.15,0.25", help="comma-separated detector thresholds")
    ap.add_argument("--min-prob", default="0.5,0.6,0.7", help="comma-separated classifier probabilities")
    ap.add_argument("--turned-look", default=None,
                    help="comma-separated turned-look thresholds (0: none; default: STILL_IMAGE_OPTIONS')")
    ap.add_argument("--faint", default=None, metavar="CONF,PROB[;CONF,PROB...]",
                    help="semicolon-separated faint index settings (detect_eval --faint; 0: none; default: "
                         "STILL_IMAGE_OPTIONS')")
    args = ap.parse_args()
    exclude = tuple(d for d in args.exclude_designs.split(",") if d)
    turned = [None] if args.turned_look is None else [float(v) for v in args.turned_look.split(",")]
    faints = [None] if args.faint is None else [v for v in args.faint.split(";") if v]
    print(f"{'det_conf':>8s} {'min_prob':>8s} {'turned':>6s} {'faint':>9s} {'precision':>9s} {'recall':>7s}")
    for det_conf in (float(v) for v in args.det_conf.split(",")):
        for min_prob in (float(v) for v in args.min_prob.split(",")):
            for below in turned:
                for faint in faints:
                    options = dict(STILL_IMAGE_OPTIONS)
                    if below is not None:
                        options["turned_look_below"] = below or None
                    if faint is not None:
                        options.update(faint_options(faint))
                    rec = CardRecognizer(args.models, det_conf=det_conf, min_probability=min_prob, **options)
                    r = eval_scenes(rec, args.scenes, args.seed, exclude)
                    label = "-" if below is None else f"{below:.2f}"
                    print(f"{det_conf:8.2f} {min_prob:8.2f} {label:>6s} {faint or '-':>9s} {r['precision']:9.3f} "
                          f"{r['recall']:7.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
