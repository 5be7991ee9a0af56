"""The classifier trained on further with decks that print the bottom-right index upright
(`referee train upright`): every training deck turns that index 180 degrees, so the committed
classifier reads such a corner the other way round (a 6 as 9, a 4 as 7: kde-ancient-egyptians,
models/MODEL_CARD.md). Three sets of corner crops written by build_classifier_dataset and joined
by links into one ImageFolder set (crop_sets.join_crop_sets):

* `ordinary`: the ordinary training designs (not the face decks), jokers in the committed
  classifier's share of the scenes; the validation crops are its held-out scenes';
* `faces`: the dark, coloured and aged training face decks, crops as they are (as the committed
  classifier's data holds them);
* `upright-index`: the upright-index variants (designs.UPRIGHT_INDEX_VARIANTS).

Every set's cards are 45-170 px tall (recipe.CLS_CARD_PX).
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.synth.scenes.dataset import build_classifier_dataset, usable_design_names
from referee.synth.scenes.designs import FACE_VARIANT_PREFIX
from referee.synth.scenes.generator import SceneConfig
from referee.synth.scenes.recipe import CLS_CARD_PX
from referee.train.crop_sets import join_crop_sets

SEED = 20261600            # ordinary; the faces SEED + 1, the upright-index decks SEED + 2
SCENES = {"ordinary": 1200, "faces": 400, "upright-index": 800}
VAL_SCENES = 100           # of the held-out designs, written with `ordinary`
SPLIT = "train-upright-index"


# the joined set's parts: (set, name prefix of its crops)
PARTS = (("ordinary", ""), ("faces", "f_"), ("upright-index", "u_"))


def write_upright_sets(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                       val_scenes: int = VAL_SCENES, workers: int = 2) -> None:
    """Write the three sets (PARTS) under `out`; each resumes where it stopped."""
    out = Path(out)
    scenes = {**SCENES, **(scenes or {})}
    train = usable_design_names("train")
    jokers = SceneConfig().p_joker          # the committed classifier's share of scenes with jokers
    plan = (("ordinary", [d for d in train if not d.startswith(FACE_VARIANT_PREFIX)], val_scenes, seed),
            ("faces", [d for d in train if d.startswith(FACE_VARIANT_PREFIX)], 0, seed + 1),
            ("upright-index", usable_design_names(SPLIT), 0, seed + 2))
    for name, designs, val, set_seed in plan:
        build_classifier_dataset(out / name, scenes[name], val, seed=set_seed, workers=workers,
                                 config=SceneConfig(card_px=CLS_CARD_PX, p_joker=jokers), train_designs=designs)


def write_upright_data(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                       val_scenes: int = VAL_SCENES, workers: int = 2) -> Path:
    """Write the three sets under `out` (write_upright_sets) and join them into `out`/joined;
    returns that folder."""
    out = Path(out)
    write_upright_sets(out, seed, scenes, val_scenes, workers)
    return join_crop_sets(out, [(out / name / "train", prefix, None) for name, prefix in PARTS])
