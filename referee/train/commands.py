"""`referee train ...`: data generation, resumable training and ONNX export (needs the `train` extra).

`referee train all` with its defaults runs the whole recipe; the exact commands that made the
committed models are in models/MODEL_CARD.md ("Recipe"). Every step is resumable, so an
interrupted run continues where it stopped.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import overload

from referee.errors import UserError
from referee.synth.scenes.recipe import CLS_JOKERS, DET_NEGATIVES, DET_RICH_TABLES, DET_ROOM_EDGES, DET_SCALE, TILE

REPO = Path(__file__).resolve().parents[2]
DEFAULT_DATA = REPO / "data"
DEFAULT_SEED = 20261129
BACK_SEED = 20261231


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("train", help="generate training data, train and export the models (train extra)")
    sub = p.add_subparsers(dest="train_command", required=True)

    d = sub.add_parser("data", help="render synthetic scenes into detector and classifier data sets")
    _data_args(d)
    d.add_argument("--workers", type=int, default=2)
    d.add_argument("--what", choices=("both", "det", "cls"), default="both",
                   help="which data set to write (default both: det/ and cls/ under --data-dir)")
    d.set_defaults(func=run_data)

    t = sub.add_parser("detector", help="train (or resume) the corner/card detector")
    _detector_args(t)
    t.set_defaults(func=run_detector)

    c = sub.add_parser("classifier", help="train (or resume) the corner-index classifier")
    _classifier_args(c)
    c.set_defaults(func=run_classifier)

    w = sub.add_parser("widen", help="widen trained classifier weights into a wider network computing the same "
                       "(Net2WiderNet; train it on with `referee train classifier --cls-init OUT`)")
    w.add_argument("weights", type=Path, help="trained classifier weights (.pt), e.g. models/checkpoints/classifier.pt")
    w.add_argument("out", type=Path, help="where to write the widened checkpoint (.pt)")
    w.add_argument("--cls-model", type=Path, default=Path(__file__).with_name("index-cls-wide.yaml"),
                   help="the wider network's ultralytics YAML (default: referee/train/index-cls-wide.yaml)")
    w.add_argument("--noise", type=float, default=0.05,
                   help="perturbation of the copied filters, relative to their layer's weight spread (default 0.05: "
                        "breaks the copies' symmetry for 0.4 points of top-1 at the start; 0 keeps the outputs equal)")
    w.add_argument("--seed", type=int, default=0)
    w.set_defaults(func=run_widen)

    g = sub.add_parser("graft", help="a detector checkpoint whose scores for some classes come from a class branch "
                       "trained alone (`referee train detector --det-class-branch`); every other output stays the base's")
    g.add_argument("base", type=Path, help="the base detector (.pt), e.g. models/checkpoints/detector.pt")
    g.add_argument("tuned", type=Path, help="the class-branch run's weights (.pt), e.g. runs/NAME/weights/last.pt")
    g.add_argument("out", type=Path, help="where to write the grafted checkpoint (.pt)")
    g.add_argument("--classes", default="back", help="comma-separated classes read through the tuned branch "
                   "(default back)")
    g.add_argument("--bottom-up", action="store_true",
                   help="the tuned run trained the neck's bottom-up path with the head (`referee train detector "
                        "--det-bottom-up`): the classes read through a copy of that path and its class branch")
    g.set_defaults(func=run_graft)

    e = sub.add_parser("export", help="export trained weights to ONNX under models/")
    e.add_argument("--detector", type=Path, help="detector weights (.pt)")
    e.add_argument("--classifier", type=Path, help="classifier weights (.pt)")
    e.add_argument("--joker-reader", type=Path,
                   help="classifier weights (.pt) asked about jokers (referee.vision.jokers): models/joker_reader.onnx")
    e.add_argument("--dark-reader", type=Path,
                   help="classifier weights (.pt) that read the inverted look's crops: models/dark_reader.onnx")
    e.add_argument("--out", type=Path, default=REPO / "models")
    _export_args(e)
    e.set_defaults(func=run_export)

    a = sub.add_parser("all", help="the whole recipe: data, classifier, detector, export")
    _data_args(a)
    _detector_args(a, with_data=False)
    _classifier_args(a, with_data=False)
    a.add_argument("--models-out", dest="out", type=Path, default=REPO / "models")
    _export_args(a)
    a.set_defaults(func=run_all)

    _reader_parser(sub, "jokers", "joker_data", run_jokers,
                   "the joker reader: crops with many jokers and the face decks (referee.train.joker_data), "
                   "training from a classifier, export to models/joker_reader.onnx")
    t = _reader_parser(sub, "jokers-tuned", "joker_data", run_jokers_tuned,
                       "the joker reader trained on further: many more jokers of the ordinary training designs "
                       "and the symbol-joker decks beside the dark reader's crops "
                       "(referee.train.joker_data.write_joker_tuning_data), export to models/joker_reader.onnx",
                       init="joker_reader.pt", epochs=1, seed_name="TUNING_SEED")
    t.add_argument("--dark-data", type=Path, default=DEFAULT_DATA / "dark",
                   help="the dark reader's data (referee train dark --data DIR writes it)")
    _reader_parser(sub, "jokers-mix", "joker_mix_data", run_jokers_mix,
                   "the symbol joker reader (read beside the joker reader): the classifier trained on with the "
                   "symbol-joker decks, jokers drawn more often and a clutter set beside the ordinary, face and "
                   "upright-index decks (referee.train.joker_mix_data), export to models/symbol_joker_reader.onnx",
                   epochs=3)
    _reader_parser(sub, "twins", "twin_data", run_twins,
                   "the twin reader (asked about the classifier's 4, 6, 7 and 9 readings): the classifier trained on "
                   "with those ranks' corners alone, from decks printing the bottom-right index turned, upright, or "
                   "turned with each glyph upright (referee.train.twin_data), export to models/twin_reader.onnx",
                   epochs=8, lr0=0.001)
    _reader_parser(sub, "upright", "upright_data", run_upright,
                   "the classifier trained on further with decks printing the bottom-right index upright beside "
                   "the ordinary and face decks (referee.train.upright_data), export to models/classifier.onnx",
                   epochs=1)
    _reader_parser(sub, "dark", "dark_data", run_dark,
                   "the dark reader: ordinary crops and every dark deck's as the inverted look shows them "
                   "(referee.train.dark_data), training from the classifier, export to models/dark_reader.onnx")

    b = sub.add_parser("backs", help="the back verifier: crops of a detector's `back` boxes on generated scenes, "
                       "training, export to models/back_verifier.onnx (each step resumable)")
    b.add_argument("--data", type=Path, default=DEFAULT_DATA / "backs")
    b.add_argument("--scenes", type=int, default=4000, help="training scenes (about 11 crops each)")
    b.add_argument("--val-scenes", type=int, default=400, help="held-out designs' scenes for validation")
    b.add_argument("--seed", type=int, default=BACK_SEED)
    b.add_argument("--models", type=Path, default=None,
                   help="the folder whose detector.onnx gives the `back` boxes (default: the committed models)")
    b.add_argument("--margin", type=float, default=None,
                   help="the view around each box, a share of its size on each side (default: "
                        "back_verifier.CROP_MARGIN); the exported model declares it")
    b.add_argument("--jokers", type=float, default=0.0,
                   help="share of training scenes whose decks hold both jokers, each face-up joker cropped as `other`")
    b.add_argument("--batch", type=int, default=256)
    _small_run_args(b, name="backs", epochs=6, lr0=0.002)
    b.set_defaults(func=run_backs)


def _reader_parser(sub, name: str, data_module: str, func, description: str, init: str = "classifier.pt",
                   epochs: int = 2, seed_name: str = "SEED", lr0: float = 0.0003) -> argparse.ArgumentParser:
    """`referee train NAME`: a reader (run by _train_reader) trained from the committed checkpoint
    `init` on the crops of referee.train.DATA_MODULE, written under the data folder's NAME."""
    r = sub.add_parser(name, help=description)
    r.add_argument("--data", type=Path, default=DEFAULT_DATA / name)
    r.add_argument("--seed", type=int, default=None, help=f"the first scenes' seed (default {data_module}.{seed_name})")
    r.add_argument("--init", type=Path, default=REPO / "models" / "checkpoints" / init,
                   help="the checkpoint it starts from (default the committed one)")
    _small_run_args(r, name=name, epochs=epochs, lr0=lr0)
    r.set_defaults(func=func)
    return r


