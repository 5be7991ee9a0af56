"""The folder of an enrolled deck: where it lies (the user's data folder, or a models folder given) and the files in it,
shared by every kind of deck (DeckIndex, DeckHead, DeckModel)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from referee.errors import UserError
from referee.data.locations import MODELS_PACKAGE, models_override, package_folder, user_data_folder

DECK_FILE = "deck.npz"
CARD_FILE = "card.json"
DECKS_DIR = "decks"
FORMAT_VERSION = 1
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
MODEL_FILE = "classifier.onnx"  # a fine-tuned network (DeckModel), beside deck.npz


def deck_folder(name: str, models_dir: str | os.PathLike | None = None) -> Path:
    """Where deck NAME is saved: <models>/decks/<name> for a models folder given (models_dir, else
    $REFEREE_MODELS), else decks/<name> in the user's data folder (referee.data.locations.user_data_folder)."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise UserError(f"bad deck name {name!r}: 1 to 40 letters, digits, '_', '.' or '-', "
                        "starting with a letter or digit")
    root = Path(models_dir) if models_dir else models_override() or user_data_folder()
    return root / DECKS_DIR / name


def saved_deck_folder(name: str, models_dir: str | os.PathLike | None = None) -> Path:
    """The folder deck NAME is read from: deck_folder's, except that with no models folder given
    a deck found only in the installed models' decks/ is read there (where a checkout's decks
    were enrolled before they moved to the user's data folder)."""
    folder = deck_folder(name, models_dir)
    if models_dir or models_override() or (folder / DECK_FILE).is_file():
        return folder
    earlier = package_folder(MODELS_PACKAGE) / DECKS_DIR / name
    return earlier if (earlier / DECK_FILE).is_file() else folder


def drop_replaced_network(folder: Path) -> None:
    """Remove a fine-tuned deck's network (DeckModel's classifier.onnx) from a folder whose
    deck.npz has just been replaced by a deck of another kind (`referee enroll --force` with
    another method): it would be 5.7 MB that nothing reads. Called after the new deck.npz is in
    place, so a crash between the two leaves a deck that loads either way."""
    (folder / MODEL_FILE).unlink(missing_ok=True)
