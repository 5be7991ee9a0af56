"""The dark reader's crops (referee.train.dark_data): every dark training deck, the dark
four-colour variants among them, joined with ordinary crops; validation from the ordinary set."""

from __future__ import annotations

import cv2
import numpy as np

from train_args import train_args

from referee.synth.scenes import designs as D
from referee.synth.scenes.drawn import face_kind
from referee.train.crop_sets import JOINED
from referee.train.dark_data import dark_decks, join_sets


def write(folder, name, value: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / name), np.full((64, 64, 3), value, np.uint8))


def test_the_dark_decks_are_every_dark_training_deck_and_the_dark_four_colour_ones():
    decks = dark_decks()
    assert {d.name for d in D.DARK_FOUR_VARIANTS} <= set(decks)
    faces = D.FACE_VARIANTS + D.PICTURE_JOKER_VARIANTS
    assert {d.name for d in faces if face_kind(d.variant) == "dark"} <= set(decks)
    assert all(face_kind(D.get_design(d).variant or 0) == "dark" for d in decks)
    four = [d for d in decks if len({tuple(i) for i in D.drawn_style(D.get_design(d)).inks}) == 4]
    assert len(four) > len(decks) / 2           # most of them four-colour


def test_the_sets_are_joined_with_the_dark_crops_prefixed(tmp_path):
    write(tmp_path / "ordinary" / "train" / "AS", "train_0_00.png", 230)
    write(tmp_path / "ordinary" / "val" / "AS", "val_0_00.png", 230)
    (tmp_path / "ordinary" / "classes.txt").write_text("AS\nJK\nother\n")
    write(tmp_path / "dark-faces" / "train" / "AS", "train_0_00.png", 200)     # written inverted
    write(tmp_path / "dark-faces" / "train" / "other", "train_0_01.png", 40)   # and as it is
    joined = join_sets(tmp_path)
    assert joined == tmp_path / JOINED
    train = sorted(str(p.relative_to(joined / "train")) for p in (joined / "train").glob("*/*.png"))
    assert train == ["AS/d_train_0_00.png", "AS/train_0_00.png", "other/d_train_0_01.png"]
    assert [p.name for p in (joined / "val").glob("*/*.png")] == ["val_0_00.png"]
    assert sorted(p.name for p in (joined / "val").iterdir()) == ["AS", "JK", "other"]
    assert join_sets(tmp_path) == joined


def test_the_dark_command_defaults_to_the_committed_readers_recipe():
    args = train_args("dark")
    assert (args.epochs, args.lr0, args.seed, args.name) == (2, 0.0003, None, "dark")
    assert args.init.name == "classifier.pt"