def _small_run_args(p: argparse.ArgumentParser, name: str, epochs: int, lr0: float) -> None:
    """The training run of a small model that `referee train backs|jokers` writes, trains and exports."""
    p.add_argument("--name", default=name, help="run name under runs/")
    p.add_argument("--epochs", type=int, default=epochs)
    p.add_argument("--lr0", type=float, default=lr0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--device", default="cpu")
    p.add_argument("--out", type=Path, default=REPO / "models")


def _export_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--float-detector", action="store_true",
                   help="keep the detector in float32 (default: INT8, referee/train/quantize.py)")
    p.add_argument("--int8-classifier", action="store_true",
                   help="quantise the classifier too (measured in models/MODEL_CARD.md; not the committed one)")


def _data_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", dest="data_out", type=Path, default=DEFAULT_DATA)
    p.add_argument("--det-scenes", type=int, default=6000, help="training scenes for the detector")
    p.add_argument("--det-val-scenes", type=int, default=300)
    p.add_argument("--cls-scenes", type=int, default=3000, help="training scenes for the classifier crops")
    p.add_argument("--cls-val-scenes", type=int, default=300)
    p.add_argument("--cls-card-px", type=_card_px, default=None, metavar="MIN,MAX",
                   help="the classifier scenes' usual card height in the 1280x720 frame (default the generator's "
                        "80,170); e.g. 45,90 for crops of the small indices a camera mounted high gives")
    p.add_argument("--cls-jokers", type=_share, default=None, metavar="SHARE",
                   help="share of the classifier scenes whose decks hold both jokers (default the generator's 0.15, "
                        f"the committed classifier's; {CLS_JOKERS} for the next one)")
    p.add_argument("--cls-light-ink-inverted", action="store_true",
                   help="write a dark face's index crops turned over under their code and as they are under `other`, "
                        "as the recogniser reads them (default off: the committed classifier's crops)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--det-scale", type=float, default=DET_SCALE,
                   help=f"detector tiles are cut from scenes shrunk by this factor (default {DET_SCALE}: 768x432, "
                        "the pixel scale of the detector's 768x448 input; the first detectors used 0.5)")
    p.add_argument("--det-tile", type=int, default=TILE, help=f"detector tile size in px (default {TILE}; train "
                   "with --det-imgsz the same)")
    p.add_argument("--det-negatives", type=float, default=0.0,
                   help="share of detector scenes given unlabelled hard negatives for `back` (card-sized and larger "
                        "wood, carpet, brick, cloth, print, books, CD cases, napkins, coupons, sheets, shadows; "
                        f"default 0: the committed detector's scenes; {DET_NEGATIVES} for the next one)")
    p.add_argument("--det-rich-tables", type=float, default=0.0,
                   help="share of detector scenes on a carpet, rug, brick or dark-cloth table "
                        f"(default 0; {DET_RICH_TABLES} for the next detector)")
    p.add_argument("--det-room-edges", type=float, default=0.0,
                   help="share of detector scenes showing the room beyond the table along one edge of the frame "
                        f"(a floor, books, boxes, cables cut by the frame's edge; default 0; {DET_ROOM_EDGES} for the "
                        "next detector)")
    p.add_argument("--det-jokers", type=_share, default=None, metavar="SHARE",
                   help="share of the detector scenes whose decks hold both jokers (default the generator's 0.15)")
    p.add_argument("--det-picture-jokers", action="store_true",
                   help="add the picture-joker variants (face decks whose jokers are figures and framed pictures, "
                        "referee.synth.scenes.designs.PICTURE_JOKER_VARIANTS) to the detector's training designs")
    p.add_argument("--det-face-share", type=_share, default=None, metavar="SHARE",
                   help="share of the detector's training scenes drawn from the face variants (default "
                        "dataset.FACE_VARIANT_SHARE, 0.15)")


