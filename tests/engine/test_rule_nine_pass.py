"""9-pass (give count−1 cards to the next player): its seed examples (seed 004 (high-school rules,
its 例)), one test each, named after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine.events import FinishEvent


# ---- seed 004 (high-school rules, its 例) -------------------------------------------------------

def test_nine_pass_rei_diamond9_club9_gives_heartJ_and_left_answers_with_J_pair():
    """例：♢9♣9 を出して、左の人に ♡J を渡した。左のプレイヤーはもらったカードを使って ♡J♢J で返した。"""
    t = Table(hands={"A": "9D 9C JH 3S", "B": "JD 4S", "C": "5S 6S", "D": "7S 8S"})
    ev = t.play("A", "9D 9C")
    assert t.s.pending.rule == "nine-pass" and t.s.pending.limit == 1
    t.illegal("B", "JD", "nine-pass")  # the give comes first
    t.give("A", "JH")
    assert "JH" in [c.code for c in t.s.hand(1)]
    t.play("B", "JH JD")
    assert "nine-pass" in t.effects(ev)


def test_nine_pass_rei_four_9s_give_three_cards_and_finish_with_revolution():
    """例：♡9♢9♠9♣9 と出し、手札3枚を左の人に渡し、手札がなくなり、上がり。（革命状態になる）"""
    t = Table(hands={"A": "9H 9D 9S 9C 3S 4S 5S", "B": "6S", "C": "7S", "D": "8D"})
    ev = t.play("A", "9H 9D 9S 9C")
    assert "revolution" in t.effects(ev) and t.s.revolution
    assert t.s.pending.limit == 3
    ev = t.give("A", "3S 4S 5S")
    assert any(isinstance(e, FinishEvent) and e.player == "A" and e.place == 1 for e in ev)
    assert t.s.counts[0] == 0 and t.s.counts[1] == 4
