"""A table that declares by a double tap (`--declare-gesture double-tap`), over hand-built table
timelines (scripted recogniser, real tracker, engine, muted announcer and game log): a double tap
declares the offer pending for its seat and is never a pass, a cover is never a declaration."""

from __future__ import annotations

import json
import re
from pathlib import Path

from table_double import TABLE_MM, logged_events, new_stage, play_script, run_stage

from referee.calibration import default_zones
from referee.gamelog import read_log
from referee.synth.choreography import Timing, choreograph
from referee.tracking import TrackerSettings

THREE = ("A", "B", "C")
TAPPING = TrackerSettings(declare_gesture="double-tap")
KANJI = re.compile(r"[\u4e00-\u9fff]")
DEMO_RECORD = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "profit-demo.json"


def actions(log):
    return [a.get("declare") or ("pass" if "pass" in a else a.get("play")) for a in read_log(log).actions]


def test_a_double_tap_declares_the_offer_and_a_cover_while_offered_is_a_pass(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["8H"], "pile", 1.0)
    stage.tap_pad(0, 2.5)                       # A declares Eight Reset: the trick ends, A leads
    stage.sweep("pile", 4.0)
    stage.lay_fan(["8S"], "pile", 5.5)          # offered again ...
    stage.cover_pad(0, 7.0)                     # ... and A covers the pad in time: a pass, out of turn
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), log, settings=TAPPING)

    assert heard.count("Tap your pad twice to declare.") == 2
    assert "Cover your pad to declare." not in heard
    assert actions(log) == [["8H"], "eight-reset", ["8S"], "pass"]
    assert [e["rule"] for e in logged_events(log) if e["event"] == "illegal"] == ["out-of-turn"]


def test_a_double_tap_with_no_offer_known_is_said_and_is_no_pass(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.tap_pad(1, 2.5)                       # B declares, as if after an 8 the referee never saw
    stage.cover_pad(1, 4.5)                     # then passes
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), log, settings=TAPPING)

    assert "B: a declaration, but there is nothing to declare." in heard
    assert actions(log) == [["5H"], "pass"]
    assert not [e for e in logged_events(log) if e["event"] == "illegal"]
    assert referee.keeper.state.to_move == 2


def test_the_double_tap_texts_in_japanese_are_kana(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["8H"], "pile", 1.0)           # A is offered Eight Reset
    stage.tap_pad(1, 2.5)                       # B has nothing to declare
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), tmp_path / "game.jsonl", lang="ja",
                               settings=TAPPING)

    assert "パッドを 2かい たたくと せんげんします。" in heard
    assert "Bさん、せんげんできる ものが ありません。" in heard
    assert not [h for h in heard if KANJI.search(h)]


def test_the_demo_game_with_every_declaration_a_double_tap_is_refereed_event_for_event(tmp_path):
    record = json.loads(DEMO_RECORD.read_text(encoding="utf-8"))
    script = choreograph(record, default_zones(len(record["players"]), *TABLE_MM), TABLE_MM,
                         timing=Timing(double_tap=True))
    declarations = [a for a in record["actions"] if "declare" in a]
    assert declarations and len(script.timeline.pads) == len([a for a in record["actions"] if "pass" in a]) + \
        2 * len(declarations)
    log = tmp_path / "game.jsonl"
    referee, heard = play_script(script, log, settings=TAPPING)

    expected = list(script.expected_events)
    assert logged_events(log)[:len(expected)] == expected
    assert heard.count("Tap your pad twice to declare.") >= len(declarations)
