"""Dataset writers: YOLO detector tiles and corner-index classifier crops.

Both are resumable (a scene whose files exist is skipped), print progress, and can use a
process pool. Train scenes use only `train` designs; val scenes only `heldout` designs.

* Detector (ultralytics detect): classes 0 index, 1 card, 2 back. Each 1280x720 scene is
  shrunk to 640x360 and cut into two 320x320 tiles (x0 = 0 and 320, y0 random in [0, 40]); an
  object is kept in a tile when >= 60 % of its box lies inside (box clipped).
* Classifier (ultralytics classify, ImageFolder): ``{train,val}/<class>/*.png``, 64x64, classes
  = 52 codes + ``JK`` + ``other``. Crops come from the full-resolution scene through
  :func:`crop_index` (the same function inference uses) around a jittered index box.
"""
from __future__ import annotations

import hashlib
import os
import time
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path

import cv2
import numpy as np

from referee.vision.crops import CROP_FACTOR, crop_index, index_square, rectified_square  # noqa: F401
from referee.vision.crops import CROP_SIZE as CLS_SIZE
from referee.vision.labels import OTHER
from referee.vision.polarity import light_ink, luma_inverted

from .design import ALL_CODES, Design
from .designs import FACE_VARIANT_PREFIX, designs_for, ensure_designs, get_design
from .generator import CLASSES, Scene, SceneConfig, generate_scene
from .recipe import DET_SCALE, TILE  # noqa: F401  (the detector tiles' scale and size)

CLASSIFIER_CLASSES = tuple(ALL_CODES) + (OTHER.value,)
OTHER_FRACTION = 0.1


# --------------------------------------------------------------------------------------------
# the crop shared with inference
# --------------------------------------------------------------------------------------------
def jittered_crop(image: np.ndarray, box, rng: np.random.Generator, size: int = CLS_SIZE) -> np.ndarray:
    cx, cy, side = index_square(box)
    cx += rng.uniform(-0.12, 0.12) * side
    cy += rng.uniform(-0.12, 0.12) * side
    side *= rng.uniform(0.85, 1.2)
    return rectified_square(image, cx, cy, side, size)


