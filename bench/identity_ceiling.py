"""How far better reading of card identities could take recall: the ceiling of classifier work.

    python bench/identity_ceiling.py [--designs all|D1,D2] [--exclude-designs ...] [--train-scenes 600]
                                     [--steps 1200] [--scenes 60] [--as-video] [--json FILE]

The committed classifier is fine-tuned (referee.enroll.finetune, the enrolment's method) on corner
crops of generated table scenes of the very designs the benchmark reads, crops cut and labelled as
the training data's (referee.synth.scenes.dataset.classifier_samples), turned by quarter turns only.
No deployment has such labels: neither a model trained on other designs nor an enrolment on the
mat sees these designs' table crops. Then the benchmark's scenes (bench/detect_eval.py, seeds
777000+, other seeds than the training crops') are read without and with that network:
  precision / recall    card level, as detect_eval counts them
  located, id acc       as bench/enroll_eval.py: readable cards with a detected corner, and right
                        codes among the located ones
  crop top-1            the classifier alone on fresh jittered crops of labelled corners
and recall by the legibility bins of bench/recall_by_legibility.py. What the fine-tuned network
still loses is lost to the crops themselves (blur, covered corners, resolution) or to detection
and grouping, not to the designs being new. Needs the train extra; figures, not a timed test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

TRAIN_SEED = 424_242          # scene seeds of the fine-tuning crops (the benchmark's are 777000+)


def quarter_turn(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The crop turned by a random quarter turn: table crops need no table-like degradation."""
    return np.ascontiguousarray(np.rot90(crop, int(rng.integers(4))))


def table_crops(designs: list[str], scenes: int, seed: int):
    """(samples of each scene, generic crops) of `scenes` generated scenes mixing `designs` like
    the benchmark."""
    from referee.enroll.session import Sample
    from referee.synth.scenes.dataset import classifier_samples, scene_designs, scene_seed
    from referee.synth.scenes.generator import generate_scene
    from referee.vision.labels import parse_label

    per_scene, generic = [], []
    for i in range(scenes):
        scene = generate_scene(scene_seed(seed, "ceiling", i), scene_designs(designs, seed, "ceiling", i, block=1))
        samples = []
        for code, crop in classifier_samples(scene, np.random.default_rng(scene_seed(seed, "ceiling/crops", i))):
            if code == "other":
                generic.append(crop)
            else:
                samples.append(Sample(row=0, col=0, label=parse_label(code), look=0, crops=(crop,),
                                      base_label=parse_label(code),
                                      base_probability=1.0))
        per_scene.append(samples)
    return per_scene, generic


def flat(per_scene) -> list:
    return [s for samples in per_scene for s in samples]


