"""`Board` on the referee loop's side, with a real referee (engine, tracker, log, muted announcer):
the snapshot it publishes says what the table state is, in the table's language, and the
page's actions are applied by the loop as the table's keys would be."""

from __future__ import annotations

import json

from reading_streams import labels
from table_double import new_game, table_calibration

from referee.board.actions import BoardAction
from referee.board.board import Board
from referee.gamelog.history import HistoryRecorder
from referee.tracking import PlaySeen, TableTracker

FOUR = ("A", "B", "C", "D")


def start(tmp_path, lang="en", rules="president-none", players=FOUR, counts=(13, 13, 13, 13), **options):
    tracker = TableTracker.from_calibration(table_calibration(players))
    board = Board(lang)
    referee, heard = new_game(rules, players, counts, players[0], tmp_path / "game.jsonl", tracker, lang=lang,
                              **options)
    board.listen(referee.announcer)
    return referee, board


def state(board: Board) -> dict:
    return json.loads(board.feed.current()[1])


def test_the_snapshot_follows_the_game(tmp_path):
    referee, board = start(tmp_path)
    board.step(referee, 0.0)
    first = state(board)
    assert first["turn"] == "A" and first["top"] is None and first["leader"] == "A"
    assert [p["cards"] for p in first["players"]] == [13, 13, 13, 13]
    assert first["order"] == "normal" and first["binds"] == [] and not first["can_undo"]
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0)
    board.step(referee, 1.0)
    now = state(board)
    assert now["turn"] == "B" and now["top"] == {"player": "A", "codes": ["5H"], "names": ["5 of hearts"]}
    assert [p["to_move"] for p in now["players"]] == [False, True, False, False]
    assert now["players"][0]["cards"] == 12 and now["can_undo"]
    assert now["announcements"][-1] == "A plays 5 of hearts."
    version = board.feed.current()[0]
    board.step(referee, 1.1)
    assert board.feed.current()[0] == version          # nothing changed: nothing sent again


def test_the_pages_undo_pass_and_correction_are_applied_on_the_loop(tmp_path):
    referee, board = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0)
    referee.observe([PlaySeen(2.0, labels("9C"))], 2.0)      # B laid 9S, read as 9C
    board.feed.send(BoardAction("correct", ("9S",)))
    board.feed.send(BoardAction("pass"))                 # C passes
    board.step(referee, 3.0)
    assert referee.keeper.state.trick.top.cards[0].code == "9S"
    assert state(board)["turn"] == "D"
    board.feed.send(BoardAction("undo"))                 # C's pass taken back
    board.step(referee, 4.0)
    assert state(board)["turn"] == "C"
    assert state(board)["announcements"][-3:] == ["Corrected: B played 9 of spades.", "C passes.",
                                                   "Undone: C's last action."]


def test_japanese_table_gets_a_japanese_page(tmp_path):
    referee, board = start(tmp_path, lang="ja")
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0)
    board.step(referee, 1.0)
    snapshot = state(board)
    assert snapshot["top"]["names"] == ["ハートの5"]
    assert snapshot["order"] == "通常"
    assert snapshot["announcements"][-1] == "Aさん、ハートの5。"


def test_points_and_the_match_history_are_shown(tmp_path):
    referee, board = start(tmp_path, rules="profit", players=("A", "B", "C"), counts=(12, 12, 12))
    history = HistoryRecorder.for_log(tmp_path / "game.jsonl")
    board.history = history
    history.on_log_line({"event": "game_end", "game": 0, "ranking": ["B", "A", "C"],
                         "scores": {"A": 3, "B": 9, "C": 0}, "totals": {"A": 3, "B": 9, "C": 0},
                         "match_over": False})
    board.step(referee, 0.0)
    snapshot = state(board)
    assert all("points" in p for p in snapshot["players"])
    assert snapshot["games"] == [{"game": 1, "ranking": ["B", "A", "C"], "scores": {"A": 3, "B": 9, "C": 0}}]
    assert snapshot["matches"] == []
