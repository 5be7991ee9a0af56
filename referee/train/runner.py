"""Resumable ultralytics training for the two models, and ONNX export into models/.

Each run lives in runs/<name>/ (ultralytics layout: weights/last.pt saved every epoch,
results.csv). Calling train_* again with the same name resumes an interrupted run; asking
for more epochs than a finished run had starts a continuation run from its last weights.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from referee.errors import UserError
from referee.train.embedding import add_embedding_output, write_head
from referee.train.quantize import quantize_model
from referee.vision.jokers import JOKER_READER_FILE, SYMBOL_JOKER_READER_FILE
from referee.vision.recognizer import DARK_READER_FILE
from referee.vision.twins import TWIN_READER_FILE

REPO = Path(__file__).resolve().parents[2]
RUNS = REPO / "runs"
CLASSIFIER_YAML = Path(__file__).with_name("index-cls.yaml")

# Augmentation for the detector: the scene generator already rotates, tilts, lights and blurs,
# so ultralytics' geometric augmentation stays mild; no flips (mirrored glyphs never occur).
DETECTOR_AUGMENT = dict(degrees=0.0, translate=0.1, scale=0.5, fliplr=0.0, flipud=0.0, mosaic=0.5, mixup=0.0,
                        hsv_h=0.01, hsv_s=0.5, hsv_v=0.4, close_mosaic=1,
                        # CPU runs are a few epochs long: ultralytics' default 3 warm-up epochs would be most of them
                        warmup_epochs=0.5)
# Classifier crops carry their own jitter; no flips, no RandAugment (it can change a red suit's colour).
CLASSIFIER_AUGMENT = dict(fliplr=0.0, flipud=0.0, auto_augment=None, erasing=0.2, scale=0.15, hsv_h=0.0,
                          hsv_s=0.3, hsv_v=0.3,
                          # ultralytics' "auto" optimiser picks lr ~1.7e-4 for 54 classes: far too low from scratch
                          optimizer="AdamW", lr0=0.003, cos_lr=True, warmup_epochs=0.5)


def _prepare_env(threads: int | None) -> None:
    os.environ.setdefault("YOLO_OFFLINE", "1")  # no hub, font or asset downloads
    import torch

    torch.set_num_threads(threads or os.cpu_count() or 1)


def _finished_epochs(run: Path) -> int:
    results = run / "results.csv"
    if not results.is_file():
        return 0
    with results.open() as fh:
        return sum(1 for _ in csv.DictReader(fh))


def resume_plan(done: int, epochs: int, hours: float | None, ckpt_epoch: int | None, ckpt_args: dict) -> str:
    """What to do with runs/<name> when training is asked for again: "new" (no last.pt), "resume"
    (an interrupted run: ultralytics' own resume), "continue" (a finished run with fewer epochs
    than asked: a new run from its weights) or "done". ckpt_epoch is last.pt's epoch (-1 once a
    run finished), ckpt_args its train_args. A time-budget run (hours) is resumed whenever it was
    interrupted: ultralytics rewrites its `epochs` to fit the budget, so they cannot be compared."""
    if ckpt_epoch is None:
        return "new"
    unfinished = ckpt_epoch >= 0
    if hours:
        return "resume" if unfinished else "done"
    if done >= epochs:
        return "done"
    return "resume" if unfinished and ckpt_args.get("epochs") == epochs else "continue"


def _train(model_source: str, run_name: str, epochs: int, threads: int | None, device: str = "cpu",
           hours: float | None = None, **train_args) -> Path:
    """Train or resume runs/<run_name>; returns the run folder. device: "cpu" or a CUDA index
    ("0"; mixed precision there). hours: train for this long instead of `epochs` (ultralytics
    re-plans the epochs and the learning-rate schedule after the first one)."""
    _prepare_env(threads)
    from ultralytics import YOLO

    if device != "cpu":
        # ultralytics' AMP self-test downloads yolo26n.pt; a GPU box without network would stall on it
        import ultralytics.engine.trainer as trainer

        trainer.check_amp = lambda model: True
    run = RUNS / run_name
    last = run / "weights" / "last.pt"
    done = _finished_epochs(run)
    common = dict(project=str(RUNS), name=run_name, exist_ok=True, plots=False, amp=device != "cpu",
                  device=device, save_period=-1, verbose=True, **({"time": hours} if hours else {}))
    ckpt_epoch, ckpt_args = None, {}
    if last.is_file():
        import torch

        ckpt = torch.load(last, map_location="cpu", weights_only=False)
        ckpt_epoch, ckpt_args = ckpt.get("epoch", -1), ckpt.get("train_args", {})
    plan = resume_plan(done, epochs, hours, ckpt_epoch, ckpt_args)
    if plan == "resume":
        print(f"resuming {run} after {done} epochs", flush=True)
        YOLO(str(last)).train(resume=True)
        return run
    if plan == "done":
        print(f"{run} already has {done} epochs (asked for {f'{hours} h' if hours else epochs}); nothing to do",
              flush=True)
        return run
    if plan == "continue":
        # the earlier run finished with fewer epochs: continue from its weights in a new run
        run_name = f"{run_name}-cont{done}"
        print(f"continuing from {last} for {epochs - done} more epochs as runs/{run_name}", flush=True)
        model_source, epochs = str(last), epochs - done
        common["name"] = run_name
    # pretrained=False would make ultralytics' classification trainer re-initialise loaded weights
    YOLO(model_source).train(epochs=epochs, pretrained=model_source.endswith(".pt"), **common, **train_args)
    return RUNS / run_name


def class_branch_freeze(head_index: int = 23) -> list:
    """ultralytics' `freeze` for training the detector's class branch alone: every layer before the
    head (23 in YOLO11n) and the head's box branch (`cv2`; `dfl` is always frozen)."""
    return [*range(head_index), f"{head_index}.cv2"]


