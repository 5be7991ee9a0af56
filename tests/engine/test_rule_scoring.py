"""Scoring and game length: its seed examples (seed 000 (Profit)), one test each, named after the
statement or 例 it checks."""

from engine_helpers import Table
from referee.engine.events import (FinishEvent)
from referee.engine.state import Phase
from seed_helpers import game_end


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_game_ends_when_two_players_have_finished():
    """2名が上がるまでゲームを続行し、ゲームが終了したら得点計算を行います。"""
    t = Table("profit", hands={"A": "9S", "B": "8S", "C": "KS 2C", "D": "QS 2D"})
    t.play("A", "9S")
    t.play("B", "8S")
    assert t.s.phase is Phase.OVER
    end = game_end(t)
    assert end.ranking[:2] == ("A", "B")
    assert [e.player for e in t.log if isinstance(e, FinishEvent)] == ["A", "B"]


def test_score_is_sum_of_point_cards_plus_5_for_the_first_finisher():
    """獲得した得点カードに書かれている数の合計値がそのまま得点になります。また、最初に上がった
    プレイヤーには追加で5点が加算されます。"""
    t = Table("profit", hands={"A": "QS 9S", "B": "JH 8S", "C": "KS 2C 3C",
                                "D": "KD 2D 3D"})
    t.play("A", "QS")
    t.play("B", "JH")
    t.passes("C", "D", "A")                     # B: J = 11
    t.play("B", "8S")                           # B first: 8 + 5
    t.passes("C", "D", "A")                     # B is out: no point card, C leads
    t.play("C", "KS")
    t.passes("D")
    t.play("A", "9S")                           # A second: 9
    end = game_end(t)
    assert dict(end.scores) == {"A": 9, "B": 11 + 8 + 5, "C": 0, "D": 0}


def test_match_is_as_many_games_as_players_led_by_previous_first_finisher():
    """プレイヤー人数と同じ回数までゲームを行い、全ゲームで獲得した点数の合計が一番大きかった
    プレイヤーの優勝となります。※２ゲーム目以降のスタートプレイヤーは、前のゲームで最初に上がった
    プレイヤーになります。"""
    t = Table("profit", players="ABC", hands={"A": "9S", "B": "8S", "C": "KS"})
    t.play("A", "9S")
    t.play("B", "8S")                            # A 9+5, B 8
    assert game_end(t).totals == (("A", 14), ("B", 8), ("C", 0))
    t.deal(hands={"A": "QS", "B": "KH", "C": "JD"})
    assert t.turn == "A"                         # A finished first
    t.play("A", "QS")                            # A first: 12 + 5
    t.passes("B")                                # K is weaker than Q
    t.play("C", "JD")                            # C second: 11
    assert not game_end(t).match_over
    t.deal(hands={"A": "5S", "B": "6H", "C": "3D"})
    assert t.turn == "A"
    t.play("A", "5S")                            # A first: 5 + 5
    t.passes("B")
    t.play("C", "3D")                            # C second: 3
    end = game_end(t)
    assert end.match_over and end.totals == (("A", 14 + 17 + 10), ("B", 8), ("C", 14))
    assert end.winners == ("A",)
    assert t.s.match.over
