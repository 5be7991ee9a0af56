"""The match history: a live referee's log feeds a `HistoryRecorder`, which appends one line per
finished game and one per finished match to history.jsonl beside the log; `referee history`
lists them and `--csv` exports them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from referee.cli import main
from referee.engine import load_rules
from referee.engine.record import load_record
from referee.gamelog import GameLogWriter
from referee.gamelog.history import HistoryRecorder, history_beside, read_history
from referee.live import GameKeeper, GameSetup

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def profit_match() -> dict:
    return json.loads((FIXTURES / "profit-match.json").read_text(encoding="utf-8"))


def play_match(log_path: Path, *, games: int | None = None) -> tuple[GameKeeper, HistoryRecorder, list[dict]]:
    """The Profit match refereed as `referee watch` does (hidden hands), the recorder listening to
    its log; ``games``: stop after that many games (the referee stopped mid-match)."""
    record = profit_match()
    players = tuple(record["players"])
    first = record["games"][0]
    counts = tuple(len(first["hands"][p]) for p in players)
    writer = GameLogWriter(log_path, fsync=False)
    keeper, _ = GameKeeper.start(GameSetup(load_rules(record["rules"]), players, counts, first["first"]), writer)
    recorder = HistoryRecorder.for_log(log_path)
    writer.add_listener(recorder.on_log_line)
    ends = []
    for number, game in enumerate(load_record(record).games[:games]):
        if number:
            keeper.next_game(t=None, frame=None)
        for action in game.actions:
            events = keeper.act(action, t=None, frame=None)
            ends += [e for e in events if e["event"] == "game_end"]
    writer.close()
    return keeper, recorder, ends


def test_every_finished_game_and_the_match_are_appended_beside_the_log(tmp_path):
    log = tmp_path / "game.jsonl"
    keeper, recorder, ends = play_match(log)
    assert keeper.match_over
    entries = read_history(history_beside(log))
    assert history_beside(log) == tmp_path / "history.jsonl"
    assert [e["history"] for e in entries] == ["game", "game", "game", "match"]
    assert [e["game"] for e in entries[:3]] == [1, 2, 3]
    assert [e["ranking"] for e in entries[:3]] == [end["ranking"] for end in ends]
    assert [e["scores"] for e in entries[:3]] == [end["scores"] for end in ends]
    assert entries[3]["totals"] == ends[-1]["totals"]
    assert entries[3]["winners"] == ends[-1]["winners"]
    assert {e["log"] for e in entries} == {"game.jsonl"}
    assert recorder.games == entries[:3]


def test_catching_up_from_the_log_adds_only_what_the_history_lacks(tmp_path):
    log = tmp_path / "game.jsonl"
    play_match(log, games=2)
    history = history_beside(log)
    history.write_text("\n".join(history.read_text().splitlines()[:1]) + "\n")   # the second game's line lost
    HistoryRecorder.for_log(log)
    HistoryRecorder.for_log(log)                                              # twice: nothing repeated
    assert [e["game"] for e in read_history(history)] == [1, 2]


def test_history_lists_matches_and_totals_and_exports_csv(tmp_path, capsys):
    play_match(tmp_path / "one.jsonl")
    play_match(tmp_path / "two.jsonl", games=1)
    history = str(tmp_path / "history.jsonl")
    assert main(["history", history]) == 0
    out = capsys.readouterr().out.splitlines()
    entries = read_history(history)
    final = entries[3]
    winners = ", ".join(final["winners"])
    assert out[0].startswith("match 1: profit, A, B, C (started ")
    assert out[1].startswith("  game 1: 1. ")
    assert out[4] == "  totals: " + ", ".join(f"{p} {final['totals'][p]}" for p in "ABC") + f"; winner: {winners}"
    assert out[5].startswith("match 2: profit") and out[5].endswith("two.jsonl)")
    assert out[7].endswith("(not finished)")
    assert out[8] == "matches won: " + ", ".join(f"{p} {int(p in final['winners'])} of 1" for p in "ABC")

    assert main(["history", history, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 3 * 3 + 3 + 3            # one per player per game, and the finished match
    match_rows = [r for r in rows if r["game"] == "match"]
    assert {r["player"]: r["total"] for r in match_rows} == {p: str(v) for p, v in final["totals"].items()}
    assert {r["player"] for r in match_rows if r["winner"] == "yes"} == set(final["winners"])
    first_game = [r for r in rows if r["game"] == "1" and r["log"] == "one.jsonl"]
    assert sorted(int(r["rank"]) for r in first_game) == [1, 2, 3]


def test_a_missing_or_damaged_history_is_a_one_line_error(tmp_path, capsys):
    assert main(["history", str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err == f"referee: error: no such history file: {tmp_path / 'none.jsonl'}\n"
    damaged = tmp_path / "history.jsonl"
    damaged.write_text('{"history": "game"}\nnot json\n{"history": "game"}\n')
    assert main(["history", str(damaged)]) == 2
    assert capsys.readouterr().err == (f"referee: error: {damaged}: line 2 is not JSON "
                                       "(the file was damaged or edited)\n")


def test_a_last_line_cut_short_by_a_crash_is_ignored_and_dropped_before_the_next(tmp_path):
    log = tmp_path / "game.jsonl"
    play_match(log, games=1)
    history = history_beside(log)
    history.write_bytes(history.read_bytes() + b'{"history": "ga')
    assert len(read_history(history)) == 1
    play_match(tmp_path / "next.jsonl", games=1)
    assert [e["log"] for e in read_history(history)] == ["game.jsonl", "next.jsonl"]
