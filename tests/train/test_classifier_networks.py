"""The classifier networks `referee train classifier` can start from (--cls-init / --cls-model)."""
import argparse
from pathlib import Path

import pytest

from referee.errors import UserError
from referee.train.commands import classifier_start

TRAIN = Path(__file__).resolve().parents[2] / "referee" / "train"


def _args(init=None, model=None) -> argparse.Namespace:
    return argparse.Namespace(cls_init=init, cls_model=model)


def test_default_is_the_packaged_network():
    assert classifier_start(_args()) is None          # the runner falls back to index-cls.yaml


def test_a_model_yaml_trains_from_scratch():
    assert classifier_start(_args(model=TRAIN / "index-cls-wide.yaml")) == str(TRAIN / "index-cls-wide.yaml")


def test_weights_and_a_model_together_are_refused():
    with pytest.raises(UserError, match="not both"):
        classifier_start(_args(init=TRAIN / "index-cls.yaml", model=TRAIN / "index-cls-wide.yaml"))


@pytest.mark.parametrize("model", ["no-such.yaml", "index-cls.py"])
def test_a_model_that_is_not_a_yaml_file_is_refused(tmp_path, model):
    (tmp_path / "index-cls.py").write_text("")
    with pytest.raises(UserError, match="YAML"):
        classifier_start(_args(model=tmp_path / model))


def test_the_wide_network_has_the_same_classes_and_more_capacity():
    pytest.importorskip("ultralytics")
    torch = pytest.importorskip("torch")
    from ultralytics.nn.tasks import ClassificationModel

    nets = {name: ClassificationModel(str(TRAIN / name), verbose=False) for name in ("index-cls.yaml", "index-cls-wide.yaml")}
    params = {name: sum(p.numel() for p in net.parameters()) for name, net in nets.items()}
    assert params["index-cls-wide.yaml"] > 2 * params["index-cls.yaml"]
    for net in nets.values():
        net.eval()
        out = net(torch.zeros(1, 3, 64, 64))
        assert (out[0] if isinstance(out, tuple) else out).shape == (1, 54)
