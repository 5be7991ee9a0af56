"""Recall and precision of `referee detect` on camera frames whose cards are a given height.

A camera frame is a fixed size: each photo of ../shared/data/real-photos/edje-pinochle-dev
(evaluation only: nothing is trained or tuned on it beyond choosing between a few principled
variants) is resized, in memory, so that the median height of its labelled cards is the target
height, and put into a 1280x720 frame (the referee's camera frame, FRAME):

- smaller than the frame (along an axis): centred on a plain background of the photo's own edge
  colour (the median of its border pixels: the table it lies on, extended);
- larger than the frame (along an axis): a window of the frame's size cut from it, the one that
  keeps the most labelled cards whole (ties: the one nearest the photo's centre). A labelled card
  the window cuts is dropped from the labels, and the part of it the frame shows is a don't-care
  region (a reading whose box centre lies there counts neither right nor wrong). The output says
  how many labelled cards were dropped per height.

So a card really is the target height in the frame `referee detect` reads, whatever the photo's
size. Each frame is read from one first pass twice: without the second pass (`first pass`,
`referee detect --one-pass`) and with it (`second pass`: referee.vision.scale.read_rescaled, what
`referee detect` does). Matching is bench/detect_eval.py's (rank-only labels, box centre in a
labelled box of the same rank, one to one). `precision` counts face readings; `every output`
counts everything `referee detect` prints, backs included (no face-down card is labelled: every
back is a phantom). Deterministic: no randomness anywhere.

`--heights photo` (or a list holding `photo`) reads each photo as it was taken as well (no
resizing, no frame): the dev set as bench/detect_eval.py reads it, with and without the second pass.

    python bench/detect_scale.py [--heights 55,70,85,120,180,250] [--limit N] [--real DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import median

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from detect_eval import REAL_DEFAULT, centre, inside, match_real, real_labels  # noqa: E402

from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402
from referee.vision.scale import read_rescaled, second_pass_scales  # noqa: E402

HEIGHTS = (55, 70, 85, 120, 180, 250)
FRAME = (1280, 720)   # (w, h): the referee's camera frame
MODES = ("first pass", "second pass")


def resized(photo, labels, height: float):
    """The photo and its labels resized so that the labelled cards' median height is `height`."""
    factor = height / median(b[3] - b[1] for _, b in labels)
    h, w = photo.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    image = cv2.resize(photo, size, interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    fx, fy = size[0] / w, size[1] / h
    return image, [(r, (b[0] * fx, b[1] * fy, b[2] * fx, b[3] * fy)) for r, b in labels]


def edge_colour(image) -> np.ndarray:
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    return np.median(border, axis=0).astype(np.uint8)


def _whole(box, x0: int, y0: int, w: int, h: int) -> bool:
    return box[0] >= x0 - 0.5 and box[1] >= y0 - 0.5 and box[2] <= x0 + w + 0.5 and box[3] <= y0 + h + 0.5


def _window_start(length: int, span: int, lows, highs) -> list[int]:
    """Candidate starts of a window of `span` along an axis of `length`: the ends, the middle, and
    every start that puts a card's near or far edge on the window's edge."""
    if span >= length:
        return [0]
    last = length - span
    cands = {0, last, last // 2}
    cands.update(min(last, max(0, int(np.floor(a)))) for a in lows)
    cands.update(min(last, max(0, int(np.ceil(b - span)))) for b in highs)
    return sorted(cands)


def window(image_shape, labels, size) -> tuple[int, int]:
    """The top-left corner of the window of `size` (w, h) keeping the most labelled cards whole,
    nearest the image's centre on a tie."""
    h, w = image_shape
    fw, fh = min(size[0], w), min(size[1], h)
    xs = _window_start(w, fw, [b[0] for _, b in labels], [b[2] for _, b in labels])
    ys = _window_start(h, fh, [b[1] for _, b in labels], [b[3] for _, b in labels])
    cx, cy = (w - fw) / 2, (h - fh) / 2
    return max(((x, y) for x in xs for y in ys),
               key=lambda p: (sum(_whole(b, p[0], p[1], fw, fh) for _, b in labels),
                              -abs(p[0] - cx) - abs(p[1] - cy), -p[0], -p[1]))


def in_frame(photo, labels, height: float, size=FRAME):
    """(frame, labels kept whole, don't-care boxes of the cards cut off) for one target height."""
    image, scaled = resized(photo, labels, height)
    h, w = image.shape[:2]
    x0, y0 = window((h, w), scaled, size)
    fw, fh = min(size[0], w), min(size[1], h)
    frame = np.empty((size[1], size[0], 3), np.uint8)
    frame[:] = edge_colour(image)
    left, top = (size[0] - fw) // 2, (size[1] - fh) // 2
    frame[top : top + fh, left : left + fw] = image[y0 : y0 + fh, x0 : x0 + fw]
    dx, dy = left - x0, top - y0
    kept, cut = [], []
    for rank, b in scaled:
        moved = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        if _whole(b, x0, y0, fw, fh):
            kept.append((rank, moved))
        else:
            clipped = (max(moved[0], left), max(moved[1], top), min(moved[2], left + fw), min(moved[3], top + fh))
            if clipped[0] < clipped[2] and clipped[1] < clipped[3]:
                cut.append(clipped)
    return frame, kept, cut


class Tally:
    """Counts of one (height, mode) cell."""

    def __init__(self) -> None:
        self.right = self.faces = self.backs = self.labelled = self.photos = self.dropped = self.ignored = 0
        self.second = 0   # frames the second pass read

    def add(self, readings, labels, cut) -> None:
        counted = [r for r in readings if not (cut and not any(inside(centre(r.box), b) for _, b in labels)
                                               and any(inside(centre(r.box), c) for c in cut))]
        self.ignored += len(readings) - len(counted)
        faces = [r for r in counted if r.code != "back"]
        self.right += match_real(faces, labels)[0]
        self.faces += len(faces)
        self.backs += len(counted) - len(faces)
        self.labelled += len(labels)
        self.dropped += len(cut)
        self.photos += 1

    def row(self) -> str:
        def share(a, b):
            return f"{a / b:.3f}" if b else "  -  "
        return (f"recall {share(self.right, self.labelled)} ({self.right}/{self.labelled})  "
                f"precision(faces) {share(self.right, self.faces)}  "
                f"precision(every output) {share(self.right, self.faces + self.backs)} (backs {self.backs})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", type=Path, default=REAL_DEFAULT)
    ap.add_argument("--models", default=None)
    ap.add_argument("--heights", default=",".join(map(str, HEIGHTS)))
    ap.add_argument("--limit", type=int, default=0, help="every k-th photo so that about this many are read (0: all)")
    ap.add_argument("--threads", type=int, default=1, help="onnxruntime threads")
    ap.add_argument("--misses", action="store_true", help="name the photos with a missed card, per height")
    args = ap.parse_args()
    heights = [h if h == "photo" else float(h) for h in args.heights.split(",")]
    options = dict(STILL_IMAGE_OPTIONS)
    recognizer = CardRecognizer(args.models, threads=args.threads, **options)
    size = recognizer.detector.model.imgsz
    paths = sorted((args.real / "images").glob("*.jpg"))
    if args.limit:
        paths = paths[:: max(1, len(paths) // args.limit)][: args.limit]
    tallies = {(h, m): Tally() for h in heights for m in MODES}
    t0 = time.perf_counter()
    for path in paths:
        photo = cv2.imread(str(path))
        labels = real_labels(args.real, path, photo.shape[:2])
        if not labels:
            continue
        for height in heights:
            frame, kept, cut = (photo, labels, []) if height == "photo" else in_frame(photo, labels, height)
            first = recognizer.read(frame)
            second = read_rescaled(recognizer, frame, first)
            tallies[height, "first pass"].add(first, kept, cut)
            tallies[height, "second pass"].add(second, kept, cut)
            tallies[height, "second pass"].second += bool(second_pass_scales(first, frame.shape[:2], size))
            if args.misses:
                for mode, got in zip(MODES, (first, second)):
                    right = match_real([r for r in got if r.code != "back"], kept)[0]
                    if right < len(kept):
                        print(f"  miss {height} {mode}: {path.name} {right}/{len(kept)}", flush=True)
    print(f"recogniser: STILL_IMAGE_OPTIONS {dict(options)}, det_conf {recognizer.det_conf}, "
          f"min_probability {recognizer.min_probability}, threads {args.threads}; {len(paths)} photos of "
          f"{args.real}, each resized into a {FRAME[0]}x{FRAME[1]} frame per card height"
          + (" and read as taken" if "photo" in heights else ""))
    for height in heights:
        t = tallies[height, "second pass"]
        what = "photos as taken" if height == "photo" else f"card height {height:3.0f} px"
        print(f"{what}: {t.photos} frames, {t.dropped} labelled cards cut off by the frame "
              f"(dropped; readings on them ignored: {t.ignored}), second pass ran on {t.second}")
        for mode in MODES:
            print(f"    {mode:11s}  {tallies[height, mode].row()}")
    print(f"seconds {time.perf_counter() - t0:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
