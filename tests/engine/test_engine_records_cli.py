"""Game records, ``referee replay``, ``referee simulate`` and ``referee demo``."""

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.engine.record import RecordError, load_record, replay_events

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "fixtures" / "highschool-game.json"

ISSUE_EXAMPLE = {
    "rules": "highschool", "options": {"lucky-seven": False},
    "players": ["A", "B", "C", "D"], "first": "A",
    "counts": {"A": 13, "B": 13, "C": 14, "D": 14},
    "actions": [
        {"player": "A", "play": ["3H"]},
        {"player": "B", "pass": True},
        {"player": "C", "play": ["10C"]},
        {"player": "C", "discard": 1},
        {"player": "D", "play": ["9S", "9H"]},
        {"player": "D", "give": 1}]}


def test_the_issue_example_record_replays():
    """The format example of the issue reads and replays. (Its 9S 9H on the single 10C is a
    double on a single: illegal under these rules, so the give that follows is too.)"""
    events = replay_events(load_record(ISSUE_EXAMPLE))
    kinds = [(e["event"], e["action"], e.get("rule")) for e in events]
    assert kinds[0] == ("turn", None, None)
    assert ("effect", 2, "ten-discard") in kinds
    assert ("effect", 3, "ten-discard") in kinds
    assert ("illegal", 4, "wrong-count") in kinds
    assert ("illegal", 5, "nine-pass") in kinds
    discard = [e for e in events if e.get("rule") == "ten-discard"][-1]
    assert discard == {"event": "effect", "action": 3, "rule": "ten-discard", "player": "C",
                       "count": 1}


def test_hidden_record_nine_pass_moves_a_count():
    rec = dict(ISSUE_EXAMPLE, actions=[
        {"player": "A", "play": ["3H"]},
        {"player": "B", "play": ["9S"]},
        {"player": "C", "pass": True}, {"player": "D", "pass": True},
        {"player": "A", "pass": True},
        {"player": "B", "play": ["9D", "9C"]},
        {"player": "B", "give": 1}])
    events = replay_events(load_record(rec))
    assert not any(e["event"] == "illegal" for e in events)
    give = [e for e in events if e.get("rule") == "nine-pass"][-1]
    assert give == {"event": "effect", "action": 6, "rule": "nine-pass", "player": "B",
                    "to": "C", "count": 1}


def test_bundled_fixture_shows_the_interesting_effects():
    events = replay_events(load_record(FIXTURE))
    rules = {e["rule"] for e in events if e["event"] in ("effect", "illegal")}
    assert {"revolution", "eight-cut", "suit-bind", "strict-bind", "eleven-back", "ten-discard",
            "nine-pass", "spade-three", "catapult", "lucky-seven", "stairs"} <= rules
    assert any(e["event"] == "illegal" for e in events)
    assert events[-1]["event"] == "game_end"
    assert sorted(events[-1]["ranking"]) == ["A", "B", "C", "D"]


def test_match_record_with_games_list():
    rec = {"rules": "president", "players": ["A", "B", "C"],
           "games": [
               {"hands": {"A": ["3D"], "B": ["4S"], "C": ["5S"]},
                "actions": [{"player": "A", "play": ["3D"]}, {"player": "B", "play": ["4S"]}]},
               {"counts": {"A": 3, "B": 3, "C": 3},
                "actions": [{"player": "C", "exchange": 2}, {"player": "A", "exchange": 2},
                            {"player": "C", "play": ["5H"]}]}]}
    events = replay_events(load_record(rec))
    assert {e["game"] for e in events} == {0, 1}
    ends = [e for e in events if e["event"] == "game_end"]
    assert ends[0]["ranking"] == ["A", "B", "C"] and ends[0]["totals"] == {"A": 2, "B": 1, "C": 0}
    assert [e["player"] for e in events if e["event"] == "play"] == ["A", "B", "C"]


@pytest.mark.parametrize("data,fragment", [
    ({"players": ["A", "B"]}, "hands"),
    ({"rules": "highschool", "players": ["A", "B"], "counts": {"A": 1}}, "missing"),
    ({"rules": "nope", "players": ["A", "B"], "counts": {"A": 1, "B": 1}}, "unknown rules"),
    ({"players": ["A", "B"], "options": {"foo": 1}, "counts": {"A": 1, "B": 1}},
     "unknown option"),
    ({"players": ["A", "B"], "hands": {"A": ["1Z"], "B": []}}, "unknown card code"),
    ({"players": ["A", "B"], "counts": {"A": 1, "B": 1},
      "actions": [{"player": "Z", "pass": True}]}, "unknown player"),
    ({"players": ["A", "B"], "counts": {"A": 1, "B": 1},
      "actions": [{"player": "A", "jump": True}]}, "exactly one of"),
])
def test_bad_records_are_record_errors(data, fragment):
    with pytest.raises(RecordError) as e:
        load_record(data)
    assert fragment in str(e.value)


