"""Card notation, options and presets, the basic rules, pending declarations, hidden hands."""

import json

import pytest
from engine_helpers import Table

from referee.engine import (OPTIONS, Card, CardError, Deal, Discard, EngineError, Give,
                            OptionError, Pass, PlayCards, Rank, Suit, apply, load_preset,
                            load_rules, load_table, new_match, parse_card, parse_cards)
from referee.engine.events import RULE_IDS, EffectEvent, IllegalEvent, TurnEvent
from referee.engine.presets import PRESETS, preset_names
from referee.engine.state import Phase
from referee.errors import UserError


# ---- notation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("code,canon", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("QS", "QS"), ("AS", "AS"), ("2C", "2C"),
    ("♠3", "3S"), ("♡10", "10H"), ("10♥", "10H"), ("♢K", "KD"), ("♣J", "JC"), ("♧A", "AC"),
    ("♤2", "2S"), ("♦9", "9D"), ("JK", "JK"), ("jk", "JK"), ("JK=8H", "JK=8H"),
    ("JK=♡8", "JK=8H"), ("JK=T♠", "JK=10S"),
])
def test_card_notation(code, canon):
    assert parse_card(code).code == canon


@pytest.mark.parametrize("code", ["11H", "1H", "ZZ", "10X", "", "JK=JK", "JK=", "H", "10", "JKK"])
def test_unknown_card_codes_are_clear_user_errors(code):
    with pytest.raises(CardError) as e:
        parse_card(code)
    assert isinstance(e.value, UserError)
    assert "\n" not in str(e.value)


def test_card_values():
    c = parse_card("10H")
    assert c.rank is Rank.TEN and c.suit is Suit.H and c.rank.number == 10
    assert parse_card("AS").rank.number == 1 and parse_card("KD").rank.number == 13
    assert Card.of(Rank.THREE, Suit.D).code == "3D"
    j = parse_card("JK=8H")
    assert j.is_joker and j.stands_for.code == "8H" and j.rank is Rank.EIGHT
    assert parse_card("JK").stands_for is None
    assert parse_cards("3H, 4S 5D") == tuple(parse_card(x) for x in ("3H", "4S", "5D"))
    assert str(parse_card("QS")) == "QS"


# ---- options and presets ---------------------------------------------------------------------------

def test_presets_exist_and_every_option_is_known():
    assert set(PRESETS) <= set(preset_names())
    for name in PRESETS:
        r = load_preset(name)
        assert set(r.to_dict()) == set(OPTIONS)


EXPECTED_ON = {
    "president": {"joker", "revolution", "same-rank-skip", "forbidden-finish", "capital-fall",
                  "exchange", "first-player", "scoring"},
    "president-all": {"joker", "revolution", "same-rank-skip", "stairs", "suit-bind",
                      "eight-cut", "nine-reverse", "eleven-back", "forbidden-finish",
                      "capital-fall", "exchange", "first-player", "scoring"},
    "president-none": {"exchange", "first-player", "scoring"},
    "highschool": {"joker", "stairs", "revolution", "suit-bind", "strict-bind", "eight-cut",
                   "ten-discard", "eleven-back", "spade-three", "catapult", "lucky-seven",
                   "nine-pass", "first-player", "scoring"},
}


ALWAYS_ON = {"order", "deal"}  # settings: always on, with parameters


@pytest.mark.parametrize("name", sorted(EXPECTED_ON))
def test_preset_switches_match_the_tables(name):
    r = load_preset(name)
    assert {i for i in OPTIONS if r.enabled(i)} == EXPECTED_ON[name] | ALWAYS_ON


