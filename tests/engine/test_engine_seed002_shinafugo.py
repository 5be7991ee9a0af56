"""Seed 002 "Shinafugo" (新約しなふごう): the statements of the document about the game itself
(conditions, preparation, the flow of play, records, the simulated games), one test each, named
after it; each rule's own statements (the ♥3 → joker = ♥4 case with the joker) are in its
``test_rule_*.py``. Players A B C D play in turn; hidden hands (counts) unless a test needs hands.

Under Chombo (on in this preset) an illegal play ends the game, so refusals are checked with
``Table.refuses`` (the play is judged, not applied) unless the chombo itself is the point.
"""

import random

import pytest
from engine_helpers import Table
from seed_helpers import ranking, table

from referee.engine import load_preset
from referee.engine.events import FinishEvent
from referee.engine.simulate import deal_hands
from referee.engine.state import Phase

# ---- 条件 / カードの強さ / 準備 ------------------------------------------------------------------------

def test_joken_56_cards_with_4_jokers_3_to_8_players():
    """ジョーカー４枚を含むトランプ１セット５６枚; 人数は３人〜８人くらい"""
    rules = load_preset("shinafugo")
    assert rules.jokers == 4
    for n in range(3, 9):
        hands = deal_hands(rules, n, random.Random(n))
        assert sum(len(h) for h in hands) == 56 and all(hands)


def test_junbi_uneven_deal_needs_no_equal_split():
    """人数分に適当に分けます。すなわち等分する必要なし！ (the referee is told the counts)"""
    rules = load_preset("shinafugo")
    sizes = {tuple(len(h) for h in deal_hands(rules, 4, random.Random(seed))) for seed in range(20)}
    assert any(len(set(s)) > 1 for s in sizes)
    t = table({"A": 20, "B": 3, "C": 25, "D": 8})
    assert t.s.counts == (20, 3, 25, 8) and t.turn == "A"


def test_junbi_heart_three_holder_starts():
    """最初はハートの３を持つ人からスタートとなります。"""
    t = Table("shinafugo", hands={"A": "6S 9C", "B": "10D JD", "C": "3H KS", "D": "QC 6D"},
              first=None)
    assert t.turn == "C"


def test_strength_3_weakest_then_up_to_2_then_joker():
    """３＜４＜・・・＜１０＜Ｊ＜Ｑ＜Ｋ＜Ａ＜２＜ジョーカー"""
    t = table()
    t.play("A", "3S")
    t.play("B", "10H")
    t.refuses("C", "9D", "not-stronger")
    t.play("C", "KS")
    t.play("D", "2H")
    t.refuses("A", "AC", "not-stronger")
    t.play("A", "JK")


# ---- 進行 -----------------------------------------------------------------------------------------

def test_lead_several_cards_of_one_number_or_stairs_of_3_plus():
    """台札として複数枚出せる条件: 同じ数字であること。同じマークで数字が連続していること。この場合は
    ３枚以上でなくてはならない。（階段）"""
    t = table()
    assert t.legal("A", "6S 6H 6D")
    assert t.legal("A", "9S 10S JS")
    t.refuses("A", "9S 10S", "stairs")
    t.refuses("A", "9S 10H JS", "wrong-shape")


def test_answer_with_the_same_shape_and_count():
    """場札が複数枚であれば手札も同条件の同枚数出さなくてはいけません。"""
    t = table()
    t.play("A", "6S 6H")
    t.refuses("B", "9S", "wrong-count")
    t.refuses("B", "9S 10S JS", "wrong-shape")
    t.play("B", "9C 9D")
    t2 = table()
    t2.play("A", "9S 10S JS")
    t2.refuses("B", "6H 6D 6C", "wrong-shape")
    assert t2.legal("B", "10H JH QH")


def test_pass_any_number_of_times_strategic_pass():
    """パスは１トリック中何回でもできる。戦略的パスも可能。"""
    t = table()
    t.play("A", "3S")
    t.passes("B")
    t.play("C", "9H")
    t.play("D", "JC")
    t.passes("A")
    t.play("B", "KD")          # B passed before and plays again in the same trick


def test_passed_round_last_player_leads():
    """カードが出されてパスで１周した場合、最後にカードを出した人が次のトリックの台札を出します。"""
    t = table()
    t.play("A", "3S")
    t.play("B", "9H")
    ev = t.passes("C", "D", "A")
    assert t.trick_ended(ev) and t.turn == "B"


def test_finish_when_the_hand_is_empty_and_play_on_until_last_is_decided():
    """手札がなくなった時点であがりとなる。ビリが決まるまで残った人で続けていくことになります。"""
    t = Table("shinafugo", players="ABC", hands={"A": "6S", "B": "9H", "C": "JD KD 3H"},
              first="A")
    ev = t.play("A", "6S")
    assert any(isinstance(e, FinishEvent) and e.place == 1 for e in ev)
    t.play("B", "9H")
    assert t.s.phase is Phase.OVER and ranking(t) == ["A", "B", "C"]


# ---- ドボン / ドボン返し / チョンボのなすりつけ ------------------------------------------------------------------

def test_shinafugo_hidden_record_replays_with_claims():
    from referee.engine.record import load_record, replay_events
    rec = {"rules": "shinafugo", "players": ["A", "B", "C"], "first": "A",
           "counts": {"A": 3, "B": 2, "C": 10},
           "actions": [{"player": "A", "play": ["6S"]},
                       {"player": "B", "claim": "dobon", "reveal": ["AH", "5C"]},
                       {"player": "A", "pass": True}]}
    events = replay_events(load_record(rec))
    assert events[-1]["event"] == "game_end" and events[-1]["ranking"][-1] == "A"
    assert {"event": "effect", "action": 1, "rule": "dobon", "player": "B", "target": "A",
            "sum": 6, "cards": ["AH", "5C"]} in events


@pytest.mark.parametrize("n", [3, 6, 8])
def test_simulated_shinafugo_games_keep_the_invariants(n):
    from referee.engine.simulate import simulate
    summary = simulate(load_preset("shinafugo"), n, 40, seed=n)
    assert summary["invariant_violations"] == 0, summary["violations"]
