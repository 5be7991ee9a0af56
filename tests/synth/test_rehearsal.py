"""A short game with a play out of turn: the player after the one to move lays a card, the game
refuses it, and the staging has that player's own hand lay it and take it back."""

from __future__ import annotations

import pytest

from referee.calibration.layout import PILE
from referee.engine import Deal, PlayCards, apply, new_match
from referee.engine.record import load_record
from referee.synth.choreography import choreograph
from referee.synth.footage import FilmSet, film_zones
from referee.synth.rehearsal import short_game

SEATS = ["Ann", "Bo", "Cy"]


def out_of_turn_plays(record):
    """(action index, seat) of each play whose player was not the one to move."""
    rec = load_record(record)
    state, _ = apply(new_match(rec.rules, rec.players), Deal(hands=rec.games[0].hands, first=rec.games[0].first))
    out = []
    for i, action in enumerate(rec.games[0].actions):
        if isinstance(action, PlayCards) and rec.players.index(action.player) != state.turn:
            out.append((i, rec.players.index(action.player)))
        state, _ = apply(state, action)
    return out


@pytest.mark.parametrize("rules", ["highschool", "president", "profit"])
def test_one_play_out_of_turn_is_refused_and_staged_from_its_own_seat(rules):
    record = short_game(rules, SEATS, 5, 1, out_of_turn=True)
    assert out_of_turn_plays(short_game(rules, SEATS, 5, 1)) == []
    [(index, seat)] = out_of_turn_plays(record)
    film = FilmSet()
    script = choreograph(record, film_zones(len(SEATS), film), film.table_mm)
    refusals = [e for e in script.expected_events if e["event"] == "illegal" and e["action"] == index]
    assert [(e["player"], e["rule"]) for e in refusals] == [(SEATS[seat], "out-of-turn")]
    [code] = record["actions"][index]["play"]
    laid = next(c for c in script.timeline.cards if c.zone == PILE and c.code == code)
    assert laid.end < script.timeline.duration                     # taken back
    assert any(h.seat == seat and h.start <= laid.start <= h.end for h in script.timeline.hands)
