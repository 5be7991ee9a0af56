"""Recall of `referee detect` on the real-photo dev set rescaled to given card heights.

Each photo of ../shared/data/real-photos/edje-pinochle-dev (evaluation only, never tuned on) is
resized, in memory, so that the median height of its labelled cards is the target height (no
padding, no cropping), and read twice from one first pass: without the second pass
(`first pass`) and with it (`rescaled`: referee.vision.scale.read_rescaled, what `referee detect`
does). Matching is bench/detect_eval.py's (rank-only labels, box centre in a labelled box).
`precision` counts face readings; `every output` counts everything `referee detect` prints,
backs included (no face-down card is labelled: every back is a phantom).

    python bench/detect_scale.py [--heights 55,70,85,120,180,250] [--limit N] [--real DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import median

import cv2

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from detect_eval import REAL_DEFAULT, match_real, real_labels  # noqa: E402

from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402
from referee.vision.scale import read_rescaled  # noqa: E402

HEIGHTS = (55, 70, 85, 120, 180, 250)
MODES = ("first pass", "rescaled")


def rescaled(frame, labels, height: float):
    """The photo and its labels resized so that the labelled cards' median height is `height`."""
    factor = height / median(b[3] - b[1] for _, b in labels)
    h, w = frame.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    image = cv2.resize(frame, size, interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    fx, fy = size[0] / w, size[1] / h
    return image, [(r, (b[0] * fx, b[1] * fy, b[2] * fx, b[3] * fy)) for r, b in labels]


class Tally:
    """Counts of one (height, mode) cell."""

    def __init__(self) -> None:
        self.right = self.faces = self.backs = self.labelled = self.photos = 0

    def add(self, readings, labels) -> None:
        faces = [r for r in readings if r.code != "back"]
        self.right += match_real(faces, labels)[0]
        self.faces += len(faces)
        self.backs += len(readings) - len(faces)
        self.labelled += len(labels)
        self.photos += 1

    def row(self) -> str:
        def share(a, b):
            return f"{a / b:.3f}" if b else "  -  "
        return (f"recall {share(self.right, self.labelled)}  precision(faces) {share(self.right, self.faces)}  "
                f"precision(every output) {share(self.right, self.faces + self.backs)}  photos {self.photos}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", type=Path, default=REAL_DEFAULT)
    ap.add_argument("--models", default=None)
    ap.add_argument("--heights", default=",".join(map(str, HEIGHTS)))
    ap.add_argument("--limit", type=int, default=0, help="every k-th photo so that about this many are read (0: all)")
    ap.add_argument("--threads", type=int, default=1, help="onnxruntime threads")
    args = ap.parse_args()
    heights = [float(h) for h in args.heights.split(",")]
    options = dict(STILL_IMAGE_OPTIONS)
    recognizer = CardRecognizer(args.models, threads=args.threads, **options)
    paths = sorted((args.real / "images").glob("*.jpg"))
    if args.limit:
        paths = paths[:: max(1, len(paths) // args.limit)][: args.limit]
    tallies = {(h, m): Tally() for h in heights for m in MODES}
    t0 = time.perf_counter()
    for path in paths:
        frame = cv2.imread(str(path))
        labels = real_labels(args.real, path, frame.shape[:2])
        if not labels:
            continue
        for height in heights:
            image, scaled = rescaled(frame, labels, height)
            first = recognizer.read(image)
            tallies[height, "first pass"].add(first, scaled)
            tallies[height, "rescaled"].add(read_rescaled(recognizer, image, first), scaled)
    print(f"recogniser: STILL_IMAGE_OPTIONS {dict(options)}, det_conf {recognizer.det_conf}, "
          f"min_probability {recognizer.min_probability}, threads {args.threads}; {len(paths)} photos of {args.real}")
    for height in heights:
        for mode in MODES:
            print(f"card height {height:5.0f} px  {mode:10s}  {tallies[height, mode].row()}")
    print(f"seconds {time.perf_counter() - t0:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
