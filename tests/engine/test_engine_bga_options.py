"""Every option of the BGA President table (seed 003), each on and off, plus card exchange,
the two scoring modes and the three game lengths."""

import pytest
from engine_helpers import Table

from referee.engine import EngineError, Exchange, PlayCards, load_preset, parse_cards
from referee.engine.events import EffectEvent, FinishEvent, GameEndEvent, IllegalEvent
from referee.engine.state import Phase

NONE = "president-none"


def finish_in_order(t, order="ABCD"):
    """Deal one card each (3S 4S 5S 6S in ``order``) and play the game out in that order."""
    ranks = "3456789"
    t.deal(hands={p: f"{ranks[i]}S" for i, p in enumerate(order)}, first=order[0])
    for i, p in enumerate(order[:-1]):
        t.play(p, f"{ranks[i]}S")
    assert t.s.phase is Phase.OVER
    return t.s.ranking


def new_table(rules, **kw):
    t = Table(rules, hands={"A": "3S", "B": "4S", "C": "5S", "D": "6S"}, **kw)
    for p, c in zip("ABC", ("3S", "4S", "5S")):
        t.play(p, c)
    assert t.s.phase is Phase.OVER and [t.s.players[x] for x in t.s.ranking] == list("ABCD")
    return t


# ---- revolution ----------------------------------------------------------------------------

def test_revolution_on_four_of_a_rank_reverse_the_order():
    t = Table("president")
    ev = t.play("A", "6S 6H 6D 6C")
    assert "revolution" in t.effects(ev) and t.s.revolution
    assert t.legal("B", "5S 5H 5D 5C")
    t.illegal("B", "7S 7H 7D 7C", "not-stronger")


def test_revolution_on_a_second_revolution_cancels_it():
    t = Table("president")
    t.play("A", "6S 6H 6D 6C")
    t.play("B", "5S 5H 5D 5C")
    assert not t.s.revolution
    t.passes("C", "D", "A")
    t.play("B", "9S")
    t.illegal("C", "8S", "not-stronger")


def test_revolution_by_stairs_of_four_when_stairs_are_on():
    t = Table("president-all")
    ev = t.play("A", "3S 4S 5S 6S")
    assert "revolution" in t.effects(ev)


def test_revolution_off():
    t = Table(NONE)
    ev = t.play("A", "6S 6H 6D 6C")
    assert t.effects(ev) == [] and not t.s.revolution
    t.illegal("B", "5S 5H 5D 5C", "not-stronger")


# ---- joker -----------------------------------------------------------------------------------

def test_joker_on_strongest_single_even_in_revolution_and_wild_in_groups():
    t = Table("president")
    t.play("A", "2S")
    assert t.legal("B", "JK")
    t2 = Table("president")
    t2.play("A", "6S 6H 6D 6C")
    t2.passes("B", "C", "D")
    t2.play("A", "3S")          # strongest under revolution
    assert t2.legal("B", "JK")  # "革命時でも最強"
    t3 = Table("president")
    t3.play("A", "5S 5H")
    assert t3.legal("B", "9S JK")
    t3.play("B", "9S JK")
    assert t3.top.low == 6  # a pair of 9s


def test_joker_on_a_single_joker_is_not_stronger_in_president():
    t = Table("president")
    t.play("A", "JK")
    t.illegal("B", "JK", "not-stronger")


def test_joker_off_no_jokers_in_the_deck():
    t = Table(NONE)
    t.illegal("A", "JK", "duplicate-card")
    with pytest.raises(EngineError):
        Table(NONE, hands={"A": "JK 3S", "B": "4S", "C": "5S", "D": "6S"})


# ---- first player ----------------------------------------------------------------------------

def test_first_game_is_led_by_the_diamond_three_holder():
    t = Table("president", hands={"A": "4S", "B": "5S", "C": "3D", "D": "6S"}, first=None)
    assert t.turn == "C"


def test_first_player_poorest_leads_later_games():
    t = new_table(NONE, first_player="poorest", exchange=False)
    t.deal(counts={p: 5 for p in "ABCD"})
    assert t.turn == "D"


def test_first_player_richest_leads_later_games():
    t = new_table(NONE, first_player="richest", exchange=False)
    t.deal(counts={p: 5 for p in "ABCD"})
    assert t.turn == "A"


def test_presets_first_player():
    assert load_preset("president").option("first-player").later == "poorest"
    assert load_preset("president-all").option("first-player").later == "poorest"
    assert load_preset(NONE).option("first-player").later == "richest"


# ---- same-rank skip and "2/3 cannot skip" -----------------------------------------------------

