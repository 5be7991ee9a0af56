"""The live referee end to end on filmed games, nothing scripted but the game itself: each game
is staged and filmed with a held-out deck design (`referee.synth.footage`), written to an mp4,
calibrated from the markers in its first frames, and refereed through the capture thread, the
committed ONNX recogniser (on the card zones when they change, as `referee watch` reads), the
marker detector, the tracker, the engine and the game log (`referee.synth.rehearsal`). The log
must hold exactly the events the game gives: every play, refused play and pass, no phantom play,
the same ranking and scores.

The games here are the ones the committed models referee right (a guard against regressions);
`bench/live.py` runs every held-out design and reports how many games come out right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from table_double import logged_events

from referee.cli import main
from referee.gamelog import log_to_record, read_log
from referee.live.perception import ZONE_READER_SWITCH
from referee.synth.choreography import choreograph
from referee.synth.footage import FilmSet, film_zones
from referee.synth.rehearsal import rehearse, short_game
from referee.synth.scenes.designs import all_designs
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, default_models_dir

MODELS = default_models_dir()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"

pytestmark = pytest.mark.skipif(
    not ((MODELS / DETECTOR_FILE).is_file() and (MODELS / CLASSIFIER_FILE).is_file()),
    reason="no committed models")

# Under pytest-xdist the tests of one group run on one worker: the whole-frame test referees the
# film the first game's test made.
SHARED_FILM = pytest.mark.xdist_group("gnome-anglo_poker-film")

# (design, rules, seed): short games of 3 players with 5 cards each and one refused play
GAMES = [
    pytest.param("gnome-anglo_poker", "president", 2, marks=SHARED_FILM),
    ("gnome-neoclassical_4_color", "profit", 1),
    ("gnome-simplistic", "profit", 2),
    ("kde-penguins", "highschool", 2),
    ("referee-drawn", "profit", 1),
]


def available(design: str) -> bool:
    return any(d.name == design for d in all_designs())


@pytest.fixture(scope="module")
def recognizer():
    from referee.vision.recognizer import LIVE_OPTIONS, CardRecognizer

    return CardRecognizer(**LIVE_OPTIONS)       # as referee watch builds it


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """Where this module's films are made: a game filmed for one test is refereed again from its
    film by another (`rehearse(reuse_film=True)` renders it where it is not there yet)."""
    return tmp_path_factory.mktemp("films")


@pytest.mark.parametrize("design, rules, seed", GAMES)
def test_a_filmed_game_is_refereed_event_for_event(design, rules, seed, recognizer, studio):
    if not available(design):
        pytest.skip(f"{design} is not installed here (make system-deps)")
    record = short_game(rules, ["Ann", "Bo", "Cy"], 5, seed)
    result = rehearse(record, FilmSet(design=design, seed=seed), studio / f"{design}-{rules}-{seed}", every=1,
                      recognizer=recognizer, reuse_film=True)
    assert result.refereed_right, result.mismatches()[:3]
    kinds = [e["event"] for e in result.logged]
    assert "illegal" in kinds and "pass" in kinds and "game_end" in kinds
    assert result.frames > 200 and result.looked == result.frames     # every frame, as referee watch


@SHARED_FILM
def test_a_filmed_game_read_whole_on_every_frame_is_refereed_event_for_event(recognizer, studio, monkeypatch):
    """REFEREE_ZONE_READER=0: the recogniser on the whole of every frame (the shortest of GAMES'
    films, refereed on its zones above)."""
    design, rules, seed = "gnome-anglo_poker", "president", 2
    if not available(design):
        pytest.skip(f"{design} is not installed here (make system-deps)")
    monkeypatch.setenv(ZONE_READER_SWITCH, "0")
    record = short_game(rules, ["Ann", "Bo", "Cy"], 5, seed)
    result = rehearse(record, FilmSet(design=design, seed=seed), studio / f"{design}-{rules}-{seed}", every=1,
                      recognizer=recognizer, reuse_film=True)
    assert result.refereed_right, result.mismatches()[:3]
    assert result.looked == result.frames


def test_the_demo_referees_the_bundled_recording(tmp_path, capsys):
    assert main(["demo", "--headless", "--mute", "--fast", "--lang", "en", "--log-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Revolution!" in out and "please take the cards back" in out and "as a point card" in out
    assert "Game over. Ranking: 1. Aki, 2. Chika, 3. Ben. Scores: Aki 22, Ben 2, Chika 31." in out
    assert "totals: Aki 22, Ben 2, Chika 31" in out
    record = json.loads((DEMO / "profit-demo.json").read_text(encoding="utf-8"))
    film = FilmSet()
    expected = list(choreograph(record, film_zones(3, film), film.table_mm).expected_events)
    logged = logged_events(next(tmp_path.glob("game-*.jsonl")))
    assert logged[:len(expected)] == expected
    assert all(e["game"] == 1 for e in logged[len(expected):])      # game 2 dealt, nothing else


def test_the_demo_recording_is_small_and_licensed():
    manifest = json.loads((DEMO / "demo.json").read_text(encoding="utf-8"))
    assert (DEMO / manifest["video"]).stat().st_size < 20 * 1024 * 1024
    assert "AGPL" in manifest["licence"] and manifest["rules"] == "profit"


def test_a_filmed_game_with_the_motions_of_a_real_table_is_refereed_event_for_event(recognizer, tmp_path):
    """Cards laid facing their player (the top seat's upside down), the winner carrying the pile
    off, idle arms over the table, a mug and a phone at the edge: no phantom play, nothing missed."""
    design, rules, seed = "referee-drawn", "profit", 1
    record = short_game(rules, ["Ann", "Bo", "Cy"], 5, seed)
    result = rehearse(record, FilmSet(design=design, seed=seed, motions=True), tmp_path, every=1, recognizer=recognizer)
    assert result.refereed_right, result.mismatches()[:3]


def test_a_filmed_game_whose_misread_play_its_player_says_no_to_ends_right_without_a_correction(recognizer, tmp_path):
    """kde-ancient-egyptians (highschool, seed 1, with motions and a play out of turn): Cy's 6C
    is read unsurely as 9C and asked about; the table answers as its players would (a pad cover
    says no, `rehearse(answer=True)`), the referee takes its next reading, the 6C, and the game
    ends as played with nothing typed at the table."""
    design, rules, seed = "kde-ancient-egyptians", "highschool", 1
    if not available(design):
        pytest.skip(f"{design} is not installed here (make system-deps)")
    record = short_game(rules, ["Ann", "Bo", "Cy"], 5, seed, out_of_turn=True)
    result = rehearse(record, FilmSet(design=design, seed=seed, motions=True), tmp_path, every=1,
                      recognizer=recognizer, answer=True)
    assert [line.data["correct"] for line in read_log(result.log).of_kind("correction")] == ["said-no"]

    def what(action):
        return action["player"], tuple(sorted(action.get("play") or ())), "pass" in action

    logged = log_to_record(result.log)
    logged = [a for a in logged.get("games", [logged])[0]["actions"] if "exchange" not in a]
    assert [what(a) for a in logged] == [what(a) for a in record["actions"]]
    end = [e for e in result.logged if e["event"] == "game_end"]
    want = [e for e in result.expected if e["event"] == "game_end"]
    assert end and [(e["ranking"], e["scores"]) for e in end[:1]] == [(e["ranking"], e["scores"]) for e in want[:1]]
