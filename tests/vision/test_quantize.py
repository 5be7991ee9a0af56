"""INT8 export of the detector (referee/train/quantize.py) and the committed quantised detector."""

from pathlib import Path

import numpy as np
import pytest

from referee.vision.onnx_model import OnnxModel
from referee.vision.recognizer import DETECTOR_FILE

MODELS = Path(__file__).resolve().parents[2] / "models"


def _yolo_like(path, onnx):
    """A tiny detector shaped like ultralytics' export: image -> Conv -> Sigmoid scores, and box
    pixels from a second Conv, concatenated into (1, 4 + 3, anchors), with its metadata."""
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    w_box = numpy_helper.from_array(rng.normal(0, 0.3, (4, 3, 8, 8)).astype(np.float32), "w_box")
    w_cls = numpy_helper.from_array(rng.normal(0, 0.3, (3, 3, 8, 8)).astype(np.float32), "w_cls")
    scale = numpy_helper.from_array(np.array([300.0], np.float32), "scale")
    shape = numpy_helper.from_array(np.array([1, -1, 96], np.int64), "shape")
    w_stem = numpy_helper.from_array(rng.normal(0, 0.3, (3, 3, 3, 3)).astype(np.float32), "w_stem")
    nodes = [   # named as ultralytics names them: /model.<module>/<block>/<op>
        helper.make_node("Conv", ["images", "w_stem"], ["stem"], pads=[1, 1, 1, 1], name="/model.0/conv/Conv"),
        helper.make_node("Sigmoid", ["stem"], ["stem_sig"], name="/model.0/act/Sigmoid"),
        helper.make_node("Mul", ["stem", "stem_sig"], ["feat"], name="/model.0/act/Mul"),            # SiLU
        helper.make_node("Conv", ["feat", "w_box"], ["box_raw"], strides=[8, 8], name="/model.1/cv2/Conv"),
        helper.make_node("Sigmoid", ["box_raw"], ["box_unit"], name="/model.1/Sigmoid_box"),
        helper.make_node("Mul", ["box_unit", "scale"], ["box"], name="/model.1/Mul"),           # pixels: 0..300
        helper.make_node("Conv", ["feat", "w_cls"], ["cls_raw"], strides=[8, 8], name="/model.1/cv3/Conv"),
        helper.make_node("Sigmoid", ["cls_raw"], ["cls"], name="/model.1/Sigmoid"),            # scores: 0..1
        helper.make_node("Concat", ["box", "cls"], ["cat"], axis=1, name="/model.1/Concat"),
        helper.make_node("Reshape", ["cat", "shape"], ["output0"], name="/model.1/Reshape"),
    ]
    graph = helper.make_graph(nodes, "tiny", [helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, 64, 96])],
                              [helper.make_tensor_value_info("output0", TensorProto.FLOAT, [1, 7, 96])],
                              initializer=[w_stem, w_box, w_cls, scale, shape])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    for key, value in (("names", "{0: 'index', 1: 'card', 2: 'back'}"), ("imgsz", "[64, 96]"), ("task", "detect")):
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.save(model, str(path))


def test_quantised_detector_keeps_metadata_and_float_scores(tmp_path, monkeypatch):
    onnx = pytest.importorskip("onnx", reason="the onnx package comes with the train extra")
    from referee.train import quantize

    def blobs(model, scenes, seed):         # no scene rendering: random images
        class Reader:
            def __init__(self):
                self.left = [np.random.default_rng(i).random((1, 3, *model.imgsz), np.float32) for i in range(scenes)]

            def get_next(self):
                return {model.input_name: self.left.pop()} if self.left else None
        return Reader()

    monkeypatch.setattr(quantize, "_calibration_blobs", blobs)
    src, dst = tmp_path / "float.onnx", tmp_path / "int8.onnx"
    _yolo_like(src, onnx)
    quantize.quantize_model(src, dst, scenes=4)

    float_model, int8_model = OnnxModel(src), OnnxModel(dst)
    assert int8_model.names == ["index", "card", "back"] and int8_model.imgsz == (64, 96)
    meta = int8_model.session.get_modelmeta().custom_metadata_map
    assert "int8" in meta["quantization"]
    graph = onnx.load(str(dst)).graph
    assert {"QuantizeLinear", "DequantizeLinear"} <= {n.op_type for n in graph.node}
    # The backbone's Conv and SiLU are quantised; the head's decoding reads float tensors only.
    quantized_inputs = {n.output[0] for n in graph.node if n.op_type == "DequantizeLinear"}
    by_name = {n.name: n for n in graph.node}
    assert any(i in quantized_inputs for i in by_name["/model.0/act/Mul"].input)
    assert not any(i in quantized_inputs for i in by_name["/model.1/Concat"].input)
    x = np.random.default_rng(9).random((1, 3, 64, 96), np.float32)
    a, b = float_model.run(x), int8_model.run(x)
    # Scores stay fine-grained (not rounded on the box pixels' scale) and close to the float model's.
    assert np.abs(a[0, 4:] - b[0, 4:]).max() < 0.05
    assert len(np.unique(np.round(b[0, 4:], 4))) > 50


def test_committed_detector_is_the_int8_768_model():
    model = OnnxModel(MODELS / DETECTOR_FILE)
    assert model.imgsz == (448, 768)
    assert "int8" in model.session.get_modelmeta().custom_metadata_map.get("quantization", "")
