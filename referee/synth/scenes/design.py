"""What a card-face design is: the card codes and face keys every deck provides, and the
:class:`Design` record the registry (:mod:`referee.synth.scenes.designs`) lists."""
from __future__ import annotations

from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARD_CODES = tuple(r + s for s in SUITS for r in RANKS)  # 52
JOKER = "JK"
ALL_CODES = CARD_CODES + (JOKER,)
# face keys in a design (file names): 52 codes, two jokers, the back
FACE_KEYS = CARD_CODES + ("JKB", "JKR", "back")


def key_code(key: str) -> str | None:
    """Card code of a face key: 'QS' -> 'QS', 'JKR' -> 'JK', 'back' -> None."""
    if key in ("JKB", "JKR"):
        return JOKER
    if key == "back":
        return None
    return key


@dataclass(frozen=True)
class Design:
    name: str  # unique, e.g. "gnome-paris"
    source: str  # package: gnome-cards-data | kdegames-card-data-kf5 | pysolfc-cardsets | referee-drawn
    licence: str
    split: str  # "train" | "heldout"
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
        return CARD_CODES + self.jokers + ("back",)
