"""The folder of an enrolled deck: where it lies under the models folder and the files in it,
shared by every kind of deck (DeckIndex, DeckHead, DeckModel)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from referee.errors import UserError
from referee.vision.model_files import default_models_dir

DECK_FILE = "deck.npz"
CARD_FILE = "card.json"
DECKS_DIR = "decks"
FORMAT_VERSION = 1
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
MODEL_FILE = "classifier.onnx"  # a fine-tuned network (DeckModel), beside deck.npz


def deck_folder(name: str, models_dir: str | os.PathLike | None = None) -> Path:
    """<models>/decks/<name>; models_dir defaults to the recogniser's ($REFEREE_MODELS, else models/)."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise UserError(f"bad deck name {name!r}: 1 to 40 letters, digits, '_', '.' or '-', "
                        "starting with a letter or digit")
    if models_dir is None:
        models_dir = default_models_dir()
    return Path(models_dir) / DECKS_DIR / name


def drop_replaced_network(folder: Path) -> None:
    """Remove a fine-tuned deck's network (DeckModel's classifier.onnx) from a folder whose
    deck.npz has just been replaced by a deck of another kind (`referee enroll --force` with
    another method): it would be 5.7 MB that nothing reads. Called after the new deck.npz is in
    place, so a crash between the two leaves a deck that loads either way."""
    (folder / MODEL_FILE).unlink(missing_ok=True)
