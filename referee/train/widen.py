"""Widen a trained corner-index classifier into a wider network that computes the same function
(Net2WiderNet, Chen, Goodfellow & Shlens 2016), so the wider one starts where the trained one is.

index-cls.yaml underfits its own training crops, and a wider network (index-cls-wide.yaml)
learnt more per step in a probe, but training that one from scratch is GPU work.
Widening the committed weights lets this CPU train the wider network from the committed one's
accuracy instead of from chance.

How: every Conv (conv + BatchNorm + SiLU) gets its new output channels as copies of randomly chosen
old ones (conv filter and BatchNorm parameters and statistics copied); every consumer of those
channels divides the copied input weights by the number of copies, so the sum it computes is
unchanged. The channel split inside C2f (two halves, the second one feeding the bottlenecks, whose
shortcut needs its input's channel order) is widened half by half. Copies start identical and
would stay identical under AdamW (it ignores a gradient's scale), so `noise` perturbs the copied
filters a little (relative to their layer's weight spread); with noise=0 the widened network's outputs equal the original's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.errors import UserError


def _mapping(old: int, new: int, gen):
    """New channel -> old channel: the old channels in order, then random copies."""
    import torch

    if new < old:
        raise UserError(f"cannot widen {old} channels to {new}: the target network is narrower")
    extra = torch.randint(0, old, (new - old,), generator=gen)
    return torch.cat([torch.arange(old), extra])


def _copies(mapping):
    """True where a new channel repeats an old channel that an earlier new channel already took."""
    import torch

    seen: set[int] = set()
    flags = []
    for old in mapping.tolist():
        flags.append(old in seen)
        seen.add(old)
    return torch.tensor(flags, dtype=torch.bool)


def _copy_conv(src, dst, in_map, out_map, noise: float, gen) -> None:
    """dst (ultralytics Conv) from src: output channels picked by out_map, input channels by in_map,
    each copied input divided by how often its old channel was copied."""
    import torch

    counts = torch.bincount(in_map, minlength=src.conv.weight.shape[1]).to(torch.float32)
    weight = src.conv.weight.detach().float()[out_map][:, in_map] / counts[in_map].view(1, -1, 1, 1)
    copies = _copies(out_map)
    if noise and copies.any():
        spread = weight.std()
        weight[copies] += noise * spread * torch.randn(weight[copies].shape, generator=gen)
    dst.conv.weight.data.copy_(weight)
    for name in ("weight", "bias", "running_mean", "running_var"):
        getattr(dst.bn, name).data.copy_(getattr(src.bn, name).detach().float()[out_map])
    dst.bn.num_batches_tracked.data.copy_(src.bn.num_batches_tracked)


def _widen_c2f(src, dst, in_map, noise: float, gen):
    """A C2f block; returns its output mapping."""
    import torch

    c_old, c_new = src.c, dst.c
    half_a, half_b = _mapping(c_old, c_new, gen), _mapping(c_old, c_new, gen)
    _copy_conv(src.cv1, dst.cv1, in_map, torch.cat([half_a, half_b + c_old]), noise, gen)
    for s_block, d_block in zip(src.m, dst.m):
        if not (s_block.add and d_block.add):
            raise UserError("widening expects C2f bottlenecks with shortcuts (C2f [c, True])")
        hidden = _mapping(s_block.cv1.conv.out_channels, d_block.cv1.conv.out_channels, gen)
        _copy_conv(s_block.cv1, d_block.cv1, half_b, hidden, noise, gen)
        _copy_conv(s_block.cv2, d_block.cv2, hidden, half_b, 0.0, gen)  # the shortcut keeps half_b's order
    concat = torch.cat([half_a, half_b + c_old] + [half_b + (2 + i) * c_old for i in range(len(src.m))])
    out_map = _mapping(src.cv2.conv.out_channels, dst.cv2.conv.out_channels, gen)
    _copy_conv(src.cv2, dst.cv2, concat, out_map, noise, gen)
    return out_map


def widen_model(src, dst, noise: float = 0.0, seed: int = 0) -> None:
    """Fill dst (a ClassificationModel of Conv, C2f and Classify layers, each at least as wide as
    src's) with src's function. noise=0 keeps the outputs equal (up to float rounding)."""
    import torch
    from ultralytics.nn.modules import C2f, Classify, Conv

    gen = torch.Generator().manual_seed(seed)
    layers = list(zip(src.model, dst.model))
    if len(src.model) != len(dst.model):
        raise UserError("the two networks have a different number of layers")
    in_map = torch.arange(3)  # RGB
    with torch.no_grad():
        for s_layer, d_layer in layers:
            if type(s_layer) is not type(d_layer):
                raise UserError(f"layer types differ: {type(s_layer).__name__} against {type(d_layer).__name__}")
            if isinstance(s_layer, Conv):
                out_map = _mapping(s_layer.conv.out_channels, d_layer.conv.out_channels, gen)
                _copy_conv(s_layer, d_layer, in_map, out_map, noise, gen)
                in_map = out_map
            elif isinstance(s_layer, C2f):
                in_map = _widen_c2f(s_layer, d_layer, in_map, noise, gen)
            elif isinstance(s_layer, Classify):
                head = s_layer.conv.conv.out_channels
                if d_layer.conv.conv.out_channels != head or d_layer.linear.weight.shape != s_layer.linear.weight.shape:
                    raise UserError("widening keeps the classification head: its sizes must match")
                _copy_conv(s_layer.conv, d_layer.conv, in_map, torch.arange(head), 0.0, gen)
                d_layer.linear.load_state_dict(s_layer.linear.state_dict())
            else:
                raise UserError(f"cannot widen a {type(s_layer).__name__} layer")


def widen_checkpoint(weights: Path, model_yaml: Path, out: Path, noise: float = 0.05, seed: int = 0) -> Path:
    """Write an ultralytics checkpoint of model_yaml's network computing what `weights` computes
    (see the module doc); `referee train classifier --cls-init OUT` trains it on."""
    import torch
    from ultralytics.nn.tasks import ClassificationModel

    if not Path(weights).is_file():
        raise UserError(f"weights not found: {weights}")
    if not Path(model_yaml).is_file():
        raise UserError(f"model YAML not found: {model_yaml}")
    ckpt = torch.load(weights, map_location="cpu", weights_only=False)
    src = (ckpt.get("ema") or ckpt["model"]).float().eval()
    # Any: ultralytics sets plain attributes (names, args) that torch's Module typing does not know
    dst: Any = ClassificationModel(str(model_yaml), nc=len(src.names), verbose=False)
    widen_model(src, dst, noise=noise, seed=seed)
    dst.names = dict(src.names)
    dst.args = {**(getattr(src, "args", None) or {}), "task": "classify"}
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({**ckpt, "model": dst.half(), "ema": None, "optimizer": None, "epoch": -1,
                "train_args": {**ckpt.get("train_args", {}), "task": "classify", "model": str(model_yaml)},
                "widened_from": str(weights), "widen_noise": noise, "widen_seed": seed}, out)
    return out
