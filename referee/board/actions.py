"""The corrections a player makes from the scoreboard page: undo the referee's last action,
correct the last play's cards, pass for the player to move. The server checks what the page
sent (`parse_action`); the referee loop applies it (`apply_action`), since only that thread may
touch the referee."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.engine import parse_cards
from referee.engine.cards import CardError

if TYPE_CHECKING:
    from referee.live.officiating import Referee

KINDS = ("undo", "correct", "pass")


class ActionError(ValueError):
    """What the page sent is not an action; the message says why."""


@dataclass(frozen=True)
class BoardAction:
    kind: str                          # one of KINDS
    cards: tuple[str, ...] = ()        # correct: the last play's real cards


def parse_action(data: Any) -> BoardAction:
    """``{"action": "undo"}``, ``{"action": "pass"}`` or ``{"action": "correct", "cards": "9S 9H"}``
    (cards also as a list of codes)."""
    if not isinstance(data, dict) or data.get("action") not in KINDS:
        raise ActionError(f"send {{\"action\": ...}} with one of {', '.join(KINDS)}")
    kind = data["action"]
    if kind != "correct":
        return BoardAction(kind)
    cards = data.get("cards")
    if isinstance(cards, str):
        cards = cards.replace(",", " ").upper().split()
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise ActionError("a correction needs the cards, e.g. \"9S 9H\"")
    try:
        parse_cards([c.upper() for c in cards])
    except CardError as exc:
        raise ActionError(str(exc)) from None
    return BoardAction(kind, tuple(c.upper() for c in cards))


def apply_action(referee: "Referee", action: BoardAction, t: float | None, frame: int | None) -> None:
    """As the table's keys do; the referee announces what it did (or that there is nothing to do)."""
    if action.kind == "undo":
        referee.undo()
    elif action.kind == "correct":
        referee.correct_last_play(action.cards)
    elif action.kind == "pass" and referee.typing is None:
        # while card codes are typed at the window, "p" would be typed too: the page's pass is dropped
        referee.key("p", t, frame)
