"""A second look at each detector `back`: is this box a face-down card?

The detector learnt `back` from generated tables without textured objects, so on real photos it
also calls card-sized patches of carpet, brick, print, books and some card faces `back`
(models/MODEL_CARD.md, "Face-down cards"). The verifier is a small classifier (two classes,
`back` and `other`) that sees the box with a margin around it, so the card's border, its edge
against the table and its printed pattern are all in view. It was trained on the committed
detector's own `back` boxes on generated scenes with hard negatives (referee/synth/scenes/back_crops.py):
those on a labelled face-down card are `back`, the rest `other`.

    >>> import numpy as np
    >>> back_crop(np.zeros((720, 1280, 3), np.uint8), (100.0, 100.0, 160.0, 190.0)).shape
    (64, 64, 3)
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import cv2
import numpy as np

from referee.errors import UserError
from referee.vision.classifier import crop_blobs
from referee.vision.onnx_model import OnnxModel
from referee.vision.types import Box

BACK_VERIFIER_FILE = "back_verifier.onnx"
CROP_SIDE = 64          # the classifier's input, pixels
CROP_MARGIN = 0.12      # added on each side, as a share of the box's width / height: the edge shows
# A verifier trained on another view declares its margin in the ONNX metadata under this key
# (referee train backs --margin); a model without it was trained with CROP_MARGIN.
CROP_MARGIN_KEY = "crop_margin"
PAD_VALUE = 114         # beyond the frame's edge (ultralytics' letterbox grey)
BACK_CLASS = "back"


def back_crop(frame: np.ndarray, box: Box, margin: float = CROP_MARGIN, side: int = CROP_SIDE) -> np.ndarray:
    """The box with `margin` around it, squeezed to side x side (BGR); outside the frame is grey."""
    x1, y1, x2, y2 = box
    mx, my = margin * (x2 - x1), margin * (y2 - y1)
    ox1, oy1, ox2, oy2 = (int(round(v)) for v in (x1 - mx, y1 - my, x2 + mx, y2 + my))
    if ox2 <= ox1 or oy2 <= oy1:
        return np.full((side, side, 3), PAD_VALUE, np.uint8)
    height, width = frame.shape[:2]
    region = frame[max(0, oy1):min(height, oy2), max(0, ox1):min(width, ox2)]
    pad = (max(0, -oy1), max(0, oy2 - height), max(0, -ox1), max(0, ox2 - width))
    if any(pad):
        region = cv2.copyMakeBorder(region, *pad, cv2.BORDER_CONSTANT, value=(PAD_VALUE,) * 3)
    scale = side / max(region.shape[:2])
    return cv2.resize(region, (side, side), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)


class BackVerifier:
    """The back classifier (models/back_verifier.onnx) run with onnxruntime."""

    def __init__(self, model_path: str | os.PathLike, threads: int | None = None) -> None:
        self.model = OnnxModel(model_path, threads)
        if BACK_CLASS not in self.model.names:
            raise UserError(f"model {model_path} has no '{BACK_CLASS}' class: not a back verifier")
        self.back_index = self.model.names.index(BACK_CLASS)
        try:
            self.margin = float(self.model.metadata.get(CROP_MARGIN_KEY, CROP_MARGIN))
        except ValueError:
            raise UserError(f"model {model_path} has an unreadable {CROP_MARGIN_KEY}: not a back verifier") from None

    def back_probabilities(self, frame: np.ndarray, boxes: Sequence[Box]) -> np.ndarray:
        """P(back) for each box in `frame` (BGR), one batch."""
        if not boxes:
            return np.zeros(0, np.float32)
        batch = len(boxes) if self.model.dynamic_batch else 1
        probabilities = np.concatenate([self.model.run(blob) for blob in crop_blobs([back_crop(frame, b, self.margin) for b in boxes], batch)])
        return probabilities[:, self.back_index].astype(np.float32)
