"""Ground truth of generated held-out scenes, shaped for the card-level benchmarks."""

from __future__ import annotations

import functools
import math
import sys

import numpy as np

from referee.synth.scenes.dataset import usable_design_names, scene_designs, scene_seed
from referee.synth.scenes.design import JOKER
from referee.synth.scenes.designs import load_design
from referee.synth.scenes.face_brightness import brightness_bin, paper_luminance
from referee.synth.scenes.generator import Scene, SceneConfig, generate_scene
from referee.synth.scenes.sources import missing_sources

# --jokers: every scene's deck holds its two jokers (SceneConfig.p_joker 0.15 otherwise)
JOKER_SCENES = SceneConfig(p_joker=1.0)


@functools.lru_cache(maxsize=1)
def _warn_missing_sources() -> None:
    # without them the scenes are other scenes (a design fewer, other fonts): the figures another benchmark
    for source in missing_sources():
        print(f"warning: {source} missing here: these scenes are not the benchmark's", file=sys.stderr, flush=True)


def heldout_designs(exclude: tuple[str, ...] = (), faces: bool = False) -> list[str]:
    """The held-out designs the scenes draw from; faces: the held-out dark, coloured and aged
    decks (split 'heldout-faces') instead of the ordinary held-out designs. Warns on stderr where
    a design source is missing (referee.synth.scenes.sources)."""
    _warn_missing_sources()
    return [d for d in usable_design_names("faces" if faces else "val") if d not in exclude]


def others_than(chosen: list[str], faces: bool = False) -> tuple[str, ...]:
    """The held-out designs a --designs list leaves out; ValueError naming any that is not held out."""
    if unknown := sorted(set(chosen) - set(heldout_designs(faces=faces))):
        raise ValueError(f"not held-out designs: {', '.join(unknown)}")
    return tuple(d for d in heldout_designs(faces=faces) if d not in chosen)


def heldout_scene(seed: int, exclude: tuple[str, ...] = (), faces: bool = False, jokers: bool = False) -> Scene:
    """The generated 1280x720 scene of held-out designs that the benchmarks read for `seed`
    (faces, jokers: see heldout_designs and JOKER_SCENES)."""
    designs = heldout_designs(exclude, faces)
    return generate_scene(scene_seed(seed, "bench", 0), scene_designs(designs, seed, "bench", 0, block=1),
                          JOKER_SCENES if jokers else None)


@functools.lru_cache(maxsize=4096)
def face_luma(design: str, key: str) -> float:
    """Paper luminance of one face of a design (referee.synth.scenes.face_brightness)."""
    face = load_design(design).faces.get(key)
    if face is None and key in ("JKR", "JKB"):   # as the generator draws a design's one joker
        face = load_design(design).faces.get("JKB" if key == "JKR" else "JKR")
    return paper_luminance(face.image, face.indices)


def face_group(card: dict) -> str:
    """A card's face group: 'joker' for a joker, else its paper's brightness bin."""
    return "joker" if card["code"] == JOKER else brightness_bin(card["face_luma"])


def scene_blur_px(scene: Scene) -> float:
    """The scene's blur as one standard deviation in pixels: its focus blur (Gaussian sigma) and
    its motion blur (a line of L pixels has a standard deviation of L / sqrt(12)) together."""
    effects = scene.meta.get("effects")
    if effects is None:
        return 0.0
    sigma = effects.blur_sigma if effects.blur_sigma > 0.2 else 0.0   # the renderer skips smaller blurs
    motion = effects.motion_len / math.sqrt(12) if effects.motion_len >= 2 else 0.0
    return math.hypot(sigma, motion)


def _index_height(quad: np.ndarray) -> float:
    """Height of a corner index in the image (rank over suit: the index's long side), pixels."""
    return float(max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1])))


def heldout_scene_truth(seed: int, exclude: tuple[str, ...] = (), faces: bool = False, jokers: bool = False
                        ) -> tuple[np.ndarray, list[dict], list[tuple]]:
    """(image, face-up cards, back boxes) of one 1280x720 scene of held-out designs.

    A card dict: code, box (visible part, or the union of its corners), index_boxes (labelled
    corners), readable (at least one corner visible enough to be labelled), and for each labelled
    corner its index_heights (pixels), index_visible (share not covered) and index_halves (the
    less uncovered of its two halves, rank and suit); blur_px is the scene's (scene_blur_px);
    card_visible the uncovered share of the whole card (0 when no part of its face is labelled);
    design, key (its face key), face_luma (face_luma) and group (face_group).
    """
    scene = heldout_scene(seed, exclude, faces, jokers)
    placements = scene.meta["placements"]
    blur = scene_blur_px(scene)
    cards: dict[int, dict] = {}
    backs = []
    for obj in scene.objects:
        if obj.kind == "back":
            backs.append(tuple(obj.box))
            continue
        card = cards.setdefault(obj.card_id, {"code": obj.code, "box": None, "index_boxes": [],
                                              "index_heights": [], "index_visible": [], "index_halves": [],
                                              "blur_px": blur, "card_visible": 0.0})
        if "design" not in card:
            pl = placements[obj.card_id]
            key = pl.key or (pl.code if pl.code != JOKER else "JKR")
            card.update(design=pl.design, key=key, face_luma=face_luma(pl.design, key))
            card["group"] = face_group(card)
        if obj.kind == "card":
            card["box"] = tuple(obj.box)
            card["card_visible"] = float(obj.visible_fraction)
        else:
            card["index_boxes"].append(tuple(obj.box))
            card["index_heights"].append(_index_height(obj.polygon))
            card["index_visible"].append(float(obj.visible_fraction))
            card["index_halves"].append(min(obj.halves_visible))
    for card in cards.values():
        card["readable"] = bool(card["index_boxes"])
        if card["box"] is None:
            b = card["index_boxes"]
            card["box"] = (min(x[0] for x in b), min(x[1] for x in b), max(x[2] for x in b), max(x[3] for x in b))
    return scene.image, list(cards.values()), backs
