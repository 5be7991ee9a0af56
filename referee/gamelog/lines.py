"""The line kinds of a game log and how a line is told apart from the others.

A log is JSON lines, one object per line::

    {"log_version": 1, "rules": "highschool", "options": {...}, "players": ["A", "B", "C", "D"],
     "first": "A", "counts": {"A": 13, ...}, "started": "2025-...Z"}               header (first)
    {"player": "A", "play": ["3H"], "t": 12.4, "frame": 372, "read": {...}}         action
    {"event": "play", "action": 0, "player": "A", "cards": ["3H"], "t": 12.4}       event
    {"announce": "かくめい", "lang": "ja", "priority": 2, "t": 12.5}                 announcement
    {"game": 1, "counts": {...}, "first": "C", "t": 300.1}                          next game
    {"resume": "2025-...Z", "truncated_line": 57}                                   reopened
    {"correct": "cards", "game": 0, "keep": 7, "t": 80.2}                           correction

A correction never rewrites a line: it says "of game ``game`` keep only the first ``keep``
actions" (later games, if any, are dropped too) and the actions logged after it continue the game
from there. ``correct`` says why. The table's corrections: ``undo`` (the last action taken back),
``cards`` (the last play's cards corrected: the corrected play and the actions after it follow),
``pass`` (a pass put in). The referee's own, in answer to what it saw or was told: ``said-no``
(its player said no to a question about a play: the play taken back to be read again, or a play
read again restored as first read), ``reread`` (an earlier play read again for the next play's
sake, then asked about).
The record of a log, and the events a resumed game must reproduce, are read through the
corrections (`referee.gamelog.record`).

Actions are exactly the game record's action objects plus ``t`` (seconds) and ``frame``, so the
log turns into a record `referee replay` accepts. Events are the engine's event objects.
"""

from __future__ import annotations

from typing import Any, Mapping

LOG_VERSION = 1

HEADER, GAME, ACTION, EVENT, ANNOUNCEMENT, RESUME = "header", "game", "action", "event", "announcement", "resume"
CORRECTION = "correction"
KINDS = (HEADER, GAME, ACTION, EVENT, ANNOUNCEMENT, RESUME, CORRECTION)
CORRECTION_KINDS = ("undo", "cards", "pass", "said-no", "reread")
# the corrections a person at the table made (keys, the scoreboard page)
TABLE_CORRECTIONS = ("undo", "cards", "pass")

# The record format's action kinds (issue 2); exactly one per action.
ACTION_KINDS = ("play", "pass", "discard", "give", "exchange", "declare", "claim")
ACTION_KEYS = frozenset({"player", "reveal", *ACTION_KINDS})
# What an action line adds to a record action: when, and for a play the camera read, how surely
# (``read``: the referee's decision, `referee.live.decoding.Decision.to_log`).
LOG_ONLY_KEYS = frozenset({"t", "frame", "read"})


class LineError(ValueError):
    """A line that is valid JSON but not a valid log line; the message says why."""


def classify(obj: Any) -> str:
    """The kind of a parsed line, or `LineError`."""
    if not isinstance(obj, dict):
        raise LineError("a log line is a JSON object")
    if "correct" in obj:
        return CORRECTION
    if "event" in obj:
        return EVENT
    if "announce" in obj:
        return ANNOUNCEMENT
    if "resume" in obj:
        return RESUME
    if "players" in obj:
        return HEADER
    if "player" in obj:
        return ACTION
    if "game" in obj:
        return GAME
    raise LineError("not a header, game, action, event, announcement, resume or correction line")


def check_line(kind: str, obj: Mapping[str, Any], players: tuple[str, ...] | None) -> None:
    """Shape checks a reader can make without the rules engine (which checks the rest at replay)."""
    if kind == HEADER:
        _check_players(obj.get("players"))
        _check_hand_info(obj, tuple(obj["players"]))
    elif kind == GAME:
        if not isinstance(obj["game"], int) or isinstance(obj["game"], bool) or obj["game"] < 1:
            raise LineError("\"game\" must be a number >= 1")
        if players is not None:
            _check_hand_info(obj, players)
    elif kind == ACTION:
        check_action(obj, players)
    elif kind == EVENT:
        if not isinstance(obj["event"], str):
            raise LineError("\"event\" must be a string")
    elif kind == ANNOUNCEMENT:
        if not isinstance(obj["announce"], str):
            raise LineError("\"announce\" must be a string")
    elif kind == CORRECTION:
        if obj["correct"] not in CORRECTION_KINDS:
            raise LineError(f"\"correct\" must be one of {', '.join(CORRECTION_KINDS)}")
        for key in ("game", "keep"):
            value = obj.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise LineError(f"a correction needs \"{key}\", a number >= 0")
    _check_time_and_frame(obj)


def check_action(obj: Mapping[str, Any], players: tuple[str, ...] | None) -> None:
    kinds = [k for k in ACTION_KINDS if k in obj]
    if len(kinds) != 1:
        raise LineError(f"an action has exactly one of {', '.join(ACTION_KINDS)}")
    unknown = set(obj) - ACTION_KEYS - LOG_ONLY_KEYS
    if unknown:
        raise LineError(f"unknown action field{'s' if len(unknown) > 1 else ''} {', '.join(sorted(unknown))}")
    if players is not None and obj["player"] not in players:
        raise LineError(f"unknown player {obj['player']!r}")


def _check_players(players: Any) -> None:
    if (not isinstance(players, list) or len(players) < 2 or not all(isinstance(p, str) for p in players)
            or len(set(players)) != len(players)):
        raise LineError("\"players\" must list two or more distinct names")


def _check_hand_info(obj: Mapping[str, Any], players: tuple[str, ...]) -> None:
    info = [k for k in ("counts", "hands") if k in obj]
    if len(info) != 1:
        raise LineError("give \"counts\" (hidden hands) or \"hands\" (known hands)")
    value = obj[info[0]]
    if not isinstance(value, dict) or set(value) != set(players):
        raise LineError(f"\"{info[0]}\" must map every player to a value")
    first = obj.get("first")
    if first is not None and first not in players:
        raise LineError(f"first player {first!r} is not a player")


def _check_time_and_frame(obj: Mapping[str, Any]) -> None:
    t = obj.get("t")
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))):
        raise LineError("\"t\" must be a number of seconds")
    frame = obj.get("frame")
    if frame is not None and (isinstance(frame, bool) or not isinstance(frame, int)):
        raise LineError("\"frame\" must be a frame number")
