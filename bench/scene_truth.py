"""Ground truth of generated held-out scenes, shaped for the card-level benchmarks."""

from __future__ import annotations

import numpy as np

from referee.scenes.dataset import _split_designs, scene_designs, scene_seed
from referee.scenes.generator import generate_scene


def heldout_designs(exclude: tuple[str, ...] = ()) -> list[str]:
    return [d for d in _split_designs("val") if d not in exclude]


def heldout_scene_truth(seed: int, exclude: tuple[str, ...] = ()) -> tuple[np.ndarray, list[dict], list[tuple]]:
    """(image, face-up cards, back boxes) of one 1280x720 scene of held-out designs.

    A card dict: code, box (visible part, or the union of its corners), index_boxes (labelled
    corners), readable (at least one corner visible enough to be labelled).
    """
    designs = heldout_designs(exclude)
    scene = generate_scene(scene_seed(seed, "bench", 0), scene_designs(designs, seed, "bench", 0, block=1))
    cards: dict[int, dict] = {}
    backs = []
    for obj in scene.objects:
        if obj.kind == "back":
            backs.append(tuple(obj.box))
            continue
        card = cards.setdefault(obj.card_id, {"code": obj.code, "box": None, "index_boxes": []})
        if obj.kind == "card":
            card["box"] = tuple(obj.box)
        else:
            card["index_boxes"].append(tuple(obj.box))
    for card in cards.values():
        card["readable"] = bool(card["index_boxes"])
        if card["box"] is None:
            b = card["index_boxes"]
            card["box"] = (min(x[0] for x in b), min(x[1] for x in b), max(x[2] for x in b), max(x[3] for x in b))
    return scene.image, list(cards.values()), backs
