"""The score table of a game or a match, as `referee watch` prints it at the end and `referee
score` prints it from a log: each game's ranking and scores, then the match totals."""

from __future__ import annotations

from typing import Sequence

from referee.engine.state import GameState, Phase


def game_lines(number: int, state: GameState, players: Sequence[str]) -> list[str]:
    """Game ``number`` (counted from 1) as it stands in ``state``: its ranking and scores once
    over, else that it is in progress."""
    if state.phase is not Phase.OVER or state.ranking is None:
        return [f"game {number} in progress"]
    lines = [f"game {number}: " + ", ".join(f"{i}. {players[s]}" for i, s in enumerate(state.ranking, 1))]
    if state.scores is not None:
        lines.append("scores: " + ", ".join(f"{p} {v}" for p, v in zip(players, state.scores)))
    return lines


def match_lines(state: GameState, players: Sequence[str]) -> list[str]:
    """The match totals so far and, once the match is over, its winner (or winners)."""
    match = state.match
    lines = []
    if match.totals:
        lines.append("totals: " + ", ".join(f"{p} {v}" for p, v in zip(players, match.totals)))
    if match.over:
        best = max(match.totals)
        lines.append("winner: " + ", ".join(p for p, v in zip(players, match.totals) if v == best))
    return lines
