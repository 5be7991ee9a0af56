"""A class branch trained alone and grafted in: the chosen class reads through it, every other
output stays the base detector's (referee/train/graft.py, runner.class_branch_freeze)."""
from pathlib import Path

import pytest

from referee.errors import UserError

torch = pytest.importorskip("torch")
pytest.importorskip("ultralytics")

from ultralytics.nn.tasks import DetectionModel  # noqa: E402

from referee.train.graft import graft, graft_bottom_up  # noqa: E402
from referee.train.runner import BOTTOM_UP_START, bottom_up_freeze, class_branch_freeze  # noqa: E402

NAMES = {0: "index", 1: "card", 2: "back"}


def _detector(seed: int) -> DetectionModel:
    torch.manual_seed(seed)
    net = DetectionModel("yolo11n.yaml", nc=3, verbose=False)
    net.names = dict(NAMES)
    return net.eval()


def _save(net: DetectionModel, path: Path) -> Path:
    torch.save({"model": net.half(), "ema": None, "optimizer": None, "epoch": -1}, path)   # as ultralytics stores it
    return path


def _retrain_class_branch(net: DetectionModel, seed: int) -> DetectionModel:
    """What a class-branch-only run changes: the head's cv3, nothing else."""
    torch.manual_seed(seed)
    with torch.no_grad():
        for p in net.model[-1].cv3.parameters():
            p.add_(torch.randn_like(p) * 0.5)
    return net


def _outputs(path: Path, x):
    net = torch.load(path, map_location="cpu", weights_only=False)["model"].float().eval()
    with torch.no_grad():
        return net(x)[0]          # (1, 4 + classes, anchors): boxes, then class scores


BACK = 4 + 2                      # the `back` row of _outputs: after the 4 box rows, index and card


def _back_alone_from_tuned(grafted: Path, base: Path, tuned: Path, x, back_atol: float = 1e-6):
    """Assert the grafted detector gives the base's boxes, index and card scores and the tuned
    run's back scores on x; returns (base, grafted) outputs."""
    base_y, tuned_y, grafted_y = (_outputs(p, x) for p in (base, tuned, grafted))
    assert torch.allclose(grafted_y[:, :BACK], base_y[:, :BACK], atol=1e-6)         # boxes, index, card
    assert torch.allclose(grafted_y[:, BACK], tuned_y[:, BACK], atol=back_atol)      # back
    return base_y, grafted_y


def test_grafted_detector_keeps_the_base_outputs_and_takes_back_from_the_branch(tmp_path):
    base = _save(_detector(1), tmp_path / "base.pt")
    tuned = _save(_retrain_class_branch(_detector(1), seed=2), tmp_path / "tuned.pt")
    out = graft(base, tuned, tmp_path / "grafted.pt")

    base_y, grafted_y = _back_alone_from_tuned(out, base, tuned, torch.rand(1, 3, 128, 192))
    assert not torch.allclose(grafted_y[:, BACK], base_y[:, BACK], atol=1e-3)


def test_graft_refuses_an_unknown_class_or_other_classes(tmp_path):
    base = _save(_detector(1), tmp_path / "base.pt")
    with pytest.raises(UserError, match="no class joker"):
        graft(base, base, tmp_path / "x.pt", ("joker",))
    other = _detector(1)
    other.names = {0: "a", 1: "b", 2: "c"}
    with pytest.raises(UserError, match="other classes"):
        graft(base, _save(other, tmp_path / "other.pt"), tmp_path / "x.pt")


def test_class_branch_freeze_leaves_only_the_class_branch_trainable():
    net = _detector(1)
    frozen = [f"model.{x}." for x in class_branch_freeze()] + [".dfl"]   # as ultralytics' trainer reads it
    trainable = [name for name, _ in net.named_parameters() if not any(f in name for f in frozen)]
    assert trainable and all(name.startswith("model.23.cv3.") for name in trainable)
    assert len(trainable) == len([n for n, _ in net.named_parameters() if n.startswith("model.23.cv3.")])


def test_grafting_onto_a_grafted_detector_replaces_its_branch_instead_of_nesting(tmp_path):
    base = _save(_detector(1), tmp_path / "base.pt")
    first = graft(base, _save(_retrain_class_branch(_detector(1), seed=2), tmp_path / "t1.pt"), tmp_path / "g1.pt")
    # a class-branch run from the grafted detector changes both of its branches
    grafted = torch.load(first, map_location="cpu", weights_only=False)["model"].float()
    tuned = _save(_retrain_class_branch(grafted, seed=3), tmp_path / "t2.pt")
    second = graft(first, tuned, tmp_path / "g2.pt")

    _back_alone_from_tuned(second, base, tuned, torch.rand(1, 3, 128, 192))
    branches = torch.load(second, map_location="cpu", weights_only=False)["model"].model[-1].cv3
    assert all(type(b.base).__name__ == "Sequential" and type(b.other).__name__ == "Sequential" for b in branches)


def test_graft_names_missing_weights(tmp_path):
    with pytest.raises(UserError, match="weights not found"):
        graft(tmp_path / "none.pt", tmp_path / "none.pt", tmp_path / "x.pt")