def test_same_rank_skip_on_equal_rank_skips_the_next_player():
    t = Table("president")
    t.play("A", "5S")
    ev = t.play("B", "5H")
    eff = [e for e in ev if isinstance(e, EffectEvent)]
    assert eff[0].rule == "same-rank-skip" and eff[0].detail("skipped") == ("C",)
    assert t.turn == "D"


def test_same_rank_skip_pairs_and_the_skipped_player_counts_as_passed():
    t = Table("president", players="ABC")
    t.play("A", "5S 5D")
    t.play("B", "5H 5C")   # skips C
    assert t.turn == "A"
    ev = t.passes("A")
    assert t.trick_ended(ev) and t.turn == "B"


def test_same_rank_skip_off_equal_rank_is_not_stronger():
    t = Table(NONE)
    t.play("A", "5S")
    t.illegal("B", "5H", "not-stronger")


def test_two_cannot_skip_variant_on():
    t = Table("president", same_rank_skip={"except-strongest": True})
    t.play("A", "2S")
    t.illegal("B", "2H", "not-stronger")
    t2 = Table("president", same_rank_skip={"except-strongest": True})
    t2.play("A", "KS")
    assert t2.legal("B", "KH")


def test_three_cannot_skip_under_revolution_variant_on():
    t = Table("president", same_rank_skip={"except-strongest": True})
    t.play("A", "6S 6H 6D 6C")
    t.passes("B", "C", "D")
    t.play("A", "3S")
    t.illegal("B", "3H", "not-stronger")


def test_two_cannot_skip_variant_off_two_may_skip():
    t = Table("president")
    t.play("A", "2S")
    assert t.legal("B", "2H")


# ---- stairs, suit bind, 8-cut, 9-reverse, 11-back -----------------------------------------------

def test_stairs_on_and_off():
    assert Table("president-all").legal("A", "3S 4S 5S")
    t = Table("president")
    t.illegal("A", "3S 4S 5S", "wrong-shape")


def test_suit_bind_on_and_off():
    t = Table("president-all")
    t.play("A", "4H")
    ev = t.play("B", "6H")
    assert "suit-bind" in t.effects(ev)
    t.illegal("C", "9S", "suit-bind")
    t2 = Table("president")
    t2.play("A", "4H")
    t2.play("B", "6H")
    assert t2.legal("C", "9S")


def test_eight_cut_on_and_off():
    t = Table("president-all")
    t.play("A", "4H")
    ev = t.play("B", "8S")
    assert "eight-cut" in t.effects(ev) and t.turn == "B" and t.top is None
    t2 = Table("president")
    t2.play("A", "4H")
    ev = t2.play("B", "8S")
    assert not t2.trick_ended(ev) and t2.turn == "C"


def test_eight_cut_not_inside_stairs_unless_asked():
    t = Table("president-all")
    ev = t.play("A", "7S 8S 9S")
    assert "eight-cut" not in t.effects(ev)
    t2 = Table("president-all", eight_cut={"in-stairs": True})
    ev = t2.play("A", "7S 8S 9S")
    assert "eight-cut" in t2.effects(ev)


def test_nine_reverse_on_and_off():
    t = Table("president-all")
    t.play("A", "4H")
    ev = t.play("B", "9S")
    assert "nine-reverse" in t.effects(ev) and t.s.direction == -1
    assert t.turn == "A"
    t.play("A", "10S")
    assert t.turn == "D"
    t2 = Table("president")
    t2.play("A", "4H")
    t2.play("B", "9S")
    assert t2.turn == "C"


def test_eleven_back_on_and_off():
    t = Table("president-all")
    t.play("A", "4H")
    ev = t.play("B", "JS")
    assert "eleven-back" in t.effects(ev) and t.s.reversed
    assert t.legal("C", "10S")
    t.illegal("C", "QS", "not-stronger")
    t.passes("C", "D", "A")           # the trick ends: the order is normal again
    assert not t.s.reversed
    t2 = Table("president")
    t2.play("A", "4H")
    t2.play("B", "JS")
    assert t2.legal("C", "QS")
    t2.illegal("C", "10S", "not-stronger")


# ---- illegal finish ---------------------------------------------------------------------------

def _ranking(t):
    return [t.s.players[x] for x in t.s.ranking]


def test_illegal_finish_on_finishing_with_a_2_is_disqualified_last():
    t = Table("president", hands={"A": "2S", "B": "3S KS", "C": "5S 6S", "D": "7S 8S"})
    ev = t.play("A", "2S")
    assert "forbidden-finish" in t.effects(ev)
    assert not any(isinstance(e, FinishEvent) for e in ev)
    t.passes("B", "C", "D")
    assert t.turn == "B"    # the next player still in after A leads
    t.play("B", "3S")
    t.play("C", "5S")
    t.play("D", "7S")
    t.play("B", "KS")       # B finishes first
    t.passes("C", "D")
    assert t.turn == "C"
    t.play("C", "6S")       # C second; D is left
    assert _ranking(t) == ["B", "C", "D", "A"]


