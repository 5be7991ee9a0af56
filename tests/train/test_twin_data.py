"""The twin reader's crops (referee.train.twin_data): the four sets written, and only the crops of
4, 6, 7 and 9 joined under their prefixes, validation from the ordinary set's."""

from __future__ import annotations

from train_args import train_args

from referee.synth.scenes.dataset import usable_design_names
from referee.synth.scenes.designs import UNTURNED_INDEX_VARIANTS
from referee.train.crop_sets import JOINED
from referee.train.twin_data import PARTS, SPLIT, write_twin_data
from referee.vision.twins import twin_code

SMALL = {"ordinary": 2, "faces": 1, "upright-index": 1, "unturned-index": 3}


def test_every_unturned_index_deck_passes_the_design_check():
    assert usable_design_names(SPLIT) == [d.name for d in UNTURNED_INDEX_VARIANTS]


def test_only_the_twin_ranks_crops_are_joined_under_their_prefixes(tmp_path):
    joined = write_twin_data(tmp_path, scenes=SMALL, val_scenes=1, workers=1)
    assert joined == tmp_path / JOINED
    train = sorted(p.relative_to(joined / "train").as_posix() for p in (joined / "train").glob("*/*.png"))
    expected = sorted(f"{p.parent.name}/{prefix}{p.name}" for name, prefix in PARTS
                      for p in (tmp_path / name / "train").glob("*/*.png") if twin_code(p.parent.name))
    assert train and train == expected
    assert any(t.split("/")[1].startswith("t_") for t in train)       # the unturned-index decks' crops
    assert all(twin_code(t.split("/")[0]) for t in train)
    # every other class is a folder, empty, so the classes are the classifier's
    assert sorted(p.name for p in (joined / "train").iterdir()) == \
        sorted((tmp_path / "ordinary" / "classes.txt").read_text().split())
    assert sorted(p.name for p in (joined / "val").glob("*/*.png")) == \
        sorted(p.name for p in (tmp_path / "ordinary" / "val").glob("*/*.png") if twin_code(p.parent.name))
    assert write_twin_data(tmp_path, scenes=SMALL, val_scenes=1, workers=1) == joined   # resumes, nothing fails


def test_the_twins_command_trains_the_committed_classifier_eight_epochs():
    args = train_args("twins")
    assert (args.epochs, args.lr0, args.seed) == (8, 0.001, None)
    assert args.init.name == "classifier.pt" and args.data.name == "twins"
