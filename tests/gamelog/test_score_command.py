"""`referee score LOG.jsonl`: the score table of a game log, per game its ranking and scores,
then the match totals, read through the corrections made at the table."""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli import main
from referee.gamelog import GameLogWriter

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def log_of_record(record: dict, path: Path, *, wrong_action_at: int | None = None) -> Path:
    """The game log `referee watch` would write for ``record``; with ``wrong_action_at`` the
    first game gets a wrong pass there, taken back at once by a correction."""
    games = record.get("games", [record])
    with GameLogWriter(path, fsync=False) as writer:
        first = games[0]
        writer.header(rules=record["rules"], options=record.get("options"), players=record["players"],
                      hands=first["hands"], first=first.get("first"))
        for number, game in enumerate(games):
            if number:
                writer.new_game(hands=game["hands"], first=game.get("first"))
            for index, action in enumerate(game["actions"]):
                if number == 0 and index == wrong_action_at:
                    writer.action({"player": action["player"], "pass": True})
                    writer.correction("undo", game=0, keep=index)
                writer.action(action)
    return path


def score(capsys, path: Path) -> list[str]:
    assert main(["score", str(path)]) == 0
    return capsys.readouterr().out.splitlines()


def test_score_of_a_match_log_gives_every_game_and_the_totals(tmp_path, capsys):
    record = json.loads((FIXTURES / "profit-match.json").read_text())
    assert score(capsys, log_of_record(record, tmp_path / "match.jsonl")) == [
        "game 1: 1. A, 2. B, 3. C", "scores: A 0, B 51, C 19",
        "game 2: 1. C, 2. B, 3. A", "scores: A 14, B 49, C 77",
        "game 3: 1. B, 2. C, 3. A", "scores: A 30, B 31, C 25",
        "totals: A 44, B 131, C 121", "winner: B"]


def test_score_reads_through_corrections(tmp_path, capsys):
    record = json.loads((FIXTURES / "highschool-game.json").read_text())
    plain = score(capsys, log_of_record(record, tmp_path / "plain.jsonl"))
    corrected = score(capsys, log_of_record(record, tmp_path / "corrected.jsonl", wrong_action_at=3))
    assert corrected == plain and plain[0].startswith("game 1: 1. ")


def test_score_of_a_game_in_progress(tmp_path, capsys):
    record = json.loads((FIXTURES / "highschool-game.json").read_text())
    record["actions"] = record["actions"][:4]
    assert score(capsys, log_of_record(record, tmp_path / "game.jsonl")) == ["game 1 in progress", "totals: A 0, B 0, C 0, D 0"]


def test_score_of_a_missing_log_is_a_one_line_error(tmp_path, capsys):
    assert main(["score", str(tmp_path / "none.jsonl")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"referee: error: no such game log: {tmp_path / 'none.jsonl'}"]
