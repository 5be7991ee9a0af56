"""A second output, `embedding`, on an exported classifier: the pooled features its final Gemm reads.

The enrolled-deck index (referee.vision.deck) compares crops by these features. Adding the output
changes no operator of the graph, so the class probabilities (`output0`) stay what they were.
Needs the `onnx` package (train extra).
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from referee.errors import UserError
from referee.vision.model_files import file_sha256

EMBEDDING_OUTPUT = "embedding"
_LINEAR_OPS = ("Gemm", "MatMul")
# Operators a classifier head may put between its final linear layer and the first output.
_PASS_THROUGH = ("Softmax", "Identity", "Reshape", "Flatten", "Cast", "Sigmoid", "LogSoftmax")


def feature_tensor(model) -> tuple[str, int | None]:
    """(name, width) of the tensor the final linear layer reads: walked back from the first graph
    output through the head's element-wise / shape operators to the first Gemm or MatMul. The
    width comes from the layer's weight initializer (None when it is not one)."""
    graph = model.graph
    producers = {out: node for node in graph.node for out in node.output}
    name = graph.output[0].name
    seen = set()
    while name in producers and name not in seen:
        seen.add(name)
        node = producers[name]
        if node.op_type in _LINEAR_OPS:
            return node.input[0], _input_width(model, node)
        if node.op_type not in _PASS_THROUGH or not node.input:
            break
        name = node.input[0]
    raise UserError(f"cannot find the final Gemm/MatMul before output {graph.output[0].name!r}")


def _input_width(model, node) -> int | None:
    from onnx import numpy_helper

    weights = {init.name: init for init in model.graph.initializer}
    if len(node.input) < 2 or node.input[1] not in weights:
        return None
    shape = numpy_helper.to_array(weights[node.input[1]]).shape
    if len(shape) != 2:
        return None
    trans_b = node.op_type == "Gemm" and any(a.name == "transB" and a.i for a in node.attribute)
    return int(shape[1] if trans_b else shape[0])


def add_embedding_output(path_in: str | os.PathLike, path_out: str | os.PathLike | None = None) -> Path:
    """Write the classifier at `path_in` to `path_out` (default: in place) with a second graph
    output `embedding` (n, D): an Identity of the final Gemm's input. All metadata_props are kept;
    a model that already has the output is written unchanged (idempotent). Returns path_out."""
    try:
        import onnx
        from onnx import helper
    except ImportError:
        raise UserError("adding the embedding output needs the onnx package (train extra)") from None

    path_in = Path(path_in)
    path_out = Path(path_out) if path_out is not None else path_in
    try:
        model = onnx.load(str(path_in))
    except FileNotFoundError:
        raise UserError(f"model file not found: {path_in}") from None
    except Exception as exc:  # protobuf decode errors come in several types
        raise UserError(f"cannot read ONNX model {path_in}: {type(exc).__name__}") from None
    graph = model.graph
    if any(o.name == EMBEDDING_OUTPUT for o in graph.output):
        if path_out != path_in:
            _write_atomic(path_out, path_in.read_bytes())
        return path_out
    features, width = feature_tensor(model)
    batch = graph.output[0].type.tensor_type.shape.dim[0] if graph.output[0].type.tensor_type.shape.dim else None
    node_name = f"{EMBEDDING_OUTPUT}/Identity"
    graph.node.append(helper.make_node("Identity", [features], [EMBEDDING_OUTPUT], name=node_name))
    info = helper.make_tensor_value_info(EMBEDDING_OUTPUT, onnx.TensorProto.FLOAT, [None, width])
    dims = info.type.tensor_type.shape.dim
    if batch is not None:
        dims[0].CopyFrom(batch)
    graph.output.append(info)
    onnx.checker.check_model(model)
    _write_atomic(path_out, model.SerializeToString())
    return path_out


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)  # mkstemp makes it 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


HEAD_FILE = "classifier_head.npz"


def write_head(classifier: str | os.PathLike, out: str | os.PathLike | None = None) -> Path:
    """Save the classifier's final linear layer (weight (C, D), bias (C,), class names and the
    sha256 of the ONNX file) as `classifier_head.npz` beside it (or at `out`): what
    `referee enroll` fine-tunes for a table's deck without PyTorch or the onnx package."""
    import ast

    import numpy as np

    try:
        import onnx
        from onnx import numpy_helper
    except ImportError:
        raise UserError("writing the classifier head needs the onnx package (pip install -e '.[train]')") from None

    path = Path(classifier)
    model = onnx.load(str(path))
    feature, _ = feature_tensor(model)
    node = next(n for n in model.graph.node if n.op_type in _LINEAR_OPS and n.input and n.input[0] == feature)
    weights = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    weight = np.asarray(weights[node.input[1]], np.float32)
    trans_b = node.op_type == "Gemm" and any(a.name == "transB" and a.i for a in node.attribute)
    if not trans_b:
        weight = weight.T                       # MatMul / Gemm without transB: (D, C)
    bias = np.asarray(weights[node.input[2]], np.float32) if len(node.input) > 2 else np.zeros(len(weight), np.float32)
    meta = {p.key: p.value for p in model.metadata_props}
    names = ast.literal_eval(meta["names"])
    names = [names[i] for i in sorted(names)]
    if weight.shape[0] != len(names):
        raise UserError(f"{path}: final layer has {weight.shape[0]} outputs for {len(names)} class names")
    out = Path(out) if out else path.with_name(HEAD_FILE)
    buffer = io.BytesIO()
    np.savez(buffer, weight=weight, bias=bias, names=np.array(names, dtype=str),
             classifier_sha256=np.str_(file_sha256(path)))
    _write_atomic(out, buffer.getvalue())
    return out
