"""Loading an exported ultralytics ONNX model with onnxruntime, with clear errors."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import numpy as np

from referee.errors import UserError

# onnxruntime (1.29 on, every platform) queues a usage event when it starts and keeps a device id
# and an upload cache in the user's cache folder. Only this variable, set before the module is
# first imported, stops all of it; disable_telemetry_events() afterwards only mutes later events.
TELEMETRY_SWITCH = ("ORT_DISABLE_TELEMETRY", "1")


def import_onnxruntime():
    """The onnxruntime module with its telemetry off. Every import of onnxruntime goes through
    here: nothing the referee runs may leave the machine."""
    os.environ[TELEMETRY_SWITCH[0]] = TELEMETRY_SWITCH[1]
    import onnxruntime  # imported here: the CLI must start without it

    onnxruntime.disable_telemetry_events()
    return onnxruntime


class OnnxModel:
    """An onnxruntime session plus the metadata ultralytics writes into the file (names, imgsz, task)."""

    def __init__(self, path: str | os.PathLike, threads: int | None = None, spin: bool = False,
                 data: bytes | None = None, exact_int8: bool = True) -> None:
        """path: the model file; or, with `data` (the file's bytes, e.g. an enrolled deck's
        network held in memory), only the name errors call it by."""
        ort = import_onnxruntime()
        self.path = Path(path)
        if data is None and not self.path.is_file():
            raise UserError(f"model file not found: {self.path}")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or min(2, os.cpu_count() or 1)
        options.inter_op_num_threads = 1
        # Unless spin: worker threads sleep between operators instead of spinning. With a second
        # busy process on a 2-core machine (training, the camera loop) spinning threads wait for a
        # descheduled peer at every operator, which makes the detector far slower. On an idle
        # machine spinning may save a little (bench/detect_speed.py --spin).
        options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spin else "0")
        # Exact int8 arithmetic on every x86 CPU. Without VNNI (AVX2 laptops and servers alike)
        # onnxruntime's fast u8s8 kernels saturate 16-bit sums of products of our int8 weights,
        # and the INT8 detector then loses confidence and reads face-up cards as `back` (see
        # docs/recognition-history.md). On CPUs with VNNI (or not x86) this changes nothing.
        # (``exact_int8=False`` only for bench/detect_speed.py's comparison.)
        options.add_session_config_entry("session.x64quantprecision", "1" if exact_int8 else "0")
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3
        try:
            self.session = ort.InferenceSession(data if data is not None else str(self.path), options,
                                                providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises several unrelated exception types
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise UserError(f"cannot load model {self.path}: {first_line}") from None
        meta = self.session.get_modelmeta().custom_metadata_map
        try:
            names = ast.literal_eval(meta["names"])
            self.names: list[str] = [names[i] for i in sorted(names)]
            imgsz = ast.literal_eval(meta.get("imgsz", "[640, 640]"))
        except (KeyError, ValueError, SyntaxError):
            raise UserError(f"model {self.path} lacks ultralytics metadata (names, imgsz)") from None
        self.imgsz: tuple[int, int] = (int(imgsz[0]), int(imgsz[1])) if isinstance(imgsz, (list, tuple)) else (int(imgsz), int(imgsz))
        self.task: str = meta.get("task", "")
        self.metadata: dict[str, str] = dict(meta)
        self.input_name = self.session.get_inputs()[0].name
        batch = self.session.get_inputs()[0].shape[0]
        self.dynamic_batch = not isinstance(batch, int)
        self.output_names: list[str] = [o.name for o in self.session.get_outputs()]

    def run(self, batch: np.ndarray) -> np.ndarray:
        """The first output only (the only one computed)."""
        return self.session.run(self.output_names[:1], {self.input_name: batch})[0]

    def run_all(self, batch: np.ndarray) -> list[np.ndarray]:
        """Every output, in the order of output_names, from one run."""
        return self.session.run(self.output_names, {self.input_name: batch})
