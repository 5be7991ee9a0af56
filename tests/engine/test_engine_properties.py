"""Property tests over random option combinations, 3-8 players, known and hidden hands.

* cards are conserved and every invariant holds after every action;
* every action ``legal_actions`` lists is accepted by ``apply``;
* ``apply`` never changes the state it is given (states are immutable by contract, see
  ``referee.engine.immutable``);
* a rule whose ``fires_on`` refuses a play's shape answers nothing for that play; one whose
  ``generates_on`` refuses the top play's shape generates nothing; one without ``LEADS`` neither
  interprets nor refuses a lead;
* an illegal action leaves the state unchanged and yields exactly one ``illegal`` event (under
  Chombo: the offender is last and the game over, the cards untouched);
* games terminate and rankings are permutations;
* replaying a game's record (known hands, and hidden hands: counts only) gives the same events.
"""

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import play_recorded_games
from referee.engine import PlayCards, apply, judge, legal_actions, load_preset, new_match
from referee.engine.events import IllegalEvent
from referee.engine.legal import leads
from referee.engine.options import OPTIONS
from referee.engine.plays import interpretations, shape_key, shape_of
from referee.engine.presets import PRESETS
from referee.engine.record import load_record, make_record, replay_events
from referee.engine.simulate import check_invariants, play_game, random_action
from referee.engine.state import Phase

SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

SETTINGS_IDS = ("first-player", "scoring", "order", "deal")
SWITCHES = [i for i in OPTIONS if i not in SETTINGS_IDS]


@st.composite
def rule_sets(draw):
    base = load_preset(draw(st.sampled_from(PRESETS)))
    values = {i: draw(st.booleans()) for i in SWITCHES}
    if values["joker"]:
        values["joker"] = {"count": draw(st.integers(1, 4)), "beats-joker": draw(st.booleans())}
    if values["revolution"]:
        values["revolution"] = {"min-cards": draw(st.integers(4, 5)),
                                "stairs": draw(st.booleans())}
    if values["same-rank-skip"]:
        values["same-rank-skip"] = {"except-strongest": draw(st.booleans())}
    if values["eleven-back"]:
        values["eleven-back"] = {"max-cards": draw(st.sampled_from([0, 3])),
                                 "in-stairs": draw(st.booleans())}
    if values["eight-cut"]:
        values["eight-cut"] = {"in-stairs": draw(st.booleans())}
    if values["nine-pass"]:
        values["nine-pass"] = {"optional": draw(st.booleans())}
    if values["spade-three"]:
        values["spade-three"] = {"eleven-back-reverses": draw(st.booleans())}
    if values["joker"]:
        values["joker"].update({"wild": draw(st.booleans()), "lead-alone": draw(st.booleans()),
                                "lone-pin": draw(st.sampled_from(["any", "next-up"]))})
    if values["forbidden-finish"]:
        values["forbidden-finish"] = {
            "penalty": draw(st.sampled_from(["disqualify", "illegal"])),
            "ranks": draw(st.sampled_from(["", "4 5 7 8"]))}
    if values["seven-skip"]:
        values["seven-skip"] = {"in-stairs": draw(st.booleans())}
    values["first-player"] = {"later": draw(st.sampled_from(["poorest", "richest", "card"])),
                              "card": draw(st.sampled_from(["3D", "3H", "none"]))}
    values["order"] = draw(st.sampled_from(["standard", "descending"]))
    values["deal"] = {"hand-size": draw(st.sampled_from([0, 0, 8, 12])),
                      "uneven": draw(st.booleans())}
    values["scoring"] = {"mode": draw(st.sampled_from(["additive", "subtractive", "points"])),
                         "length": draw(st.sampled_from(["short", "medium", "long", "players"])),
                         "finishers": draw(st.sampled_from([0, 0, 2]))}
    return base.with_options(values, name="random")


def _names(n):
    return [chr(ord("A") + i) for i in range(n)]


