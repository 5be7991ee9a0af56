"""The durable game log: append-only JSON lines, fsync'd per line; a cut-short last line is
ignored, a corrupt middle line is a one-line error; a log becomes a replayable game record and
a resume point, also after a crash and a reopen."""

from __future__ import annotations

import errno
import json
import logging
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from referee.errors import UserError
from referee.gamelog import (GameLogError, GameLogWriter, log_to_record, parse_log, read_log,
                             resume_point)

PLAYERS = ["A", "B", "C", "D"]
COUNTS = {"A": 13, "B": 13, "C": 13, "D": 13}
ACTIONS = [  # a legal opening trick under the president preset, hidden hands
    {"player": "A", "play": ["3H"]}, {"player": "B", "play": ["5S"]}, {"player": "C", "pass": True},
    {"player": "D", "play": ["9D"]}, {"player": "A", "pass": True}, {"player": "B", "pass": True},
    {"player": "C", "pass": True},
]


def write_game(path, actions=ACTIONS, start_frame=0):
    with GameLogWriter(path) as writer:
        writer.header(rules="president", players=PLAYERS, counts=COUNTS, first="A", source="test")
        for i, action in enumerate(actions):
            frame = start_frame + 10 * i
            writer.action(action, t=frame / 30, frame=frame)
            writer.event({"event": "turn", "action": i, "player": "B"}, t=frame / 30, frame=frame)
        writer.announcement("かくめい", "ja", priority=2, t=1.5)
    return path


def test_lines_round_trip_with_their_kinds(tmp_path):
    log = read_log(write_game(tmp_path / "game.jsonl"))
    kinds = [line.kind for line in log.lines]
    assert kinds[0] == "header" and kinds.count("action") == 7 and kinds.count("event") == 7
    assert kinds[-1] == "announcement" and log.announcements[0]["announce"] == "かくめい"
    assert log.actions[3] == {"player": "D", "play": ["9D"], "t": 1.0, "frame": 30}
    assert log.header["counts"] == COUNTS and log.players == tuple(PLAYERS)
    assert [line.number for line in log.lines] == list(range(1, 17))
    assert "かくめい" in (tmp_path / "game.jsonl").read_text(encoding="utf-8")    # readable, not \\u escapes


def test_every_line_is_on_disk_when_write_returns(tmp_path):
    path = tmp_path / "game.jsonl"
    writer = GameLogWriter(path)
    writer.header(rules="president", players=PLAYERS, counts=COUNTS)
    for i, action in enumerate(ACTIONS[:3]):
        writer.action(action, t=i, frame=i)
        assert len(path.read_bytes().splitlines()) == i + 2     # read through another handle
    writer.close()


def test_log_becomes_a_record_the_engine_replays(tmp_path):
    record_module = pytest.importorskip("referee.engine.record")
    record = log_to_record(write_game(tmp_path / "game.jsonl"))
    assert record == {"rules": "president", "players": PLAYERS, "first": "A", "counts": COUNTS, "actions": ACTIONS}
    events = record_module.replay_events(record_module.parse_record(record))
    assert not [e for e in events if e["event"] == "illegal"]
    assert events[-2] == {"event": "trick_end", "action": 6, "leader": "D"}


def test_match_logs_give_match_records(tmp_path):
    path = tmp_path / "match.jsonl"
    with GameLogWriter(path) as writer:
        writer.header(rules="president", players=PLAYERS, counts=COUNTS, options={"eight-cut": False})
        writer.action(ACTIONS[0], t=0.5, frame=15)
        writer.new_game(counts=COUNTS, first="C", t=300.0, frame=9000)
        writer.action({"player": "C", "play": ["4S"]}, t=301.0, frame=9030)
    record = log_to_record(path)
    assert record["options"] == {"eight-cut": False}
    assert [g["actions"] for g in record["games"]] == [[ACTIONS[0]], [{"player": "C", "play": ["4S"]}]]
    assert record["games"][1]["first"] == "C"
    point = resume_point(path)
    assert (point.game, point.game_actions, point.actions, point.last_frame, point.last_t) == (1, 1, 2, 9030, 301.0)


def test_truncated_last_line_is_ignored_with_a_warning_and_nothing_else_is_lost(tmp_path, caplog):
    path = write_game(tmp_path / "game.jsonl")
    with open(path, "ab") as f:
        f.write(b'{"player": "D", "pla')             # the crash hit in the middle of this line
    with caplog.at_level(logging.WARNING, logger="referee.gamelog"):
        log = read_log(path)
    assert log.truncated_tail == 17 and len(log.lines) == 16
    assert "line 17" in caplog.text
    assert log_to_record(log)["actions"] == ACTIONS


def test_cut_at_any_byte_keeps_every_complete_line(tmp_path):
    path = write_game(tmp_path / "game.jsonl", ACTIONS[:3])
    data = path.read_bytes()
    line_ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    for cut in range(line_ends[0], len(data) + 1):
        log = parse_log(data[:cut], "cut")
        complete = sum(1 for end in line_ends if end <= cut)
        # a line missing only its newline is complete too
        assert len(log.lines) in (complete, complete + 1)
        assert log.truncated_tail in (None, complete + 1)