def test_cli_replay_json_lines(capsys):
    assert main(["replay", str(FIXTURE), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    events = [json.loads(x) for x in lines]
    assert all("event" in e and "action" in e for e in events)
    assert events == replay_events(load_record(FIXTURE))


@pytest.mark.parametrize("lang,word", [("en", "Eight cut"), ("ja", "はちぎり")])
def test_cli_replay_readable(capsys, lang, word):
    assert main(["replay", str(FIXTURE), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert word in out
    if lang == "ja":
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in out), "kanji in the Japanese text"


def test_cli_replay_errors_are_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"rules": "highschool", "players": ["A", "B"], "coun')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: error:") and err.count("\n") == 1 and "truncated" in err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_cli_simulate_json(capsys):
    assert main(["simulate", "--rules", "highschool", "--players", "5", "--games", "20",
                 "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == summary["rounds"] == 20
    assert summary["invariant_violations"] == 0 and summary["rounds_per_second"] > 0


def test_cli_simulate_bad_arguments(capsys):
    assert main(["simulate", "--players", "9"]) == 2
    assert main(["simulate", "--rules", "nope"]) == 2
    assert "unknown rules" in capsys.readouterr().err


def test_cli_replays_the_highschool_fixture_in_both_languages(capsys):
    fixture = str(ROOT / "fixtures" / "highschool-game.json")
    assert main(["replay", fixture]) == 0
    assert "Lucky seven" in capsys.readouterr().out
    assert main(["replay", fixture, "--lang", "ja"]) == 0
    assert "ラッキーセブン" in capsys.readouterr().out


# ---- Profit and Shinafugo records (issue 3) -----------------------------------------------------

PROFIT_FIXTURE = ROOT / "fixtures" / "profit-match.json"
SHINAFUGO_FIXTURE = ROOT / "fixtures" / "shinafugo-game.json"


def _effects(events):
    out = set()
    for e in events:
        if e["event"] == "effect":
            out.add(e["rule"])
            for flag in ("declared", "missed", "declined", "from"):
                if e.get(flag):
                    out.add(f"{e['rule']}:{flag}")
    return out


def test_profit_fixture_is_a_whole_match_with_every_special_rule():
    rec = load_record(PROFIT_FIXTURE)
    assert rec.known and rec.match and len(rec.games) == len(rec.players)
    events = replay_events(rec)
    assert {"almighty", "joker-dead", "revolution", "eight-reset", "eight-reset:declared",
            "seven-skip", "jack-bind", "jack-bind:declared", "king-crown"} <= _effects(events)
    assert any(e["event"] == "point_card" for e in events)
    assert any(e["event"] == "illegal" for e in events)
    ends = [e for e in events if e["event"] == "game_end"]
    assert len(ends) == len(rec.players)
    last = events[-1]
    assert last["event"] == "game_end" and last["match_over"] and last["winners"]
    totals = {p: sum(e["scores"][p] for e in ends) for p in rec.players}
    assert last["totals"] == totals
    # game_end.scores: point cards plus bonus, by game
    for gi, end in enumerate(ends):
        taken = {p: 0 for p in rec.players}
        for e in events:
            if e.get("game") == gi and e["event"] == "point_card":
                n = e["card"][:-1]
                taken[e["player"]] += {"A": 1, "J": 11, "Q": 12, "K": 13}.get(n) or int(n)
        dead = {e["player"] for e in events if e.get("game") == gi
                and e["event"] == "effect" and e["rule"] == "joker-dead"}
        finishers = [e["player"] for e in events if e.get("game") == gi
                     and e["event"] == "finish"][:2]
        bonus = next((p for p in finishers if p not in dead), None)
        for p in rec.players:
            want = 0 if p in dead else taken[p] + (5 if p == bonus else 0)
            assert end["scores"][p] == want, (gi, p)


def test_shinafugo_fixture_hidden_hands_with_claims():
    rec = load_record(SHINAFUGO_FIXTURE)
    assert not rec.known and rec.match
    events = replay_events(rec)
    assert {"stairs", "suit-bind", "number-bind", "eight-cut", "revolution", "coup",
            "shinako-back", "spade-three", "uno", "uno:declared", "uno:missed", "tenho",
            "shinako-koshi", "dobon", "dobon-gaeshi", "dobon-gaeshi:declined", "chombo",
            "chombo:from", "forbidden-finish"} <= _effects(events)
    assert not any(e["event"] == "illegal" for e in events)
    assert any(e["event"] == "play" and "JK=4H" in e["cards"] for e in events)
    assert events[-1]["event"] == "game_end" and events[-1]["match_over"]


@pytest.mark.parametrize("fixture", [PROFIT_FIXTURE, SHINAFUGO_FIXTURE])
def test_cli_replay_json_on_the_new_fixtures(capsys, fixture):
    assert main(["replay", str(fixture), "--json"]) == 0
    events = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert events == replay_events(load_record(fixture))
    from referee.engine.events import EVENT_NAMES, RULE_IDS
    assert {e["event"] for e in events} <= set(EVENT_NAMES)
    assert {e["rule"] for e in events if "rule" in e} <= set(RULE_IDS)
    for lang in ("en", "ja"):
        assert main(["replay", str(fixture), "--lang", lang]) == 0
        out = capsys.readouterr().out
        if lang == "ja":
            assert not any("\u4e00" <= ch <= "\u9fff" for ch in out), "kanji in the Japanese text"


@pytest.mark.parametrize("rules,players", [("profit", 4), ("shinafugo", 6)])
def test_cli_simulate_profit_and_shinafugo(capsys, rules, players):
    assert main(["simulate", "--rules", rules, "--players", str(players), "--games", "30",
                 "--seed", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"] == rules and summary["invariant_violations"] == 0