# YOLO11n's first layer of the neck's bottom-up path (16: the stride-8 output block; 17-22 the
# stride-16 and stride-32 blocks the head reads; referee.train.graft.BACK_PATH_LAYERS)
BOTTOM_UP_START = 16


def bottom_up_freeze(start: int = BOTTOM_UP_START) -> list:
    """ultralytics' `freeze` for training the neck's bottom-up path and the head alone: every layer
    before `start` with its BatchNorm statistics (ultralytics keeps a frozen layer's BatchNorm in
    eval mode), so the trained path sees the base detector's features as they are at run time."""
    return [*range(start)]


def train_detector(data: Path, run_name: str, epochs: int, imgsz: int = 320, batch: int = 32,
                   workers: int = 2, threads: int | None = None, cache: str | bool = "ram",
                   model: str = "yolo11n.yaml", lr0: float | None = None, device: str = "cpu",
                   hours: float | None = None, class_branch_only: bool = False,
                   bottom_up_only: bool = False) -> Path:
    """lr0 set: AdamW at that rate with no warm-up. Continuing trained weights with ultralytics'
    default warm-up (bias lr 0.1) and a restarted rate undid an epoch of progress (mAP50 0.61 -> 0.52).
    class_branch_only: train the head's class branch alone, every other layer frozen with its
    BatchNorm statistics (for `referee train graft`).
    bottom_up_only: train the neck's bottom-up path and the head alone, the layers before them
    frozen with their BatchNorm statistics (for `referee train graft --bottom-up`)."""
    data_yaml = Path(data) / "data.yaml"
    if not data_yaml.is_file():
        raise UserError(f"no detector data set at {data} (expected {data_yaml}); run `referee train data` first")
    augment: dict[str, Any] = dict(DETECTOR_AUGMENT)
    if lr0:
        augment.update(optimizer="AdamW", lr0=lr0, warmup_epochs=0.0, cos_lr=True)
    if class_branch_only and bottom_up_only:
        raise UserError("train the class branch alone or the bottom-up path with the head, not both")
    if class_branch_only:
        augment["freeze"] = class_branch_freeze()
    if bottom_up_only:
        augment["freeze"] = bottom_up_freeze()
    train_args = dict(data=str(data_yaml), imgsz=imgsz, batch=batch, workers=workers, cache=cache, rect=False, **augment)
    if not model.endswith(".pt"):
        return _train(model, run_name, epochs, threads, device, hours, **train_args)
    # graft imports torch, which only training from a checkpoint needs here
    from referee.train.graft import trainable_start

    with tempfile.TemporaryDirectory() as tmp:
        start = trainable_start(Path(model), Path(tmp) / Path(model).name)
        if start != Path(model):
            print(f"{model} is a grafted detector: training starts from its base class branches", flush=True)
        return _train(str(start), run_name, epochs, threads, device, hours, **train_args)


def train_classifier(data: Path, run_name: str, epochs: int, imgsz: int = 64, batch: int = 256,
                     workers: int = 2, threads: int | None = None, cache: str | bool = "ram",
                     model: str | None = None, lr0: float | None = None, device: str = "cpu",
                     hours: float | None = None) -> Path:
    if not (Path(data) / "train").is_dir():
        raise UserError(f"no classifier data set at {data} (expected {data}/train/<class>/); run `referee train data`")
    augment = {**CLASSIFIER_AUGMENT, **({"lr0": lr0} if lr0 else {})}
    return _train(model or str(CLASSIFIER_YAML), run_name, epochs, threads, device, hours, data=str(data), imgsz=imgsz,
                  batch=batch, workers=workers, cache=cache, **augment)


