"""A detector whose scores for some classes come from a second class branch.

Training only the detector's class branch (`Detect.cv3`, everything else frozen) on new data
changes every class's scores; grafting keeps the base model's branch for the other classes, so
their boxes and scores stay exactly the base model's and only the chosen classes (here `back`)
read through the retrained branch (`graft`).

A class branch alone has only the base detector's head features to read from. `graft_bottom_up`
takes more of a tuned run: the neck's bottom-up path (YOLO11n's layers 16-22, trained with the
head while everything before them stayed frozen, runner.bottom_up_freeze) runs as a copy beside
the base path, on the base detector's own features, and the chosen classes read the tuned class
branch on the copy's outputs. Boxes and the other classes' scores are still the base model's.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, cast

import torch
from torch import nn

from ultralytics.nn.modules.head import Detect

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


class PathBranches(nn.Module):
    """A class branch whose `taken` channels come from another branch reading another feature map:
    the one BottomUpDetect hands it (`other_input`) just before the head reads its scores."""

    def __init__(self, base: nn.Module, other: nn.Module, taken: list[int], classes: int):
        super().__init__()
        self.base, self.other = base, other
        self.taken, self.classes = list(taken), classes
        self.other_input: torch.Tensor | None = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.other_input is None:
            raise RuntimeError("PathBranches reads the features BottomUpDetect hands it; run it inside its detector")
        base, other = self.base(x), self.other(self.other_input)
        self.other_input = None         # a tensor of this frame only: never read it for the next one
        parts = [other[:, c:c + 1] if c in self.taken else base[:, c:c + 1] for c in range(self.classes)]
        return torch.cat(parts, 1)


class BottomUpDetect(Detect):
    """A Detect head that also runs a copy of the neck's bottom-up path (`path`, layers with their
    ultralytics `f` and `i`) on the base detector's features (`inputs`: the layer indices it reads,
    appended to the head's own `f`), and hands the copy's outputs to its PathBranches."""

    path: nn.ModuleList
    inputs: list[int]

    def forward(self, x: list[torch.Tensor]):
        heads = len(self.cv3)
        outputs = dict(zip(self.inputs, x[heads:]))
        previous = self.inputs[0]       # the layer before the path: its first layer's input
        layer: Any                      # ultralytics' layers carry their inputs `f` and index `i`
        features: Any
        for layer in self.path:
            if layer.f == -1:
                features = outputs[previous]
            else:
                features = [outputs[previous] if j == -1 else outputs[j] for j in layer.f]
            outputs[layer.i] = layer(features)
            previous = layer.i
        for branch, j in zip(self.cv3, cast(list, self.f)[:heads]):
            branch.other_input = outputs[j]
        return super().forward(list(x[:heads]))


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
    base, tuned, model, other, taken = _load_pair(base_ckpt, tuned_ckpt, class_names)
    head, other_head = model.model[-1], other.model[-1]
    if isinstance(head, BottomUpDetect):
        head = _plain_head(head)
    head.cv3 = nn.ModuleList(_branches(b, o, taken, head.nc) for b, o in zip(head.cv3, other_head.cv3))
    return _save_grafted(base, model, out)


def _load_pair(base_ckpt: Path, tuned_ckpt: Path, class_names: tuple[str, ...]):
    """(base checkpoint, tuned checkpoint, a float copy of the base model, the tuned model, the
    indices of `class_names`), with the one-line errors a wrong pair gets."""
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
    return base, tuned, model, other, [i for i, n in names.items() if n in class_names]


def _save_grafted(base: dict, model: nn.Module, out: Path) -> Path:
    ckpt = {k: v for k, v in base.items() if k not in ("model", "ema", "optimizer")}
    ckpt.update(model=model.half(), ema=None, optimizer=None)
    torch.save(ckpt, out)
    return out


def _plain_head(head: Any) -> Any:
    """`head` (a Detect) as the base detector had it: its base class branches, no bottom-up copy."""
    # in a name: mypy would narrow `head` to BottomUpDetect, whose class is set back to Detect below
    grafted_path = isinstance(head, BottomUpDetect)
    if grafted_path:
        head.f = list(head.f[:len(head.cv3)])
        del head.path
        head.__class__ = Detect
    head.cv3 = nn.ModuleList(b.base if isinstance(b, (ClassBranches, PathBranches)) else b for b in head.cv3)
    return head


def graft_bottom_up(base_ckpt: Path, tuned_ckpt: Path, out: Path, class_names: tuple[str, ...] = ("back",),
                    start: int = 16) -> Path:
    """Write an ultralytics checkpoint: base_ckpt's model, whose `class_names` scores come from a
    copy of tuned_ckpt's layers `start`.. (the neck's bottom-up path, run on the base model's own
    features) and tuned_ckpt's class branch on it; tuned_ckpt must be the same network with the
    same classes (a run of `referee train detector --det-bottom-up --det-init base_ckpt`).

    >>> graft_bottom_up(Path("models/checkpoints/detector.pt"), Path("runs/b16/weights/last.pt"),
    ...                 Path("grafted.pt"))  # doctest: +SKIP
    """
    base, tuned, model, other, taken = _load_pair(base_ckpt, tuned_ckpt, class_names)
    head, other_head = _plain_head(model.model[-1]), cast(Any, other.model[-1])
    head_index = len(model.model) - 1
    if len(other.model) != len(model.model) or not 0 < start < head_index or min(head.f) < start:
        raise UserError(f"{tuned_ckpt} is not {base_ckpt}'s network with a bottom-up path from layer {start}")
    path = nn.ModuleList(copy.deepcopy(other.model[k]) for k in range(start, head_index))
    read = {j for layer in cast(Any, path) for j in ([layer.f] if isinstance(layer.f, int) else layer.f) if 0 <= j < start}
    inputs = [start - 1, *sorted(read - {start - 1})]
    head.__class__ = BottomUpDetect
    head.path, head.inputs = path, inputs
    head.f = [*head.f, *inputs]
    model.save = sorted(set(model.save) | set(inputs))
    head.cv3 = nn.ModuleList(PathBranches(b, o, taken, head.nc) for b, o in zip(head.cv3, other_head.cv3))
    return _save_grafted(base, model, out)


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
    if branches is None or not any(isinstance(b, (ClassBranches, PathBranches)) for b in branches):
        return weights
    model = copy.deepcopy(model)
    _plain_head(model.model[-1])
    ckpt = {**ckpt, "model": model, "ema": None, "optimizer": None}
    torch.save(ckpt, out)
    return out