def test_option_values_and_table_files(tmp_path):
    p = tmp_path / "table.toml"
    p.write_text('preset = "highschool"\nlucky-seven = false\n'
                 '[options]\neleven-back = { max-cards = 4 }\nscoring = "subtractive"\n')
    r = load_table(p)
    assert not r.enabled("lucky-seven") and r.enabled("catapult")
    assert r.option("eleven-back").max_cards == 4
    assert r.option("scoring").mode == "subtractive"
    assert load_rules(str(p)).to_dict() == r.to_dict()
    r2 = load_rules("highschool", {"revolution": {"min-cards": 5}})
    assert r2.option("revolution").min_cards == 5 and r2.option("revolution").enabled


@pytest.mark.parametrize("values,fragment", [
    ({"no-such-rule": True}, "unknown option 'no-such-rule'"),
    ({"revolution": {"min-card": 3}}, "has no parameter 'min-card'"),
    ({"revolution": {"min-cards": "four"}}, "expected int"),
    ({"revolution": {"min-cards": 1}}, "below"),
    ({"scoring": "double"}, "not one of"),
    ({"eight-cut": "yes"}, "expected bool"),
    ({"first-player": "middle"}, "not one of"),
])
def test_bad_options_are_one_line_user_errors(values, fragment):
    with pytest.raises(OptionError) as e:
        load_rules("president", values)
    assert fragment in str(e.value) and "\n" not in str(e.value)


def test_unknown_preset_and_bad_table_file(tmp_path):
    with pytest.raises(OptionError, match="unknown rules"):
        load_rules("poker")
    bad = tmp_path / "bad.toml"
    bad.write_text("preset = \n")
    with pytest.raises(OptionError, match="not valid TOML"):
        load_table(bad)
    with pytest.raises(OptionError, match="cannot read"):
        load_table(tmp_path / "missing.toml")


# ---- basic rules -------------------------------------------------------------------------------------

def test_illegal_action_leaves_the_state_unchanged_with_one_illegal_event_and_the_turn():
    t = Table("president")
    before = t.s
    ev = t.do(PlayCards("B", parse_cards("5S")))
    assert t.s is before
    assert [type(e) for e in ev] == [IllegalEvent, TurnEvent]
    assert ev[0].rule == "out-of-turn" and ev[1].player == "A"


def test_must_lead():
    t = Table("president")
    ev = t.do(Pass("A"))
    assert ev[0].rule == "must-lead"


def test_wrong_count_wrong_shape_not_stronger():
    t = Table("highschool")
    t.play("A", "5S 5H")
    t.illegal("B", "6S", "wrong-count")
    t.illegal("B", "6S 7S 8S", "wrong-shape")
    t.illegal("B", "4S 4D", "not-stronger")
    t.illegal("B", "6S 7H", "wrong-shape")


def test_stairs_too_short():
    t = Table("highschool")
    t.illegal("A", "6S 7S", "stairs")


def test_hidden_hands_duplicate_card_and_count():
    t = Table("highschool", counts={"A": 2, "B": 13, "C": 13, "D": 13})
    t.play("A", "5S")
    t.illegal("B", "5S", "duplicate-card")
    t.illegal("B", "6S 6S", "duplicate-card")
    t.play("B", "KH")
    t.play("C", "JK")
    t.play("D", "JK")
    t.illegal("A", "JK", "duplicate-card")     # both jokers seen
    t.passes("A")
    t.illegal("B", "7S 7H 7D", "wrong-count")


def test_hidden_hands_more_cards_than_held():
    t = Table("highschool", counts={"A": 2, "B": 13, "C": 13, "D": 13})
    t.illegal("A", "5S 5H 5D", "not-in-hand")


def test_known_hands_not_in_hand():
    t = Table("highschool", hands={"A": "3S 4S", "B": "5S", "C": "6S", "D": "7S"})
    t.illegal("A", "5S", "not-in-hand")
    t.illegal("A", "JK", "not-in-hand")


