"""Method `finetune` of `referee enroll`: the whole corner-index classifier fine-tuned on the
enrolled deck (issue 6: "fine-tune the corner-index classifier on augmented crops of the enrolled
deck mixed with generic data").

Why the whole network: fine-tuning only the last layer (method `head`) is capped by the base
model's features. An oracle layer trained on half of the table crops themselves read the other
half little better than the base model (docs/recognition-history.md, "Enrolled decks"); a whole
network fine-tuned on the mat's crops alone read them clearly better.

What it learns from:
* the deck's captured crops (every look, with their jittered copies), each drawn as a table-like
  copy (referee.enroll.augment): these teach the deck's own indices;
* generic crops of the same frames (table, hands, card bodies, the mat), whose targets are the
  base model's own probabilities (distillation): they keep what the base model does elsewhere,
  above all its `other` class, standing in for the generic training data a table does not have;
* a pull towards the base weights (L2-SP), and batch-norm statistics frozen at the base's.

Needs PyTorch and ultralytics (the optional `train` extra); the deck it makes is an ONNX file run
with onnxruntime like the base model, so reading with it needs neither. Deterministic for a seed
and thread count.
"""

from __future__ import annotations

import copy
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from referee.enroll.adapt import QUARTER_TURNS, HeldBack
from referee.enroll.augment import table_like
from referee.enroll.session import Sample
from referee.errors import UserError
from referee.train.runner import export_onnx
from referee.vision.classifier import crop_blobs

BASE_CHECKPOINT = Path("checkpoints") / "classifier.pt"   # under the models folder, beside classifier.onnx


@dataclass(frozen=True)
class FineTuneSettings:
    """Chosen on held-out designs (bench/enroll_eval.py; docs/recognition-history.md): a higher
    learning rate or more steps gained nothing on the three designs, and a stronger pull towards
    the base weights kept a sure misreading of the base model on a filmed game, so 0.01 stays."""

    steps: int = 300
    learning_rate: float = 0.0002
    batch: int = 64                 # of which `generic_share` generic crops
    generic_share: float = 0.25
    l2sp: float = 0.01              # weight of |w - w_base|^2
    held_back_share: float = 2 / 3  # the held-back check is made after this share of the steps
    seed: int = 0
    threads: int = 2

    def __post_init__(self) -> None:
        if self.steps < 1 or self.batch < 2:
            raise ValueError("steps must be 1 or more and batch 2 or more")
        if not 0 <= self.generic_share < 1 or not 0 < self.held_back_share <= 1:
            raise ValueError("generic_share must be in [0, 1) and held_back_share in (0, 1]")


def require_training_runtime() -> None:
    """UserError unless PyTorch and ultralytics can be imported."""
    import os

    os.environ.setdefault("YOLO_OFFLINE", "1")      # no hub, font or asset downloads
    os.environ.setdefault("YOLO_VERBOSE", "False")  # the enrolment speaks; the exporter need not
    try:
        import torch  # noqa: F401
        import ultralytics  # noqa: F401
    except ImportError:
        raise UserError("--method finetune needs the train extra (pip install torch==2.14.1 torchvision==0.29.1 "
                        "&& pip install -e '.[train]'); or enrol with --method head") from None


def base_checkpoint(classifier_path: str | Path) -> Path:
    path = Path(classifier_path).parent / BASE_CHECKPOINT
    if not path.is_file():
        raise UserError(f"--method finetune needs the classifier's weights at {path}; or enrol with --method head")
    return path


def _tensor(crops: Sequence[np.ndarray]):
    """The crops as the ONNX classifier sees them (crop_blobs: RGB, NCHW, 0-1), one tensor."""
    import torch

    return torch.from_numpy(next(crop_blobs(list(crops), len(crops))))


def _freeze_batch_norm(net) -> None:
    import torch

    for module in net.modules():
        if isinstance(module, torch.nn.BatchNorm2d):
            module.eval()


def _probabilities(net, crops: Sequence[np.ndarray], batch: int = 256) -> np.ndarray:
    import torch

    net.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(crops), batch):
            y = net(_tensor(crops[start:start + batch]))
            out.append((y[0] if isinstance(y, tuple) else y).numpy())
    return np.concatenate(out) if out else np.zeros((0, 0), np.float32)


@dataclass(frozen=True)
class FineTuned:
    onnx: bytes                     # the deck's classifier, with its `embedding` output
    held_back: HeldBack
    steps: int


PROGRESS_EVERY = 25   # steps between two on_progress calls


