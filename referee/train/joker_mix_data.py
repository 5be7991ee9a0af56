"""The symbol joker reader's training crops (`referee train jokers-mix`,
models/symbol_joker_reader.onnx, read beside models/joker_reader.onnx: referee.vision.jokers): the
committed classifier trained on with the symbol-joker decks' corners (a star in a ring, or a star
beside the word; designs.SYMBOL_JOKER_VARIANTS), jokers drawn more often and a clutter set,
beside the crops the classifier itself reads. Six sets written by
build_classifier_dataset and joined by links into one ImageFolder set (crop_sets.join_crop_sets):

* upright_data's three (write_upright_sets, seeds SEED .. SEED + 2): `ordinary` (the ordinary
  training designs; the validation crops are its held-out scenes'), `faces` (the training face
  decks, crops as they are) and `upright-index` (the decks printing the bottom-right index
  upright);
* joker_data's tuning sets `ordinary-jokers-drawn`, `symbol-jokers` and `clutter`
  (write_tuning_sets, seeds joker_data.TUNING_SEED + 2 .. + 4 when `seed` is SEED).

Every set's cards are 45-170 px tall (recipe.CLS_CARD_PX). Like the joker reader it is asked only
about corners the classifier reads as nothing, as a joker or below jokers.JOKER_LOOK_BELOW, and
only its JK readings count (at jokers.JOKER_MIN_PROBABILITY), so it learns every class but is
trusted for one. It learnt no dark face's crops inverted, which the joker reader (run g56c) did:
each corner takes the reading of the one that reads it the likelier a joker.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.train import joker_data, upright_data
from referee.train.crop_sets import join_crop_sets

SEED = upright_data.SEED
SCENES = {"ordinary": 2400, "faces": 600, "upright-index": 800,
          "ordinary-jokers-drawn": 800, "symbol-jokers": 1000, "clutter": 700}
JOKER_SETS = ("ordinary-jokers-drawn", "symbol-jokers", "clutter")


def write_joker_mix_data(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                         val_scenes: int = upright_data.VAL_SCENES, workers: int = 2) -> Path:
    """Write the six sets under `out` (each resumes or is kept) and join them into `out`/joined;
    returns that folder."""
    out = Path(out)
    scenes = {**SCENES, **(scenes or {})}
    upright_data.write_upright_sets(out, seed, {name: scenes[name] for name, _ in upright_data.PARTS},
                                    val_scenes, workers)
    joker_data.write_tuning_sets(out, JOKER_SETS, joker_data.TUNING_SEED + seed - SEED,
                                 {name: scenes[name] for name in JOKER_SETS}, workers)
    prefixes = dict(joker_data.TUNING_SETS)
    parts = upright_data.PARTS + tuple((name, prefixes[name]) for name in JOKER_SETS)
    return join_crop_sets(out, [(out / name / "train", prefix, None) for name, prefix in parts])
