"""Where the referee's data lives, apart from its code.

The models and the demo recording are package data: the top-level models/ and fixtures/demo/
folders are installed as the packages `referee.models` and `referee.demo_recording`
(pyproject.toml), found through importlib.resources, so an installed wheel works from any
directory. What a table makes (enrolled decks) goes to the user's data folder instead: an
installed package may not be writable, and a reinstall would lose it.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import cast

MODELS_ENV = "REFEREE_MODELS"  # a models folder to use instead of the installed one
MODELS_PACKAGE = "referee.models"
DEMO_PACKAGE = "referee.demo_recording"
USER_DATA_NAME = "daifugo-referee"

# The data packages' folders in a source checkout, for a checkout run without installing it
# (or installed editable before the data packages existed).
_CHECKOUT = Path(__file__).resolve().parents[2]
CHECKOUT_FOLDERS = {MODELS_PACKAGE: _CHECKOUT / "models", DEMO_PACKAGE: _CHECKOUT / "fixtures" / "demo"}


def package_folder(package: str) -> Path:
    """The folder on disk of a data package (MODELS_PACKAGE or DEMO_PACKAGE). A real folder, not
    a resource view: onnxruntime, numpy and OpenCV open the files by path."""
    try:
        # installed as folders (see the docstring), so the Traversable is a Path
        return Path(cast("os.PathLike[str]", resources.files(package)))
    except ModuleNotFoundError:
        return CHECKOUT_FOLDERS[package]


def models_override() -> Path | None:
    """The models folder $REFEREE_MODELS names, None when it is unset or empty."""
    env = os.environ.get(MODELS_ENV)
    return Path(env) if env else None


def user_data_folder() -> Path:
    """$XDG_DATA_HOME/daifugo-referee, else ~/.local/share/daifugo-referee (the XDG base directory
    rules: an unset, empty or relative $XDG_DATA_HOME means the default)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / USER_DATA_NAME