def _card_px(text: str) -> tuple[float, float]:
    try:
        low, high = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("--cls-card-px takes MIN,MAX (pixels)") from None
    if not 0 < low <= high:
        raise argparse.ArgumentTypeError("--cls-card-px needs 0 < MIN <= MAX")
    return low, high


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a share from 0 to 1, not {text!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"a share from 0 to 1, not {text}")
    return value


def _detector_args(p: argparse.ArgumentParser, with_data: bool = True) -> None:
    if with_data:
        p.add_argument("--data", type=Path, default=DEFAULT_DATA / "det")
    p.add_argument("--det-name", default="det", help="run name under runs/")
    p.add_argument("--det-init", type=Path, default=None,
                   help="start from these weights (e.g. models/checkpoints/detector.pt) instead of scratch")
    p.add_argument("--det-epochs", type=int, default=30)
    p.add_argument("--det-imgsz", type=int, default=384, help="training image size (default 384: the tiles' size)")
    p.add_argument("--det-batch", type=int, default=32)
    p.add_argument("--det-lr0", type=float, default=None,
                   help="AdamW learning rate without warm-up, for continuing from --det-init (e.g. 0.0005)")
    if with_data:
        p.add_argument("--det-class-branch", action="store_true",
                       help="train only the head's class branch (everything else frozen), from --det-init; "
                            "`referee train graft` then takes its `back` scores into the base detector")
        p.add_argument("--det-bottom-up", action="store_true",
                       help="train only the neck's bottom-up path (layers 16-22) and the head, the layers before "
                            "them frozen, from --det-init; `referee train graft --bottom-up` then reads the base "
                            "detector's `back` scores through a copy of that path")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=None)
    _device_args(p)