def test_trick_passed_out_and_finishes_and_game_end():
    t = Table("president-none", hands={"A": "3S 9S", "B": "4S", "C": "5S 6S", "D": "7S 8S"})
    t.play("A", "3S")
    ev = t.play("B", "4S")          # B finishes first
    assert ev[1].EVENT == "finish" and ev[1].place == 1
    t.passes("C", "D", "A")
    # B is out: the next player still in leads
    assert t.trick_ended() and t.turn == "C"
    t.play("C", "5S")
    t.play("D", "7S")
    t.play("A", "9S")               # A second
    t.passes("C", "D")
    assert t.turn == "C"
    t.play("C", "6S")               # C third, D last
    assert t.s.phase is Phase.OVER
    assert [t.s.players[x] for x in t.s.ranking] == ["B", "A", "C", "D"]
    end = t.log[-1]
    assert end.EVENT == "game_end" and end.ranking == ("B", "A", "C", "D")
    ev = t.do(PlayCards("D", parse_cards("8S")))
    assert ev[0].rule == "out-of-turn" and len(ev) == 1


def test_every_rule_id_used_is_in_the_vocabulary():
    from referee.engine.rules import RULE_ORDER, SETTINGS
    for cls in RULE_ORDER:
        if cls.ID not in SETTINGS:
            assert cls.ID in RULE_IDS


# ---- pending declarations -------------------------------------------------------------------------

def test_optional_ten_discard_is_not_taken_when_the_next_player_acts():
    t = Table("highschool", hands={"A": "10S 3C 4C", "B": "JS QS", "C": "KS", "D": "AS"})
    ev = t.play("A", "10S")
    eff = [e for e in ev if isinstance(e, EffectEvent)][0]
    assert eff.rule == "ten-discard" and eff.detail("pending") and eff.detail("max") == 1
    t.play("B", "JS")
    assert t.s.pending is None
    ev = t.do(Discard("A", parse_cards("3C")))
    assert ev[0].rule == "ten-discard"


def test_optional_ten_discard_counts_with_hidden_hands_and_can_finish():
    t = Table("highschool", counts={"A": 3, "B": 13, "C": 13, "D": 13})
    t.play("A", "10S 10H")
    ev = t.discard("A", 1)
    assert ev[0].detail("count") == 1 and "cards" not in dict(ev[0].details)
    assert t.s.counts[0] == 0 and t.s.finished == (0,)


def test_ten_discard_too_many_or_by_someone_else():
    t = Table("highschool", counts={"A": 5, "B": 13, "C": 13, "D": 13})
    t.play("A", "10S")
    assert t.do(Discard("A", None, 2))[0].rule == "ten-discard"
    assert t.do(Discard("B", None, 1))[0].rule == "ten-discard"


def test_mandatory_nine_pass_blocks_everything_else():
    t = Table("highschool", counts={"A": 5, "B": 13, "C": 13, "D": 13})
    t.play("A", "9S 9H 9D")
    assert t.s.to_move == 0
    ev = t.do(Pass("B"))
    assert ev[0].rule == "nine-pass"
    assert t.do(Give("A", None, 1))[0].rule == "nine-pass"   # exactly two
    t.give("A", 2)
    assert t.s.counts[:2] == (0, 15) and t.s.finished == (0,)


def test_nine_pass_optional_variant():
    t = Table("highschool", counts={"A": 5, "B": 13, "C": 13, "D": 13},
              nine_pass={"optional": True})
    t.play("A", "9S 9H")
    t.play("B", "10S 10H")
    assert t.s.counts[0] == 3 and t.s.pending.rule == "ten-discard"


def test_declare_and_claim_without_such_rules_are_illegal_events():
    from referee.engine import Claim, Declare
    t = Table("highschool")
    ev = t.do(Declare("A", "eight-reset"))
    assert ev[0].rule == "eight-reset"
    ev = t.do(Claim("A", "dobon", parse_cards("4S 6C")))
    assert ev[0].rule == "dobon"
    with pytest.raises(EngineError):
        t.do(Declare("A", "no-such-rule"))


