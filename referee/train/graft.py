"""A detector whose scores for some classes come from a second class branch.

Training only the detector's class branch (`Detect.cv3`, everything else frozen) on new data
changes every class's scores; grafting keeps the base model's branch for the other classes, so
their boxes and scores stay exactly the base model's and only the chosen classes (here `back`)
read through the retrained branch.
"""

from __future__ import annotations

import copy
from pathlib import Path

import torch
from torch import nn

from referee.errors import UserError


class ClassBranches(nn.Module):
    """Two class branches on one feature map: the base branch's scores, with the channels in
    `taken` replaced by the other branch's."""

    def __init__(self, base: nn.Module, other: nn.Module, taken: list[int], classes: int):
        super().__init__()
        self.base, self.other = base, other
        self.taken, self.classes = list(taken), classes

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        base, other = self.base(x), self.other(x)
        parts = [other[:, c:c + 1] if c in self.taken else base[:, c:c + 1] for c in range(self.classes)]
        return torch.cat(parts, 1)


def _branches(base: nn.Module, other: nn.Module, taken: list[int], classes: int) -> ClassBranches:
    # grafting onto a grafted detector, with a branch trained from it, replaces its second branch
    # instead of nesting a third (each nesting would run every earlier branch too)
    if isinstance(base, ClassBranches) and isinstance(other, ClassBranches) and base.taken == other.taken == taken:
        return ClassBranches(base.base, other.other, taken, classes)
    # ... and so does a branch trained from its base branches (trainable_start)
    if isinstance(base, ClassBranches) and not isinstance(other, ClassBranches) and base.taken == taken:
        return ClassBranches(base.base, other, taken, classes)
    return ClassBranches(base, other, taken, classes)


def graft(base_ckpt: Path, tuned_ckpt: Path, out: Path, class_names: tuple[str, ...] = ("back",)) -> Path:
    """Write an ultralytics checkpoint: base_ckpt's model with tuned_ckpt's class branch for
    `class_names`; tuned_ckpt must be the same network with the same classes (a run of
    `referee train detector --det-class-branch --det-init base_ckpt`).

    >>> graft(Path("models/checkpoints/detector.pt"), Path("runs/h60/weights/last.pt"),
    ...       Path("grafted.pt"))  # doctest: +SKIP
    """
    for weights in (base_ckpt, tuned_ckpt):
        if not Path(weights).is_file():
            raise UserError(f"weights not found: {weights}")
    base = torch.load(base_ckpt, map_location="cpu", weights_only=False)
    tuned = torch.load(tuned_ckpt, map_location="cpu", weights_only=False)
    model = copy.deepcopy(base.get("ema") or base["model"]).float()
    other = (tuned.get("ema") or tuned["model"]).float()
    names = dict(model.names)
    if dict(other.names) != names:
        raise UserError(f"{tuned_ckpt} has other classes than {base_ckpt}: {dict(other.names)} against {names}")
    unknown = [c for c in class_names if c not in names.values()]
    if unknown or not class_names:
        raise UserError(f"no class {', '.join(unknown) or '(none given)'} in {base_ckpt}; it has {', '.join(names.values())}")
    taken = [i for i, n in names.items() if n in class_names]
    head, other_head = model.model[-1], other.model[-1]
    head.cv3 = nn.ModuleList(_branches(b, o, taken, head.nc) for b, o in zip(head.cv3, other_head.cv3))
    ckpt = {k: v for k, v in base.items() if k not in ("model", "ema", "optimizer")}
    ckpt.update(model=model.half(), ema=None, optimizer=None)
    torch.save(ckpt, out)
    return out


def trainable_start(weights: Path, out: Path) -> Path:
    """`weights` as a training run can start from them: a grafted detector is written to `out`
    with its base class branches alone (the detector it was grafted onto: ultralytics rebuilds the
    head from the model's YAML, and cannot load a second branch into it), so a whole-detector
    fine-tune starts from the base detector's `back` scores and a class-branch run from the base
    branch it was trained beside; any other checkpoint is returned as it is.

    >>> trainable_start(Path("models/checkpoints/detector.pt"), Path("start.pt"))  # doctest: +SKIP
    PosixPath('start.pt')
    """
    ckpt = torch.load(weights, map_location="cpu", weights_only=False)
    model = ckpt.get("ema") or ckpt.get("model")
    head = getattr(model, "model", [None])[-1]
    branches = getattr(head, "cv3", None)
    if branches is None or not any(isinstance(b, ClassBranches) for b in branches):
        return weights
    model = copy.deepcopy(model)
    model.model[-1].cv3 = nn.ModuleList(b.base if isinstance(b, ClassBranches) else b for b in branches)
    ckpt = {**ckpt, "model": model, "ema": None, "optimizer": None}
    torch.save(ckpt, out)
    return out
