"""The models folder and the file handling shared by what is written into it (models, enrolled decks)."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from referee.data.locations import MODELS_PACKAGE, models_override, package_folder


def default_models_dir() -> Path:
    """$REFEREE_MODELS, else the models installed with the package (the checkout's models/)."""
    return models_override() or package_folder(MODELS_PACKAGE)


def file_sha256(path: str | os.PathLike) -> str:
    """Hex sha256 of a file, read in blocks (models are megabytes)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one step: a reader sees the old file or the new one, never a part."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
