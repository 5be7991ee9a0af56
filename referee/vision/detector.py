"""The YOLO corner-index detector (classes: index, card, back) run with onnxruntime."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.onnx_model import OnnxModel
from referee.vision.types import Detection

PAD_VALUE = 114  # ultralytics' letterbox grey


def letterbox_scale(image_shape: tuple[int, int], input_size: tuple[int, int]) -> float:
    """The scale the letterbox gives an image of shape (h, w) for input (h, w)."""
    return min(input_size[0] / image_shape[0], input_size[1] / image_shape[1])


def letterbox(image: np.ndarray, size: tuple[int, int]) -> tuple[np.ndarray, float, tuple[float, float]]:
    """Resize keeping aspect ratio and pad to size=(h, w), centred, as ultralytics does."""
    h, w = image.shape[:2]
    scale = letterbox_scale((h, w), size)
    nh, nw = round(h * scale), round(w * scale)
    resized = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    top, left = (size[0] - nh) // 2, (size[1] - nw) // 2
    canvas = np.full((size[0], size[1], 3), PAD_VALUE, dtype=np.uint8)
    canvas[top : top + nh, left : left + nw] = resized
    return canvas, scale, (left, top)


def to_blob(canvas: np.ndarray) -> np.ndarray:
    """The detector's input for a letterboxed BGR canvas: 1x3xHxW RGB float32 0-1."""
    rgb = cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB)  # the same values as canvas[..., ::-1], twice as fast
    return rgb.transpose(2, 0, 1)[None].astype(np.float32) / np.float32(255.0)


class CornerDetector:
    """Finds corner indices, face-up cards and face-down cards in a BGR frame."""

    def __init__(
        self, model_path, conf: float = 0.25, iou: float = 0.5, threads: int | None = None, spin: bool = False,
        exact_int8: bool = True,
    ) -> None:
        self.model = OnnxModel(model_path, threads, spin, exact_int8=exact_int8)
        self.conf = conf
        self.iou = iou

    @property
    def names(self) -> list[str]:
        return self.model.names

    def detect(self, frame: np.ndarray) -> list[Detection]:
        canvas, scale, (left, top) = letterbox(frame, self.model.imgsz)
        return self.detect_canvas(canvas, scale, (left, top), frame.shape[:2])

    def detect_canvas(self, canvas: np.ndarray, scale: float, offset: tuple[float, float],
                      frame_shape: tuple[int, int], min_conf: float | None = None) -> list[Detection]:
        """Boxes found on a canvas of the model's input size showing a frame of `frame_shape`
        (h, w) scaled by `scale` with its origin at `offset` (left, top; negative for a frame
        region cut off the canvas), in the frame's pixels; from `min_conf` up (default: the
        detector's threshold)."""
        threshold = self.conf if min_conf is None else min_conf
        left, top = offset
        out = self.model.run(to_blob(canvas))[0]  # (4 + nc, anchors): cx, cy, w, h, class scores
        scores = out[4:]
        cls = scores.argmax(0)
        conf = scores[cls, np.arange(scores.shape[1])]
        keep = conf >= threshold
        if not keep.any():
            return []
        cx, cy, w, h = out[:4, keep]
        cls, conf = cls[keep], conf[keep]
        x1 = (cx - w / 2 - left) / scale
        y1 = (cy - h / 2 - top) / scale
        x2 = (cx + w / 2 - left) / scale
        y2 = (cy + h / 2 - top) / scale
        fh, fw = frame_shape
        x1, x2 = np.clip(x1, 0, fw), np.clip(x2, 0, fw)
        y1, y2 = np.clip(y1, 0, fh), np.clip(y2, 0, fh)
        detections: list[Detection] = []
        for c in np.unique(cls):
            idx = np.flatnonzero(cls == c)
            rects = [(float(x1[i]), float(y1[i]), float(x2[i] - x1[i]), float(y2[i] - y1[i])) for i in idx]
            kept = cv2.dnn.NMSBoxes(rects, conf[idx].tolist(), threshold, self.iou)
            for k in np.asarray(kept).reshape(-1):
                i = idx[k]
                detections.append(
                    Detection(self.names[c], (float(x1[i]), float(y1[i]), float(x2[i]), float(y2[i])), float(conf[i]))
                )
        return detections