def export_onnx(weights: Path, out: Path, imgsz: int | tuple[int, int], dynamic: bool = False,
                embedding: bool = False) -> Path:
    """Export ultralytics weights to ONNX (with metadata) and copy the file to out. embedding: also
    give the model the `embedding` output (the classifier's pooled features, for enrolled decks)."""
    _prepare_env(None)
    from ultralytics import YOLO

    if not Path(weights).is_file():
        raise UserError(f"weights not found: {weights}")
    with tempfile.TemporaryDirectory() as tmp:  # ultralytics writes beside the weights: not in models/
        copy = Path(tmp) / Path(weights).name
        shutil.copyfile(weights, copy)
        exported = YOLO(str(copy)).export(format="onnx", imgsz=imgsz, simplify=True, dynamic=dynamic,
                                          opset=17, half=False, device="cpu")
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(exported, out)
    if embedding:
        add_embedding_output(out)
        write_head(out)          # classifier_head.npz beside it: what referee enroll fine-tunes
    return out


def set_metadata(path: Path, entries: dict[str, str]) -> Path:
    """Write `entries` into the ONNX file's metadata (replacing keys already there), in place."""
    try:
        import onnx
    except ImportError:
        raise UserError("writing model metadata needs the onnx package (train extra)") from None
    model = onnx.load(str(path))
    kept = [(p.key, p.value) for p in model.metadata_props if p.key not in entries]
    del model.metadata_props[:]
    for key, value in [*kept, *entries.items()]:
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(model, str(path))
    return path


# The detector's input at run time (h, w): a 1280x720 frame letterboxed to 768x448, the pixel
# scale of its training tiles; it finds more small indices than 640x384 and costs less than
# larger sizes in INT8 (docs/recognition-history.md, "detector input 768×448, INT8").
DETECTOR_INPUT = (448, 768)


def export_detector(weights: Path, out: Path, imgsz: tuple[int, int] = DETECTOR_INPUT, quantize: bool = True) -> Path:
    """The run-time detector: exported at `imgsz`, then (quantize) made INT8 (referee/train/quantize.py)."""
    if not quantize:
        return export_onnx(weights, out, imgsz=imgsz)

    with tempfile.TemporaryDirectory() as tmp:
        float_model = export_onnx(weights, Path(tmp) / "detector-float.onnx", imgsz=imgsz)
        return quantize_model(float_model, out)


def export_joker_reader(weights: Path, models_dir: Path) -> Path:
    """The joker reader (referee.vision.jokers) into models_dir: float, no `embedding` output (it
    is asked for probabilities only)."""
    return export_onnx(weights, Path(models_dir) / JOKER_READER_FILE, imgsz=64, dynamic=True)


def export_symbol_joker_reader(weights: Path, models_dir: Path) -> Path:
    """The symbol joker reader (jokers.SYMBOL_JOKER_READER_FILE, read beside the joker reader)
    into models_dir: float, no `embedding` output."""
    return export_onnx(weights, Path(models_dir) / SYMBOL_JOKER_READER_FILE, imgsz=64, dynamic=True)


def export_twin_reader(weights: Path, models_dir: Path) -> Path:
    """The twin reader (twins.TWIN_READER_FILE, asked about the classifier's 4, 6, 7 and 9
    readings) into models_dir: float, no `embedding` output."""
    return export_onnx(weights, Path(models_dir) / TWIN_READER_FILE, imgsz=64, dynamic=True)


def export_dark_reader(weights: Path, models_dir: Path) -> Path:
    """The dark reader (recognizer.DARK_READER_FILE: the inverted look's crops) into models_dir:
    float, no `embedding` output."""
    return export_onnx(weights, Path(models_dir) / DARK_READER_FILE, imgsz=64, dynamic=True)


# The classifier is calibrated on more scenes than the detector: 24 scenes give only a few
# hundred index crops, too few for its activation ranges.
CLASSIFIER_CALIBRATION_SCENES = 120


def export_classifier(weights: Path, out: Path, quantize: bool = False) -> Path:
    """The run-time classifier (64 px crops, any batch, with its `embedding` output), made INT8
    when `quantize` (not the committed one: it read held-out crops and filmed games worse, see
    docs/recognition-history.md); classifier_head.npz is written beside the file
    actually shipped."""
    if not quantize:
        return export_onnx(weights, out, imgsz=64, dynamic=True, embedding=True)

    with tempfile.TemporaryDirectory() as tmp:
        float_model = export_onnx(weights, Path(tmp) / "classifier-float.onnx", imgsz=64, dynamic=True)
        add_embedding_output(float_model)      # before quantising; its head file is written for `out`
        quantize_model(float_model, out, scenes=CLASSIFIER_CALIBRATION_SCENES)
    write_head(out)
    return out


def last_metrics(run: Path) -> dict:
    """The final row of a run's results.csv, keys stripped."""
    results = Path(run) / "results.csv"
    if not results.is_file():
        return {}
    with results.open() as fh:
        rows = list(csv.DictReader(fh))
    return {k.strip(): float(v) for k, v in rows[-1].items()} if rows else {}


def write_json(path: Path, payload: dict) -> None:
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