def _device_args(p: argparse.ArgumentParser) -> None:
    if p.get_default("device") is not None:     # already added with the other group
        return
    p.add_argument("--device", default="cpu", help="cpu (default) or a CUDA device index such as 0 (mixed precision)")
    p.add_argument("--hours", type=float, default=None,
                   help="train for this many hours instead of the epoch count (the schedule is fitted to it)")


def _classifier_args(p: argparse.ArgumentParser, with_data: bool = True) -> None:
    if with_data:
        p.add_argument("--data", type=Path, default=DEFAULT_DATA / "cls")
    p.add_argument("--cls-name", default="cls", help="run name under runs/")
    p.add_argument("--cls-init", type=Path, default=None,
                   help="start from these weights (e.g. models/checkpoints/classifier.pt) instead of scratch")
    p.add_argument("--cls-model", type=Path, default=None,
                   help="network to train from scratch, an ultralytics YAML (default: referee/train/index-cls.yaml; "
                        "index-cls-wide.yaml beside it has 1.5x the widths); not with --cls-init")
    p.add_argument("--cls-epochs", type=int, default=30)
    p.add_argument("--cls-batch", type=int, default=256)
    p.add_argument("--cls-lr0", type=float, default=None, help="initial learning rate (default 0.003; lower to fine-tune)")
    if p.get_default("workers") is None:
        p.add_argument("--workers", type=int, default=2)
        p.add_argument("--threads", type=int, default=None)
    _device_args(p)


def _need_training_extra() -> None:
    try:
        import torch  # noqa: F401
        import ultralytics  # noqa: F401
    except ImportError:
        raise UserError(
            "training needs the train extra: pip install torch==2.14.1 torchvision==0.29.1 && pip install -e '.[train]'"
        ) from None


@overload
def _init(weights: Path | None, default: str) -> str: ...
@overload
def _init(weights: Path | None, default: None) -> str | None: ...


def _init(weights: Path | None, default: str | None) -> str | None:
    if weights is None:
        return default
    if not weights.is_file():
        raise UserError(f"initial weights not found: {weights}")
    return str(weights)


def classifier_start(args: argparse.Namespace) -> str | None:
    """What the classifier trains from: --cls-init weights, a --cls-model YAML, or None (the default YAML)."""
    if args.cls_init is not None and args.cls_model is not None:
        raise UserError("give --cls-init (weights to continue) or --cls-model (a network from scratch), not both")
    if args.cls_model is not None:
        if args.cls_model.suffix not in (".yaml", ".yml") or not args.cls_model.is_file():
            raise UserError(f"--cls-model needs an ultralytics model YAML file: {args.cls_model}")
        return str(args.cls_model)
    return _init(args.cls_init, None)


