"""Training sets of corner crops joined by links into one ImageFolder set (no crop is copied
twice): what the joker reader's and the dark reader's data (joker_data, dark_data) train on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

JOINED = "joined"          # the set to train on, under the output folder


def link(source: Path, at: Path) -> None:
    """A symbolic link at `at` to `source` (kept where there is one)."""
    at.parent.mkdir(parents=True, exist_ok=True)
    if not at.is_symlink():
        at.symlink_to(source.resolve())


def join_crop_sets(out: Path, parts: Sequence[tuple[Path, str, str | None]],
                   keep: Callable[[str], bool] | None = None) -> Path:
    """`out`/joined: links to the training crops of each (split folder, name prefix, class or None:
    each crop's own) part, and to `out`/ordinary's validation crops and classes (every class a
    folder in both splits, as ultralytics counts them from the folders). `keep(class folder)`,
    when given, says which crops are linked (the others' folders stay empty)."""
    joined = out / JOINED
    for source, prefix, as_class in parts:
        for crop in sorted(source.glob("*/*.png")):
            if keep is None or keep(crop.parent.name):
                link(crop, joined / "train" / (as_class or crop.parent.name) / f"{prefix}{crop.name}")
    for crop in sorted((out / "ordinary" / "val").glob("*/*.png")):
        if keep is None or keep(crop.parent.name):
            link(crop, joined / "val" / crop.parent.name / crop.name)
    classes = (out / "ordinary" / "classes.txt").read_text()
    for split in ("train", "val"):
        for name in classes.split():
            (joined / split / name).mkdir(parents=True, exist_ok=True)
    (joined / "classes.txt").write_text(classes)
    return joined
