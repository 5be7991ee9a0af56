"""What `referee history` prints from a history file: the matches, each with its games and
totals, then each player's matches won; or the same as CSV rows for a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from referee.gamelog.history import GAME_LINE, MATCH_LINE

CSV_COLUMNS = ("log", "started", "rules", "game", "player", "rank", "score", "total", "winner")


@dataclass
class Match:
    """The lines of one game log: its games and, once finished, its match line."""
    log: str
    started: str
    rules: str
    players: list[str]
    games: list[Mapping[str, Any]] = field(default_factory=list)
    result: Mapping[str, Any] | None = None

    @property
    def totals(self) -> Mapping[str, Any]:
        source = self.result or (self.games[-1] if self.games else {})
        return source.get("totals", {})


def group_matches(entries: Sequence[Mapping[str, Any]]) -> list[Match]:
    """The history's matches in the order they started."""
    matches: dict[tuple, Match] = {}
    for entry in entries:
        key = (entry.get("log"), entry.get("started"))
        match = matches.get(key)
        if match is None:
            match = matches[key] = Match(str(entry.get("log", "")), str(entry.get("started") or ""),
                                         str(entry.get("rules", "")), list(entry.get("players", ())))
        if entry["history"] == GAME_LINE:
            match.games.append(entry)
        elif entry["history"] == MATCH_LINE:
            match.result = entry
    return list(matches.values())


def _scores(values: Mapping[str, Any], players: Sequence[str]) -> str:
    return ", ".join(f"{p} {values[p]}" for p in players if p in values)


def history_lines(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    matches = group_matches(entries)
    if not matches:
        return ["no games in the history yet"]
    lines: list[str] = []
    won: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for number, match in enumerate(matches, 1):
        lines.append(f"match {number}: {match.rules}, {', '.join(match.players)} "
                     f"(started {match.started[:16].replace('T', ' ')}, {match.log})")
        for game in match.games:
            ranking = ", ".join(f"{i}. {p}" for i, p in enumerate(game.get("ranking", ()), 1))
            lines.append(f"  game {game.get('game')}: {ranking}; scores: {_scores(game.get('scores', {}), match.players)}")
        if match.result is not None:
            winners = list(match.result.get("winners", ()))
            lines.append(f"  totals: {_scores(match.totals, match.players)}; winner: {', '.join(winners)}")
            played.update(match.players)
            won.update(winners)
        else:
            lines.append(f"  totals so far: {_scores(match.totals, match.players)} (not finished)")
    if played:
        lines.append("matches won: " + ", ".join(f"{p} {won[p]} of {played[p]}" for p in sorted(played)))
    return lines


def history_csv(entries: Sequence[Mapping[str, Any]]) -> str:
    """One row per player and game, and per player of each finished match (game ``match``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for match in group_matches(entries):
        common = (match.log, match.started, match.rules)
        for game in match.games:
            ranking = list(game.get("ranking", ()))
            for player in match.players:
                rank = ranking.index(player) + 1 if player in ranking else ""
                writer.writerow((*common, game.get("game"), player, rank, game.get("scores", {}).get(player, ""),
                                 game.get("totals", {}).get(player, ""), ""))
        if match.result is not None:
            winners = set(match.result.get("winners", ()))
            for player in match.players:
                writer.writerow((*common, "match", player, "", "", match.totals.get(player, ""),
                                 "yes" if player in winners else "no"))
    return out.getvalue()
