"""The classifier's crops with the upright-index decks (referee.train.upright_data): the three
sets written and joined under their prefixes, validation from the ordinary set."""

from __future__ import annotations

from train_args import train_args

from referee.synth.scenes.dataset import usable_design_names
from referee.synth.scenes.designs import UPRIGHT_INDEX_VARIANTS
from referee.train.crop_sets import JOINED
from referee.train.upright_data import SPLIT, write_upright_data


def test_every_upright_index_deck_passes_the_design_check():
    assert usable_design_names(SPLIT) == [d.name for d in UPRIGHT_INDEX_VARIANTS]


def test_the_sets_are_written_and_joined_under_their_prefixes(tmp_path):
    joined = write_upright_data(tmp_path, scenes={"ordinary": 2, "faces": 1, "upright-index": 2}, val_scenes=1,
                                workers=1)
    assert joined == tmp_path / JOINED
    train = [p.name for p in (joined / "train").glob("*/*.png")]
    for name, prefix in (("ordinary", ""), ("faces", "f_"), ("upright-index", "u_")):
        written = sorted(p.name for p in (tmp_path / name / "train").glob("*/*.png"))
        assert written and all(f"{prefix}{n}" in train for n in written)
    assert len(train) == sum(len(list((tmp_path / n / "train").glob("*/*.png")))
                             for n in ("ordinary", "faces", "upright-index"))
    assert sorted(p.name for p in (joined / "val").glob("*/*.png")) == \
        sorted(p.name for p in (tmp_path / "ordinary" / "val").glob("*/*.png"))
    assert write_upright_data(tmp_path, scenes={"ordinary": 2, "faces": 1, "upright-index": 2}, val_scenes=1,
                              workers=1) == joined     # written again: each set resumes, nothing fails


def test_the_upright_command_trains_the_committed_classifier_one_epoch():
    args = train_args("upright")
    assert (args.epochs, args.lr0, args.seed) == (1, 0.0003, None)
    assert args.init.name == "classifier.pt" and args.data.name == "upright"
