"""Card recognition at run time: onnxruntime only (no PyTorch).

Frame (BGR ndarray) -> CornerDetector (YOLO: corner index / card / back boxes)
-> IndexClassifier (rank + suit from a crop of each corner index)
-> group corners into physical cards -> list[CardReading].
"""

from referee.vision.types import CardReading, Detection

__all__ = ["CardReading", "Detection"]
