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

from detect_eval import REAL_DEFAULT, centre, inside, match_real, rank_of, real_labels  # noqa: E402

from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402
from referee.vision.scale import read_rescaled, second_pass_scales  # noqa: E402

HEIGHTS = (55, 70, 85, 120, 180, 250)
FRAME = (1280, 720)   # (w, h): the referee's camera frame
MODES = ("first pass", "second pass")


def resized(photo, labels, height: float, length: float | None = None):
    """The photo and its labels resized so that the labelled cards' median height (or `length`,
    the cards' median long side where known) is `height`."""
    factor = height / (length if length is not None else median(b[3] - b[1] for _, b in labels))
    h, w = photo.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    image = cv2.resize(photo, size, interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
    fx, fy = size[0] / w, size[1] / h
    return image, [(r, (b[0] * fx, b[1] * fy, b[2] * fx, b[3] * fy)) for r, b in labels], (fx, fy)


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


def in_frame(photo, labels, height: float, size=FRAME, length: float | None = None, moves: list | None = None):
    """(frame, labels kept whole, don't-care boxes of the cards cut off) for one target height;
    `moves`, when given, receives the map of a photo box to its frame box."""
    image, scaled, (fx, fy) = resized(photo, labels, height, length)
    h, w = image.shape[:2]
    x0, y0 = window((h, w), scaled, size)
    fw, fh = min(size[0], w), min(size[1], h)
    frame = np.empty((size[1], size[0], 3), np.uint8)
    frame[:] = edge_colour(image)
    left, top = (size[0] - fw) // 2, (size[1] - fh) // 2
    frame[top : top + fh, left : left + fw] = image[y0 : y0 + fh, x0 : x0 + fw]
    dx, dy = left - x0, top - y0
    if moves is not None:
        moves.append(lambda b: (b[0] * fx + dx, b[1] * fy + dy, b[2] * fx + dx, b[3] * fy + dy))
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

    def add(self, readings, labels, cut, match=None, ignore=()) -> None:
        """`cut`: boxes of labelled cards the frame cuts (dropped); `ignore`: other don't-care boxes."""
        skip = [*cut, *ignore]
        counted = [r for r in readings if not (skip and not any(inside(centre(r.box), b) for _, b in labels)
                                               and any(inside(centre(r.box), c) for c in skip))]
        self.ignored += len(readings) - len(counted)
        faces = [r for r in counted if r.code != "back"]
        self.right += (match or match_real)(faces, labels)[0]
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


def photo_items(folder: Path, paths):
    """(name, image, labels, card length or None, key, don't-care boxes) of the real photos:
    rank-only labels, the card height their boxes' median."""
    for path in paths:
        photo = cv2.imread(str(path))
        labels = real_labels(folder, path, photo.shape[:2])
        if labels:
            yield path.name, photo, labels, None, rank_of, []


def scene_items(count: int, seed: int):
    """The same for generated scenes of the held-out designs (bench/scene_truth.py): a label per
    face-up card with a labelled corner, keyed by its code (rank and suit) and holding its index
    boxes (a reading is right when a corner of it, or its box's centre, lies in the card's visible
    box or one of its index boxes, as bench/detect_eval.py's scenes); the scene's median card
    length (long side of the whole card, backs included) sets the scale. A face-up card with no
    labelled corner and a face-down card are don't-care boxes: readings there count neither way."""
    from scene_truth import heldout_scene

    for k in range(count):
        scene = heldout_scene(seed + k)
        cards: dict[int, dict] = {}
        lengths, ignore = [], []
        for obj in scene.objects:
            if obj.kind == "back":
                ignore.append(tuple(obj.box))
            if obj.kind in ("card", "back"):
                q = obj.polygon
                lengths.append(float(max(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1]))))
            if obj.kind in ("card", "index"):
                card = cards.setdefault(obj.card_id, {"code": obj.code, "box": None, "index": []})
                if obj.kind == "card":
                    card["box"] = tuple(obj.box)
                else:
                    card["index"].append(tuple(obj.box))
        labels = []
        for card in cards.values():
            box = card["box"] or union(card["index"])
            (labels.append(((card["code"], tuple(card["index"])), box)) if card["index"] else ignore.append(box))
        if labels and lengths:
            yield f"scene {seed + k}", scene.image, labels, median(lengths), None, ignore