@settings(max_examples=300, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_terminate(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    for _ in range(3):  # three games of a match: ranks, exchange, capital fall carry over
        violations = []
        s, log = play_game(s, rng, check=True, violations=violations)
        assert violations == []
        assert s.phase is Phase.OVER
        assert sorted(s.ranking) == list(range(players))
        if s.match.over:
            break


@settings(max_examples=150, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_every_listed_legal_action_is_accepted(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    for _ in range(2):
        s, _log = play_game(s, rng, check=False, max_steps=0)  # deal only
        steps = 0
        while s.phase is not Phase.OVER and steps < 400:
            acts = legal_actions(s)
            assert acts, "no legal action"
            sample = acts if len(acts) <= 25 else rng.sample(acts, 25)
            for a in sample:
                s2, ev = apply(s, a)
                assert not isinstance(ev[0], IllegalEvent), (a, ev[0])
                assert check_invariants(s2) == []
            s, _ = apply(s, rng.choice(acts))
            steps += 1
        assert s.phase is Phase.OVER
        if s.match.over:
            break


def _snapshot(s):
    """Copies of the state and of the values it holds that are immutable by contract only."""
    return tuple(copy.copy(x) for x in (s, s.trick, s.trick.top, s.recent))


@settings(max_examples=60, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_apply_leaves_the_state_it_is_given_as_it_was(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    for _ in range(2):
        s, _log = play_game(s, rng, check=False, max_steps=0)  # deal only
        while s.phase is not Phase.OVER:
            before = _snapshot(s)
            acts = legal_actions(s)
            for a in acts if len(acts) <= 8 else rng.sample(acts, 8):
                apply(s, a)
                assert _snapshot(s) == before, a
            s, _ = apply(s, random_action(s, rng))
        if s.match.over:
            break


def _random_game_states(rules, players, seed):
    """Each state of one game played by random legal players, from the deal to the end."""
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    s, _log = play_game(s, rng, check=False, max_steps=0)  # deal only
    while s.phase is not Phase.OVER:
        yield s
        s, _ = apply(s, random_action(s, rng))


@settings(max_examples=60, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_a_rule_never_fires_on_a_shape_its_fires_on_refuses(rules, players, seed):
    for s in _random_game_states(rules, players, seed):
        for a in legal_actions(s):
            if not isinstance(a, PlayCards):
                continue
            seat = s.seat(a.player)
            readings = [p for r in rules.interpret_rules for p in r.interpret(s, seat, a.cards)]
            readings += interpretations(a.cards, rules.stairs_min, s.reversed)
            legal, _ = judge(s, seat, a.cards)
            for play in readings:
                shape = shape_of(shape_key(play), leads=s.trick.top is None)
                for r in rules.special_rules:
                    if not r.fires_on(shape) and s.trick.top is not None:
                        assert not r.special(s, seat, play), (r.ID, play)
                for r in rules.effects_rules:
                    if not r.fires_on(shape) and play == legal:
                        assert r.effects(s, seat, play) == (), (r.ID, play)


@settings(max_examples=60, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_a_rule_never_generates_on_a_top_its_generates_on_refuses(rules, players, seed):
    for s in _random_game_states(rules, players, seed):
        top = s.trick.top
        if s.phase is Phase.PLAY and top is not None:
            shape = shape_of(shape_key(top))
            for r in rules.generate_rules:
                if not r.generates_on(shape):
                    for seat in range(s.n):
                        assert not r.generate(s, seat, s.hands[seat]), (r.ID, top)


@settings(max_examples=60, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_a_rule_without_leads_never_acts_on_a_lead(rules, players, seed):
    for s in _random_game_states(rules, players, seed):
        if s.phase is Phase.PLAY and s.trick.top is None:
            seat = s.turn
            for tokens in leads(s, s.hands[seat]):
                for r in rules.interpret_rules:
                    if not r.LEADS:
                        assert not r.interpret(s, seat, tokens), (r.ID, tokens)
                for play in interpretations(tokens, rules.stairs_min, s.reversed):
                    for r in rules.restrict_rules:
                        if not r.LEADS:
                            assert r.restrict(s, seat, play) is None, (r.ID, play)


@settings(max_examples=80, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_illegal_actions_change_nothing(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    s, _ = play_game(s, rng, check=False, max_steps=0)
    tried = 0
    for _ in range(300):
        if s.phase is not Phase.PLAY:
            break
        seat = rng.randrange(players)
        hand = s.hand(seat)
        if hand:
            k = rng.randint(1, min(4, len(hand)))
            cards = tuple(rng.sample(hand, k))
            s2, ev = apply(s, PlayCards(s.players[seat], cards))
            illegal = [e for e in ev if isinstance(e, IllegalEvent)]
            if illegal:
                tried += 1
                assert len(illegal) == 1 and ev[0] is illegal[0]
                settling = s.pending is not None and s.pending.action == "claim"
                if (rules.chombo is not None and rules.chombo.calls(ev[0].rule)
                        and s.active >> seat & 1 and not settling):
                    # Chombo: the offender is last and the game is over (nothing else changes)
                    assert ev[1].EVENT == "effect" and ev[1].rule == "chombo"
                    assert s2.phase is Phase.OVER and s2.ranking[-1] == seat
                    assert s2.hands == s.hands and s2.seen == s.seen
                else:
                    assert s2 is s
        s, _ = apply(s, random_action(s, rng))
    assert tried > 0


def _without_hidden_details(events):
    out = []
    for d in events:
        d = dict(d)
        if d["event"] == "effect" and d["rule"] in ("ten-discard", "nine-pass", "exchange"):
            d.pop("cards", None)
        out.append(d)
    return out


@settings(max_examples=200, **SETTINGS)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_replaying_a_record_gives_the_same_events_known_and_hidden(rules, players, seed, ):
    names = _names(players)
    games, expected = play_recorded_games(rules, names, random.Random(seed))
    known = load_record(make_record(rules, names, games))
    assert replay_events(known) == expected
    hidden = load_record(make_record(rules, names, games, hidden=True))
    assert not hidden.known
    assert _without_hidden_details(replay_events(hidden)) == _without_hidden_details(expected)
