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
import random
from collections.abc import Sequence
from pathlib import Path

import cv2

from referee.errors import UserError
from referee.synth.scenes.dataset import OTHER_FRACTION, build_classifier_dataset, usable_design_names
from referee.synth.scenes.designs import FACE_VARIANT_PREFIX, get_design
from referee.synth.scenes.generator import SceneConfig
from referee.synth.scenes.recipe import CLS_CARD_PX
from referee.train.crop_sets import join_crop_sets, link
from referee.vision.jokers import JOKER_CODE
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


# --------------------------------------------------------------------------------------------
# the joker reader trained on further (referee train jokers-tuned): the committed reader, run g56c,
# trained for one more epoch (lr0 0.0003, the command's defaults) with many more jokers of the
# ordinary training designs and of the symbol-joker variants (designs.SYMBOL_JOKER_VARIANTS) and a
# clutter set, beside the dark reader's crops. Measured, not adopted (docs/recognition-history.md,
# Session 39): more jokers read, and more JK where no joker lies
# --------------------------------------------------------------------------------------------
TUNING_SEED = 20261580     # ordinary-jokers; light-faces + 1, ordinary-jokers-drawn + 2, symbol-jokers + 3, clutter + 4
TUNING_SCENES = {"ordinary-jokers": 1000, "light-faces": 400, "ordinary-jokers-drawn": 800, "symbol-jokers": 1000,
                 "clutter": 700}
# the clutter set: every scene with hard negatives (newsprint, coupons, books: printed words, a
# joker's among them) and about this share of its crops `other`, half of them on backs, cards and
# those negatives: a reader taught many joker corners read JK on printed words and backs' medallions
CLUTTER_OTHER_FRACTION = 0.5
# a card drawn from a deck holding jokers is a joker this often in the -drawn and symbol sets
# (the generator's default, 0.08, gives few joker corners: about one a scene with jokers)
TUNING_JOKER_DRAW = 0.35
# the dark reader's dark-face crops taken (a fixed shuffle), every JK crop among the rest too
TUNING_DARK_CROPS = 12000


# the tuning sets, in the order they are written; `s_` etc.: the name prefix of their crops when joined
TUNING_SETS = (("ordinary-jokers", "j_"), ("light-faces", "l_"), ("ordinary-jokers-drawn", "k_"),
               ("symbol-jokers", "s_"), ("clutter", "c_"))


def write_tuning_sets(out: str | os.PathLike, names: Sequence[str], seed: int = TUNING_SEED,
                      scenes: dict[str, int] | None = None, workers: int = 2) -> None:
    """Write those of the tuning sets `names` (TUNING_SETS) under `out` whose classes.txt is not
    there yet, each with its own seed (`seed` + its place in TUNING_SETS):

    * `ordinary-jokers`: the ordinary training designs that have jokers, both in every deck;
    * `light-faces`: the coloured and aged face decks, both jokers in every deck;
    * `ordinary-jokers-drawn`: as `ordinary-jokers`, a joker drawn TUNING_JOKER_DRAW of the time;
    * `symbol-jokers`: the symbol-joker variants, likewise;
    * `clutter`: the ordinary training designs without jokers, hard negatives in every scene and
      CLUTTER_OTHER_FRACTION of the crops `other`."""
    out = Path(out)
    scenes = {**TUNING_SCENES, **(scenes or {})}

    def every_ordinary():
        return [d for d in usable_design_names("train") if not d.startswith(FACE_VARIANT_PREFIX)]

    def ordinary():
        return [d for d in every_ordinary() if get_design(d).jokers]

    def jokers(draw=SceneConfig.p_joker_draw):
        return SceneConfig(card_px=CLS_CARD_PX, p_joker=1.0, p_joker_draw=draw)

    plan = {"ordinary-jokers": (ordinary, jokers(), OTHER_FRACTION),
            "light-faces": (lambda: face_decks()[0], jokers(), OTHER_FRACTION),
            "ordinary-jokers-drawn": (ordinary, jokers(TUNING_JOKER_DRAW), OTHER_FRACTION),
            "symbol-jokers": (lambda: usable_design_names("train-symbol-jokers"), jokers(TUNING_JOKER_DRAW),
                              OTHER_FRACTION),
            "clutter": (every_ordinary, SceneConfig(card_px=CLS_CARD_PX, p_joker=0.0, p_negatives=1.0),
                        CLUTTER_OTHER_FRACTION)}
    order = [name for name, _ in TUNING_SETS]
    for name in names:
        designs, config, other_fraction = plan[name]
        if not (out / name / "classes.txt").is_file():
            build_classifier_dataset(out / name, scenes[name], 0, seed=seed + order.index(name), workers=workers,
                                     config=config, train_designs=designs(), other_fraction=other_fraction)


def write_joker_tuning_data(out: str | os.PathLike, dark_data: str | os.PathLike, seed: int = TUNING_SEED,
                            scenes: dict[str, int] | None = None, workers: int = 2) -> Path:
    """Write the five tuning sets under `out` (write_tuning_sets; a set whose classes.txt is there
    already is kept) and join them with the crops of the dark reader's data (`referee train dark`,
    referee.train.dark_data: its ordinary crops, train and val, and TUNING_DARK_CROPS of its dark
    faces') into `out`/joined; returns that folder."""
    out, dark_data = Path(out), Path(dark_data)
    if not (dark_data / "ordinary" / "classes.txt").is_file() or not (dark_data / "dark-faces" / "train").is_dir():
        raise UserError(f"no dark reader data in {dark_data}: write it first (referee train dark --data {dark_data})")
    write_tuning_sets(out, [name for name, _ in TUNING_SETS], seed, scenes, workers)
    ordinary_link = out / "ordinary"      # join_crop_sets takes the validation crops and classes from here
    if not ordinary_link.exists():
        ordinary_link.symlink_to((dark_data / "ordinary").resolve())
    joined = join_crop_sets(out, [(dark_data / "ordinary" / "train", "", None)]
                            + [(out / name / "train", prefix, None) for name, prefix in TUNING_SETS])
    dark = sorted((dark_data / "dark-faces" / "train").glob("*/*.png"))
    random.Random(1).shuffle(dark)
    for crop in dark[:TUNING_DARK_CROPS] + [c for c in dark[TUNING_DARK_CROPS:] if c.parent.name == JOKER_CODE]:
        link(crop, joined / "train" / crop.parent.name / f"d_{crop.name}")
    return joined