def fine_tune(samples: Sequence[Sample], generic: Sequence[np.ndarray], names: Sequence[str],
              checkpoint: str | Path, settings: FineTuneSettings = FineTuneSettings(),
              on_progress: Callable[[int, int], None] | None = None,
              augment: Callable[[np.ndarray, np.random.Generator], np.ndarray] = table_like) -> FineTuned:
    """Fine-tune the classifier at `checkpoint` on the samples (and `generic` crops, distilled
    from the base model), check it on each row's last look before it has seen those looks,
    then go on with every look; return the exported ONNX model. `on_progress(step, steps)` is
    called every PROGRESS_EVERY steps and at the end (a minute of waiting deserves a sign of life).
    `augment` draws each training copy of a sample's crop (default: a table-like copy of a mat
    crop; bench/identity_ceiling.py, whose crops come from table scenes, only turns them)."""
    require_training_runtime()
    import torch
    from ultralytics import YOLO

    if not samples:
        raise UserError("no card was captured: nothing to enrol")
    index = {n: i for i, n in enumerate(names)}
    threads = torch.get_num_threads()
    torch.set_num_threads(settings.threads)
    try:
        torch.manual_seed(settings.seed)
        rng = np.random.default_rng(settings.seed)
        model = YOLO(str(checkpoint))
        net = model.model.float()
        if tuple(net.names[i] for i in sorted(net.names)) != tuple(names):
            raise UserError(f"{checkpoint} has other classes than the classifier it should match; "
                            "re-export the classifier with referee train export")
        for p in net.parameters():
            p.requires_grad_(True)
        anchor = [p.detach().clone() for p in net.parameters()]
        teacher = _probabilities(net, list(generic)) if len(generic) else None

        last = {}
        for s in samples:
            last[s.row] = max(last.get(s.row, s.look), s.look)
        test_samples = [s for s in samples if s.look == last[s.row]]
        held = [s for s in samples if s.look != last[s.row]]
        crops_of = lambda group: [(c, index[s.code]) for s in group for c in s.crops]   # noqa: E731
        before_check = max(1, int(round(settings.steps * settings.held_back_share)))
        if not held or not test_samples:
            before_check = settings.steps          # nothing to hold back: no check
        optimizer = torch.optim.AdamW(net.parameters(), lr=settings.learning_rate, weight_decay=0.0)
        n_generic = int(round(settings.batch * settings.generic_share)) if teacher is not None else 0
        n_deck = settings.batch - n_generic

        done = 0

        def train(pool, steps: int) -> None:
            nonlocal done
            for _ in range(steps):
                net.train()
                _freeze_batch_norm(net)
                pick = rng.integers(len(pool), size=n_deck)
                x = _tensor([augment(pool[i][0], rng) for i in pick])
                y = torch.tensor([pool[i][1] for i in pick])
                loss = torch.nn.functional.cross_entropy(net(x), y)
                if n_generic:
                    g = rng.integers(len(generic), size=n_generic)
                    turns = rng.integers(len(QUARTER_TURNS), size=n_generic)
                    xg = _tensor([np.rot90(generic[i], k) for i, k in zip(g, turns)])
                    log_p = torch.log_softmax(net(xg), dim=1)
                    target = torch.from_numpy(teacher[g])
                    loss = loss + torch.nn.functional.kl_div(log_p, target, reduction="batchmean")
                loss = loss + settings.l2sp * sum(((p - a) ** 2).sum() for p, a in zip(net.parameters(), anchor))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                done += 1
                if on_progress is not None and (done % PROGRESS_EVERY == 0 or done == settings.steps):
                    on_progress(done, settings.steps)

        train(crops_of(held) if before_check < settings.steps else crops_of(samples), before_check)
        check = HeldBack(0, 0)
        if before_check < settings.steps:
            plain = [(np.ascontiguousarray(np.rot90(s.crops[0], k)), s.code) for s in test_samples if s.crops
                     for k in QUARTER_TURNS]
            probs = _probabilities(net, [c for c, _ in plain])
            right = sum(names[int(p.argmax())] == code for p, (_, code) in zip(probs, plain))
            check = HeldBack(int(right), len(plain))
            train(crops_of(samples), settings.steps - before_check)
        return FineTuned(_export(net, checkpoint), check, settings.steps)
    finally:
        torch.set_num_threads(threads)


def _export(net, checkpoint: str | Path) -> bytes:
    """The fine-tuned network as the base classifier is exported (referee.train.runner.export_onnx:
    64 px, any batch, with the `embedding` output)."""
    import torch

    net.eval()
    with tempfile.TemporaryDirectory() as tmp:
        saved = torch.load(str(checkpoint), map_location="cpu", weights_only=False)
        saved = {**saved, "model": copy.deepcopy(net).half(), "ema": None, "optimizer": None}
        weights = Path(tmp) / "deck-classifier.pt"
        torch.save(saved, weights)
        out = export_onnx(weights, Path(tmp) / "classifier.onnx", imgsz=64, dynamic=True, embedding=True)
        return out.read_bytes()
