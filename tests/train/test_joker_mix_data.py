"""The symbol joker reader's crops (referee.train.joker_mix_data): upright_data's three sets and
three of joker_data's tuning sets, written and joined under their prefixes, validation from the
ordinary set."""

from __future__ import annotations

from train_args import train_args

from referee.train.crop_sets import JOINED
from referee.train.joker_data import write_tuning_sets
from referee.train.joker_mix_data import JOKER_SETS, write_joker_mix_data
from referee.train.upright_data import write_upright_sets

PREFIXES = {"ordinary": "", "faces": "f_", "upright-index": "u_", "ordinary-jokers-drawn": "k_",
            "symbol-jokers": "s_", "clutter": "c_"}
FEW = {"ordinary": 2, "faces": 1, "upright-index": 1, "ordinary-jokers-drawn": 1, "symbol-jokers": 1, "clutter": 1}


def test_the_six_sets_are_written_and_joined_under_their_prefixes(tmp_path):
    joined = write_joker_mix_data(tmp_path, scenes=FEW, val_scenes=1, workers=1)
    assert joined == tmp_path / JOINED
    train = [p.name for p in (joined / "train").glob("*/*.png")]
    for name, prefix in PREFIXES.items():
        written = sorted(p.name for p in (tmp_path / name / "train").glob("*/*.png"))
        assert written and all(f"{prefix}{n}" in train for n in written), name
    assert len(train) == sum(len(list((tmp_path / n / "train").glob("*/*.png"))) for n in PREFIXES)
    assert sorted(p.name for p in (joined / "val").glob("*/*.png")) == \
        sorted(p.name for p in (tmp_path / "ordinary" / "val").glob("*/*.png"))
    assert write_joker_mix_data(tmp_path, scenes=FEW, val_scenes=1, workers=1) == joined   # again: kept, resumed


def test_the_sets_are_the_upright_and_tuning_recipes_own(tmp_path):
    """At the default seed the sets are what `referee train upright` and `referee train
    jokers-tuned` write (their seeds), so either's data serves."""
    write_joker_mix_data(tmp_path / "mix", scenes=FEW, val_scenes=0, workers=1)
    write_upright_sets(tmp_path / "own", scenes={n: FEW[n] for n in ("ordinary", "faces", "upright-index")},
                       val_scenes=0, workers=1)
    write_tuning_sets(tmp_path / "own", JOKER_SETS, scenes={n: FEW[n] for n in JOKER_SETS}, workers=1)
    for name in PREFIXES:
        mix = sorted((tmp_path / "mix" / name / "train").glob("*/*.png"))
        own = sorted((tmp_path / "own" / name / "train").glob("*/*.png"))
        assert [p.relative_to(tmp_path / "mix") for p in mix] == [p.relative_to(tmp_path / "own") for p in own]
        assert all(a.read_bytes() == b.read_bytes() for a, b in zip(mix, own)), name


def test_the_command_trains_the_committed_classifier_three_epochs():
    args = train_args("jokers-mix")
    assert (args.epochs, args.lr0, args.seed) == (3, 0.0003, None)
    assert args.init.name == "classifier.pt" and args.data.name == "jokers-mix"
