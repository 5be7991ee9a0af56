"""Phantom `back`s on hard negatives (issue 25, "Backs that are backs").

Renders N generated scenes of the HELD-OUT designs twice: as the benchmarks draw them, and the
same scenes (same cards, camera and light) with hard negatives (referee/synth/scenes/negatives.py:
card-sized and larger wood, carpet, brick, cloth, newsprint, books, CD cases, napkins, coupons,
sheets, shadows; some tables turned to carpet, rug, brick or dark cloth). Each image is read as
`referee detect` reads photos (back_check and the back verifier), with back_check alone and with
neither, and the bench prints per condition: phantom backs per scene (a back whose box centre lies in no labelled
face-down card, one-to-one), those lying on a negative, the labelled backs found (recall), and
per kind of negative the share that drew a phantom.

Compare with the real photos (models/MODEL_CARD.md): 1.58 phantom backs a photo without the
check, 0.78 with it (models/MODEL_CARD.md has the figures with the verifier).

    python bench/back_negatives.py [--scenes 100] [--seed 500000] [--negatives 1] [--rich-tables 0.5]
                                   [--room-edges 0.5] [--edge-backs 0]

--room-edges P also draws, in that share of the second set's scenes, the room beyond the table
along one edge of the frame (referee/synth/scenes/room_edge.py: the table's rim, a floor, books,
boxes and cables cut by the frame's edge, never over a card); `room_edge/...` then counts the
phantoms of those scenes alone. --edge-backs S reads with that edge clearance for backs instead of
STILL_IMAGE_OPTIONS' (0: backs at the frame's edge kept).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from scene_truth import heldout_designs  # noqa: E402

from referee.synth.scenes.dataset import scene_designs, scene_seed  # noqa: E402
from referee.synth.scenes.generator import Scene, SceneConfig, generate_scene  # noqa: E402
from referee.vision.recognizer import STILL_IMAGE_OPTIONS, CardRecognizer  # noqa: E402


def bench_scene(seed: int, designs: list[str], config: SceneConfig | None = None) -> Scene:
    """The scene bench/scene_truth.heldout_scene reads for `seed`, drawn with `config`."""
    return generate_scene(scene_seed(seed, "bench", 0), scene_designs(designs, seed, "bench", 0, block=1), config)


def centre(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def matched_backs(scene: Scene, readings) -> list[tuple[object, bool]]:
    """Each `back` reading, surest first, and whether it lies on a labelled face-down card (its
    box centre in the card's box, one-to-one)."""
    truth = [o.box for o in scene.objects if o.kind == "back"]
    used: set[int] = set()
    out = []
    for r in sorted((r for r in readings if r.code == "back"), key=lambda r: -r.confidence):
        c = centre(r.box)
        k = next((i for i, b in enumerate(truth) if i not in used and inside(c, b)), None)
        if k is not None:
            used.add(k)
        out.append((r, k is not None))
    return out


def count_backs(scene: Scene, readings) -> dict:
    """found (labelled backs matched), phantoms, phantoms on a negative, and per negative whether
    a phantom lies on it: {'found', 'labelled', 'phantoms', 'on_negatives', 'hit': [bool per negative]}."""
    negatives = [n for n in scene.meta.get("negatives", []) if n["box"] is not None]
    found = phantoms = on_neg = 0
    hit = [False] * len(negatives)
    for r, matched in matched_backs(scene, readings):
        if matched:
            found += 1
            continue
        phantoms += 1
        c = centre(r.box)
        on = [i for i, n in enumerate(negatives)
              if cv2.pointPolygonTest(n["quad"].reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) >= 0]
        if on:
            on_neg += 1
            for i in on:
                hit[i] = True
    return {"found": found, "labelled": sum(o.kind == "back" for o in scene.objects), "phantoms": phantoms, "on_negatives": on_neg, "hit": hit}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=None)
    ap.add_argument("--scenes", type=int, default=100)
    ap.add_argument("--seed", type=int, default=500_000, help="first scene seed (tuning 500000+, benchmark 777000+)")
    ap.add_argument("--negatives", type=float, default=1.0, help="share of scenes given hard negatives")
    ap.add_argument("--rich-tables", type=float, default=0.5, help="share of scenes on carpet/rug/brick/dark cloth")
    ap.add_argument("--room-edges", type=float, default=0.0,
                    help="share of the second set's scenes with the room beyond the table at one edge")
    ap.add_argument("--edge-backs", type=float, default=None,
                    help="edge clearance for backs (default: STILL_IMAGE_OPTIONS'; 0: none)")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()

    designs = heldout_designs()
    neg_cfg = replace(SceneConfig(), p_negatives=args.negatives, p_rich_table=args.rich_tables,
                      p_room_edge=args.room_edges)
    still = dict(STILL_IMAGE_OPTIONS)
    if args.edge_backs is not None:
        still["edge_back_clearance"] = args.edge_backs or None
    readers = {
        "verifier": CardRecognizer(args.models, threads=args.threads, **still),
        "back_check": CardRecognizer(args.models, threads=args.threads, **dict(still, back_min_probability=None)),
        "no_back_check": CardRecognizer(args.models, threads=args.threads, check_backs=False, **still),
    }
    totals = {(cond, check): {"found": 0, "labelled": 0, "phantoms": 0, "on_negatives": 0}
              for cond in ("plain", "negatives") for check in readers}
    per_kind: dict[tuple[str, str], list[int]] = {}   # (kind, check) -> [negatives, with a phantom]
    rich = {check: [0, 0] for check in readers}       # scenes on a rich table, their phantoms
    room = {check: [0, 0, 0] for check in readers}    # scenes with a room edge, their phantoms, backs found
    t0 = time.perf_counter()
    for k in range(args.scenes):
        scenes = {"plain": bench_scene(args.seed + k, designs), "negatives": bench_scene(args.seed + k, designs, neg_cfg)}
        negs = [n for n in scenes["negatives"].meta.get("negatives", []) if n["box"] is not None]
        rich_table = scenes["negatives"].meta["table"].kind in ("carpet", "rug", "brick", "darkcloth")
        for check, reader in readers.items():
            for cond, scene in scenes.items():
                c = count_backs(scene, reader.read(scene.image))
                t = totals[(cond, check)]
                for key in t:
                    t[key] += c[key]
                if cond == "negatives":
                    for n, h in zip(negs, c["hit"]):
                        key = (n["kind"] + (" card-sized" if n["card_sized"] else ""), check)
                        row = per_kind.setdefault(key, [0, 0])
                        row[0] += 1
                        row[1] += int(h)
                    if rich_table:
                        rich[check][0] += 1
                        rich[check][1] += c["phantoms"] - c["on_negatives"]
                    if scene.meta.get("room_edge"):
                        room[check][0] += 1
                        room[check][1] += c["phantoms"]
                        room[check][2] += c["found"]
        if (k + 1) % 20 == 0:
            print(f"[{k + 1}/{args.scenes}] {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    n = max(args.scenes, 1)
    report: dict = {"scenes": args.scenes, "seed": args.seed, "negatives": args.negatives,
                    "rich_tables": args.rich_tables, "room_edges": args.room_edges,
                    "edge_back_clearance": still.get("edge_back_clearance"), "designs": designs}
    for (cond, check), t in totals.items():
        report[f"{cond}/{check}"] = {
            "phantom_backs_per_scene": round(t["phantoms"] / n, 3),
            "phantoms_on_negatives_per_scene": round(t["on_negatives"] / n, 3),
            "backs_found": t["found"], "backs_labelled": t["labelled"],
            "back_recall": round(t["found"] / t["labelled"], 4) if t["labelled"] else None,
        }
    for check in readers:
        report[f"per_kind/{check}"] = {kind: f"{hit}/{tot} ({hit / tot:.0%})"
                                       for (kind, c), (tot, hit) in sorted(per_kind.items()) if c == check}
        s, p = rich[check]
        report[f"rich_tables/{check}"] = {"scenes": s, "phantoms_off_negatives_per_scene": round(p / s, 3) if s else None}
        if args.room_edges:
            s, p, f = room[check]
            report[f"room_edge/{check}"] = {"scenes": s, "phantoms_per_scene": round(p / s, 3) if s else None,
                                            "backs_found": f}
    report["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
