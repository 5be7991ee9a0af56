"""Reading a game log back, tolerating exactly the damage a crash can do.

A crash can cut the last line short (the process died inside a write). That line is ignored
with a warning and nothing else is lost. When the referee reopens such a log it ends the cut
line and appends a ``resume`` line naming it, so the cut line, now in the middle, is skipped
too. Any other bad line means the file was damaged or edited: a one-line `UserError` with its
line number, because guessing would silently change the game.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from referee.errors import UserError
from referee.gamelog.lines import (ACTION, ANNOUNCEMENT, CORRECTION, EVENT, GAME, HEADER, RESUME, LineError,
                                   check_line, classify)

log = logging.getLogger(__name__)


class GameLogError(UserError):
    """A game log that cannot be read or written."""


@dataclass(frozen=True)
class LogLine:
    number: int                 # 1-based line number in the file
    kind: str                   # see referee.gamelog.lines
    data: Mapping[str, Any]


@dataclass(frozen=True)
class GameLog:
    source: str                          # the path, for messages
    lines: tuple[LogLine, ...]           # every good line, header included, in file order
    skipped: tuple[int, ...] = ()        # lines cut short by a crash (and acknowledged by a resume line)
    truncated_tail: int | None = None    # a cut-short last line that was ignored

    @property
    def header(self) -> Mapping[str, Any] | None:
        return next((line.data for line in self.lines if line.kind == HEADER), None)

    @property
    def players(self) -> tuple[str, ...]:
        header = self.header
        return tuple(header["players"]) if header else ()

    def of_kind(self, kind: str) -> list[LogLine]:
        return [line for line in self.lines if line.kind == kind]

    @property
    def actions(self) -> list[Mapping[str, Any]]:
        return [line.data for line in self.lines if line.kind == ACTION]

    @property
    def events(self) -> list[Mapping[str, Any]]:
        return [line.data for line in self.lines if line.kind == EVENT]

    @property
    def announcements(self) -> list[Mapping[str, Any]]:
        return [line.data for line in self.lines if line.kind == ANNOUNCEMENT]

    @property
    def game_count(self) -> int:
        """Games the log holds, read through its corrections (which may drop later games)."""
        return _games_through(self.lines)

    @property
    def line_count(self) -> int:
        """Lines in the file, a truncated last line included."""
        numbers = [line.number for line in self.lines] + list(self.skipped)
        if self.truncated_tail is not None:
            numbers.append(self.truncated_tail)
        return max(numbers, default=0)


def read_log(path: str | Path, require_header: bool = True) -> GameLog:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise GameLogError(f"no such game log: {path}") from None
    except OSError as exc:
        raise GameLogError(f"cannot read game log {path}: {exc.strerror}") from None
    return parse_log(raw, str(path), require_header)


class _Unparsable(LineError):
    """Not JSON / not UTF-8: the only damage a cut-short write can do."""


def _parse_line(raw: bytes) -> tuple[str, dict]:
    """(kind, object) of one line; `_Unparsable` or `LineError`."""
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _Unparsable("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _Unparsable(f"not JSON: {exc.msg}") from None
    return classify(obj), obj


def parse_log(raw: bytes, source: str = "game log", require_header: bool = True) -> GameLog:
    pieces = raw.split(b"\n")
    tail = pieces.pop()              # b"" when the file ends with a newline, as it should
    numbered = list(enumerate(pieces, start=1))
    tail_number = len(pieces) + 1
    truncated_tail = None
    if tail.strip():
        try:
            _parse_line(tail)
        except _Unparsable:
            # A crash mid-write: ignore the cut line, keep the rest.
            log.warning("%s: ignoring line %d, cut short (the referee stopped while writing it)", source, tail_number)
            truncated_tail = tail_number
        except LineError:
            numbered.append((tail_number, tail))     # complete but wrong: reported below
        else:
            numbered.append((tail_number, tail))     # all there but its newline

    lines: list[LogLine] = []
    skipped: list[int] = []
    players: tuple[str, ...] | None = None
    cut: tuple[int, str] | None = None     # an unparsable line, fine only if a resume line names it next
    for number, piece in numbered:
        if not piece.strip():
            continue
        try:
            kind, obj = _parse_line(piece)
        except _Unparsable as exc:
            if cut is not None:
                break                      # two bad lines in a row: report the first
            cut = (number, str(exc))
            continue
        except LineError as exc:
            raise GameLogError(f"{source}: line {number} is not a log line ({exc})") from None
        if cut is not None:
            if kind != RESUME or obj.get("truncated_line") != cut[0]:
                break
            log.warning("%s: skipping line %d, cut short by an earlier crash", source, cut[0])
            skipped.append(cut[0])
            cut = None
        try:
            if kind == HEADER and players is not None:
                raise LineError("a second header line")
            if kind not in (HEADER, RESUME) and players is None:
                raise LineError("the header line (with \"players\") must come first")
            check_line(kind, obj, players)
        except LineError as exc:
            raise GameLogError(f"{source}: line {number} is not a valid {kind} line ({exc})") from None
        if kind == HEADER:
            players = tuple(obj["players"])
        lines.append(LogLine(number, kind, obj))
    if cut is not None:
        raise GameLogError(f"{source}: line {cut[0]} is corrupt ({cut[1]}); the log was damaged or edited")
    if require_header and players is None:
        raise GameLogError(f"{source} has no header line: the game never started")
    _check_game_numbers(lines, source)
    return GameLog(source, tuple(lines), tuple(skipped), truncated_tail)


def _check_game_numbers(lines: list[LogLine], source: str) -> None:
    _games_through(lines, source)


def _games_through(lines: Sequence[LogLine], source: str | None = None) -> int:
    """The number of games, header's included, after these lines; with ``source``, a game line
    numbered other than the next game is a `GameLogError`."""
    games = 1
    for line in lines:
        if line.kind == GAME:
            if source is not None and line.data["game"] != games:
                raise GameLogError(f"{source}: line {line.number} starts game {line.data['game']}, "
                                   f"expected game {games}")
            games += 1
        elif line.kind == CORRECTION:
            games = min(games, int(line.data["game"]) + 1)   # later games were dropped
    return games