# --------------------------------------------------------------------------------------------
# scene scheduling (deterministic)
# --------------------------------------------------------------------------------------------
def scene_seed(seed: int, split: str, i: int) -> int:
    h = hashlib.blake2b(f"{seed}/{split}/{i}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "little") & 0x7FFFFFFF


# The drawn training decks (24 procedural variants, one family) would be most of the training
# designs if drawn uniformly; scenes use them with this probability when a list mixes them with
# other designs.
DRAWN_VARIANT_SHARE = 0.25
DRAWN_VARIANT_PREFIX = "drawn-train-"


# The face variants (drawn-faces-NN: dark, coloured and aged paper, with jokers) get this share of
# the scenes of a list that mixes them with other designs, before DRAWN_VARIANT_SHARE splits the rest.
FACE_VARIANT_SHARE = 0.15


def scene_designs(designs: list[str], seed: int, split: str, i: int, block: int = 16,
                  face_share: float = FACE_VARIANT_SHARE) -> list[str]:
    """Designs offered to scene i: consecutive blocks share a design (keeps face caches warm).
    Lists mixing face variants with other designs give them `face_share` of the scenes, then
    lists mixing drawn variants with other designs give the variants DRAWN_VARIANT_SHARE of the
    rest (lists without variants are drawn exactly as before they existed)."""
    rng = np.random.default_rng(scene_seed(seed, split + "/designs", i // block))
    faces = [d for d in designs if d.startswith(FACE_VARIANT_PREFIX)]
    if faces and len(faces) < len(designs):
        designs = faces if rng.random() < face_share else [d for d in designs if d not in faces]
    variants = [d for d in designs if d.startswith(DRAWN_VARIANT_PREFIX)]
    if variants and len(variants) < len(designs):
        designs = variants if rng.random() < DRAWN_VARIANT_SHARE else [d for d in designs if d not in variants]
    a = designs[int(rng.integers(len(designs)))]
    b = designs[int(rng.integers(len(designs)))]
    return [a, b] if rng.random() < 0.5 else [a]


def usable_design_names(split: str) -> list[str]:
    """Designs of a split whose corner indices passed the automatic check: 'train', 'faces' (the
    held-out dark, coloured and aged decks, split 'heldout-faces': measured on their own, never in
    the other splits' scenes), 'train-jokers' (the picture-joker variants, added to the training
    designs on request), 'train-dark' (the dark four-colour variants of the dark reader's data),
    'train-symbol-jokers' (the symbol-joker variants of the joker reader's data),
    'train-upright-index' (the variants printing the bottom-right index upright),
    'train-unturned-index' (the variants printing its glyphs upright in the turned layout) or
    anything else for 'heldout'."""
    ds = designs_for({"train": "train", "faces": "heldout-faces", "train-jokers": "train-jokers",
                       "train-dark": "train-dark", "train-symbol-jokers": "train-symbol-jokers",
                       "train-upright-index": "train-upright-index",
                       "train-unturned-index": "train-unturned-index"}.get(split, "heldout"))
    metas = ensure_designs(ds, verbose=False)
    return [d.name for d, m in zip(ds, metas) if m["check"]["ok"]]


# --------------------------------------------------------------------------------------------
# detector
# --------------------------------------------------------------------------------------------
def detector_tiles(scene: Scene, rng: np.random.Generator, scale: float = DET_SCALE, tile: int = TILE,
                   min_inside: float = 0.6):
    """[(tile_image, [(cls, cx, cy, w, h) normalised])] for one scene."""
    H, W = scene.image.shape[:2]
    w2, h2 = int(round(W * scale)), int(round(H * scale))
    small = cv2.resize(scene.image, (w2, h2), interpolation=cv2.INTER_AREA)
    out = []
    xs = list(range(0, max(1, w2 - tile + 1), tile))
    for x0 in xs:
        y0 = int(rng.integers(0, max(1, h2 - tile) + 1))
        img = small[y0:y0 + tile, x0:x0 + tile]
        if img.shape[0] < tile or img.shape[1] < tile:
            img = cv2.copyMakeBorder(img, 0, tile - img.shape[0], 0, tile - img.shape[1], cv2.BORDER_CONSTANT)
        labels = []
        for o in scene.objects:
            bx1, by1, bx2, by2 = (v * scale for v in o.box)
            area = max(1e-6, (bx2 - bx1) * (by2 - by1))
            cx1, cy1 = max(bx1, x0), max(by1, y0)
            cx2, cy2 = min(bx2, x0 + tile), min(by2, y0 + tile)
            if cx2 <= cx1 or cy2 <= cy1:
                continue
            if (cx2 - cx1) * (cy2 - cy1) < min_inside * area:
                continue
            if cx2 - cx1 < 2 or cy2 - cy1 < 2:
                continue
            cls = CLASSES.index(o.kind)
            labels.append((cls, ((cx1 + cx2) / 2 - x0) / tile, ((cy1 + cy2) / 2 - y0) / tile,
                           (cx2 - cx1) / tile, (cy2 - cy1) / tile))
        out.append((img, labels))
    return out


def _det_job(args):
    out_dir, split, i, seed, designs, cfg, scale, tile, face_share = args
    name = f"{split}_{i:07d}"
    lab_dir = Path(out_dir) / "labels" / split
    img_dir = Path(out_dir) / "images" / split
    last = lab_dir / f"{name}_t1.txt"
    if last.exists():
        return 0
    sc = generate_scene(scene_seed(seed, split, i), scene_designs(designs, seed, split, i, face_share=face_share), cfg)
    rng = np.random.default_rng(scene_seed(seed, split + "/tiles", i))
    tiles = detector_tiles(sc, rng, scale=scale, tile=tile)
    for j, (img, _labels) in enumerate(tiles):
        cv2.imwrite(str(img_dir / f"{name}_t{j}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
    # labels last (resume marker: the last tile's label file)
    for j, (_img, labels) in enumerate(tiles):
        txt = "".join(f"{c} {x:.6f} {y:.6f} {w:.6f} {h:.6f}\n" for c, x, y, w, h in labels)
        p = lab_dir / f"{name}_t{j}.txt"
        tmp = p.with_suffix(".tmp")
        tmp.write_text(txt)
        os.replace(tmp, p)
    return 1


def run_jobs(jobs, fn, workers: int, label: str, every: int = 200):
    t0 = time.time()
    n = len(jobs)
    done = made = 0
    if workers > 1:
        # spawn, not fork: a forked child of a process that already ran OpenCV's thread pool (or
        # the rsvg-convert thread pool) can deadlock
        ctx = get_context("spawn")
        with ctx.Pool(workers, initializer=cv2.setNumThreads, initargs=(1,)) as pool:
            for r in pool.imap(fn, jobs, chunksize=8):
                done += 1
                made += r
                if done % every == 0 or done == n:
                    _progress(label, done, n, made, t0)
    else:
        for j in jobs:
            made += fn(j)
            done += 1
            if done % every == 0 or done == n:
                _progress(label, done, n, made, t0)
    return made


def _progress(label, done, n, made, t0):
    dt = time.time() - t0
    rate = made / dt if dt > 0 and made else 0
    eta = (n - done) / rate if rate else 0
    print(f"[{label}] {done}/{n} scenes ({made} new, {rate:.1f}/s, eta {eta / 60:.1f} min)", flush=True)


def prepare_dataset(out_dir, config, train_designs, val_designs):
    """Output folder, scene config, train and val design names (val = held out), faces rendered."""
    tr = train_designs or usable_design_names("train")
    va = val_designs or usable_design_names("val")
    ensure_designs([_design(n) for n in sorted(set(tr + va))], verbose=False)
    return Path(out_dir).resolve(), config or SceneConfig(), tr, va


def build_detector_dataset(out_dir, n_scenes_train: int, n_scenes_val: int, seed: int = 0,
                           workers: int = 1, config: SceneConfig | None = None,
                           train_designs: list[str] | None = None, val_designs: list[str] | None = None,
                           scale: float = DET_SCALE, tile: int = TILE, negatives: float = 0.0,
                           rich_tables: float = 0.0, room_edges: float = 0.0, jokers: float | None = None,
                           picture_jokers: bool = False, face_share: float | None = None) -> Path:
    """Write a YOLO detection dataset and data.yaml: tiles of tile x tile px from the scenes shrunk
    by `scale` (default DET_SCALE, TILE: 384 px tiles of 768x432 scenes, the pixel scale of the
    detector's 768x448 input). `negatives` and `rich_tables`: the shares of scenes (train and
    val) given unlabelled hard negatives for `back` and a carpet/rug/brick/dark-cloth table
    (SceneConfig.p_negatives, p_rich_table; recipe.DET_NEGATIVES, DET_RICH_TABLES for the next
    detector), and `room_edges` the share with the room beyond the table at one edge
    (SceneConfig.p_room_edge; recipe.DET_ROOM_EDGES); at 0 the scenes are the committed detector's.
    `jokers`: the share of scenes whose decks hold both jokers (SceneConfig.p_joker); `picture_jokers`
    adds the picture-joker variants to the training designs; `face_share`: the training scenes'
    share of face variants (scene_designs; validation scenes keep FACE_VARIANT_SHARE)."""
    if picture_jokers and train_designs is None:
        train_designs = usable_design_names("train") + usable_design_names("train-jokers")
    out, cfg, tr, va = prepare_dataset(out_dir, config, train_designs, val_designs)
    if negatives or rich_tables or room_edges:
        cfg = replace(cfg, p_negatives=negatives, p_rich_table=rich_tables, p_room_edge=room_edges)
    if jokers is not None:
        cfg = replace(cfg, p_joker=jokers)
    for split in ("train", "val"):
        (out / "images" / split).mkdir(parents=True, exist_ok=True)
        (out / "labels" / split).mkdir(parents=True, exist_ok=True)
    (out / "data.yaml").write_text(
        f"# synthetic Daifugo table scenes (referee.synth.scenes), seed {seed}, scale {scale}, tiles {tile} px\n"
        + (f"# hard negatives in {cfg.p_negatives:g} of the scenes, rich tables in {cfg.p_rich_table:g}, "
           f"room edges in {cfg.p_room_edge:g}\n" if cfg.p_negatives or cfg.p_rich_table or cfg.p_room_edge else "") +
        (f"# both jokers in {cfg.p_joker:g} of the scenes\n" if jokers is not None else "") +
        (f"# face variants in {face_share:g} of the training scenes\n" if face_share is not None else "") +
        f"# train designs: {', '.join(tr)}\n# val (held-out) designs: {', '.join(va)}\n"
        f"path: {out}\ntrain: images/train\nval: images/val\n"
        "names:\n" + "".join(f"  {i}: {c}\n" for i, c in enumerate(CLASSES)))
    for split, n, ds in (("train", n_scenes_train, tr), ("val", n_scenes_val, va)):
        share = face_share if face_share is not None and split == "train" else FACE_VARIANT_SHARE
        jobs = [(str(out), split, i, seed, ds, cfg, scale, tile, share) for i in range(n)]
        run_jobs(jobs, _det_job, workers, f"detector {split}")
    return out / "data.yaml"


# --------------------------------------------------------------------------------------------
# classifier
# --------------------------------------------------------------------------------------------
def other_boxes(scene: Scene, rng: np.random.Generator, n: int):
    """Boxes of non-index regions (card centres, court art, pips, backs, papers, table, and the
    hard negatives of a scene that has them: newsprint, coupons, books)."""
    idx = [o for o in scene.objects if o.kind == "index"]
    sizes = [max(o.box[2] - o.box[0], o.box[3] - o.box[1]) for o in idx] or [30.0]
    cards = [o.box for o in scene.objects if o.kind in ("card", "back")]
    cards += [neg["box"] for neg in scene.meta.get("negatives", ()) if neg["box"] is not None]
    H, W = scene.image.shape[:2]
    out = []
    tries = 0
    while len(out) < n and tries < n * 20:
        tries += 1
        s = float(rng.choice(sizes)) * rng.uniform(0.7, 1.4)
        if cards and rng.random() < 0.7:
            x1, y1, x2, y2 = cards[int(rng.integers(len(cards)))]
            cx, cy = rng.uniform(x1, x2), rng.uniform(y1, y2)
        else:
            cx, cy = rng.uniform(0, W), rng.uniform(0, H)
        ok = True
        for o in idx:
            x1, y1, x2, y2 = o.box
            mw, mh = 0.5 * (x2 - x1), 0.5 * (y2 - y1)
            if x1 - mw <= cx <= x2 + mw and y1 - mh <= cy <= y2 + mh:
                ok = False
                break
        if ok:
            out.append((cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2))
    return out


def classifier_samples(scene: Scene, rng: np.random.Generator, other_fraction: float = OTHER_FRACTION,
                       light_ink_inverted: bool = False):
    """[(class_name, crop 64x64 BGR)] for one scene. light_ink_inverted: see index_samples."""
    samples = []
    indices = [o for o in scene.objects if o.kind == "index" and o.code]
    for o in indices:
        samples.extend(index_samples(o.code, jittered_crop(scene.image, o.box, rng), light_ink_inverted))
    n_other = int(rng.binomial(max(1, len(indices)), other_fraction / (1 - other_fraction)))
    if not indices:
        n_other = max(n_other, int(rng.integers(0, 3)))
    for b in other_boxes(scene, rng, n_other):
        samples.append((OTHER.value, rectified_square(scene.image, *index_square(b, 1.0))))
    return samples


def index_samples(code: str, crop: np.ndarray, light_ink_inverted: bool = False) -> list[tuple[str, np.ndarray]]:
    """The samples one corner index's crop gives: itself under its code; with light_ink_inverted,
    a crop whose ink is lighter than its paper (a dark face: polarity.light_ink) gives its
    luma-inverted crop under its code and itself as `other`, since the recogniser reads such a
    crop only through its inverted look (a crop read `other`, turned over): taught only the turned
    crops, a classifier read dark faces worse than taught both (docs/recognition-history.md,
    Session 30).

    >>> dark = np.full((64, 64, 3), 40, np.uint8)
    >>> dark[10:30, 10:20] = 230                     # light ink on dark paper
    >>> [c for c, _ in index_samples("5D", dark, True)], [c for c, _ in index_samples("5D", dark)]
    (['5D', 'other'], ['5D'])
    """
    if light_ink_inverted and light_ink(crop):
        return [(code, luma_inverted(crop)), (OTHER.value, crop)]
    return [(code, crop)]


def _cls_job(args):
    out_dir, split, i, seed, designs, cfg, light_ink_inverted, other_fraction = args
    name = f"{split}_{i:07d}"
    done_dir = Path(out_dir) / ".done" / split
    marker = done_dir / name
    if marker.exists():
        return 0
    sc = generate_scene(scene_seed(seed, split, i), scene_designs(designs, seed, split, i), cfg)
    rng = np.random.default_rng(scene_seed(seed, split + "/crops", i))
    for k, (cls, img) in enumerate(classifier_samples(sc, rng, other_fraction, light_ink_inverted=light_ink_inverted)):
        cv2.imwrite(str(Path(out_dir) / split / cls / f"{name}_{k:02d}.png"), img)
    marker.touch()
    return 1


def build_classifier_dataset(out_dir, n_scenes_train: int, n_scenes_val: int, seed: int = 0,
                             workers: int = 1, config: SceneConfig | None = None,
                             train_designs: list[str] | None = None, val_designs: list[str] | None = None,
                             light_ink_inverted: bool = False, other_fraction: float = OTHER_FRACTION) -> Path:
    """Write an ImageFolder classification dataset of 64x64 corner-index crops. light_ink_inverted:
    dark faces' crops turned over, as the recogniser reads them (index_samples); False (the
    committed classifier's recipe) writes every crop as it is. other_fraction: about this share
    of a scene's crops are `other` (classifier_samples)."""
    out, cfg, tr, va = prepare_dataset(out_dir, config, train_designs, val_designs)
    for split in ("train", "val"):
        for c in CLASSIFIER_CLASSES:
            (out / split / c).mkdir(parents=True, exist_ok=True)
        (out / ".done" / split).mkdir(parents=True, exist_ok=True)
    (out / "classes.txt").write_text("\n".join(CLASSIFIER_CLASSES) + "\n")
    for split, n, ds in (("train", n_scenes_train, tr), ("val", n_scenes_val, va)):
        jobs = [(str(out), split, i, seed, ds, cfg, light_ink_inverted, other_fraction) for i in range(n)]
        run_jobs(jobs, _cls_job, workers, f"classifier {split}")
    return out


def _design(name: str) -> Design:
    return get_design(name)


if __name__ == "__main__":  # python -m referee.synth.scenes.dataset det|cls OUT N_TRAIN N_VAL [SEED] [WORKERS]
    import sys

    what, out, ntr, nva = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    workers = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    if what == "det":
        print(build_detector_dataset(out, ntr, nva, seed, workers))
    else:
        print(build_classifier_dataset(out, ntr, nva, seed, workers))
