"""The referee loop end to end over whole staged games: the bundled game records are
choreographed (fanned plays under a hand, pad passes, take-backs, discards, point cards, swept
tricks), the scripted recogniser reads the table with misreadings and missed cards, and the game
log must hold exactly the events of the record. A crash mid-game and a resume from the log keep
every event."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest
from table_double import (BLANK, TABLE_MM, ScriptedPerception, frames, logged_events, new_game,
                          play_script, table_calibration)

from referee.calibration import default_zones
from referee.engine.record import load_record, replay_events
from referee.gamelog import log_to_record, read_log
from referee.live import LiveLoop
from referee.synth.choreography import ChoreographyError, choreograph
from referee.live.overlay import OverlayOutput, status_lines
from referee.tracking import TableTracker

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def profit_match() -> dict:
    """The Profit match without its out-of-turn play (game 0, action 2): a camera cannot tell who
    laid cards, the referee gives every play to the player whose turn it is."""
    record = fixture("profit-match.json")
    actions = record["games"][0]["actions"]
    assert actions[2] == {"player": "A", "play": ["AC"]}
    record["games"][0]["actions"] = actions[:2] + actions[3:]
    return record


def stage(record: dict, seed: int = 0):
    return choreograph(record, default_zones(len(record["players"]), *TABLE_MM), TABLE_MM, seed=seed)


@pytest.fixture(scope="module")
def highschool():
    return stage(fixture("highschool-game.json"))


def test_highschool_game_is_refereed_event_for_event(highschool, tmp_path):
    log = tmp_path / "game.jsonl"
    referee, heard = play_script(highschool, log, flicker=0.1, dropout=0.1, seed=3)
    events = logged_events(log)
    expected = list(highschool.expected_events)
    assert events[:len(expected)] == expected
    # the match goes on: game 2 is dealt, nothing else happened
    assert all(e["game"] == 1 for e in events[len(expected):])
    # the log is a record `referee replay` accepts, giving the same events
    assert replay_events(load_record(log_to_record(log))) == events
    assert sum("please take the cards back" in h for h in heard) == 2      # the record's two refused plays
    assert not [h for h in heard if h.startswith("Too early")]


def test_profit_match_is_refereed_with_point_cards_and_declarations(tmp_path):
    script = stage(profit_match(), seed=1)
    log = tmp_path / "profit.jsonl"
    referee, heard = play_script(script, log, flicker=0.1, dropout=0.1, seed=1)
    assert logged_events(log) == list(script.expected_events)
    assert referee.keeper.match_over
    final = script.expected_events[-1]
    assert final["event"] == "game_end" and final["match_over"]
    assert dict(zip(referee.keeper.players, referee.keeper.state.match.totals)) == final["totals"]
    assert not [h for h in heard if " took " in h or h.startswith("Too early")]
    assert sum(h == "Cover your pad to declare." for h in heard) == 13    # every Eight Reset / Jack Bind offer


@pytest.mark.parametrize("crash_at", [
    75,      # right after a refused play, its card still on the pile
    141,     # in the middle of a fanned play
    400,     # while a pad is being covered
    1190,    # near the end of the game
])
def test_a_crash_mid_game_resumes_from_the_log_with_every_event_kept(highschool, tmp_path, crash_at):
    log = tmp_path / "game.jsonl"
    with pytest.raises(RuntimeError, match="simulated crash"):
        play_script(highschool, log, crash_at_frame=crash_at)
    before = logged_events(log)
    assert 0 < len(before) < len(highschool.expected_events)
    referee, heard = play_script(highschool, log, resume=True)
    expected = list(highschool.expected_events)
    events = logged_events(log)
    assert events[:len(before)] == before
    assert events[:len(expected)] == expected
    assert heard[0].startswith("Resuming the game: ")
    assert read_log(log).of_kind("resume")


def test_a_crash_between_an_action_and_its_events_loses_nothing(highschool, tmp_path):
    log = tmp_path / "game.jsonl"
    with pytest.raises(RuntimeError):
        play_script(highschool, log, crash_at_frame=600)
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    last_action = max(i for i, line in enumerate(lines) if '"play": [' in line and '"event"' not in line)
    # the process died after writing the action, in the middle of its first event line
    log.write_text("".join(lines[:last_action + 1]) + lines[last_action + 1][:25], encoding="utf-8")
    referee, heard = play_script(highschool, log, resume=True)
    expected = list(highschool.expected_events)
    assert logged_events(log)[:len(expected)] == expected
    # the events written only now are said once, in one line, before the game goes on
    assert heard[0].startswith("While I was away: ") and " plays " in heard[0]
    assert heard[1].startswith("Resuming the game: ")


def test_staging_refuses_what_a_camera_cannot_follow():
    # a play out of turn is staged from its player's seat (the referee sees whose arm laid it)
    stage(fixture("profit-match.json"))             # game 0 action 2: A plays out of turn
    with pytest.raises(ChoreographyError, match="claims"):
        stage(fixture("shinafugo-game.json"))


def test_the_overlay_is_drawn_and_recorded(highschool, tmp_path):
    players = highschool.record["players"]
    calibration = table_calibration(players)
    tracker = TableTracker.from_calibration(calibration)
    referee, _ = new_game("highschool", players, [highschool.record["counts"][p] for p in players],
                          highschool.record.get("first"), tmp_path / "game.jsonl", tracker)
    video = tmp_path / "overlay.mp4"
    output = OverlayOutput(record_path=str(video), fps=15)
    loop = LiveLoop(referee, ScriptedPerception(highschool.timeline, calibration), calibration, every=2,
                    output=output)
    stats = loop.run(frames(6.0))
    output.close()
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    assert stats.frames == 91 and stats.looked == 46
    capture = cv2.VideoCapture(str(video))
    ok, image = capture.read()
    capture.release()
    assert ok and image.shape == BLANK.shape and image.any()
    lines = status_lines(referee.keeper, referee.prompt, 6.0)
    assert lines[0] == "highschool  game 1"
    assert "turn: D" in lines and "order: normal" in lines
    assert "bind: suits H, next rank 8" in lines
    assert "top: 7H by C" in lines
    assert "cards: A 12  B 12  C 13  D 14" in lines


def test_a_crash_between_two_games_resumes_without_a_phantom_play(tmp_path):
    """The last game's pile and point cards still lie on the table when the referee comes back
    between two games: they are left over, not a play of the new game nor point cards taken."""
    script = stage(profit_match(), seed=1)
    whole = tmp_path / "whole.jsonl"
    play_script(script, whole)
    first_game_end = max(line.data["frame"] for line in read_log(whole).of_kind("action")
                         if line.data.get("game", 0) == 0)
    log = tmp_path / "profit.jsonl"
    with pytest.raises(RuntimeError, match="simulated crash"):
        play_script(script, log, crash_at_frame=first_game_end + 5)
    # The process died after the game's end was written and before the next deal was.
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    end = next(i for i, line in enumerate(lines) if '"event": "game_end"' in line)
    log.write_text("".join(lines[:end + 1]), encoding="utf-8")
    referee, heard = play_script(script, log, resume=True)
    assert logged_events(log) == list(script.expected_events)
    assert not [h for h in heard if " took " in h or h.startswith("Too early")]