def test_unknown_player_and_bad_deals_raise_user_errors():
    t = Table("highschool")
    with pytest.raises(EngineError):
        t.do(PlayCards("Z", parse_cards("3S")))
    s = new_match(load_preset("president"), "ABCD")
    with pytest.raises(EngineError, match="dealt twice"):
        apply(s, Deal(hands=(parse_cards("3S"), parse_cards("3S"), (), ())))
    with pytest.raises(EngineError):
        apply(s, Deal(counts=(13, 13)))
    with pytest.raises(EngineError):
        new_match(load_preset("president"), ["A", "A"])


def test_pinned_joker_stairs_and_pin_conflicts():
    t = Table("highschool")
    t.play("A", "5H JK=6H 7H")
    assert t.top.kind.value == "stairs" and (t.top.low, t.top.high) == (2, 4)
    t2 = Table("highschool")
    t2.illegal("A", "5H JK=5H", "wrong-shape")


def test_effect_order_revolution_then_cut():
    """Four 8s: revolution (step 1) is applied and announced before eight-cut (step 8)."""
    t = Table("highschool")
    ev = t.play("A", "8S 8H 8D JK")
    kinds = [(e.EVENT, getattr(e, "rule", None)) for e in ev]
    assert kinds == [("play", None), ("effect", "revolution"), ("effect", "eight-cut"),
                     ("trick_end", None), ("turn", None)]


def test_event_json_shape():
    t = Table("highschool")
    ev = t.play("A", "6H")
    d = ev[0].to_dict(3)
    assert d == {"event": "play", "action": 3, "player": "A", "cards": ["6H"]}
    json.dumps([e.to_dict(0) for e in t.log])


# ---- the declaration mechanism (used by Profit's Eight Reset / Jack Bind later) ----------------

def _with_test_declaration(rules):
    """Rules plus a test-only rule: an 8 offers an optional "eight-reset" declaration that ends
    the trick (Profit's Eight Reset, in miniature)."""
    from referee.engine.effects import Await, EndTrick
    from referee.engine.rules.base import Rule

    class OfferReset(Rule):
        ID = "eight-reset"

        def effects(self, s, seat, play):
            if play.low == 5 and play.kind.value == "group":
                return (Await(self.ID, "declare", 0, False),)
            return ()

        def declare(self, s, seat):
            return (EndTrick(self.ID),)

    rules = rules.with_options({})  # a fresh copy: the preset's rules are shared (cached)
    rule = OfferReset(None, rules.order, rules.stairs_min)
    object.__setattr__(rules, "effects_rules", rules.effects_rules + (rule,))
    object.__setattr__(rules, "declare_rules", (rule,))
    return rules


def test_optional_declaration_taken_right_after_the_play():
    from referee.engine import Declare
    t = Table(_with_test_declaration(load_rules("president-none")), counts={})
    t.play("A", "8S")
    p = t.s.pending
    assert p.action == "declare" and p.rule == "eight-reset" and p.player == 0
    assert t.turn == "B"
    ev = t.do(Declare("A", "eight-reset"))
    assert [e.EVENT for e in ev] == ["effect", "effect", "trick_end", "turn"]
    assert t.turn == "A" and t.top is None and t.s.pending is None


def test_optional_declaration_lapses_when_the_next_player_acts():
    from referee.engine import Declare
    t = Table(_with_test_declaration(load_rules("president-none")), counts={})
    t.play("A", "8S")
    t.play("B", "9S")
    assert t.s.pending is None
    ev = t.do(Declare("A", "eight-reset"))
    assert ev[0].EVENT == "illegal" and ev[0].rule == "eight-reset"


def test_legal_actions_offer_the_pending_declaration():
    from referee.engine import Declare, legal_actions
    t = Table(_with_test_declaration(load_rules("president-none")),
              hands={"A": "8S 3S", "B": "9S", "C": "10S", "D": "JS"})
    t.play("A", "8S")
    acts = legal_actions(t.s)
    assert Declare("A", "eight-reset") in acts
    assert any(getattr(a, "player", "") == "B" for a in acts)
