"""What a reading of the models names: a card (the engine's `Card`), a card lying face down, or no
card at all.

The models' class names ('QH', 'JK', 'back', 'other') are their edge: `parse_label` turns one into
a `Label` where the reading is made, and `label_code` turns a label back into its code for JSON,
the CLI and the models' class lists.
"""

from __future__ import annotations

from enum import Enum

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


def parse_label(code: str) -> Label:
    """The label of a class name or card code; a `CardError` for a name that is neither."""
    try:
        return NotAFace(code)
    except ValueError:
        return parse_card(code)


def label_code(label: Label) -> str:
    """The code of a label: 'QH', 'JK', 'back', 'other'."""
    return label.value if isinstance(label, NotAFace) else label.code


def is_card(label: Label | None) -> bool:
    """True for a card face (a joker included), False for BACK, OTHER and None."""
    return isinstance(label, Card)
