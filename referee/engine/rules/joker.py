"""Jokers (Seed 003 ジョーカー; Seed 004 ジョーカー).

* In the deck: ``count`` jokers (BGA: two).
* A lone joker is the strongest single, in every order (BGA: "革命時でも最強").
* In a group or stairs a joker stands for a missing card (wild); ``JK=8H`` pins what it stands
  for. Unpinned jokers in a group fill whatever suits a bind asks for.
* ``beats-joker``: a single joker may be played on a single joker (Seed 004: "JOKER 1枚の上に
  JOKER 1枚で返す事はできる").
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.options import Option, option, param
from referee.engine.plays import JOKER_RANK, Play
from referee.engine.rules.base import Rule


@option
@dataclass(frozen=True)
class JokerOption(Option):
    ID = "joker"
    TITLE = "Jokers (wild, strongest single)"
    SEED = "Seed 003 ジョーカー; Seed 004 ジョーカー"
    count: int = param(2, "jokers in the deck", minimum=1, maximum=4)
    beats_joker: bool = param(False, "a single joker may be played on a single joker")


class Joker(Rule):
    ID = "joker"
    OPTION = JokerOption

    def equal_beats(self, s, seat, play: Play) -> bool:
        top = s.trick.top
        return (self.option.beats_joker and play.low == JOKER_RANK and len(play.cards) == 1
                and top is not None and top.low == JOKER_RANK and len(top.cards) == 1)
