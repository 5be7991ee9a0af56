"""The labels a reading names: a card, BACK or OTHER, parsed once from the models' class names."""

import pytest

from referee.engine.cards import Card, CardError, Rank
from referee.vision.labels import BACK, OTHER, PRINTED_RANKS, is_card, label_code, parse_label


def test_class_names_parse_to_cards_back_and_other():
    assert parse_label("QH") is Card.parse("QH")
    assert parse_label("JK") is Card.joker()
    assert parse_label("back") is BACK and parse_label("other") is OTHER


def test_labels_turn_back_into_their_codes():
    for code in ("10S", "JK", "back", "other"):
        assert label_code(parse_label(code)) == code


def test_only_a_face_is_a_card():
    assert is_card(Card.parse("7D")) and is_card(Card.joker())
    assert not any(is_card(label) for label in (BACK, OTHER, None))
    assert BACK != Card.parse("AS") and OTHER not in {Card.parse("AS"), Card.joker()}


def test_an_unknown_class_name_is_a_card_error():
    with pytest.raises(CardError, match="unknown card code 'face'"):
        parse_label("face")


def test_printed_ranks_run_from_ace_to_king():
    assert [rank.symbol for rank in PRINTED_RANKS] == ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert PRINTED_RANKS[0] is Rank.ACE and PRINTED_RANKS[-1] is Rank.KING