def union(boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def match_scene(preds, labels, move) -> tuple[int, list[str]]:
    """bench/detect_eval.py's scene matching on labels ((code, index boxes), box in the frame),
    index boxes mapped into the frame by `move`."""
    used: set[int] = set()
    misses = []
    for p in sorted(preds, key=lambda c: -c.confidence):
        points = [centre(b) for b in p.corners] or [centre(p.box)]
        hit = next((i for i, ((code, index), box) in enumerate(labels) if i not in used and code == p.code
                    and any(inside(pt, b) for pt in points for b in [box, *map(move, index)])), None)
        if hit is None:
            misses.append(p.code)
        else:
            used.add(hit)
    return len(used), misses


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--real", type=Path, default=REAL_DEFAULT)
    ap.add_argument("--scenes", type=int, default=0,
                    help="read this many generated scenes of the held-out designs instead of the photos")
    ap.add_argument("--seed", type=int, default=500_000, help="first scene seed (tuning seeds: 500000+)")
    ap.add_argument("--models", default=None)
    ap.add_argument("--heights", default=",".join(map(str, HEIGHTS)))
    ap.add_argument("--limit", type=int, default=0, help="every k-th photo so that about this many are read (0: all)")
    ap.add_argument("--threads", type=int, default=1, help="onnxruntime threads")
    ap.add_argument("--small-index-px", type=float, default=None,
                    help="read index boxes below this many px from five crops (default: STILL_IMAGE_OPTIONS'; 0: off)")
    ap.add_argument("--single-corner", type=float, default=None,
                    help="probability a card read from one corner needs (default: STILL_IMAGE_OPTIONS'; 0: none)")
    ap.add_argument("--misses", action="store_true", help="name the photos with a missed card, per height")
    ap.add_argument("--why", action="store_true",
                    help="say why each card the second pass misses was missed (scale_misses.why_missed)")
    args = ap.parse_args()
    heights = [h if h == "photo" else float(h) for h in args.heights.split(",")]
    options = dict(STILL_IMAGE_OPTIONS)
    if args.small_index_px is not None:
        options["small_index_px"] = args.small_index_px or None
    if args.single_corner is not None:
        options["single_corner_min_probability"] = args.single_corner or None
    recognizer = CardRecognizer(args.models, threads=args.threads, **options)
    size = recognizer.detector.model.imgsz
    if args.scenes:
        items, source = scene_items(args.scenes, args.seed), f"{args.scenes} generated held-out scenes from seed {args.seed}"
    else:
        paths = sorted((args.real / "images").glob("*.jpg"))
        if args.limit:
            paths = paths[:: max(1, len(paths) // args.limit)][: args.limit]
        items, source = photo_items(args.real, paths), f"{len(paths)} photos of {args.real}"
    tallies = {(h, m): Tally() for h in heights for m in MODES}
    causes: dict[object, dict[str, int]] = {h: {} for h in heights}
    t0 = time.perf_counter()
    for name, photo, labels, length, key, ignore in items:
        for height in heights:
            moves: list = []
            if height == "photo":
                frame, kept, cut, move = photo, labels, [], (lambda b: b)
            else:
                frame, kept, cut = in_frame(photo, labels, height, length=length, moves=moves)
                move = moves[0]
            dontcare = [move(b) for b in ignore]
            match = ((lambda got, lab: match_real(got, lab)) if key is not None
                     else (lambda got, lab, m=move: match_scene(got, lab, m)))
            first = recognizer.read(frame)
            second = read_rescaled(recognizer, frame, first)
            tallies[height, "first pass"].add(first, kept, cut, match, dontcare)
            tallies[height, "second pass"].add(second, kept, cut, match, dontcare)
            tallies[height, "second pass"].second += bool(second_pass_scales(first, frame.shape[:2], size))
            if args.misses:
                for mode, got in zip(MODES, (first, second)):
                    right = match([r for r in got if r.code != "back"], kept)[0]
                    if right < len(kept):
                        print(f"  miss {height} {mode}: {name} {right}/{len(kept)}", flush=True)
            if args.why:
                from scale_misses import why_missed

                for cause, detail in why_missed(recognizer, frame, first, second, kept, move, match):
                    causes[height][cause] = causes[height].get(cause, 0) + 1
                    print(f"  why {height} {name}: {cause} {detail}", flush=True)
    print(f"recogniser: STILL_IMAGE_OPTIONS {dict(options)}, det_conf {recognizer.det_conf}, "
          f"min_probability {recognizer.min_probability}, threads {args.threads}; {source}, "
          f"each resized into a {FRAME[0]}x{FRAME[1]} frame per card height"
          + (" and read as taken" if "photo" in heights else ""))
    for height in heights:
        t = tallies[height, "second pass"]
        what = "as taken" if height == "photo" else f"card height {height:3.0f} px"
        print(f"{what}: {t.photos} frames, {t.dropped} labelled cards cut off by the frame "
              f"(dropped; readings on them ignored: {t.ignored}), second pass ran on {t.second}")
        for mode in MODES:
            print(f"    {mode:11s}  {tallies[height, mode].row()}")
        if args.why:
            print(f"    second pass's misses: {dict(sorted(causes[height].items()))}")
    print(f"seconds {time.perf_counter() - t0:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
