"""Chombo (a violation: the offender is last, the game ends): its seed examples (seed 002
(Shinafugo)), one test each, named after the statement or 例 it checks."""

from referee.engine import PlayCards, parse_cards
from referee.engine.state import Phase
from seed_helpers import effect, game_end, ranking, table


# ---- seed 002 (Shinafugo) ----------------------------------------------------------------------

def test_chombo_any_violation_makes_the_offender_last_and_ends_the_game():
    """チョンボとコールされた人はその時点でビリとなり、その時点でゲームが終わります。"""
    t = table()
    t.play("A", "9S")
    ev = t.do(PlayCards("B", parse_cards("6S")))
    assert ev[0].rule == "not-stronger" and effect(ev, "chombo").player == "B"
    assert ranking(t)[-1] == "B" and game_end(t) is not None
    t2 = table()
    ev = t2.do(PlayCards("C", parse_cards("6S")))
    assert ev[0].rule == "out-of-turn" and ranking(t2)[-1] == "C"


def test_chombo_not_for_a_misread_card():
    t = table()
    t.play("A", "9S")
    ev = t.do(PlayCards("B", parse_cards("9S")))
    assert ev[0].rule == "duplicate-card" and t.s.phase is Phase.PLAY


def test_chombo_transfer_dobon_on_a_chombo_play_blames_the_caller():
    """チョンボしているカードにドボン／ドボン返しした場合、それを行った人に罪がなすりつけられます。
    (A drops to one card and has not called uno: B's dobon lets the call lapse, so A's play is a
    chombo play, and B takes the blame.)"""
    t = table({"A": 2, "B": 2, "C": 10, "D": 10})
    t.play("A", "6S")
    ev = t.claim("B", "dobon", "AH 5C")
    kinds = [(e.EVENT, getattr(e, "rule", None)) for e in ev]
    assert kinds[:3] == [("effect", "uno"), ("effect", "dobon"), ("effect", "chombo")]
    ch = effect(ev, "chombo")
    assert ch.player == "B" and ch.detail("from") == "A"
    assert ranking(t)[-1] == "B" and t.s.phase is Phase.OVER
