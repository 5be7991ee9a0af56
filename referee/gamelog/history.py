"""The match history: one JSON line per finished game and one per finished match, appended to
``history.jsonl`` in the game log's folder, so `referee history` lists every match a table
played without replaying the logs.

A game line::

    {"history": "game", "log": "game-20261201-170000.jsonl", "started": "2026-...Z", "rules": "profit",
     "players": ["A", "B", "C"], "game": 1, "ranking": ["B", "A", "C"], "scores": {...}, "totals": {...},
     "at": "2026-...Z"}

A match line has ``"history": "match"``, ``games`` (how many were played), ``totals`` and
``winners`` instead of the game's fields. A line is written once: a log's games are told apart
by the log's name and start time, so catching up after a resume never repeats one.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
from pathlib import Path
from typing import Any, Mapping

from referee.errors import UserError
from referee.gamelog.reader import read_log
from referee.gamelog.record import effective_events

log = logging.getLogger(__name__)

HISTORY_NAME = "history.jsonl"
GAME_LINE, MATCH_LINE = "game", "match"


class HistoryError(UserError):
    """A history file that cannot be read or written."""


def history_beside(log_path: str | Path) -> Path:
    """Where the history of the matches logged in ``log_path``'s folder is kept."""
    return Path(log_path).parent / HISTORY_NAME


def read_history(path: str | Path) -> list[dict[str, Any]]:
    """Every line of a history file. A last line cut short by a crash is ignored; any other bad
    line is a `HistoryError` naming it."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise HistoryError(f"no such history file: {path}") from None
    except OSError as exc:
        raise HistoryError(f"cannot read history file {path}: {exc.strerror}") from None
    pieces = raw.split(b"\n")
    cut_tail = pieces[-1].strip() != b""        # the file should end with a newline
    entries = []
    for number, piece in enumerate(pieces, start=1):
        if not piece.strip():
            continue
        try:
            entry = json.loads(piece.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            if cut_tail and number == len(pieces):
                break                           # cut short by a crash mid-write
            raise HistoryError(f"{path}: line {number} is not JSON (the file was damaged or edited)") from None
        if not isinstance(entry, dict) or entry.get("history") not in (GAME_LINE, MATCH_LINE):
            raise HistoryError(f"{path}: line {number} is not a history line (\"history\": game or match)")
        entries.append(entry)
    return entries


def _key(entry: Mapping[str, Any]) -> tuple:
    return entry.get("log"), entry.get("started"), entry.get("history"), entry.get("game")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class HistoryRecorder:
    """Appends the games and the match of one game log to a history file as they end: feed it
    the log's lines (`GameLogWriter.add_listener(recorder.on_log_line)`)."""

    def __init__(self, path: str | Path, log_path: str | Path, header: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.log_name = Path(log_path).name
        self.started = header.get("started")
        self.rules = header.get("rules")
        self.players = list(header.get("players", ()))
        self.entries: list[dict[str, Any]] = read_history(self.path) if self.path.exists() else []
        self._keys = {_key(e) for e in self.entries}
        # Why a line could not be written. The game goes on (its log holds every game; the
        # recorder catches up from it when the match is resumed); `watch` reports it at the end.
        self.failure: str | None = None

    @classmethod
    def for_log(cls, log_path: str | Path, history_path: str | Path | None = None) -> "HistoryRecorder":
        """The recorder of a game log, caught up with the games the log already holds (a resumed
        match, or one whose referee stopped before writing them)."""
        log = read_log(log_path)
        recorder = cls(history_path or history_beside(log_path), log_path, log.header or {})
        for event in effective_events(log):
            recorder.on_log_line(event)
        return recorder

    @property
    def games(self) -> list[dict[str, Any]]:
        """This log's game lines, first game first."""
        return [e for e in self.entries if e["history"] == GAME_LINE and e.get("log") == self.log_name
                and e.get("started") == self.started]

    def on_log_line(self, line: Mapping[str, Any]) -> None:
        if line.get("event") != "game_end":
            return
        common = {"log": self.log_name, "started": self.started, "rules": self.rules, "players": self.players}
        self._append({"history": GAME_LINE, **common, "game": int(line.get("game", 0)) + 1,
                      "ranking": list(line.get("ranking", ())), "scores": dict(line.get("scores", {})),
                      "totals": dict(line.get("totals", {})), "at": _now()})
        if line.get("match_over"):
            self._append({"history": MATCH_LINE, **common, "games": int(line.get("game", 0)) + 1,
                          "totals": dict(line.get("totals", {})), "winners": list(line.get("winners", ())),
                          "at": _now()})

    def _append(self, entry: dict[str, Any]) -> None:
        key = _key(entry)
        if key in self._keys:
            return
        try:
            self._write(entry)
        except HistoryError as exc:
            self.failure = str(exc)
            log.warning("%s", exc)
            return
        self._keys.add(key)
        self.entries.append(entry)

    def _write(self, entry: dict[str, Any]) -> None:
        data = json.dumps(entry, ensure_ascii=False).encode("utf-8") + b"\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "ab") as out:
                _drop_cut_tail(self.path, out)
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:
            raise HistoryError(f"cannot write history file {self.path}: {exc.strerror}") from None


def _drop_cut_tail(path: Path, out) -> None:
    """Cut the file back to its last whole line: a line a crash cut short never was one."""
    raw = path.read_bytes()
    if raw and not raw.endswith(b"\n"):
        out.truncate(raw.rfind(b"\n") + 1)
