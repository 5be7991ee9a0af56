"""Training crops for the back verifier (referee/vision/back_verifier.py).

Each generated scene (training designs; hard negatives and carpet, rug, brick or dark-cloth
tables in a share of them, referee/synth/scenes/negatives.py; in RANDOM_BACK_SHARE of them every
deck shows a random back, referee/synth/scenes/random_backs.py) is read by a detector (the
committed one unless told), and every `back` box it gives from FAINT_BACK_CONF up becomes a crop:

- `back` when it matches a labelled face-down card (IoU at least MATCH_IOU) or its centre lies on
  one and face-down cards cover most of it (a box over a fanned face-down hand: at least
  MATCH_COVER of it),
- `other` when face-down cards cover hardly any of it (below MISS_COVER); else it is left out.

Besides the detector's boxes, so that the verifier sees more than one detector's habits:
labelled face-down cards that show at least half their face, their boxes jittered (`back`);
the hard negatives' boxes, face-up cards' boxes (court faces and patterned papers drew phantoms
on real photos), every face-up joker that shows at least half its face (a joker's picture on
plain paper drew `back` boxes on the face decks; JOKER_LOOKS crops of each) and card-sized windows
anywhere (`other`). In a `jokers` share of the training scenes every deck holds its two jokers
(SceneConfig.p_joker 1).

    build_back_dataset("data/backs", 4000, 400, seed=20261231, workers=2)

writes data/backs/{train,val}/{back,other}/*.png (ultralytics' classification layout; val from
held-out designs) and data/backs/crops.csv (split, file, class, source, detector confidence).
"""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from referee.synth.scenes.dataset import prepare_dataset, run_jobs, scene_designs, scene_seed
from referee.synth.scenes.design import JOKER
from referee.synth.scenes.generator import Scene, generate_scene
from referee.synth.scenes.random_backs import with_random_backs
from referee.vision.back_verifier import CROP_MARGIN, back_crop
from referee.vision.detector import CornerDetector
from referee.vision.model_files import default_models_dir
from referee.vision.recognizer import FAINT_BACK_CONF
from referee.vision.types import Box, iou

CLASSES = ("back", "other")
MATCH_IOU = 0.5
MATCH_COVER = 0.7
MISS_COVER = 0.1
NEGATIVES_SHARE = 0.6            # of scenes with hard negatives
RICH_TABLE_SHARE = 0.35          # of scenes on carpet, rug, brick or dark cloth
TRUTH_BACKS = 3                  # labelled face-down cards cropped per scene, at most
FACE_CARDS = 2                   # face-up cards cropped per scene, at most
WINDOWS = 1                      # card-sized windows per scene
MIN_VISIBLE = 0.5                # of a face-down card's face, to crop it from the labels
RANDOM_BACK_SHARE = 0.6          # of training scenes whose decks show random backs (random_backs.py)
JOKER_LOOKS = 6                  # jittered crops of each face-up joker, in scenes dealt both jokers (few show one)

_detectors: dict = {}


def back_cover(box: Box, backs: list[Box]) -> float:
    """The share of `box` that the boxes of face-down cards cover (their union, at 2 px)."""
    x1, y1, x2, y2 = box
    w, h = max(1, int((x2 - x1) / 2)), max(1, int((y2 - y1) / 2))
    mask = np.zeros((h, w), np.uint8)
    for b in backs:
        bx1, by1 = int(max(0, (b[0] - x1) / 2)), int(max(0, (b[1] - y1) / 2))
        bx2, by2 = int(min(w, np.ceil((b[2] - x1) / 2))), int(min(h, np.ceil((b[3] - y1) / 2)))
        if bx2 > bx1 and by2 > by1:
            mask[by1:by2, bx1:bx2] = 1
    return float(mask.mean())


def _jitter(box: Box, rng: np.random.Generator, amount: float = 0.08) -> Box:
    """The box moved and resized by up to `amount` of its size per edge, as a detector's boxes are."""
    w, h = box[2] - box[0], box[3] - box[1]
    d = rng.uniform(-amount, amount, 4) * np.array([w, h, w, h])
    return (box[0] + d[0], box[1] + d[1], box[2] + d[2], box[3] + d[3])


def detector_backs(image: np.ndarray, models_dir: str | None) -> list[tuple[Box, float]]:
    """The detector's `back` boxes (from FAINT_BACK_CONF) and confidences, as referee detect
    letterboxes a frame. One detector per process, single-threaded (the pool runs several)."""
    if models_dir not in _detectors:
        folder = Path(models_dir) if models_dir else default_models_dir()
        _detectors[models_dir] = CornerDetector(folder / "detector.onnx", conf=FAINT_BACK_CONF, threads=1)
    return [(d.box, d.confidence) for d in _detectors[models_dir].detect(image) if d.kind == "back"]


