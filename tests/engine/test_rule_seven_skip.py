"""Seven Skip (each 7 skips a player): its seed examples (seed 000 (Profit)), one test each, named
after the statement or 例 it checks."""

from engine_helpers import Table
from referee.engine.events import (EffectEvent)
from seed_helpers import points


# ---- seed 000 (Profit) -------------------------------------------------------------------------

def test_seven_skip_skips_the_next_player():
    """セブンスキップ(7飛ばし)：7を出した時に発動。次のプレイヤーの手番をスキップする。"""
    t = Table("profit", counts={})
    ev = t.play("A", "7S")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("B",) and t.turn == "C"


def test_seven_skip_as_many_players_as_sevens():
    """複数枚出した場合、出した枚数と同じ数のプレイヤーをスキップする。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    ev = t.play("B", "7S 7H")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("C", "D") and t.turn == "A"


def test_seven_skip_counts_almighty_jokers():
    """オールマイティ使用時の特殊効果の発生については、Jokerの枚数もカウントして行います。"""
    t = Table("profit", counts={})
    t.play("A", "9S 9H")
    ev = t.play("B", "7S JK")
    eff = [e for e in ev if isinstance(e, EffectEvent) and e.rule == "seven-skip"][0]
    assert eff.detail("skipped") == ("C", "D")


def test_seven_skip_of_everybody_passes_the_trick_out():
    """Skipped players count as passing: skipping all the others passes the trick out (the
    player takes the point card)."""
    t = Table("profit", counts={})
    t.play("A", "9S 9H 9D")
    ev = t.play("B", "7S 7H 7D")
    assert points(ev) == [("B", "7S")] and t.trick_ended(ev) and t.turn == "B"


def test_seven_skip_off():
    t = Table("profit", counts={}, seven_skip=False)
    t.play("A", "7S")
    assert t.turn == "B"
