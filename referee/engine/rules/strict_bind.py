"""Strict bind (Seed 004 激シバ).

Changes: when a play binds the suits (see suit-bind) AND its rank is the next one after the
play it answers, only the next rank in those suits may follow, for the rest of the trick
(Seed 004 例 "♡6に対して♡7を出すと、♡8しか出せなくなる"). "Next" follows the order in force:
the order at the time of the play for "is consecutive", the order after the play's own effects
(revolution, 11-back) for "what comes next" (例 "♡3 → ♠J ... ♠10 を出すと激シバとなり、♠9
しか出せなくなる"). No number bind without a suit bind (例3 "♡4♢4に対して♡5♠5と出しても何も
起こらない"). Groups only: stairs never make a strict bind (our reading; the seed shows none), and only the
group sizes that can make a suit bind (``suit-bind``'s ``max-cards``, even with it off).
May be made: under a strict bind only that rank in the bound suits; a joker may stand for it
and then acts as that card with its effect (例 "ジョーカーは出すことができ、8扱い").
Announces: ``effect`` strict-bind with the ``next`` cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import JOKER, PINNED_BASE, Card
from referee.engine.effects import Effect, SetBind
from referee.engine.options import Option, option
from referee.engine.plays import GROUP, JOKER_RANK, Play, Shape, rank_symbol
from referee.engine.rules.base import Rule
from referee.engine.rules.common import binds
from referee.engine.rules.suit_bind import SuitBindOption

from referee.engine.state import NO_RANK

if TYPE_CHECKING:
    from referee.engine.state import GameState

@option
@dataclass(frozen=True)
class StrictBindOption(Option):
    ID = "strict-bind"
    TITLE = "Strict bind (suit bind + consecutive ranks lock the next rank)"
    SEED = "Seed 004 激シバ"


class StrictBind(Rule[StrictBindOption]):
    ID = "strict-bind"
    OPTION = StrictBindOption
    PLACE = 100
    NAMES = {"en": "strict bind", "ja": "げきしば"}
    TEXTS = {
        "en": {
            "": "Strict bind: only {next} may follow.",
        },
        "ja": {
            "": "げきしば！ つぎは {next}のみ。",
        },
    }

    def interpret(self, s: GameState, seat: int, tokens: tuple[Card, ...]) -> list[Play]:
        t = s.trick
        if t.strict < 0 or t.strict == NO_RANK or t.top is None:
            return []
        if any(c < JOKER for c in tokens) or len(tokens) != len(t.top.cards):
            return []
        # only jokers: they stand for the required cards
        wanted = [Card.of(t.strict, su) for su in range(4) if t.bind >> su & 1]
        pinned = [c - PINNED_BASE for c in tokens if c >= PINNED_BASE]
        free = [w for w in wanted if w not in pinned]
        if len(wanted) != len(tokens) or any(p not in wanted for p in pinned):
            return []
        cards = tuple(Card.joker(w) if tok == JOKER else tok
                      for tok, w in zip(tokens, _fill(tokens, free)))
        return [Play(cards, GROUP, t.strict, t.strict, t.bind, 0, len(tokens))]

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        t = s.trick
        if t.strict < 0:
            return None
        if t.strict == NO_RANK:
            return "nothing can follow this strict bind"
        if play.kind is not GROUP or play.low != t.strict:
            wanted = " ".join(Card.of(t.strict, su).code for su in range(4) if t.bind >> su & 1)
            return f"only {wanted or rank_symbol(t.strict)} may be played"
        return None

    def fires_on(self, shape: Shape) -> bool:
        return not shape.leads and not shape.catapult and shape.kind is GROUP

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        top = s.trick.top
        if top is None or top.suits != play.suits:  # no suit bind (``binds``): most plays
            return ()
        if (play.catapult or play.kind is not GROUP or top.kind is not GROUP
                or top.low == JOKER_RANK or self.order.next_rank(top.low, s.reversed) != play.low):
            return ()
        suit_bind = s.rules.typed_option(SuitBindOption)  # strict binds form where suit binds can
        if not binds(top, play, suit_bind.max_cards, suit_bind.in_stairs):
            return ()
        return (SetBind(self.ID, play.suits, play.low),)


def _fill(tokens: tuple[Card, ...], free: list[Card]) -> list[Card | None]:
    it = iter(free)
    return [next(it) if tok == JOKER else None for tok in tokens]
