"""The joker reader's training crops (models/joker_reader.onnx, referee.vision.jokers).

Three sets of corner crops written by build_classifier_dataset, then joined by links into one
ImageFolder set (no crop is copied twice):

* `ordinary`: the training designs less the 24 face decks, both jokers in half the scenes;
  the validation crops are its held-out scenes';
* `light-faces`: the 16 coloured and aged face decks, both jokers in every scene;
* `dark-faces`: the 8 dark face decks, both jokers in every scene. Their crops are joined twice:
  luma-inverted under their code (as the recogniser's inverted look shows them, written into
  `dark-faces-inverted`), and as they are under `other` (the recogniser reads a light-ink crop
  only through its inverted look, which it takes for a crop read `other`).

Every set's cards are 45-170 px tall (recipe.CLS_CARD_PX). docs/recognition-history.md, Session
30 (run g56c) and Session 31 (adopted as the joker reader), has what it gave.
"""

from __future__ import annotations

import os
from pathlib import Path

import cv2

from referee.errors import UserError
from referee.synth.scenes.dataset import build_classifier_dataset, usable_design_names
from referee.synth.scenes.designs import FACE_VARIANT_PREFIX
from referee.synth.scenes.generator import SceneConfig
from referee.synth.scenes.recipe import CLS_CARD_PX
from referee.train.crop_sets import join_crop_sets
from referee.vision.labels import OTHER
from referee.vision.polarity import luma_inverted

SEED = 20261560            # ordinary; the light faces SEED + 1, the dark faces SEED + 2
SCENES = {"ordinary": 3000, "light-faces": 700, "dark-faces": 350}
VAL_SCENES = 150           # of the held-out designs, written with `ordinary`
ORDINARY_JOKERS = 0.5      # share of the ordinary scenes whose decks hold both jokers
# every third face deck (sorted by name) is a dark one (drawn.face_kind: dark, coloured, aged)
DARK_EVERY = 3


def face_decks() -> tuple[list[str], list[str]]:
    """(light: coloured and aged, dark) training face decks."""
    faces = sorted(d for d in usable_design_names("train") if d.startswith(FACE_VARIANT_PREFIX))
    dark = faces[::DARK_EVERY]
    return [d for d in faces if d not in dark], dark


def write_joker_reader_data(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                            val_scenes: int = VAL_SCENES, workers: int = 2) -> Path:
    """Write the three sets under `out` and join them into `out`/joined; returns that folder."""
    out = Path(out)
    scenes = {**SCENES, **(scenes or {})}
    light, dark = face_decks()
    ordinary = [d for d in usable_design_names("train") if not d.startswith(FACE_VARIANT_PREFIX)]
    plan = (("ordinary", ordinary, ORDINARY_JOKERS, val_scenes, seed),
            ("light-faces", light, 1.0, 0, seed + 1),
            ("dark-faces", dark, 1.0, 0, seed + 2))
    for name, designs, jokers, val, set_seed in plan:
        build_classifier_dataset(out / name, scenes[name], val, seed=set_seed, workers=workers,
                                 config=SceneConfig(card_px=CLS_CARD_PX, p_joker=jokers), train_designs=designs)
    invert_set(out / "dark-faces" / "train", out / "dark-faces-inverted" / "train")
    return join_sets(out)


def invert_set(source: Path, target: Path) -> None:
    """Every crop of an ImageFolder split luma-inverted (polarity.luma_inverted), same classes."""
    for crop in sorted(source.glob("*/*.png")):
        image = cv2.imread(str(crop))
        if image is None:
            raise UserError(f"unreadable crop {crop}: write the set again")
        written = target / crop.parent.name / crop.name
        written.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(written), luma_inverted(image))


def join_sets(out: Path) -> Path:
    """`out`/joined: links to the ordinary crops (train and val), the light faces' (prefix l_),
    the inverted dark faces' (d_) and the dark faces' as they are, all under `other` (p_)."""
    return join_crop_sets(out, ((out / "ordinary" / "train", "", None), (out / "light-faces" / "train", "l_", None),
                                (out / "dark-faces-inverted" / "train", "d_", None),
                                (out / "dark-faces" / "train", "p_", OTHER.value)))
