"""The engine's shortcuts for its commonest actions build what the general path would."""

from __future__ import annotations

import dataclasses
import random

import pytest

from referee.engine import apply, load_preset, new_match
from referee.engine.presets import PRESETS
from referee.engine.simulate import play_game, random_action
from referee.engine.state import GameState, Phase, Trick, make_trick


def _states(preset: str, players: int = 5) -> list[GameState]:
    """Every state of two random games (a match's first and second: exchange, capital fall)."""
    rng = random.Random(5)
    s = new_match(load_preset(preset), [chr(65 + i) for i in range(players)])
    out = []
    for _ in range(2):
        s, _log = play_game(s, rng, check=False, max_steps=0)  # deal only
        while s.phase is not Phase.OVER:
            out.append(s)
            s, _ = apply(s, random_action(s, rng))
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_after_turn_is_the_state_with_those_fields_replaced(preset: str) -> None:
    for s in _states(preset):
        trick = Trick(s.trick.top, s.trick.last, s.trick.passed | 1, s.trick.flipped)
        hands, counts = s.hands[::-1], s.counts[::-1]
        assert s.after_turn(3, trick, s.trick.top, 2, hands, counts, s.seen | 1) == (
            dataclasses.replace(s, turn=3, trick=trick, recent=s.trick.top, recent_seat=2,
                                hands=hands, counts=counts, seen=s.seen | 1))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_next_active_is_the_next_seat_still_playing(preset: str) -> None:
    for s in _states(preset):
        for seat in range(s.n):
            ahead = [(seat + k * s.direction) % s.n for k in range(1, s.n + 1)]
            want = next((x for x in ahead if s.active >> x & 1), -1)
            assert s.next_active(seat) == want


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_next_active_is_the_walk_round_the_table_for_every_mask_and_direction(players: int) -> None:
    s = new_match(load_preset("president"), [chr(65 + i) for i in range(players)])
    for active in range(1 << players):
        for direction in (1, -1):
            t = dataclasses.replace(s, active=active, direction=direction)
            for seat in range(-1, players):
                ahead = [(seat + k * direction) % players for k in range(1, players + 1)]
                want = next((x for x in ahead if active >> x & 1), -1)
                assert t.next_active(seat) == want, (active, direction, seat)


def test_after_turn_and_make_trick_make_what_the_classes_make() -> None:
    for s in _states("shinafugo"):
        state = s.after_turn(s.turn, s.trick, s.recent, s.recent_seat, s.hands, s.counts, s.seen)
        trick = make_trick(*(getattr(s.trick, f.name) for f in dataclasses.fields(s.trick)))
        assert type(state) is GameState and state == s and hash(state) == hash(s)
        assert type(trick) is Trick and trick == s.trick
