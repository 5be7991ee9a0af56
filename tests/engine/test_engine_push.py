"""``push`` (a play the random player made and judged) and ``apply_pass`` (a pass by seat) give
what ``apply`` gives."""

from __future__ import annotations

import random

import pytest

from referee.engine import Deal, Pass, PlayCards, apply, load_preset, new_match
from referee.engine.engine import apply_pass, push
from referee.engine.events import IllegalEvent
from referee.engine.presets import PRESETS
from referee.engine.simulate import deal_hands, random_move
from referee.engine.state import Phase


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_push_and_apply_pass_give_what_apply_gives(preset: str) -> None:
    """The random players' moves (``random_move``) pushed unchecked, or passed by seat, make
    the same state and events as ``apply`` with all its checks."""
    rules = load_preset(preset)
    rng = random.Random(4)
    s = new_match(rules, list("ABCD"))
    pushed = passed = 0
    for _ in range(3):
        s, _ = apply(s, Deal(hands=deal_hands(rules, 4, rng)))
        while s.phase is not Phase.OVER:
            a, play = random_move(s, rng)
            expected = apply(s, a)
            if play is not None:
                assert isinstance(a, PlayCards) and s.players[s.turn] == a.player
                assert push(s, s.turn, a.cards, play) == expected
                pushed += 1
            elif isinstance(a, Pass):
                assert apply_pass(s, s.players.index(a.player)) == expected
                passed += 1
            s = expected[0]
    assert pushed > 0 and passed > 0


def test_apply_pass_still_checks_the_turn() -> None:
    rules = load_preset("highschool")
    s, _ = apply(new_match(rules, list("ABCD")), Deal(hands=deal_hands(rules, 4, random.Random(5))))
    same, events = apply_pass(s, (s.turn + 1) % 4)
    assert same is s and type(events[0]) is IllegalEvent and events[0].rule == "out-of-turn"
    same, events = apply_pass(s, s.turn)  # the leader may not pass
    assert same is s and events[0].rule == "must-lead"