def test_illegal_finish_with_a_joker_and_several_later_ranks_higher():
    t = Table("president", hands={"A": "JK", "B": "2H", "C": "5S 9S", "D": "7S 8S"})
    t.play("A", "JK")             # disqualified
    t.passes("B", "C", "D")
    # A is out; the next player after A leads
    assert t.turn == "B"
    t.play("B", "2H")             # disqualified too, later: ranks above A
    t.passes("C", "D")
    t.play("C", "5S")
    t.play("D", "7S")
    t.play("C", "9S")
    assert _ranking(t) == ["C", "D", "B", "A"]


def test_illegal_finish_with_a_3_under_revolution_but_a_2_is_fine():
    t = Table("president", hands={"A": "6S 6H 6D 6C 3S", "B": "2H", "C": "5S 7S", "D": "8S 9S"})
    t.play("A", "6S 6H 6D 6C")
    t.passes("B", "C", "D")
    ev = t.play("A", "3S")
    assert "forbidden-finish" in t.effects(ev)
    t.passes("B", "C", "D")
    ev = t.play("B", "2H")
    assert any(isinstance(e, FinishEvent) and e.player == "B" and e.place == 1 for e in ev)


def test_illegal_finish_off():
    t = Table(NONE, hands={"A": "2S", "B": "3S 4S", "C": "5S", "D": "7S"})
    ev = t.play("A", "2S")
    assert any(isinstance(e, FinishEvent) and e.player == "A" and e.place == 1 for e in ev)


# ---- capital fall ----------------------------------------------------------------------------

def test_capital_fall_on_old_daifugo_is_out_and_last():
    t = new_table("president", exchange=False)   # A was daifugo
    t.deal(hands={"A": "9S 10S", "B": "3S", "C": "4H 5H", "D": "6H 7H"}, first="B")
    ev = t.play("B", "3S")                        # B finishes first: A falls
    assert [e.rule for e in ev if isinstance(e, EffectEvent)] == ["capital-fall"]
    assert not t.s.is_active(0)
    t.play("C", "4H")
    t.play("D", "6H")
    t.passes("C")
    t.play("D", "7H")
    assert _ranking(t) == ["B", "D", "C", "A"]


def test_capital_fall_ranks_just_above_the_disqualified():
    t = new_table("president", exchange=False)   # A was daifugo
    t.deal(hands={"A": "9S 10S", "B": "JS", "C": "2H", "D": "6H 7H"}, first="C")
    t.play("C", "2H")                             # C disqualified (illegal finish)
    t.passes("D", "A", "B")
    assert t.turn == "D"
    t.play("D", "6H")
    t.play("A", "9S")
    ev = t.play("B", "JS")                        # B finishes first: A falls
    assert "capital-fall" in t.effects(ev)
    assert _ranking(t) == ["B", "D", "A", "C"]


def test_capital_fall_not_when_the_old_daifugo_wins_again():
    t = new_table("president", exchange=False)
    t.deal(hands={"A": "9S", "B": "3S 4S", "C": "5H 6H", "D": "7H 8H"}, first="A")
    ev = t.play("A", "9S")
    assert t.effects(ev) == [] and _ranking_so_far(t) == ["A"]


def _ranking_so_far(t):
    return [t.s.players[x] for x in t.s.finished]


def test_president_none_still_exchanges_cards():
    """Card exchange is part of the game, not a row of the options table."""
    t = new_table(NONE)
    t.deal(hands={"A": "9S 10S", "B": "3S", "C": "4H 5H", "D": "6H 7H"}, first="B")
    assert t.s.phase is Phase.EXCHANGE


def test_capital_fall_off_no_fall():
    t = new_table(NONE, exchange=False)
    t.deal(hands={"A": "9S 10S", "B": "3S", "C": "4H 5H", "D": "6H 7H"}, first="B")
    ev = t.play("B", "3S")
    assert t.effects(ev) == [] and t.s.is_active(0)


# ---- permanent pass ----------------------------------------------------------------------------

def test_permanent_pass_on_sequence():
    t = Table("president", permanent_pass=True)
    t.play("A", "4S")
    t.passes("B")
    t.play("C", "5S")
    t.play("D", "6S")
    t.play("A", "7S")
    assert t.turn == "C"                       # B is skipped: passed for good
    t.passes("C", "D")
    assert t.trick_ended() and t.turn == "A"


