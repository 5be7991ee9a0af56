"""The twin reader's training crops (`referee train twins`, models/twin_reader.onnx, asked about
the classifier's 4, 6, 7 and 9 readings: referee.vision.twins): the committed classifier trained on
with the corners of those ranks alone, from upright_data's three sets (the ordinary training
designs, the training face decks and the decks printing the bottom-right index upright) and from
the decks printing it in the turned index's layout with each glyph upright
(designs.UNTURNED_INDEX_VARIANTS). Every other deck turns that index 180 degrees, so the classifier
reads such a corner the other way round (a 6 as 9, a 4 as 7: kde-ancient-egyptians,
models/MODEL_CARD.md); the twin reader has seen both layouts and tells them by the suit's own
orientation. Crops of other classes are left out: it is trusted to tell these ranks apart and
nothing else. Joined by links into one ImageFolder set (crop_sets.join_crop_sets; its validation
crops: `ordinary`'s of these ranks).

Every set's cards are 45-170 px tall (recipe.CLS_CARD_PX).
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.synth.scenes.dataset import build_classifier_dataset, usable_design_names
from referee.synth.scenes.generator import SceneConfig
from referee.synth.scenes.recipe import CLS_CARD_PX
from referee.train import upright_data
from referee.train.crop_sets import join_crop_sets
from referee.vision.twins import twin_code

SEED = upright_data.SEED   # upright_data's sets at SEED .. SEED + 2, the unturned-index decks SEED + 3
SCENES = {"ordinary": 2400, "faces": 600, "upright-index": 800, "unturned-index": 4800}
SPLIT = "train-unturned-index"
PARTS = upright_data.PARTS + (("unturned-index", "t_"),)


def write_twin_data(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                    val_scenes: int = upright_data.VAL_SCENES, workers: int = 2) -> Path:
    """Write the four sets under `out` (each resumes or is kept) and join their crops of
    twins.TWIN_RANKS into `out`/joined; returns that folder."""
    out = Path(out)
    scenes = {**SCENES, **(scenes or {})}
    upright_data.write_upright_sets(out, seed, {name: scenes[name] for name, _ in upright_data.PARTS},
                                    val_scenes, workers)
    build_classifier_dataset(out / "unturned-index", scenes["unturned-index"], 0, seed=seed + 3, workers=workers,
                             config=SceneConfig(card_px=CLS_CARD_PX, p_joker=SceneConfig().p_joker),
                             train_designs=usable_design_names(SPLIT))
    return join_twin_crops(out)


def join_twin_crops(out: Path) -> Path:
    """`out`/joined: links to the training crops of twins.TWIN_RANKS (twin_code) of every part and
    to `ordinary`'s validation crops of them; its classes are the classifier's (the others' folders empty)."""
    return join_crop_sets(out, [(out / name / "train", prefix, None) for name, prefix in PARTS], keep=twin_code)
