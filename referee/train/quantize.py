"""INT8 quantisation of the exported models (onnxruntime static quantisation, run at export).

Why: on 2 CPU cores the detector is most of a frame's cost, and a card index is only ~9 px tall
in a 640x384 input. Quantised, the same weights run at 768x448 in about the time of the float
model at 640x384, and the larger input finds more of the small indices (bench/detect_eval.py,
bench/detect_speed.py, bench/live.py; figures in docs/recognition-history.md). The classifier can
be quantised too (`referee train export --int8-classifier`), but is not by default: faster, but it
read held-out crops and filmed games worse.

How: QDQ format, weights int8 per output channel, activations uint8. In the detector the Conv
nodes and their SiLU activations (Sigmoid, Mul) are quantised; the rest of the Detect head (the
concatenations, box decoding, class sigmoid) stays float: the head's final Concat of box pixels
(0..768) and class scores (0..1) would share one int8 scale, which rounds every score to zero
(a fully quantised model found nothing). Quantising the SiLUs too saves the float
round trip between every pair of convolutions (faster than Conv alone). In the classifier
only Conv nodes are quantised. Activation ranges are calibrated (min/max) on generated scenes of the *training*
designs, letterboxed exactly as the detector does at run time, and for the classifier on the
labelled corner indices of those scenes, cropped as at run time; never on held-out designs. The
classifier's `embedding` output and last layer (Gemm) stay float, so classifier_head.npz and
enrolled decks work as before (decks enrolled with the float classifier must be enrolled again:
the classifier file's checksum changed).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

CALIBRATION_SCENES = 24
CALIBRATION_SEED = 900_000


def calibration_scenes(scenes: int, seed: int):
    """Generated 1280x720 scenes of the training designs (the same ones for both models)."""
    # the scene generator loads only to quantize: train.runner imports this module for every export
    from referee.synth.scenes.dataset import usable_design_names, scene_designs, scene_seed
    from referee.synth.scenes.generator import generate_scene

    designs = usable_design_names("train")
    for k in range(seed, seed + scenes):
        yield generate_scene(scene_seed(k, "calib", 0), scene_designs(designs, k, "calib", 0, block=1))


def _calibration_blobs(model, scenes: int, seed: int):
    """The inputs the model sees at run time: letterboxed frames (detector) or rectified crops of
    the scenes' corner indices, 64 a batch (classifier)."""
    # imported here, like onnxruntime itself: quantising is the only use of it in this module
    from referee.vision.onnx_model import import_onnxruntime

    import_onnxruntime()  # before onnxruntime.quantization imports it with its telemetry on
    from onnxruntime.quantization import CalibrationDataReader

    # (like calibration_scenes' imports)
    from referee.vision.classifier import crop_blobs
    from referee.vision.crops import crop_index
    from referee.vision.detector import letterbox, to_blob

    def batches():   # through the run-time code that makes each model's input
        for scene in calibration_scenes(scenes, seed):
            if model.task == "detect":
                yield to_blob(letterbox(scene.image, model.imgsz)[0])
            else:
                crops = [crop_index(scene.image, o.box, model.imgsz[0]) for o in scene.objects if o.kind == "index"]
                yield from crop_blobs(crops, 64)

    class Blobs(CalibrationDataReader):
        def __init__(self) -> None:
            self.left = batches()

        def get_next(self):
            blob = next(self.left, None)
            return None if blob is None else {model.input_name: blob}

    return Blobs()


def quantized_nodes(model, task: str) -> tuple[list[str], list[str]]:
    """(op types to quantise, node names to leave float). Detector: Conv and SiLU everywhere but
    in the last module (ultralytics' Detect head, `/model.N/...`) only its Conv blocks."""
    parts = model.graph.node[-1].name.split("/")
    if task != "detect" or len(parts) < 3:      # not an ultralytics detector graph: Conv only
        return ["Conv"], []
    head = "/" + parts[1] + "/"
    excluded = [n.name for n in model.graph.node
                if n.name.startswith(head) and n.op_type != "Conv" and "/act/" not in n.name]
    return ["Conv", "Sigmoid", "Mul"], excluded


def quantize_model(src: Path, dst: Path, scenes: int = CALIBRATION_SCENES, seed: int = CALIBRATION_SEED) -> Path:
    """Write an INT8 copy of the float model `src` (the detector or the classifier) to `dst`,
    keeping ultralytics' metadata (names, imgsz, task) and recording how it was quantised."""
    import onnx

    # imported here, like onnxruntime itself: quantising is the only use of it in this module
    from referee.vision.onnx_model import import_onnxruntime

    import_onnxruntime()  # before onnxruntime.quantization imports it with its telemetry on
    from onnxruntime.quantization import CalibrationMethod, QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.shape_inference import quant_pre_process

    # (like calibration_scenes' imports)
    from referee.vision.onnx_model import OnnxModel

    float_model = OnnxModel(src, threads=None)
    float_graph = onnx.load(str(src))
    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        quantized = Path(tmp) / "quantized.onnx"
        quant_pre_process(str(src), str(prepared), skip_symbolic_shape=True)
        op_types, excluded = quantized_nodes(float_graph, float_model.task)
        quantize_static(str(prepared), str(quantized), _calibration_blobs(float_model, scenes, seed),
                        quant_format=QuantFormat.QDQ, per_channel=True, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, calibrate_method=CalibrationMethod.MinMax,
                        op_types_to_quantize=op_types, nodes_to_exclude=excluded)
        model = onnx.load(str(quantized))
        del model.metadata_props[:]
        model.metadata_props.extend(float_graph.metadata_props)
        entry = model.metadata_props.add()
        entry.key = "quantization"
        kept = " (not the Detect head's decoding)" if excluded else ""
        entry.value = (f"int8 static QDQ, {'+'.join(op_types)}{kept}, per-channel; "
                       f"min/max calibration on {scenes} generated scenes of the training designs, seed {seed}")
        dst.parent.mkdir(parents=True, exist_ok=True)
        onnx.save(model, str(dst))
    return dst