def test_permanent_pass_off_a_passed_player_plays_again():
    t = Table("president")
    t.play("A", "4S")
    t.passes("B")
    t.play("C", "5S")
    t.play("D", "6S")
    t.play("A", "7S")
    assert t.turn == "B"
    assert t.legal("B", "8S")


# ---- card exchange ------------------------------------------------------------------------------

def test_exchange_poor_give_strongest_rich_give_chosen():
    t = new_table("president")
    t.deal(hands={"A": "3S 4S 5S", "B": "3H 4H 5H", "C": "6H 7H KH", "D": "2S AS 9S"})
    assert t.s.phase is Phase.EXCHANGE
    assert t.turn == "D"
    bad = t.do(Exchange("D", parse_cards("9S AS")))
    assert isinstance(bad[0], IllegalEvent) and bad[0].rule == "exchange"
    bad = t.do(PlayCards("D", parse_cards("9S")))
    assert isinstance(bad[0], IllegalEvent) and bad[0].rule == "exchange"
    t.do(Exchange("D", parse_cards("2S AS")))
    t.do(Exchange("C", parse_cards("KH")))
    t.do(Exchange("A", parse_cards("3S 4S")))
    t.do(Exchange("B", parse_cards("3H")))
    assert t.s.phase is Phase.PLAY and t.turn == "D"
    hand = {p: sorted(c.code for c in t.s.hand(i)) for i, p in enumerate("ABCD")}
    assert hand == {"A": sorted(["5S", "2S", "AS"]), "B": sorted(["4H", "5H", "KH"]),
                    "C": sorted(["6H", "7H", "3H"]), "D": sorted(["9S", "3S", "4S"])}


def test_exchange_with_hidden_hands_counts_only():
    t = new_table("president")
    t.deal(counts={"A": 13, "B": 13, "C": 14, "D": 14})
    for p, n in (("D", 2), ("C", 1), ("A", 2), ("B", 1)):
        t.do(Exchange(p, None, n))
        assert not isinstance(t.events[0], IllegalEvent)
    assert t.s.counts == (13, 13, 14, 14) and t.s.phase is Phase.PLAY


def test_exchange_three_players_only_top_and_bottom():
    t = Table("president", players="ABC", hands={"A": "3S", "B": "4S", "C": "5S"})
    t.play("A", "3S")
    t.play("B", "4S")
    t.deal(counts={"A": 5, "B": 5, "C": 5})
    assert [(x.giver, x.receiver, x.count) for x in t.s.transfers] == [(2, 0, 2), (0, 2, 2)]


def test_exchange_off():
    t = new_table("president", exchange=False)
    t.deal(counts={p: 5 for p in "ABCD"})
    assert t.s.phase is Phase.PLAY


# ---- scoring and game length ----------------------------------------------------------------------

def test_additive_scoring_players_below_you():
    t = new_table("president")
    assert t.s.scores == (3, 2, 1, 0)
    end = [e for e in t.log if isinstance(e, GameEndEvent)][0]
    assert dict(end.scores) == {"A": 3, "B": 2, "C": 1, "D": 0}


def test_subtractive_scoring():
    t = new_table("president", scoring="subtractive")
    assert t.s.scores == (1, -1, -2, -3)
    assert t.s.match.totals == (16, 14, 13, 12)
    t5 = Table("president", players="ABCDE", scoring="subtractive",
               hands={"A": "3S", "B": "4S", "C": "5S", "D": "6S", "E": "7S"})
    for p, c in zip("ABCD", ("3S", "4S", "5S", "6S")):
        t5.play(p, c)
    assert t5.s.scores == (1, -1, 0, -2, -3)


@pytest.mark.parametrize("length,games", [("short", 3), ("medium", 4), ("long", 6)])
def test_additive_game_length(length, games):
    """Target players × 2/3/4 points; A wins every game with 3 points."""
    t = new_table("president", scoring={"length": length}, exchange=False,
                  capital_fall=False, first_player="richest")
    played = 1
    while not t.s.match.over:
        finish_in_order(t)
        played += 1
    assert played == games
    assert t.s.match.totals[0] == 3 * games


@pytest.mark.parametrize("length,start", [("short", 10), ("medium", 15), ("long", 20)])
def test_subtractive_game_length(length, start):
    t = new_table("president", scoring={"mode": "subtractive", "length": length},
                  exchange=False, capital_fall=False, first_player="richest")
    assert t.s.match.totals[3] == start - 3
    while not t.s.match.over:
        finish_in_order(t)
    assert min(t.s.match.totals) <= 0 and t.s.match.totals[3] == start - 3 * (start // 3 + (start % 3 > 0))