def crop_top1(classifiers: dict, samples) -> dict:
    """Top-1 of each classifier on the samples' crops (labelled corners, jittered)."""
    crops, codes = [s.crops[0] for s in samples], [s.code for s in samples]
    out = {"crops": len(crops)}
    for label, classifier in classifiers.items():
        p = classifier.probabilities(crops)
        names = classifier.names
        out[label] = round(float(np.mean([names[int(q.argmax())] == c for q, c in zip(p, codes)])), 4)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--designs", default="all", help="held-out designs to read and fine-tune on (default: all "
                                                      "but --exclude-designs)")
    ap.add_argument("--exclude-designs", default="gnome-plastic,kde-ancient-egyptians,referee-drawn")
    ap.add_argument("--train-scenes", type=int, default=600)
    ap.add_argument("--steps", type=int, default=1200)
    ap.add_argument("--lr", type=float, default=None, help="fine-tuning learning rate (default: the enrolment's)")
    ap.add_argument("--l2sp", type=float, default=None, help="pull towards the base weights (default: the enrolment's)")
    ap.add_argument("--scenes", type=int, default=60, help="benchmark scenes read")
    ap.add_argument("--seed", type=int, default=777_000)
    ap.add_argument("--crop-scenes", type=int, default=60, help="fresh scenes for crop top-1")
    ap.add_argument("--as-video", action="store_true", help="the live referee's options (no STILL_IMAGE_OPTIONS)")
    ap.add_argument("--save-deck", default=None, help="also save the fine-tuned network as a deck in this folder")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()

    from detect_eval import eval_scenes
    from enroll_eval import located_and_identity
    from recall_by_legibility import binned
    from scene_truth import heldout_designs, others_than

    from referee.enroll.finetune import FineTuneSettings, base_checkpoint, fine_tune
    from referee.vision.deck_model import DeckModel
    from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer

    exclude = tuple(d for d in args.exclude_designs.split(",") if d)
    if args.designs != "all":
        try:
            exclude = others_than([d for d in args.designs.split(",") if d])
        except ValueError as e:
            ap.error(str(e))
    designs = heldout_designs(exclude)
    options = {} if args.as_video else dict(STILL_IMAGE_OPTIONS)
    before = CardRecognizer(None, **options)
    names = tuple(before.classifier.names)

    t = time.perf_counter()
    per_scene, generic = table_crops(designs, args.train_scenes, TRAIN_SEED)
    samples = flat(per_scene)
    crops_seconds = time.perf_counter() - t
    settings = FineTuneSettings(steps=args.steps)
    settings = dataclasses.replace(settings, **{k: v for k, v in (("learning_rate", args.lr), ("l2sp", args.l2sp))
                                                if v is not None})
    t = time.perf_counter()
    tuned = fine_tune(samples, generic, names, base_checkpoint(before.classifier.model.path),
                      settings, augment=quarter_turn)
    tune_seconds = time.perf_counter() - t
    deck = DeckModel(name="identity-ceiling", onnx=tuned.onnx, names=names,
                     codes=tuple(sorted({s.code for s in samples})))
    if args.save_deck:
        deck.save(args.save_deck, {"designs": designs, "train_scenes": args.train_scenes, "steps": args.steps})
    print(f"{len(designs)} designs; fine-tuned on {len(samples)} crops ({len(generic)} generic) of "
          f"{args.train_scenes} scenes, {args.steps} steps: {crops_seconds:.0f} s + {tune_seconds:.0f} s", flush=True)

    report = {"designs": designs, "train_crops": len(samples), "steps": args.steps,
              "learning_rate": settings.learning_rate, "l2sp": settings.l2sp}
    after = CardRecognizer(None, deck=deck, **options)
    for label, recognizer in (("before", before), ("ceiling", after)):
        per_card: list = []
        scenes = eval_scenes(recognizer, args.scenes, args.seed, exclude, per_card=per_card)
        extra = located_and_identity(recognizer, args.scenes, args.seed, exclude)
        report[label] = {"precision": scenes["precision"], "recall": scenes["recall"], **extra,
                         "top_errors": scenes["top_errors"], "bins": binned(per_card)}
        print(f"{label:8s} precision {scenes['precision']:.3f}  recall {scenes['recall']:.3f}  "
              f"located {extra['located']:.3f}  id acc {extra['id_accuracy']:.3f}", flush=True)
    classifiers = {"before": before.classifier, "ceiling": deck.index_classifier()}
    report["crop_top1"] = crop_top1(classifiers, flat(table_crops(designs, args.crop_scenes, TRAIN_SEED + 1)[0]))
    # the same count of scenes of its own training crops: does the network fit what it was shown?
    report["crop_top1_training"] = crop_top1(classifiers, flat(per_scene[:args.crop_scenes]))
    for label, key in (("fresh", "crop_top1"), ("training", "crop_top1_training")):
        r = report[key]
        print(f"crop top-1 on {r['crops']} {label} crops: before {r['before']:.3f}, ceiling {r['ceiling']:.3f}")
    for name in ("uncovered", "corners", "blur px"):
        print(f"recall by {name}: " + ", ".join(
            f"{r['from']:g}-{r['to']:g} ({r['cards']}): {report['before']['bins'][name][k]['recall']} -> {r['recall']}"
            for k, r in enumerate(report["ceiling"]["bins"][name])))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