def test_a_grafted_detector_trains_from_its_base_branches(tmp_path):
    """ultralytics rebuilds the head from the YAML and cannot load a second class branch: training
    starts from the detector the graft was made on, and a branch trained so grafts in place of the old."""
    from referee.train.graft import trainable_start

    base = _save(_detector(1), tmp_path / "base.pt")
    grafted = graft(base, _save(_retrain_class_branch(_detector(1), seed=2), tmp_path / "t1.pt"), tmp_path / "g.pt")
    start = trainable_start(grafted, tmp_path / "start.pt")
    assert start == tmp_path / "start.pt" and trainable_start(base, tmp_path / "x.pt") == base
    x = torch.rand(1, 3, 128, 192)
    assert torch.allclose(_outputs(start, x), _outputs(base, x), atol=1e-6)
    fresh = DetectionModel("yolo11n.yaml", nc=3, verbose=False)
    fresh.load(torch.load(start, map_location="cpu", weights_only=False))    # what a training run does first

    again = graft(grafted, _save(_retrain_class_branch(_detector(1), seed=3), tmp_path / "t2.pt"), tmp_path / "g2.pt")
    branches = torch.load(again, map_location="cpu", weights_only=False)["model"].model[-1].cv3
    assert all(type(b.base).__name__ == "Sequential" and type(b.other).__name__ == "Sequential" for b in branches)


def _retrain_bottom_up(net: DetectionModel, seed: int) -> DetectionModel:
    """What a bottom-up run changes: layers 16-22 and the head, nothing before them."""
    torch.manual_seed(seed)
    with torch.no_grad():
        for name, p in net.named_parameters():
            if int(name.split(".")[1]) >= BOTTOM_UP_START:
                p.add_(torch.randn_like(p) * 0.3)
    return net


def test_bottom_up_graft_keeps_the_base_outputs_and_takes_back_from_the_copied_path(tmp_path):
    base = _save(_detector(1), tmp_path / "base.pt")
    tuned = _save(_retrain_bottom_up(_detector(1), seed=2), tmp_path / "tuned.pt")
    out = graft_bottom_up(base, tuned, tmp_path / "grafted.pt")

    base_y, grafted_y = _back_alone_from_tuned(out, base, tuned, torch.rand(1, 3, 128, 192), back_atol=1e-5)
    assert not torch.allclose(grafted_y[:, BACK], base_y[:, BACK], atol=1e-3)
    # a second frame reads its own features, not the first one's
    y = torch.rand(1, 3, 128, 192)
    assert torch.allclose(_outputs(out, y)[:, BACK], _outputs(tuned, y)[:, BACK], atol=1e-5)


def test_bottom_up_graft_replaces_an_earlier_graft_and_trains_from_the_base(tmp_path):
    from referee.train.graft import BottomUpDetect, PathBranches, trainable_start

    base = _save(_detector(1), tmp_path / "base.pt")
    branch = graft(base, _save(_retrain_class_branch(_detector(1), seed=2), tmp_path / "t1.pt"), tmp_path / "g1.pt")
    tuned = _save(_retrain_bottom_up(_detector(1), seed=3), tmp_path / "t2.pt")
    out = graft_bottom_up(branch, tuned, tmp_path / "g2.pt")
    head = torch.load(out, map_location="cpu", weights_only=False)["model"].model[-1]
    assert isinstance(head, BottomUpDetect) and head.inputs == [15, 10, 13]
    assert all(isinstance(b, PathBranches) and type(b.base).__name__ == "Sequential" for b in head.cv3)
    x = torch.rand(1, 3, 128, 192)
    assert torch.allclose(_outputs(out, x)[:, BACK], _outputs(tuned, x)[:, BACK], atol=1e-5)

    start = trainable_start(out, tmp_path / "start.pt")
    assert torch.allclose(_outputs(start, x), _outputs(base, x), atol=1e-6)
    fresh = DetectionModel("yolo11n.yaml", nc=3, verbose=False)
    fresh.load(torch.load(start, map_location="cpu", weights_only=False))
    # a class branch grafted later onto it takes the place of the copied path
    again = graft(out, _save(_retrain_class_branch(_detector(1), seed=4), tmp_path / "t3.pt"), tmp_path / "g3.pt")
    assert type(torch.load(again, map_location="cpu", weights_only=False)["model"].model[-1]).__name__ == "Detect"


def test_bottom_up_freeze_leaves_layers_16_on_trainable():
    net = _detector(1)
    frozen = [f"model.{x}." for x in bottom_up_freeze()] + [".dfl"]
    trainable = {name.split(".")[1] for name, _ in net.named_parameters() if not any(f in name for f in frozen)}
    assert trainable == {"16", "17", "19", "20", "22", "23"}


def test_the_bottom_up_run_needs_a_trained_detector_and_graft_takes_its_flag():
    import argparse

    from referee.train import commands

    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["train", "detector", "--det-bottom-up"])
    with pytest.raises(UserError, match="--det-bottom-up trains a trained detector"):
        commands.run_detector(args)
    graft_args = parser.parse_args(["train", "graft", "a.pt", "b.pt", "c.pt", "--bottom-up"])
    assert graft_args.bottom_up and not parser.parse_args(["train", "graft", "a.pt", "b.pt", "c.pt"]).bottom_up
