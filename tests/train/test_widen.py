"""Widening a trained classifier into index-cls-wide.yaml keeps what it computes (referee/train/widen.py)."""
from pathlib import Path

import pytest

from referee.errors import UserError

torch = pytest.importorskip("torch")
pytest.importorskip("ultralytics")

from ultralytics.nn.tasks import ClassificationModel  # noqa: E402

from referee.train.widen import widen_checkpoint, widen_model  # noqa: E402

TRAIN = Path(__file__).resolve().parents[2] / "referee" / "train"
NARROW, WIDE = TRAIN / "index-cls.yaml", TRAIN / "index-cls-wide.yaml"


def _net(yaml: Path, seed: int | None = None) -> ClassificationModel:
    torch.manual_seed(seed or 0)
    net = ClassificationModel(str(yaml), nc=54, verbose=False)
    if seed is not None:  # a "trained" net: BatchNorm statistics and affine parameters away from their defaults
        for module in net.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 2.0)
                module.weight.data.uniform_(0.5, 1.5)
                module.bias.data.uniform_(-0.3, 0.3)
    return net.eval()


def _logits(net, x):
    """The scores before the softmax, where small differences are still visible."""
    head = net.model[-1]
    with torch.no_grad():
        features = x
        for layer in net.model[:-1]:
            features = layer(features)
        return head.linear(head.drop(head.pool(head.conv(features)).flatten(1)))


def test_widening_without_noise_computes_the_same_scores():
    narrow, wide = _net(NARROW, seed=3), _net(WIDE)
    widen_model(narrow, wide, noise=0.0, seed=1)
    x = torch.rand(6, 3, 64, 64)
    before, after = _logits(narrow, x), _logits(wide, x)
    assert before.std() > 0.01                      # the comparison is not between two constants
    assert torch.allclose(before, after, atol=1e-4, rtol=1e-4)


def test_noise_separates_the_copies_but_keeps_the_reading():
    narrow, exact, noisy = _net(NARROW, seed=3), _net(WIDE), _net(WIDE)
    widen_model(narrow, exact, noise=0.0, seed=1)
    widen_model(narrow, noisy, noise=0.05, seed=1)
    first = (exact.model[0].conv.weight, noisy.model[0].conv.weight)
    assert torch.equal(first[0][:32], first[1][:32])          # the original channels are untouched
    assert not torch.equal(first[0][32:], first[1][32:])      # their copies are perturbed
    x = torch.rand(6, 3, 64, 64)
    assert torch.allclose(_logits(exact, x), _logits(noisy, x), atol=0.5)


def test_a_narrower_target_is_refused():
    with pytest.raises(UserError, match="narrower"):
        widen_model(_net(WIDE, seed=3), _net(NARROW))


def test_the_checkpoint_loads_as_an_ultralytics_classifier_with_the_same_classes(tmp_path):
    from ultralytics import YOLO

    narrow = _net(NARROW, seed=3)
    narrow.names = {i: f"c{i}" for i in range(54)}
    source = tmp_path / "narrow.pt"
    torch.save({"model": narrow.half(), "train_args": {}, "epoch": -1}, source)
    out = widen_checkpoint(source, WIDE, tmp_path / "wide.pt", noise=0.0)
    loaded = YOLO(str(out))
    assert loaded.task == "classify"
    assert loaded.model.names[53] == "c53"
    assert sum(p.numel() for p in loaded.model.parameters()) > 2 * sum(p.numel() for p in narrow.parameters())


def test_missing_weights_are_one_clear_error(tmp_path):
    with pytest.raises(UserError, match="not found"):
        widen_checkpoint(tmp_path / "none.pt", WIDE, tmp_path / "wide.pt")
