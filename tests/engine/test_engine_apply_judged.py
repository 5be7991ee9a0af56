"""``apply_judged`` (a play the random player already judged) gives what ``apply`` gives."""

from __future__ import annotations

import random

import pytest

from referee.engine import Deal, Pass, PlayCards, apply, judge, load_preset, new_match
from referee.engine.engine import apply_judged, apply_pass, push
from referee.engine.events import IllegalEvent
from referee.engine.presets import PRESETS
from referee.engine.simulate import deal_hands, random_move
from referee.engine.state import Phase


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_same_state_and_events_as_apply(preset: str) -> None:
    rules = load_preset(preset)
    rng = random.Random(3)
    s = new_match(rules, list("ABCD"))
    judged = 0
    for _ in range(3):
        s, _ = apply(s, Deal(hands=deal_hands(rules, 4, rng)))
        while s.phase is not Phase.OVER:
            a, play = random_move(s, rng)
            expected = apply(s, a)
            if play is not None and isinstance(a, PlayCards):
                assert apply_judged(s, a, play) == expected
                judged += 1
            s = expected[0]
    assert judged > 0


def test_the_turn_and_the_cards_are_still_checked() -> None:
    rules = load_preset("highschool")
    rng = random.Random(5)
    s, _ = apply(new_match(rules, list("ABCD")), Deal(hands=deal_hands(rules, 4, rng)))
    seat = s.turn
    other = (seat + 1) % 4
    card = s.hand(other)[0]
    play, err = judge(s, other, (card,))
    assert err is None and play is not None
    same, events = apply_judged(s, PlayCards(s.players[other], (card,)), play)
    assert same is s and type(events[0]) is IllegalEvent and events[0].rule == "out-of-turn"
    not_held = s.hand(other)[0]
    same, events = apply_judged(s, PlayCards(s.players[seat], (not_held,)), play)
    assert same is s and type(events[0]) is IllegalEvent and events[0].rule == "not-in-hand"


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