def test_corrupt_middle_line_is_a_one_line_error_naming_the_line(tmp_path):
    path = write_game(tmp_path / "game.jsonl")
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4][:-5]                           # line 5 damaged, later lines intact
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(UserError) as info:
        read_log(path)
    assert "line 5" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("content, words", [
    (b"", "no header"),
    (b'{"player": "A", "pass": true}\n', "header line"),
    (b'{"players": ["A", "B"], "rules": "president", "counts": {"A": 1, "B": 1}}\n{"player": "Z", "pass": true}\n',
     "line 2"),
    (b'{"players": ["A", "B"], "rules": "president", "counts": {"A": 1, "B": 1}}\n[1, 2]\n', "line 2"),
    (b'{"players": ["A", "B"], "rules": "president", "counts": {"A": 1, "B": 1}}\n{"game": 2, "counts": {"A": 1, "B": 1}}\n',
     "expected game 1"),
])
def test_bad_logs_are_one_line_errors(tmp_path, content, words):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(GameLogError) as info:
        read_log(path)
    assert words in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(GameLogError, match="no such game log"):
        read_log(tmp_path / "missing.jsonl")


def test_writer_refuses_lines_that_would_break_the_record(tmp_path):
    writer = GameLogWriter(tmp_path / "game.jsonl")
    with pytest.raises(ValueError, match="header first"):
        writer.action({"player": "A", "pass": True})
    writer.header(rules="president", players=PLAYERS, counts=COUNTS)
    for bad in ({"player": "Z", "pass": True}, {"player": "A", "pass": True, "play": ["3H"]},
                {"player": "A", "pass": True, "colour": "red"}, {"nothing": 1}):
        with pytest.raises(ValueError):
            writer.write(bad)
    with pytest.raises(ValueError):
        writer.action({"player": "A", "pass": True, "t": 3})
    with pytest.raises(ValueError, match="already has a header"):
        writer.header(rules="president", players=PLAYERS, counts=COUNTS)
    writer.close()
    assert len(read_log(tmp_path / "game.jsonl").lines) == 1


def test_reopening_after_a_crash_appends_and_keeps_everything(tmp_path):
    path = write_game(tmp_path / "game.jsonl", ACTIONS[:4])
    before = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"player": "A", "pa')                # cut short by the crash: line 11
    with GameLogWriter(path) as writer:                # referee watch --resume
        assert writer.resumed_from.truncated_tail == 11
        for i, action in enumerate(ACTIONS[4:]):
            writer.action(action, t=5 + i, frame=150 + i)
    assert path.read_bytes().startswith(before)          # never rewritten
    log = read_log(path)
    assert log.skipped == (11,)
    assert [line.kind for line in log.lines][-4:] == ["resume", "action", "action", "action"]
    assert log_to_record(log)["actions"] == ACTIONS
    point = resume_point(log)
    assert (point.actions, point.last_frame, point.last_t) == (7, 152, 7.0)
    with GameLogWriter(path):                          # a second reopen: no cut line this time
        pass
    assert read_log(path).of_kind("resume")[-1].data["truncated_line"] is None


def test_last_line_missing_only_its_newline_is_kept(tmp_path):
    path = write_game(tmp_path / "game.jsonl", ACTIONS[:2])
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert read_log(path).truncated_tail is None
    with GameLogWriter(path) as writer:
        writer.action(ACTIONS[2], t=9, frame=90)
    assert log_to_record(path)["actions"] == ACTIONS[:3]


def test_a_killed_writer_loses_nothing_it_wrote(tmp_path):
    """A real crash: a process appends lines and is killed with SIGKILL (no clean-up runs)."""
    path = tmp_path / "game.jsonl"
    script = textwrap.dedent(f"""
        import os, signal, sys
        from referee.gamelog import GameLogWriter
        writer = GameLogWriter({str(path)!r})
        writer.header(rules="president", players={PLAYERS!r}, counts={COUNTS!r})
        for i in range(40):
            writer.action({{"player": "ABCD"[i % 4], "pass": True}}, t=i / 30, frame=i)
        sys.stdout.write("written\\n"); sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == -signal.SIGKILL and done.stdout == "written\n"
    point = resume_point(path)
    assert (point.actions, point.last_frame) == (40, 39)
    assert json.loads(path.read_text().splitlines()[-1])["frame"] == 39


class FillingDisk:
    """A log file on a disk that fills up: the next write gets half its bytes out, the one after
    that fails with ENOSPC, as a nearly full disk does."""

    def __init__(self, file) -> None:
        self.file = file

    def write(self, data) -> int:
        if len(data) > 1:
            return self.file.write(data[:len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self.file, name)


def test_a_full_disk_is_one_error_and_the_log_keeps_its_whole_lines(tmp_path):
    path = tmp_path / "game.jsonl"
    writer = GameLogWriter(path)
    writer.header(rules="president", players=PLAYERS, counts=COUNTS)
    writer.action(ACTIONS[0], t=0, frame=0)
    writer._file = FillingDisk(writer._file)
    with pytest.raises(GameLogError) as info:
        writer.action(ACTIONS[1], t=1, frame=1)
    message = str(info.value)
    assert str(path) in message and "No space left on device" in message and "\n" not in message
    with pytest.raises(GameLogError, match="No space left on device"):      # later lines: the same error
        writer.announcement("かくめい", "ja")
    writer.close()
    assert path.read_bytes().endswith(b"\n")                               # no half line
    log = read_log(path)
    assert log.actions == [{**ACTIONS[0], "t": 0, "frame": 0}] and log.truncated_tail is None


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_dev_full_fails_at_the_first_line():
    writer = GameLogWriter("/dev/full")         # opening it reads nothing (reading it never ends)
    with pytest.raises(GameLogError, match="cannot write game log /dev/full: No space left on device"):
        writer.header(rules="president", players=PLAYERS, counts=COUNTS)
    writer.close()


def test_a_folder_is_not_a_log(tmp_path):
    with pytest.raises(GameLogError, match="is a folder: a game log is a file"):
        GameLogWriter(tmp_path)
