"""What a card-face design is: the card codes and face keys every deck provides, and the
:class:`Design` record the registry (:mod:`referee.synth.scenes.designs`) lists."""
from __future__ import annotations

from dataclasses import dataclass

from referee.engine.cards import Card, Suit
from referee.vision.labels import BACK, PRINTED_RANKS

# Every card of a deck, suit by suit (S H D C), each suit A 2 ... K: this order is the classifier's
# class order (`CLASSIFIER_CLASSES`), so it must not change.
DECK_CARDS: tuple[Card, ...] = tuple(Card.of(rank, suit) for suit in Suit for rank in PRINTED_RANKS)
CARD_CODES = tuple(card.code for card in DECK_CARDS)  # 52
JOKER = Card.joker().code
ALL_CODES = CARD_CODES + (JOKER,)
# Face keys are the file names of a design's faces: a card's code, each joker by its colour, the back.
JOKER_KEYS = ("JKB", "JKR")  # black, red
BACK_KEY = BACK.value
FACE_KEYS = CARD_CODES + JOKER_KEYS + (BACK_KEY,)


def key_card(key: str) -> Card | None:
    """The card a face key shows: 'QS' -> QS, 'JKR' -> JK, 'back' -> None."""
    if key in JOKER_KEYS:
        return Card.joker()
    if key == BACK_KEY:
        return None
    return Card.parse(key)


def key_code(key: str) -> str | None:
    """Card code of a face key: 'QS' -> 'QS', 'JKR' -> 'JK', 'back' -> None."""
    card = key_card(key)
    return None if card is None else card.code


@dataclass(frozen=True)
class Design:
    name: str  # unique, e.g. "gnome-paris"
    source: str  # package: gnome-cards-data | kdegames-card-data-kf5 | pysolfc-cardsets | referee-drawn
    licence: str
    split: str  # "train" | "heldout" | "heldout-faces" (measured on their own) | "games" (filmed games only: no index boxes)
    path: str  # svgz file or bitmap directory
    family: str  # designs sharing art share a family (and therefore a split)
    rank_style: str = "AJQK"  # letters printed for A, J, Q, K ("1VDR" french, "ABDK" german, ...)
    jokers: tuple[str, ...] = ("JKB", "JKR")  # joker faces present
    joker_index: bool = True  # the jokers carry a corner marking that we box
    note: str = ""
    max_pip_fallback: float = 0.08  # share of pip-card corners allowed to use the median box
    variant: int | None = None  # drawn kind: the style drawn.variant_style(variant); None: STYLE

    @property
    def kind(self) -> str:
        return {"gnome-cards-data": "gnome", "kdegames-card-data-kf5": "kde",
                "pysolfc-cardsets": "pysol", "referee-drawn": "drawn"}[self.source]

    @property
    def face_keys(self) -> tuple[str, ...]:
        return CARD_CODES + self.jokers + (BACK_KEY,)
