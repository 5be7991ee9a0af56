"""From a game log to a game record (what `referee replay` reads) and to the point where a
crashed game resumes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from referee.gamelog.lines import ACTION, ANNOUNCEMENT, CORRECTION, EVENT, GAME, LOG_ONLY_KEYS
from referee.gamelog.reader import GameLog, GameLogError, read_log

_GAME_KEYS = ("first", "counts", "hands")


def _as_log(log: GameLog | str | Path) -> GameLog:
    return log if isinstance(log, GameLog) else read_log(log)


def log_to_record(log: GameLog | str | Path, *, log_fields: bool = False) -> dict[str, Any]:
    """The game record of a log: the header's rules, options, players, and per game its hands
    or counts, first player and actions (without the log's ``t``, ``frame`` and ``read``, unless
    ``log_fields``: then the actions are no longer a record the engine loads). One game gives
    a flat record; several give a match record with ``"games"``."""
    log = _as_log(log)
    header = log.header
    if header is None:
        raise GameLogError(f"{log.source} has no header line: the game never started")
    games, _ = _through_corrections(log, header, log_fields)
    record: dict[str, Any] = {"rules": header["rules"]}
    if header.get("options"):
        record["options"] = dict(header["options"])
    record["players"] = list(header["players"])
    if len(games) == 1:
        record.update(games[0])
    else:
        record["games"] = games
    return record


def effective_events(log: GameLog | str | Path) -> list[dict[str, Any]]:
    """The event lines of a log read through its corrections: a correction drops the events of
    the actions it takes back (and of the games after them), as `log_to_record` drops the
    actions, so replaying the record gives exactly these events (``t``/``frame`` left out)."""
    log = _as_log(log)
    return _through_corrections(log, log.header or {})[1]


def _through_corrections(log: GameLog, header: Mapping[str, Any],
                         log_fields: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(games, events) of a log, each game its record part with its actions (``log_fields``:
    with their log-only fields), read line by line with every correction applied where it stands."""
    games: list[dict[str, Any]] = [_game_part(header)]
    events: list[dict[str, Any]] = []
    for line in log.lines:
        if line.kind == GAME:
            games.append(_game_part(line.data))
        elif line.kind == ACTION:
            games[-1]["actions"].append({k: v for k, v in line.data.items() if log_fields or k not in LOG_ONLY_KEYS})
        elif line.kind == EVENT:
            events.append({k: v for k, v in line.data.items() if k not in LOG_ONLY_KEYS})
        elif line.kind == CORRECTION:
            game, keep = _correction_point(line.data, games, log.source, line.number)
            del games[game + 1:]
            del games[game]["actions"][keep:]
            events = [e for e in events if not _taken_back(e, game, keep)]
    return games, events


def _taken_back(event: Mapping[str, Any], game: int, keep: int) -> bool:
    g = event.get("game", 0)
    if g != game:
        return g > game
    action = event.get("action")
    return action is not None and action >= keep


def _correction_point(data: Mapping[str, Any], games: list, source: str, number: int) -> tuple[int, int]:
    game, keep = int(data["game"]), int(data["keep"])
    if game >= len(games) or keep > len(games[game]["actions"]):
        raise GameLogError(f"{source}: line {number} corrects game {game} back to {keep} actions, "
                           "more than the log holds (edited?)")
    return game, keep


def _game_part(line: Mapping[str, Any]) -> dict[str, Any]:
    part = {k: line[k] for k in _GAME_KEYS if k in line}
    part["actions"] = []
    return part


@dataclass(frozen=True)
class ResumePoint:
    record: dict[str, Any]        # the game record so far: replay it to rebuild the engine state
    actions: int                  # actions logged, all games together
    game: int                     # the game in progress (0-based)
    game_actions: int             # actions logged in that game
    events: int                   # event lines logged
    announcements: int            # announcement lines logged
    last_frame: int | None        # the last frame number any line mentions
    last_t: float | None          # the last timestamp any line mentions
    last_line: int                # where the log ends (a cut-short last line included)


def resume_point(log: GameLog | str | Path) -> ResumePoint:
    """Where to continue a crashed game: the record to replay, and the last frame and time
    seen (a video source can skip to ``last_frame + 1``)."""
    log = _as_log(log)
    record = log_to_record(log)
    games = record.get("games", [record])
    last_frame = last_t = None
    for line in log.lines:
        if line.data.get("frame") is not None:
            last_frame = line.data["frame"]
        if line.data.get("t") is not None:
            last_t = float(line.data["t"])
    return ResumePoint(
        record=record,
        actions=len(log.of_kind(ACTION)),
        game=len(games) - 1,
        game_actions=len(games[-1]["actions"]),
        events=len(log.of_kind(EVENT)),
        announcements=len(log.of_kind(ANNOUNCEMENT)),
        last_frame=last_frame,
        last_t=last_t,
        last_line=log.line_count,
    )

