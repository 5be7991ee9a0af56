"""The dark reader's training crops (models/dark_reader.onnx; referee.vision.recognizer reads
the inverted look with it).

The recogniser reads a corner printed light on dark paper through its inverted look: the crop
luma-inverted (polarity.luma_inverted). The committed classifier learnt dark ink on light paper and
reads such crops well, but it confuses suits where a dark deck has four colours (light-blue
diamonds beside white spades turn into dark blue beside black). Its training decks hold three
dark four-colour decks in sixteen dark ones. Two sets, written by build_classifier_dataset and
joined by links into one ImageFolder set:

* `ordinary`: the training designs less the face decks, both jokers in ORDINARY_JOKERS of the
  scenes (the corners as they are: what an inverted dark corner resembles); the validation crops
  are its held-out scenes';
* `dark-faces`: every dark training deck (the dark face variants, the dark picture-joker variants
  and the 16 dark four-colour variants, designs.DARK_FOUR_VARIANTS), both jokers in every scene,
  written as the recogniser reads them (dataset.index_samples): a light-ink crop luma-inverted
  under its code and as it is under `other`.

Cards are 45-170 px tall (recipe.CLS_CARD_PX). docs/recognition-history.md, Session 37, has what
the reader gave.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.synth.scenes.dataset import build_classifier_dataset, usable_design_names
from referee.synth.scenes.designs import FACE_VARIANT_PREFIX, get_design
from referee.synth.scenes.drawn import face_kind
from referee.synth.scenes.generator import SceneConfig
from referee.synth.scenes.recipe import CLS_CARD_PX
from referee.train.crop_sets import join_crop_sets

SEED = 20261570            # ordinary; the dark faces SEED + 1
SCENES = {"ordinary": 1000, "dark-faces": 1400}
VAL_SCENES = 100           # of the held-out designs, written with `ordinary`
ORDINARY_JOKERS = 0.5


def dark_decks() -> list[str]:
    """Every dark training deck: the dark face and picture-joker variants and the dark four-colour ones."""
    faces = usable_design_names("train") + usable_design_names("train-jokers") + usable_design_names("train-dark")
    return sorted(d for d in faces if face_kind(get_design(d).variant or 0) == "dark")


def write_dark_reader_data(out: str | os.PathLike, seed: int = SEED, scenes: dict[str, int] | None = None,
                           val_scenes: int = VAL_SCENES, workers: int = 2) -> Path:
    """Write both sets under `out` and join them into `out`/joined; returns that folder."""
    out = Path(out)
    scenes = {**SCENES, **(scenes or {})}
    ordinary = [d for d in usable_design_names("train") if not d.startswith(FACE_VARIANT_PREFIX)]
    build_classifier_dataset(out / "ordinary", scenes["ordinary"], val_scenes, seed=seed, workers=workers,
                             config=SceneConfig(card_px=CLS_CARD_PX, p_joker=ORDINARY_JOKERS),
                             train_designs=ordinary)
    build_classifier_dataset(out / "dark-faces", scenes["dark-faces"], 0, seed=seed + 1, workers=workers,
                             config=SceneConfig(card_px=CLS_CARD_PX, p_joker=1.0), train_designs=dark_decks(),
                             light_ink_inverted=True)
    return join_sets(out)


def join_sets(out: Path) -> Path:
    """`out`/joined: links to the ordinary crops (train and val) and the dark faces' (prefix d_)."""
    return join_crop_sets(out, ((out / "ordinary" / "train", "", None), (out / "dark-faces" / "train", "d_", None)))
