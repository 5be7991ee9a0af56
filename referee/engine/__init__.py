"""The pure rules engine of the Daifugo family.

Vocabulary (all immutable values):

* ``Card``, ``Suit``, ``Rank`` and the card notation (``cards``): ``10H``, ``QS``, ``JK``,
  ``JK=8H``;
* ``Play`` (``plays``): a group or stairs, with its reading of jokers; ``Order``;
* ``Option`` records (``options``, one per rule module in ``rules``), ``Rules`` (``ruleset``),
  presets as TOML data (``presets``);
* actions (``actions``): ``Deal``, ``PlayCards``, ``Pass``, ``Declare``, ``Discard``, ``Give``,
  ``Exchange``, ``Claim``;
* ``GameState`` (``state``), ``Effect`` values (``effects``, with the numbered application
  order) and ``Event`` values (``events``, the fixed record vocabulary).

``apply(state, action) -> (state, events)`` is the whole engine; ``legal_actions(state)`` lists
what the player to move may do (known hands); ``record`` reads, writes and replays game records;
``simulate`` holds the random players and invariant checks (randomness lives only there).
"""

from referee.engine.actions import (Claim, Deal, Declare, Discard, Exchange, Give, Pass,
                                    PlayCards)
from referee.engine.cards import Card, CardError, Rank, Suit, parse_card, parse_cards
from referee.engine.engine import EngineError, apply, judge, new_match
from referee.engine.events import Event
from referee.engine.legal import legal_actions
from referee.engine.options import OPTIONS, Option, OptionError
from referee.engine.plays import Kind, Order, Play
from referee.engine.presets import PRESETS, load_preset, load_rules, load_table
from referee.engine.ruleset import Rules
from referee.engine.state import GameState, Pending, Phase, Trick

__all__ = [
    "Card", "CardError", "Rank", "Suit", "parse_card", "parse_cards", "Play", "Kind", "Order",
    "Option", "OptionError", "OPTIONS", "Rules", "PRESETS", "load_preset", "load_rules",
    "load_table", "Deal", "PlayCards", "Pass", "Declare", "Discard", "Give", "Exchange", "Claim",
    "GameState", "Phase", "Trick", "Pending", "Event", "apply", "judge", "new_match",
    "legal_actions", "EngineError",
]
