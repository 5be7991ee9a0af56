"""Corrections at the table: undo the last action, correct the last play's cards, by key. Each is a
``correction`` line appended to the log (nothing rewritten); the engine state is rebuilt from the
record, and `log_to_record` (what `referee replay` reads) and ``--resume`` read through it."""

from __future__ import annotations

from reading_streams import labels
from table_double import new_game, table_calibration

from referee.engine.record import load_record, replay_events
from referee.gamelog import effective_events, log_to_record, read_log
from referee.live.keeper import GameKeeper
from referee.tracking import PlaySeen, TableTracker

FOUR = ("A", "B", "C", "D")


def start(tmp_path, name="game.jsonl"):
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    return new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / name, tracker)


def finish(referee):
    referee.keeper.log.close()
    referee.announcer.close(drain=False)


def plays(events):
    return [(e["player"], e["cards"]) for e in events if e["event"] == "play"]


def strip_game(events):
    return [{k: v for k, v in e.items() if k != "game"} for e in events]


def type_keys(referee, text, t):
    for key in text:
        referee.key(key, t, None)


def test_undo_takes_back_the_last_play_and_the_game_goes_on_from_before_it(tmp_path):
    referee, heard = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9C"))], 2.0, 30)        # B's play, a phantom
    referee.key("u", 3.0, 45)
    assert referee.keeper.state.turn == 1                       # B to play again
    assert "Undone: B's play of 9 of clubs. Please take the cards back." in heard
    referee.observe([PlaySeen(4.0, labels("7D"))], 4.0, 60)
    finish(referee)
    log = tmp_path / "game.jsonl"
    assert [line.data["correct"] for line in read_log(log).of_kind("correction")] == ["undo"]
    record = log_to_record(log)
    assert [a.get("play") for a in record["actions"]] == [["5H"], ["7D"]]
    events = effective_events(log)
    assert plays(events) == [("A", ["5H"]), ("B", ["7D"])]
    assert replay_events(load_record(record)) == strip_game(events)


def test_a_misread_play_is_corrected_by_typing_its_cards_and_later_actions_are_taken_again(tmp_path):
    referee, heard = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9C"))], 2.0, 30)        # B laid 9S: read as 9C
    referee.key("p", 3.0, 45)                                   # C passes
    type_keys(referee, "c9s\r", 4.0)
    assert "Corrected: B played 9 of spades." in heard
    assert referee.keeper.state.trick.top.cards[0].code == "9S"
    assert referee.keeper.state.turn == 3                       # C's pass was taken again: D to play
    finish(referee)
    log = tmp_path / "game.jsonl"
    events = effective_events(log)
    assert plays(events) == [("A", ["5H"]), ("B", ["9S"])]
    assert [e["player"] for e in events if e["event"] == "pass"] == ["C"]
    assert replay_events(load_record(log_to_record(log))) == strip_game(events)


def test_a_corrected_log_resumes_to_the_same_state(tmp_path):
    referee, _ = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9C"))], 2.0, 30)
    type_keys(referee, "c9s\r", 3.0)
    referee.key("u", 4.0, 60)
    referee.observe([PlaySeen(5.0, labels("8D"))], 5.0, 75)
    state = referee.keeper.state
    finish(referee)
    keeper, resumed = GameKeeper.resume(tmp_path / "game.jsonl", reopen=False)
    assert keeper.state == state
    assert resumed.missing_events == ()


def test_bad_corrections_change_nothing_and_say_why(tmp_path):
    referee, heard = start(tmp_path)
    referee.key("u", 1.0, 15)
    assert heard[-1] == "Nothing to undo."
    referee.observe([PlaySeen(2.0, labels("5H"))], 2.0, 30)
    before = referee.keeper.state
    type_keys(referee, "cZZ\r", 3.0)
    assert heard[-1] == "Those are not card codes."
    type_keys(referee, "c9S\x1b", 3.0)                         # Esc cancels the typing
    assert referee.keeper.state == before and referee.typing is None
    finish(referee)
    assert not read_log(tmp_path / "game.jsonl").of_kind("correction")


def test_referee_replay_reads_a_corrected_game_log(tmp_path, capsys):
    from referee.cli import main

    referee, _ = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9C"))], 2.0, 30)
    type_keys(referee, "c9s\r", 3.0)
    finish(referee)
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "B plays 9 of spades." in out and "9 of clubs" not in out


def test_a_log_with_a_question_said_no_to_replays_and_resumes_to_the_same_state(tmp_path):
    from reading_streams import readings

    from referee.tracking import PassSeen

    referee, heard = start(tmp_path)
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9S"), readings(([("9S", -0.5), ("9C", -1.0)],)))], 2.0, 30)
    referee.observe([PassSeen(3.0, 1)], 3.0, 45)              # B: not the 9S
    referee.observe([PlaySeen(4.0, labels("JD"), readings(([("JD", -0.01)],)))], 4.0, 60)
    state = referee.keeper.state
    finish(referee)
    log = tmp_path / "game.jsonl"
    assert [line.data["correct"] for line in read_log(log).of_kind("correction")] == ["said-no"]
    events = effective_events(log)
    assert plays(events) == [("A", ["5H"]), ("B", ["9C"]), ("C", ["JD"])]
    assert replay_events(load_record(log_to_record(log))) == strip_game(events)
    keeper, resumed = GameKeeper.resume(log, reopen=False)
    assert keeper.state == state and resumed.missing_events == ()
