"""The joker reader's crops (referee.train.joker_data): the dark faces' crops joined twice,
inverted under their code and as they are under `other`; the others once; validation from the
ordinary set."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from train_args import train_args

from referee.errors import UserError
from referee.train.crop_sets import JOINED
from referee.train.joker_data import invert_set, join_sets, write_joker_tuning_data
from referee.vision.polarity import luma_inverted


def crop(value: int) -> np.ndarray:
    image = np.full((64, 64, 3), value, np.uint8)
    image[20:40, 25:35] = 255 - value          # an index: ink unlike its paper
    return image


def write(folder, name, image) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / name), image)


def test_the_sets_are_joined_with_the_dark_crops_inverted_under_their_code_and_plain_under_other(tmp_path):
    write(tmp_path / "ordinary" / "train" / "AS", "train_0_00.png", crop(230))
    write(tmp_path / "ordinary" / "train" / "JK", "train_0_01.png", crop(220))
    write(tmp_path / "ordinary" / "val" / "AS", "val_0_00.png", crop(230))
    (tmp_path / "ordinary" / "classes.txt").write_text("AS\nJK\nother\n")
    write(tmp_path / "light-faces" / "train" / "JK", "train_0_00.png", crop(180))
    dark = crop(40)
    write(tmp_path / "dark-faces" / "train" / "JK", "train_0_00.png", dark)

    invert_set(tmp_path / "dark-faces" / "train", tmp_path / "dark-faces-inverted" / "train")
    joined = join_sets(tmp_path)

    assert joined == tmp_path / JOINED
    train = sorted(str(p.relative_to(joined / "train")) for p in (joined / "train").glob("*/*.png"))
    assert train == ["AS/train_0_00.png", "JK/d_train_0_00.png", "JK/l_train_0_00.png", "JK/train_0_01.png",
                     "other/p_train_0_00.png"]
    assert np.array_equal(cv2.imread(str(joined / "train" / "JK" / "d_train_0_00.png")), luma_inverted(dark))
    assert np.array_equal(cv2.imread(str(joined / "train" / "other" / "p_train_0_00.png")), dark)
    assert [p.name for p in (joined / "val").glob("*/*.png")] == ["val_0_00.png"]
    assert sorted(p.name for p in (joined / "val").iterdir()) == ["AS", "JK", "other"]   # every class
    assert join_sets(tmp_path) == joined          # joined again: the links are there, nothing fails


def test_the_jokers_command_defaults_to_the_committed_readers_recipe():
    args = train_args("jokers")
    assert (args.epochs, args.lr0, args.seed) == (2, 0.0003, None)
    assert args.init.name == "classifier.pt"


def test_the_tuning_sets_are_joined_with_the_dark_readers_crops(tmp_path):
    """write_joker_tuning_data keeps the sets already written, joins them under their prefixes
    beside the dark reader's ordinary crops, and takes its dark faces' crops as they are."""
    dark_data = tmp_path / "dark"
    write(dark_data / "ordinary" / "train" / "AS", "train_0_00.png", crop(230))
    write(dark_data / "ordinary" / "val" / "JK", "val_0_00.png", crop(220))
    (dark_data / "ordinary" / "classes.txt").write_text("AS\nJK\nother\n")
    write(dark_data / "dark-faces" / "train" / "JK", "train_0_00.png", crop(40))
    out = tmp_path / "tuned"
    for name in ("ordinary-jokers", "light-faces", "ordinary-jokers-drawn", "symbol-jokers", "clutter"):
        write(out / name / "train" / "JK", "train_0_00.png", crop(200))
        (out / name / "classes.txt").write_text("AS\nJK\nother\n")

    joined = write_joker_tuning_data(out, dark_data)
    train = sorted(str(p.relative_to(joined / "train")) for p in (joined / "train").glob("*/*.png"))
    assert train == ["AS/train_0_00.png", "JK/c_train_0_00.png", "JK/d_train_0_00.png", "JK/j_train_0_00.png", "JK/k_train_0_00.png",
                     "JK/l_train_0_00.png", "JK/s_train_0_00.png"]
    assert [p.name for p in (joined / "val").glob("*/*.png")] == ["val_0_00.png"]
    assert np.array_equal(cv2.imread(str(joined / "train" / "JK" / "d_train_0_00.png")), crop(40))


def test_the_tuning_needs_the_dark_readers_data(tmp_path):
    with pytest.raises(UserError, match="referee train dark"):
        write_joker_tuning_data(tmp_path / "tuned", tmp_path / "nothing")


def test_the_tuned_command_starts_from_the_committed_joker_reader():
    args = train_args("jokers-tuned")
    assert (args.epochs, args.lr0, args.seed) == (1, 0.0003, None)
    assert args.init.name == "joker_reader.pt" and args.dark_data.name == "dark"