def run_data(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs no scene generator (cv2)
    from referee.synth.scenes.dataset import build_classifier_dataset, build_detector_dataset
    from referee.synth.scenes.sources import fetch_sources

    fetch_sources()

    if args.what in ("both", "det"):
        build_detector_dataset(args.data_out / "det", args.det_scenes, args.det_val_scenes, args.seed,
                               workers=args.workers, scale=args.det_scale, tile=args.det_tile,
                               negatives=args.det_negatives, rich_tables=args.det_rich_tables,
                               room_edges=args.det_room_edges, jokers=args.det_jokers,
                               picture_jokers=args.det_picture_jokers, face_share=args.det_face_share)
    if args.what in ("both", "cls"):
        config = None
        overrides = {field: value for field, value in (("card_px", getattr(args, "cls_card_px", None)),
                                                      ("p_joker", getattr(args, "cls_jokers", None)))
                     if value is not None}
        if overrides:
            # imported here with the rest of the scene generator (cv2)
            from referee.synth.scenes.generator import SceneConfig

            config = SceneConfig(**overrides)
        build_classifier_dataset(args.data_out / "cls", args.cls_scenes, args.cls_val_scenes, args.seed + 1,
                                 workers=args.workers, config=config,
                                 light_ink_inverted=getattr(args, "cls_light_ink_inverted", False))
    return 0


def run_detector(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.runner import train_detector

    if args.det_class_branch and args.det_init is None:
        raise UserError("--det-class-branch trains a trained detector's class branch: give --det-init")
    if args.det_bottom_up and args.det_init is None:
        raise UserError("--det-bottom-up trains a trained detector's bottom-up path: give --det-init")
    train_detector(args.data, args.det_name, args.det_epochs, imgsz=args.det_imgsz, batch=args.det_batch,
                   workers=args.workers, threads=args.threads, model=_init(args.det_init, "yolo11n.yaml"),
                   lr0=args.det_lr0, device=args.device, hours=args.hours, class_branch_only=args.det_class_branch,
                   bottom_up_only=args.det_bottom_up)
    return 0


def run_graft(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.graft import graft, graft_bottom_up

    classes = tuple(c.strip() for c in args.classes.split(",") if c.strip())
    print((graft_bottom_up if args.bottom_up else graft)(args.base, args.tuned, args.out, classes))
    return 0


def run_classifier(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.runner import train_classifier

    train_classifier(args.data, args.cls_name, args.cls_epochs, batch=args.cls_batch, workers=args.workers,
                     threads=args.threads, model=classifier_start(args), lr0=args.cls_lr0,
                     device=args.device, hours=args.hours)
    return 0


def run_widen(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.widen import widen_checkpoint

    if args.noise < 0:
        raise UserError(f"--noise must be 0 or more, not {args.noise}")
    print(widen_checkpoint(args.weights, args.cls_model, args.out, noise=args.noise, seed=args.seed))
    return 0


def run_export(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.runner import export_classifier, export_dark_reader, export_detector, export_joker_reader
    from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE

    if not (args.detector or args.classifier or args.joker_reader or args.dark_reader):
        raise UserError("nothing to export: give --detector, --classifier, --joker-reader and/or --dark-reader")
    if args.detector:
        print(export_detector(args.detector, args.out / DETECTOR_FILE, quantize=not args.float_detector))
    if args.classifier:
        print(export_classifier(args.classifier, args.out / CLASSIFIER_FILE, quantize=args.int8_classifier))
    if args.joker_reader:
        print(export_joker_reader(args.joker_reader, args.out))
    if args.dark_reader:
        print(export_dark_reader(args.dark_reader, args.out))
    return 0


def run_all(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train.runner import export_classifier, export_detector, train_classifier, train_detector
    from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE

    args.what = "both"
    run_data(args)
    cls_run = train_classifier(args.data_out / "cls", args.cls_name, args.cls_epochs, batch=args.cls_batch,
                               workers=args.workers, threads=args.threads, model=classifier_start(args),
                               lr0=args.cls_lr0, device=args.device, hours=args.hours)
    det_run = train_detector(args.data_out / "det", args.det_name, args.det_epochs, imgsz=args.det_imgsz,
                             batch=args.det_batch, workers=args.workers, threads=args.threads,
                             model=_init(args.det_init, "yolo11n.yaml"), lr0=args.det_lr0,
                             device=args.device, hours=args.hours)
    export_classifier(cls_run / "weights" / "best.pt", args.out / CLASSIFIER_FILE, quantize=args.int8_classifier)
    export_detector(det_run / "weights" / "best.pt", args.out / DETECTOR_FILE, quantize=not args.float_detector)
    return 0


def run_jokers(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import joker_data
    from referee.train.runner import export_joker_reader

    return _train_reader(args, joker_data.SEED, joker_data.write_joker_reader_data, export_joker_reader)


def run_jokers_tuned(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import joker_data
    from referee.train.runner import export_joker_reader

    def write_data(out, seed, workers):
        return joker_data.write_joker_tuning_data(out, args.dark_data, seed=seed, workers=workers)

    return _train_reader(args, joker_data.TUNING_SEED, write_data, export_joker_reader)


def run_jokers_mix(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import joker_mix_data
    from referee.train.runner import export_symbol_joker_reader

    return _train_reader(args, joker_mix_data.SEED, joker_mix_data.write_joker_mix_data, export_symbol_joker_reader)


def run_twins(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import twin_data
    from referee.train.runner import export_twin_reader

    return _train_reader(args, twin_data.SEED, twin_data.write_twin_data, export_twin_reader)


def run_upright(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import upright_data
    from referee.train.runner import export_classifier
    from referee.vision.recognizer import CLASSIFIER_FILE

    def export(weights, out):
        return export_classifier(weights, out / CLASSIFIER_FILE)

    return _train_reader(args, upright_data.SEED, upright_data.write_upright_data, export)


def run_dark(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.train import dark_data
    from referee.train.runner import export_dark_reader

    return _train_reader(args, dark_data.SEED, dark_data.write_dark_reader_data, export_dark_reader)


def _train_reader(args: argparse.Namespace, seed: int, write_data, export) -> int:
    """A reader (`referee train jokers|dark`): its data written by `write_data` (seed: the default
    when --seed is not given), the classifier --init trained on it, `last.pt` exported by `export`."""
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.synth.scenes.sources import fetch_sources
    from referee.train.runner import train_classifier

    if not args.init.is_file():
        raise UserError(f"classifier weights not found: {args.init}")
    fetch_sources()   # the designs `referee train data` trains on
    joined = write_data(args.data, seed=seed if args.seed is None else args.seed, workers=args.workers)
    run = train_classifier(joined, args.name, args.epochs, workers=1, threads=args.threads, model=str(args.init),
                           lr0=args.lr0, device=args.device)
    print(export(run / "weights" / "last.pt", args.out))
    return 0


def run_backs(args: argparse.Namespace) -> int:
    _need_training_extra()
    # imported here, like run_data's imports, once the train extra is known to be there
    from referee.synth.scenes.back_crops import build_back_dataset, summary
    from referee.synth.scenes.sources import fetch_sources
    from referee.train.runner import CLASSIFIER_YAML, export_onnx, set_metadata, train_classifier
    from referee.vision.back_verifier import BACK_VERIFIER_FILE, CROP_MARGIN, CROP_MARGIN_KEY, CROP_SIDE

    margin = CROP_MARGIN if args.margin is None else args.margin
    if not 0.0 <= margin <= 2.0:
        raise UserError(f"--margin must be between 0 and 2 (a share of the box's size), not {margin}")
    fetch_sources()   # the designs `referee train data` trains on
    build_back_dataset(args.data, args.scenes, args.val_scenes, args.seed, workers=args.workers,
                       models_dir=str(args.models) if args.models else None, margin=margin, jokers=args.jokers)
    print(summary(args.data), flush=True)
    # the corner classifier's network: ultralytics gives it the data's two classes
    run = train_classifier(args.data, args.name, args.epochs, batch=args.batch, workers=args.workers,
                           threads=args.threads, model=str(CLASSIFIER_YAML), lr0=args.lr0, device=args.device)
    exported = export_onnx(run / "weights" / "best.pt", args.out / BACK_VERIFIER_FILE, imgsz=CROP_SIDE, dynamic=True)
    print(set_metadata(exported, {CROP_MARGIN_KEY: repr(margin)}))
    return 0