def back_samples(scene: Scene, rng: np.random.Generator, detected: list[tuple[Box, float]],
                 margin: float = CROP_MARGIN, joker_looks: int = 0):
    """[(class, source, detector confidence or None, crop)] for one scene; each crop the box with
    `margin` of its size around it (back_verifier.back_crop); joker_looks: crops of every face-up
    joker shown, each jittered anew (after the draws of the rest, so a recipe without them gives
    the same crops as before)."""
    def crop(box: Box) -> np.ndarray:
        return back_crop(scene.image, box, margin)

    truth = [o for o in scene.objects if o.kind == "back"]
    backs = [o.box for o in truth]
    faces = [o for o in scene.objects if o.kind == "card"]
    samples = []
    for box, conf in detected:
        cover = back_cover(box, backs)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        centred = any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in backs)
        if max((iou(box, b) for b in backs), default=0.0) >= MATCH_IOU or (centred and cover >= MATCH_COVER):
            samples.append(("back", "detector", conf, crop(box)))
        elif cover < MISS_COVER:
            samples.append(("other", "detector", conf, crop(box)))
    shown = [o for o in truth if o.visible_fraction >= MIN_VISIBLE]
    for k in rng.permutation(len(shown))[:TRUTH_BACKS]:
        samples.append(("back", "label", None, crop(_jitter(shown[k].box, rng))))
    for n in scene.meta.get("negatives", []):
        if n["box"] is not None and back_cover(n["box"], backs) < MISS_COVER:
            samples.append(("other", "negative", None, crop(_jitter(n["box"], rng))))
    shown_faces = [o for o in faces if o.visible_fraction >= MIN_VISIBLE]
    for k in rng.permutation(len(shown_faces))[:FACE_CARDS]:
        samples.append(("other", "face", None, crop(_jitter(shown_faces[k].box, rng))))
    sizes = [max(o.box[2] - o.box[0], o.box[3] - o.box[1]) for o in faces + truth] or [100.0]
    H, W = scene.image.shape[:2]
    for _ in range(WINDOWS):
        s = float(rng.choice(sizes)) * rng.uniform(0.8, 1.3)
        aspect = rng.uniform(0.6, 1.6)
        w, h = s * min(1.0, aspect), s * min(1.0, 1 / aspect)
        x, y = rng.uniform(0, W - w), rng.uniform(0, H - h)
        box = (x, y, x + w, y + h)
        if back_cover(box, backs) < MISS_COVER:
            samples.append(("other", "window", None, crop(box)))
    for o in shown_faces:
        if o.code == JOKER:
            samples.extend(("other", "joker", None, crop(_jitter(o.box, rng))) for _ in range(joker_looks))
    return samples


def _job(args):
    out_dir, split, i, seed, designs, cfg, models_dir, random_backs, margin, jokers = args
    name = f"{split}_{i:07d}"
    marker = Path(out_dir) / ".done" / split / name
    if marker.exists():
        return 0
    rng = np.random.default_rng(scene_seed(seed, split + "/backs", i))
    names = scene_designs(designs, seed, split, i)
    # its own stream, so that recipes without jokers draw the same scenes as before
    with_jokers = np.random.default_rng(scene_seed(seed, split + "/jokers", i)).random() < jokers
    if with_jokers:
        cfg = replace(cfg, p_joker=1.0)
    if rng.random() < random_backs:
        with with_random_backs(names, rng):
            scene = generate_scene(scene_seed(seed, split, i), names, cfg)
    else:
        scene = generate_scene(scene_seed(seed, split, i), names, cfg)
    rows = []
    for k, (cls, source, conf, crop) in enumerate(back_samples(scene, rng, detector_backs(scene.image, models_dir), margin,
                                                                JOKER_LOOKS if with_jokers else 0)):
        file = f"{split}/{cls}/{name}_{k:02d}.png"
        cv2.imwrite(str(Path(out_dir) / file), crop)
        rows.append(f"{split},{file},{cls},{source},{'' if conf is None else round(conf, 4)}\n")
    marker.write_text("".join(rows))
    return 1


def build_back_dataset(out_dir, n_scenes_train: int, n_scenes_val: int, seed: int = 0, workers: int = 1,
                       models_dir: str | None = None, negatives: float = NEGATIVES_SHARE,
                       rich_tables: float = RICH_TABLE_SHARE, random_backs: float = RANDOM_BACK_SHARE,
                       margin: float = CROP_MARGIN, jokers: float = 0.0) -> Path:
    """Write the verifier's ImageFolder data set (resumable: finished scenes are kept). A
    `random_backs` share of the training scenes show random backs; validation scenes show the
    held-out designs' own. In a `jokers` share of the training scenes every deck holds both
    jokers, and every face-up joker is cropped as `other`. `margin`: the view around each box
    (back_verifier.back_crop), which the exported verifier then declares (back_verifier.CROP_MARGIN_KEY)."""
    out, cfg, tr, va = prepare_dataset(out_dir, None, None, None)
    cfg = replace(cfg, p_negatives=negatives, p_rich_table=rich_tables)
    for split in ("train", "val"):
        for c in CLASSES:
            (out / split / c).mkdir(parents=True, exist_ok=True)
        (out / ".done" / split).mkdir(parents=True, exist_ok=True)
    for split, n, ds in (("train", n_scenes_train, tr), ("val", n_scenes_val, va)):
        jobs = [(str(out), split, i, seed, ds, cfg, models_dir, random_backs if split == "train" else 0.0, margin,
                 jokers if split == "train" else 0.0) for i in range(n)]
        run_jobs(jobs, _job, workers, f"backs {split}")
    with (out / "crops.csv").open("w", newline="") as fh:
        fh.write("split,file,class,source,detector_conf\n")
        for split in ("train", "val"):
            for marker in sorted((out / ".done" / split).iterdir()):
                fh.write(marker.read_text())
    return out


def summary(out_dir) -> dict:
    """Crops per split, class and source."""
    counts: dict = {}
    with (Path(out_dir) / "crops.csv").open() as fh:
        for row in csv.DictReader(fh):
            key = f"{row['split']}/{row['class']}/{row['source']}"
            counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))
