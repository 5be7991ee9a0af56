"""Scoring and game length (Seed 003 得点 / スコアルール / ゲームの長さ; Seed 000 得点計算 /
決着方法).

* ``additive`` (加点方式): each player scores the number of players ranked below them; the
  match ends when somebody reaches players × 2 / 3 / 4 points (short / medium / long).
* ``subtractive`` (減点方式): everybody starts with 10 / 15 / 20 points; the daifugo gains 1,
  the fugo loses 1, the hinmin 2, the daihinmin 3 (with 3 players: first +1, last −3, the
  middle 0); the match ends when somebody is at 0 or below.
* ``points`` (Profit: "獲得した得点カードに書かれている数の合計値がそのまま得点になります。
  また、最初に上がったプレイヤーには追加で5点が加算されます"): the sum of the point cards'
  numbers, plus ``bonus`` for the first finisher; a Joker Dead player scores 0 and the bonus
  goes to the first finisher who is not Joker Dead (none if every finisher is).
* ``length`` ``players`` (Profit: "プレイヤー人数と同じ回数までゲームを行い"): the match is as
  many games as players (in any mode).
* ``finishers`` (Profit: "2名が上がるまでゲームを続行"): the game ends when that many players
  have finished (0: when one player is left); the players still in rank after the finishers, in
  seat order, with no ``finish`` event of their own.
The match winners are the players with the highest total. The ranks: 1st 大富豪 daifugo, 2nd 富豪
fugo (4+ players), 2nd-last 貧民 hinmin (4+ players), last 大貧民 daihinmin, the others 平民.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.options import Option, option, param
from referee.engine.rules.base import Rule
from referee.engine.rules.common import JOKER_DEAD, points_of
from referee.engine.state import SlotValues

LENGTHS = {"short": (2, 10), "medium": (3, 15), "long": (4, 20)}


@option
@dataclass(frozen=True)
class ScoringOption(Option):
    ID = "scoring"
    TITLE = "Scoring and game length"
    SEED = "Seed 003 スコアルール / ゲームの長さ; Seed 000 得点計算 / 決着方法"
    PRIMARY = "mode"
    enabled: bool = param(True, "always on")
    mode: str = param("additive", "additive (加点方式), subtractive (減点方式) or points "
                                  "(Profit: point cards + bonus)",
                      choices=("additive", "subtractive", "points"))
    length: str = param("medium", "match length (players: as many games as players)",
                        choices=("short", "medium", "long", "players"))
    finishers: int = param(0, "the game ends when this many players have finished (0: when one "
                              "is left)", minimum=0, maximum=8)
    bonus: int = param(5, "points mode: bonus of the first finisher", minimum=0, maximum=100)





class Scoring(Rule[ScoringOption]):
    ID = "scoring"
    OPTION = ScoringOption
    PLACE = 380
    ANNOUNCED = False

    def start_totals(self, n: int) -> tuple[int, ...]:
        o = self.option
        if o.mode == "subtractive":
            return (LENGTHS.get(o.length, LENGTHS["medium"])[1],) * n
        return (0,) * n

    def game_scores(self, ranking: tuple[int, ...], finished: tuple[int, ...] = (),
                    point_cards: tuple[int, ...] = (), slots: SlotValues = ()) -> tuple[int, ...]:
        """Scores of one game by seat (``slots``: the game's rule slots, Joker Dead's)."""
        dead = JOKER_DEAD.read(slots)
        n = len(ranking)
        mode = self.option.mode
        if mode == "points":
            scores = [0 if dead >> x & 1 else points_of(point_cards[x]) if point_cards else 0
                      for x in range(n)]
            holder = self.bonus_holder(finished, dead)
            if holder >= 0:
                scores[holder] += self.option.bonus
            return tuple(scores)
        scores = [0] * n
        for place, seat in enumerate(ranking):
            if mode == "additive":
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

    @staticmethod
    def bonus_holder(finished: tuple[int, ...], dead: int) -> int:
        """The first finisher who is not Joker Dead (-1: none)."""
        for x in finished:
            if not dead >> x & 1:
                return x
        return -1

    def match_over(self, totals: tuple[int, ...], games: int = 0) -> bool:
        """Has the match ended with these totals after ``games`` games?"""
        n = len(totals)
        o = self.option
        if o.length == "players":
            return games >= n
        if o.mode == "subtractive":
            return min(totals) <= 0
        return max(totals) >= n * LENGTHS[o.length][0]

    @staticmethod
    def winners(totals: tuple[int, ...]) -> tuple[int, ...]:
        best = max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)
