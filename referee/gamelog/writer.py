"""Writing a game log: append only, one line per call, flushed and fsync'd before returning, so
whatever was logged survives a crash or a power cut.

Reopening an existing log (``referee watch --resume``) never rewrites it: if the last line was
cut short by a crash, the writer ends it and appends a ``resume`` line naming it (the reader then
skips exactly that line); otherwise it appends a plain ``resume`` line.

A write that fails (a full disk) is cut back to the last whole line and leaves the writer failed:
that write and every later one raise the same `GameLogError`, one line for the command to print.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any, Callable, Mapping

from referee.gamelog.lines import (CORRECTION, GAME, HEADER, LOG_ONLY_KEYS, LOG_VERSION, RESUME, LineError,
                                   check_line, classify)
from referee.gamelog.reader import GameLog, GameLogError, parse_log


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


class GameLogWriter:
    def __init__(self, path: str | Path, *, fsync: bool = True) -> None:
        """Open ``path`` for appending (created if missing). An existing log is read first: a log
        damaged other than by a crash is a `GameLogError` rather than more lines on top of it."""
        self.path = Path(path)
        self.fsync = fsync
        self._lock = threading.Lock()
        self._games = 0
        self.players: tuple[str, ...] | None = None
        self.resumed_from: GameLog | None = None
        self.failure: str | None = None   # why a write failed; the log then holds the lines before it
        self._listeners: list[Callable[[dict], None]] = []
        existing = self._read_existing()
        try:
            # Unbuffered: a failed write must leave nothing behind to be flushed again on close.
            self._file = open(self.path, "ab", buffering=0)
        except OSError as exc:
            raise GameLogError(f"cannot write game log {self.path}: {exc.strerror}") from None
        if existing is not None:
            log, ends_with_newline = existing
            self.resumed_from = log
            self.players = log.players or None
            self._games = log.game_count if log.header else 0
            if not ends_with_newline:
                self._write_bytes(b"\n")   # end the last line, cut short or only missing its newline
            self._write({"resume": _now(), "truncated_line": log.truncated_tail})

    def _read_existing(self) -> tuple[GameLog, bool] | None:
        try:
            mode = self.path.stat().st_mode
            if stat.S_ISDIR(mode):
                raise GameLogError(f"{self.path} is a folder: a game log is a file")
            # A device or a pipe (/dev/null, /dev/full) holds no log to continue, and reading
            # /dev/full never ends.
            if not stat.S_ISREG(mode):
                return None
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise GameLogError(f"cannot read game log {self.path}: {exc.strerror}") from None
        if not raw:
            return None
        return parse_log(raw, str(self.path), require_header=False), raw.endswith(b"\n")

    def add_listener(self, listener: Callable[[dict], None]) -> None:
        """Call ``listener`` with every line once it is written (in the writer's caller's thread),
        e.g. to keep the match history as games end."""
        self._listeners.append(listener)

    # ---- lines ------------------------------------------------------------------------------------

    def header(self, *, rules: str, players: list[str] | tuple[str, ...], counts: Mapping[str, int] | None = None,
               hands: Mapping[str, list[str]] | None = None, options: Mapping[str, Any] | None = None,
               first: str | None = None, **extra: Any) -> dict:
        """The first line: the game record's header fields (``counts`` for hidden hands, or
        ``hands``), plus anything in ``extra`` (e.g. ``source``, ``calibration``)."""
        line: dict[str, Any] = {"log_version": LOG_VERSION, "rules": rules}
        if options:
            line["options"] = dict(options)
        line["players"] = list(players)
        if first is not None:
            line["first"] = first
        if counts is not None:
            line["counts"] = dict(counts)
        if hands is not None:
            line["hands"] = {p: list(h) for p, h in hands.items()}
        line["started"] = _now()
        line.update(extra)
        return self.write(line)

    def new_game(self, *, counts: Mapping[str, int] | None = None, hands: Mapping[str, list[str]] | None = None,
                 first: str | None = None, t: float | None = None, frame: int | None = None) -> dict:
        """The start of the next game of a match (the header holds game 0)."""
        line: dict[str, Any] = {"game": self._games}
        if first is not None:
            line["first"] = first
        if counts is not None:
            line["counts"] = dict(counts)
        if hands is not None:
            line["hands"] = {p: list(h) for p, h in hands.items()}
        return self.write(_stamped(line, t, frame))

    def action(self, action: Mapping[str, Any], *, t: float | None = None, frame: int | None = None,
               read: Mapping[str, Any] | None = None) -> dict:
        """A game record action (``{"player": "A", "play": ["3H"]}``), when it was seen and, for a
        play read by the camera, how (``read``)."""
        if LOG_ONLY_KEYS & set(action):
            raise ValueError("pass t, frame and read as arguments, not in the action")
        line = _stamped(dict(action), t, frame)
        if read is not None:
            line["read"] = dict(read)
        return self.write(line)

    def event(self, event: Mapping[str, Any], *, t: float | None = None, frame: int | None = None) -> dict:
        """An engine event as its JSON dict (``{"event": "effect", "rule": "revolution", ...}``)."""
        return self.write(_stamped(dict(event), t, frame))

    def correction(self, why: str, *, game: int, keep: int, t: float | None = None,
                   frame: int | None = None) -> dict:
        """Of game ``game`` keep only the first ``keep`` actions (later games dropped); the
        actions logged next continue from there. ``why``: undo, cards or pass."""
        return self.write(_stamped({"correct": why, "game": game, "keep": keep}, t, frame))

    def announcement(self, text: str, lang: str, priority: int = 0, *, t: float | None = None) -> dict:
        return self.write(_stamped({"announce": text, "lang": lang, "priority": priority}, t, None))

    def write(self, line: Mapping[str, Any]) -> dict:
        """Check and append one line of any kind; returns it."""
        line = dict(line)
        try:
            kind = classify(line)
            if kind == HEADER and self.players is not None:
                raise LineError("this log already has a header")
            if kind not in (HEADER, RESUME) and self.players is None:
                raise LineError("write the header first")
            check_line(kind, line, self.players)
        except LineError as exc:
            raise ValueError(f"not a valid log line: {exc}") from None
        self._write(line)
        if kind == HEADER:
            self.players = tuple(line["players"])
            self._games = 1
        elif kind == GAME:
            self._games += 1
        elif kind == CORRECTION:
            self._games = min(self._games, line["game"] + 1)
        for listener in list(self._listeners):
            listener(dict(line))
        return line

    def _write(self, line: Mapping[str, Any]) -> None:
        data = json.dumps(line, ensure_ascii=False, separators=(", ", ": ")).encode("utf-8") + b"\n"
        self._write_bytes(data)

    def _write_bytes(self, data: bytes) -> None:
        with self._lock:
            if self.failure is not None:
                raise GameLogError(self.failure)
            if self._file.closed:
                raise ValueError(f"game log {self.path} is closed")
            size_before = self._regular_file_size()
            try:
                self._write_all(data)
                if self.fsync and size_before is not None:   # fsync is for files, not devices
                    os.fsync(self._file.fileno())
            except OSError as exc:
                self._fail(exc, size_before)
                raise GameLogError(self.failure) from None

    def _write_all(self, data: bytes) -> None:
        # One write call per line, so a crash cuts at most this line; a short write (a nearly
        # full disk) goes on with the rest, and the next call says why it stopped.
        rest = memoryview(data)
        while rest:
            written = self._file.write(rest)
            if not written:
                raise OSError(errno.EIO, "the write made no progress")
            rest = rest[written:]

    def _regular_file_size(self) -> int | None:
        info = os.fstat(self._file.fileno())
        return info.st_size if stat.S_ISREG(info.st_mode) else None

    def _fail(self, exc: OSError, size_before: int | None) -> None:
        """Cut the log back to its last whole line and refuse every later write."""
        if size_before is not None:
            try:
                os.ftruncate(self._file.fileno(), size_before)
            except OSError:
                pass   # the part of the line on disk is then a cut-short last line, which readers skip
        self._file.close()
        self.failure = (f"cannot write game log {self.path}: {exc.strerror or exc}; "
                        "it keeps every line written before")

    # ---- closing ----------------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if not self._file.closed:
                self._file.close()

    def __enter__(self) -> "GameLogWriter":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _stamped(line: dict[str, Any], t: float | None, frame: int | None) -> dict[str, Any]:
    if t is not None:
        line["t"] = round(float(t), 4)
    if frame is not None:
        line["frame"] = int(frame)
    return line

