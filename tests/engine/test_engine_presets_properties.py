"""Property tests of the Profit and Shinafugo presets (their special rules switched on and off at
random, 3-4 / 3-8 players, random seeds):

* cards are conserved after every action, and so are point cards: each was played, is taken
  once, is never a joker, and stays with its taker;
* game scores are consistent with the point cards (Profit): a seat scores the numbers of its
  point cards, plus the bonus for the first finisher not Joker Dead; a Joker Dead seat scores 0;
  match totals add the game scores up and the match lasts as many games as players;
* every listed legal action (claims and declarations included) is accepted;
* replaying a game's record with hidden hands (counts only; claims carry revealed cards) gives
  the same events as with known hands.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import play_recorded_games
from referee.engine import apply, legal_actions, load_preset, new_match, parse_card
from referee.engine.cards import REAL_MASK
from referee.engine.events import IllegalEvent, PointCardEvent
from referee.engine.record import load_record, make_record, replay_events
from referee.engine.rules.common import JOKER_DEAD, points_of
from referee.engine.simulate import check_invariants, play_game
from referee.engine.state import Phase

SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

PROFIT_RULES = ("almighty", "joker-dead", "revolution", "eight-reset", "seven-skip",
                "jack-bind", "king-crown")
SHINAFUGO_RULES = ("stairs", "suit-bind", "number-bind", "eight-cut", "revolution", "coup",
                   "shinako-back", "spade-three", "forbidden-finish", "uno", "chombo", "tenho",
                   "shinako-koshi", "dobon", "dobon-gaeshi")


@st.composite
def profit_rules(draw):
    rules = load_preset("profit")
    return rules.with_options({o: draw(st.booleans()) for o in PROFIT_RULES}, name="profit")


@st.composite
def shinafugo_rules(draw):
    rules = load_preset("shinafugo")
    return rules.with_options({o: draw(st.booleans()) for o in SHINAFUGO_RULES},
                              name="shinafugo")


def _names(n):
    return [chr(ord("A") + i) for i in range(n)]


def _check_point_cards(s, before_taken):
    """Point cards only grow, are real cards that were played, and are never taken twice."""
    taken = 0
    for seat, m in enumerate(s.point_cards):
        assert m & ~REAL_MASK == 0
        assert m & taken == 0
        assert m & before_taken[seat] == before_taken[seat]
        taken |= m
    assert taken & ~s.seen == 0
    return taken


@settings(max_examples=60, **SETTINGS)
@given(rules=profit_rules(), players=st.integers(3, 4), seed=st.integers(0, 2**32))
def test_profit_matches_conserve_cards_and_point_cards_and_scores_add_up(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    totals = [0] * players
    for game in range(players):
        violations = []
        s, log = play_game(s, rng, check=True, violations=violations, keep=True)
        assert violations == []
        assert s.phase is Phase.OVER
        # every point card announced is in the taker's pile, and vice versa
        announced = [0] * players
        for evs in log.events:
            for e in evs:
                if isinstance(e, PointCardEvent):
                    seat = s.players.index(e.player)
                    announced[seat] |= 1 << parse_card(e.card)
        assert tuple(announced) == s.point_cards
        _check_point_cards(s, [0] * players)
        # at most two finishers; scores from the point cards; Joker Dead never scores
        assert len(s.finished) <= 2
        bonus_to = next((x for x in s.finished if not JOKER_DEAD.of(s) >> x & 1), -1)
        for x in range(players):
            want = 0 if JOKER_DEAD.of(s) >> x & 1 else points_of(s.point_cards[x])
            want += 5 if x == bonus_to else 0
            assert s.scores[x] == want
            if JOKER_DEAD.of(s) >> x & 1:
                assert s.scores[x] == 0
        assert sum(s.scores) == sum(points_of(s.point_cards[x]) for x in range(players)
                                    if not JOKER_DEAD.of(s) >> x & 1) + (5 if bonus_to >= 0 else 0)
        totals = [a + b for a, b in zip(totals, s.scores)]
        assert list(s.match.totals) == totals
        assert s.match.over is (game == players - 1)
    assert s.match.over


@settings(max_examples=60, **SETTINGS)
@given(rules=shinafugo_rules(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_shinafugo_games_conserve_cards_and_terminate(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    for _ in range(2):
        violations = []
        s, log = play_game(s, rng, check=True, violations=violations)
        assert violations == []
        assert s.phase is Phase.OVER and sorted(s.ranking) == list(range(players))
        assert sum(s.counts) + s.seen.bit_count() == s.dealt_count
        assert not any(s.point_cards)
        if s.match.over:
            s = new_match(rules, _names(players))


@settings(max_examples=25, **SETTINGS)
@given(rules=st.one_of(profit_rules(), shinafugo_rules()), players=st.integers(3, 6),
       seed=st.integers(0, 2**32))
def test_every_listed_action_is_accepted_in_profit_and_shinafugo(rules, players, seed):
    rng = random.Random(seed)
    s = new_match(rules, _names(players))
    s, _ = play_game(s, rng, check=False, max_steps=0)
    steps = 0
    while s.phase is not Phase.OVER and steps < 300:
        acts = legal_actions(s)
        assert acts
        for a in (acts if len(acts) <= 20 else rng.sample(acts, 20)):
            s2, ev = apply(s, a)
            assert not isinstance(ev[0], IllegalEvent), (a, ev[0])
            assert check_invariants(s2) == []
        s, _ = apply(s, rng.choice(acts))
        steps += 1


@settings(max_examples=60, **SETTINGS)
@given(rules=st.one_of(profit_rules(), shinafugo_rules()), players=st.integers(3, 6),
       seed=st.integers(0, 2**32))
def test_hidden_hand_replay_gives_the_same_events(rules, players, seed):
    names = _names(players)
    games, want = play_recorded_games(rules, names, random.Random(seed))
    known = replay_events(load_record(make_record(rules, names, games)))
    hidden = replay_events(load_record(make_record(rules, names, games, hidden=True)))
    assert known == want
    assert hidden == want          # no hidden-only details in these presets' events
