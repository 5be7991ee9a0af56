"""The basic rules of every preset (Seed 003 カードをプレイする流れ; Seed 004 出し方).

* The player to move leads any single, group or stairs when the table is empty, and may not
  pass then (``must-lead``).
* Otherwise a play answers the top play: the same kind (``wrong-shape``), the same number of
  cards (``wrong-count``) and stronger in the order in force (``not-stronger``); rules may allow
  an equal play (same-rank-skip, joker on joker) or a special beat (spade-three, lucky-seven,
  catapult) and may forbid a play (binds).
* Cards must be in the player's hand (``not-in-hand``, known hands) and never seen before on the
  table (``duplicate-card``); only the player whose turn it is may play or pass (``out-of-turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine.plays import GROUP, STAIRS, Play, strength

if TYPE_CHECKING:
    from referee.engine.state import GameState

VIOLATIONS: dict[str, dict[str, str]] = {
    "out-of-turn": {"en": "not your turn", "ja": "じゅんばんでは ありません"},
    "not-stronger": {"en": "not stronger", "ja": "つよくないので だせません"},
    "wrong-count": {"en": "wrong number of cards", "ja": "まいすうが ちがいます"},
    "wrong-shape": {"en": "wrong combination", "ja": "くみあわせが ちがいます"},
    "duplicate-card": {"en": "card already played", "ja": "そのカードは もう でています"},
    "not-in-hand": {"en": "card not in hand", "ja": "てふだに ありません"},
    "must-lead": {"en": "the leader must play", "ja": "おやは パスできません"},
}
"""The basic violations (an ``illegal`` event's rule id) and their spoken names by language."""


def basic_check(s: GameState, seat: int, play: Play) -> tuple[str, str] | None:
    """Count, shape and strength against the top play (None: fine)."""
    trick = s.trick
    top = trick.top
    if top is None:
        return None
    if play.kind is not top.kind:
        want = "stairs" if top.kind is STAIRS else "a group of one rank"
        return "wrong-shape", f"{play.describe()} is not {want}"
    if len(play.cards) != len(top.cards):
        return "wrong-count", f"{len(top.cards)} card(s) must be played, not {len(play.cards)}"
    rules = s.rules
    order = rules.order
    table = order.reverse if s.revolution is not trick.flipped else order.normal  # s.reversed
    if play.kind is GROUP:  # a group's strength is its rank's
        a, b = table[play.low], table[top.low]
    else:
        a, b = strength(play, table), strength(top, table)
    if a > b:
        return None
    if a == b:
        for r in rules.equal_beats_rules:
            if r.equal_beats(s, seat, play):
                return None
    return "not-stronger", f"{play.describe()} does not beat {top.describe()}"
