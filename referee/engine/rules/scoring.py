"""Scoring and game length (Seed 003 得点 / スコアルール / ゲームの長さ).

* ``additive`` (加点方式): each player scores the number of players ranked below them; the
  match ends when somebody reaches players × 2 / 3 / 4 points (short / medium / long).
* ``subtractive`` (減点方式): everybody starts with 10 / 15 / 20 points; the daifugo gains 1,
  the fugo loses 1, the hinmin 2, the daihinmin 3 (with 3 players: first +1, last −3, the
  middle 0); the match ends when somebody is at 0 or below.
The ranks: 1st 大富豪 daifugo, 2nd 富豪 fugo (4+ players), 2nd-last 貧民 hinmin (4+ players),
last 大貧民 daihinmin, the others 平民.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule

LENGTHS = {"short": (2, 10), "medium": (3, 15), "long": (4, 20)}


@option
@dataclass(frozen=True)
class ScoringOption(Option):
    ID = "scoring"
    TITLE = "Scoring and game length"
    SEED = "Seed 003 スコアルール / ゲームの長さ"
    PRIMARY = "mode"
    enabled: bool = param(True, "always on")
    mode: str = param("additive", "additive (加点方式) or subtractive (減点方式)",
                      choices=("additive", "subtractive"))
    length: str = param("medium", "match length", choices=("short", "medium", "long"))


class Scoring(Rule):
    ID = "scoring"
    OPTION = ScoringOption

    def start_totals(self, n: int) -> tuple[int, ...]:
        if self.option.mode == "subtractive":
            return (LENGTHS[self.option.length][1],) * n
        return (0,) * n

    def game_scores(self, ranking: tuple[int, ...]) -> tuple[int, ...]:
        """Scores of one game by seat."""
        n = len(ranking)
        scores = [0] * n
        for place, seat in enumerate(ranking):
            if self.option.mode == "additive":
                scores[seat] = n - 1 - place
            else:
                if place == 0:
                    scores[seat] = 1
                elif place == n - 1:
                    scores[seat] = -3
                elif n >= 4 and place == 1:
                    scores[seat] = -1
                elif n >= 4 and place == n - 2:
                    scores[seat] = -2
        return tuple(scores)

    def match_over(self, totals: tuple[int, ...]) -> bool:
        n = len(totals)
        if self.option.mode == "additive":
            return max(totals) >= n * LENGTHS[self.option.length][0]
        return min(totals) <= 0
