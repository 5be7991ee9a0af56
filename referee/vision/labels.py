"""What a reading of the models names: a card (the engine's `Card`), a card lying face down, or no
card at all.

The models' class names ('QH', 'JK', 'back', 'other') are their edge: `parse_label` turns one into
a `Label` where the reading is made, and `label_code` turns a label back into its code for JSON,
the CLI and the models' class lists.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterable

from referee.engine.cards import Card, Rank, parse_card


class NotAFace(Enum):
    """A reading that is not a card face."""

    BACK = "back"    # a card lying face down
    OTHER = "other"  # the classifier's reject class: no card index in the crop

    def __str__(self) -> str:
        return self.value


BACK = NotAFace.BACK
OTHER = NotAFace.OTHER

Label = Card | NotAFace
"""A card (a joker is the engine's unpinned ``JK`` token), BACK or OTHER."""

PRINTED_RANKS: tuple[Rank, ...] = tuple(Rank.from_number(n) for n in range(1, 14))
"""A 2 3 ... 10 J Q K: the order decks, face sheets and the enrolment mat lay the ranks out."""


_NOT_A_FACE = {member.value: member for member in NotAFace}


def parse_label(code: str) -> Label:
    """The label of a class name or card code; a `CardError` for a name that is neither."""
    not_a_face = _NOT_A_FACE.get(code)
    return not_a_face if not_a_face is not None else parse_card(code)


def parse_labels(codes: Iterable[str]) -> tuple[Label, ...]:
    return tuple(parse_label(code) for code in codes)


def label_codes(labels: Iterable[Label]) -> tuple[str, ...]:
    return tuple(label_code(label) for label in labels)


def label_code(label: Label) -> str:
    """The code of a label: 'QH', 'JK', 'back', 'other'."""
    return label.value if isinstance(label, NotAFace) else label.code


def is_card(label: Label | None) -> bool:
    """True for a card face (a joker included), False for BACK, OTHER and None."""
    return isinstance(label, Card)


def is_joker(label: Label) -> bool:
    """A joker, pinned or not."""
    return isinstance(label, Card) and label.is_joker


# Ranks whose index read turned half way is the other's: a deck printing both corners' indices
# upright (not turned) shows a 6 at one corner that reads 9 at the other.
TURNED_TWINS = frozenset({Rank.SIX, Rank.NINE})


def turned_twin(label: Label) -> Label | None:
    """The card an index of this one reads as when turned half way, or None.

    >>> turned_twin(parse_label("6D")), turned_twin(parse_label("9C")), turned_twin(parse_label("7S"))
    (Card(9D), Card(6C), None)
    """
    if not isinstance(label, Card) or label.is_joker or label.rank not in TURNED_TWINS:
        return None
    (other,) = TURNED_TWINS - {label.rank}
    return Card.of(other, label.suit)
