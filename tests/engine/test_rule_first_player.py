"""First player (seed 003 最初の番のプレイヤー, seed 004, seed 000, seed 002) and the card exchange:
when a later game is led by "the holder of a card", it is the holder AFTER the exchange (the
UECda server and wecraw's spec agree; issue 24)."""

from engine_helpers import Table

from referee.engine import Exchange, parse_cards
from referee.engine.state import Phase


def _after_game_one(**kw):
    """A B C D finish in that order: A is 大富豪, D 大貧民."""
    t = Table("president", hands={"A": "3S", "B": "4S", "C": "5S", "D": "6S"}, **kw)
    for p, c in zip("ABC", ("3S", "4S", "5S")):
        t.play(p, c)
    assert t.s.phase is Phase.OVER
    return t


def test_card_holder_leads_after_the_exchange_moved_the_card():
    """A (大富豪) is dealt ♦3 and gives it to D (大貧民): D holds ♦3 when play starts, D leads."""
    t = _after_game_one(first_player={"later": "card", "card": "3D"})
    t.deal(hands={"A": "3D 4S 5S", "B": "3H 4H 5H", "C": "6H 7H KH", "D": "2S AS 9S"})
    assert t.s.phase is Phase.EXCHANGE
    t.do(Exchange("D", parse_cards("2S AS")))
    t.do(Exchange("C", parse_cards("KH")))
    t.do(Exchange("A", parse_cards("3D 4S")))
    t.do(Exchange("B", parse_cards("3H")))
    assert t.s.phase is Phase.PLAY
    assert t.turn == "D"
    t.play("D", "9S")


def test_card_holder_leads_when_the_exchange_leaves_the_card_where_it_was():
    t = _after_game_one(first_player={"later": "card", "card": "3D"})
    t.deal(hands={"A": "3S 4S 5S", "B": "3H 4H 5H", "C": "6H 7H KH", "D": "3D AS 2S"})
    t.do(Exchange("D", parse_cards("2S AS")))
    t.do(Exchange("C", parse_cards("KH")))
    t.do(Exchange("A", parse_cards("3S 4S")))
    t.do(Exchange("B", parse_cards("3H")))
    assert t.turn == "D"


def test_a_record_first_still_wins_over_the_card_holder():
    t = _after_game_one(first_player={"later": "card", "card": "3D"})
    t.deal(hands={"A": "3D 4S 5S", "B": "3H 4H 5H", "C": "6H 7H KH", "D": "2S AS 9S"},
           first="B")
    for p, c in (("D", "2S AS"), ("C", "KH"), ("A", "3D 4S"), ("B", "3H")):
        t.do(Exchange(p, parse_cards(c)))
    assert t.turn == "B"


def test_poorest_leads_whatever_the_exchange():
    t = _after_game_one()   # president: later = "poorest"
    t.deal(hands={"A": "3D 4S 5S", "B": "3H 4H 5H", "C": "6H 7H KH", "D": "2S AS 9S"})
    for p, c in (("D", "2S AS"), ("C", "KH"), ("A", "3D 4S"), ("B", "3H")):
        t.do(Exchange(p, parse_cards(c)))
    assert t.turn == "D"


def test_hidden_hands_the_record_names_the_holder_after_the_exchange():
    """The referee cannot see who holds ♦3 after a hidden exchange: the record's ``first`` says
    it, and nobody is named to lead while the exchange is going on."""
    t = _after_game_one(first_player={"later": "card", "card": "3D"})
    t.deal(counts={"A": 13, "B": 13, "C": 13, "D": 13}, first="C")
    assert t.s.phase is Phase.EXCHANGE and t.turn is None
    for p, n in (("D", 2), ("C", 1), ("A", 2), ("B", 1)):
        t.do(Exchange(p, None, n))
    assert t.s.phase is Phase.PLAY and t.turn == "C"
