"""A play is given to the seat the camera saw lay it: out of turn, the engine refuses it and the
referee asks for the cards back; when the camera could not tell, the player to move made it."""

from __future__ import annotations

from reading_streams import labels
from table_double import new_game, table_calibration

from referee.gamelog import read_log
from referee.tracking import PlaySeen, TableTracker

FOUR = ("A", "B", "C", "D")


def game(tmp_path):
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    return new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)


def actions(referee, tmp_path):
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    return [(line.data["player"], line.data["play"], line.data["read"].get("seen_seat"))
            for line in read_log(tmp_path / "game.jsonl").of_kind("action")]


def test_a_play_seen_from_another_seat_is_refused_as_out_of_turn(tmp_path):
    referee, heard = game(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"), seat=2)], 1.0, 15)       # C lays cards on A's turn
    assert "Illegal play by C (not your turn): it is A's turn." in heard
    assert "C, please take the cards back." in heard
    assert referee.keeper.state.turn == 0
    referee.observe([PlaySeen(3.0, labels("6H"), seat=0)], 3.0, 45)
    assert "A plays 6 of hearts." in heard
    assert actions(referee, tmp_path) == [("C", ["5H"], 2), ("A", ["6H"], 0)]


def test_a_play_nobody_was_seen_laying_is_the_player_to_moves(tmp_path):
    referee, heard = game(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9C"), seat=None)], 2.0, 30)
    assert "A plays 5 of hearts." in heard and "B plays 9 of clubs." in heard
    assert not any("take the cards back" in line for line in heard)
    assert actions(referee, tmp_path) == [("A", ["5H"], None), ("B", ["9C"], None)]
