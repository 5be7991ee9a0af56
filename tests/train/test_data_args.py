"""`referee train data --cls-card-px MIN,MAX`: classifier crops of smaller (or larger) cards than
the generator's default, for a classifier that reads the small indices of a camera mounted high."""

from __future__ import annotations

import pytest

from train_args import train_parser


def test_the_card_height_range_is_parsed_and_defaults_to_the_generators():
    args = train_parser().parse_args(["train", "data", "--what", "cls", "--cls-card-px", "45,90"])
    assert args.cls_card_px == (45.0, 90.0)
    assert train_parser().parse_args(["train", "data"]).cls_card_px is None
    assert train_parser().parse_args(["train", "all", "--cls-card-px", "50,100"]).cls_card_px == (50.0, 100.0)


@pytest.mark.parametrize("text", ["45", "90,45", "0,50", "a,b"])
def test_a_bad_range_is_refused(text, capsys):
    with pytest.raises(SystemExit):
        train_parser().parse_args(["train", "data", "--cls-card-px", text])
    assert "--cls-card-px" in capsys.readouterr().err


def test_the_next_classifiers_recipe_is_parsed_and_defaults_to_the_committed_ones():
    args = train_parser().parse_args(["train", "data", "--what", "cls", "--cls-jokers", "0.5", "--cls-light-ink-inverted"])
    assert args.cls_jokers == 0.5 and args.cls_light_ink_inverted
    plain = train_parser().parse_args(["train", "data"])
    assert plain.cls_jokers is None and not plain.cls_light_ink_inverted


@pytest.mark.parametrize("text", ["1.5", "-0.1", "half"])
def test_a_bad_joker_share_is_refused(text, capsys):
    with pytest.raises(SystemExit):
        train_parser().parse_args(["train", "data", "--cls-jokers", text])
    assert "--cls-jokers" in capsys.readouterr().err


def test_the_detector_joker_recipe_is_parsed_and_defaults_to_the_committed_ones():
    args = train_parser().parse_args(["train", "data", "--what", "det", "--det-jokers", "1", "--det-picture-jokers",
                                "--det-face-share", "0.3"])
    assert args.det_jokers == 1.0 and args.det_picture_jokers and args.det_face_share == 0.3
    plain = train_parser().parse_args(["train", "data"])
    assert plain.det_jokers is None and not plain.det_picture_jokers and plain.det_face_share is None
