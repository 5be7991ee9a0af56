"""Why `referee detect` missed a labelled card (bench/detect_scale.py --why).

For a card the second pass (referee.vision.scale.read_rescaled) did not read right, looks at the
detector's boxes as that pass found them (the views of the first scale second_pass_scales names,
or the whole frame when it names none) and at the classifier's reading of each index box on the
card, read alone (crop_index on the frame, as the recogniser crops it):

- `no index, card found` / `no index, no card`: no index box (faint ones included) on the card;
- `misread`: every index box on it read as another card (or rejected) at its top class;
- `right but unsure`: an index box read right, but below the probability a reading needs;
- `read right, lost after`: an index box read right and surely, lost to sharing, a conflict,
  grouping or the matching (its reading landing in a neighbour's box).
The detail names the index boxes' heights in frame pixels and the top readings.
"""

from __future__ import annotations

from referee.vision.crops import crop_index
from referee.vision.scale import detect_in_views, second_pass_scales, views_at


def _key(label):
    return label[0] if isinstance(label[0], str) else label[0][0]


def _regions(label, move):
    if isinstance(label[0], str):
        return [label[1]]
    return list(map(move, label[0][1]))   # a scene card's own index boxes (a fan's visible box holds others')


def _right(code: str, label) -> bool:
    key = _key(label)
    if isinstance(label[0], str):
        return (code[:-1] if code not in ("JK", "back") else code) == key
    return code == key


def _in(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def detections_of_pass(recognizer, frame, first):
    size = recognizer.detector.model.imgsz
    scales = second_pass_scales(first, frame.shape[:2], size)
    if scales:
        found = detect_in_views(recognizer.detector, frame, views_at(scales[0], frame.shape[:2], size))
    else:
        found = recognizer.detector.detect(frame)
    floor = recognizer.faint_index_conf if recognizer.faint_index_conf is not None else recognizer.det_conf
    return [d for d in found if d.confidence >= (floor if d.kind == "index" else recognizer.det_conf)]


def why_missed(recognizer, frame, first, second, labels, move, match):
    """(cause, detail) for each label `second`'s faces do not read right."""
    faces = [r for r in second if r.code != "back"]
    missed = [lab for lab in labels if match(faces, [lab])[0] == 0]
    if not missed:
        return []
    dets = detections_of_pass(recognizer, frame, first)
    out = []
    for lab in missed:
        regions = _regions(lab, move)
        on = [d for d in dets if d.kind == "index" and any(_in(d.centre, r) for r in regions)]
        if not on:
            card = any(d.kind == "card" and any(_in(d.centre, r) for r in regions) for d in dets)
            out.append(("no index, card found" if card else "no index, no card", f"{_key(lab)}"))
            continue
        readings, _ = recognizer.classify_with_probabilities([crop_index(frame, d.box) for d in on])
        heights = [round(max(d.box[2] - d.box[0], d.box[3] - d.box[1]), 1) for d in on]
        detail = f"{_key(lab)} index px {heights} read {[(c, round(p, 2)) for c, p in readings]}"
        right = [p for c, p in readings if _right(c, lab)]
        if any(p >= recognizer.min_probability for p in right):
            out.append(("read right, lost after", detail))
        elif right:
            out.append(("right but unsure", detail))
        else:
            out.append(("misread", detail))
    return out
