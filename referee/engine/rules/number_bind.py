"""Number bind (Seed 002 縛り: "出されたカードの数字が連続していた場合、それ以降そのトリックでは
数字を連続させないといけません"; "マーク縛りと数字縛りは重複することもあります").

Changes: a group answering a group of the rank just below it in the order in force (♥3 → ♠4,
whatever the suits) locks the numbers: from then on each play must be the next rank up, in the
order in force after the play's own effects (a 4 that flips the order by Shinako back makes the
next number 3), until the trick ends. Groups only (stairs never make a number bind: our reading).
Independent of the suit (mark) bind; both may hold. A lone joker standing for the next card up
(Shinafugo: ``JK=4H`` on ♥3) starts or follows it like that card.
May be made: under a number bind only a group of the required rank (a lone unpinned joker reads
as the required card of the top card's suit).
Announces: ``effect`` number-bind with the next ``number``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from referee.engine.cards import JOKER, Card
from referee.engine.effects import STEP_SET_BIND, Effect
from referee.engine.immutable import immutable
from referee.engine.options import Option, option
from referee.engine.plays import JOKER_RANK, Kind, Play, rank_symbol
from referee.engine.rules.base import Rule

from referee.engine.state import NO_RANK

if TYPE_CHECKING:
    from referee.engine.state import GameState
    from referee.engine.working import Working


@immutable
class SetNumberBind(Effect):
    """Number bind: only the rank after ``after_rank`` (in the order in force when this step
    runs) may follow, whatever the suits, until the trick ends."""
    after_rank: int = -1
    STEP: ClassVar[int] = STEP_SET_BIND
    TRICK_SCOPED: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        nxt = w.rules.order.next_rank(self.after_rank, w.reversed)
        w.strict = nxt if nxt >= 0 else NO_RANK
        w.effect(self.rule, seat, number=rank_symbol(nxt) if nxt >= 0 else "")


@option
@dataclass(frozen=True)
class NumberBindOption(Option):
    ID = "number-bind"
    TITLE = "Number bind (consecutive numbers lock the next number)"
    SEED = "Seed 002 縛り (数字縛り)"


class NumberBind(Rule[NumberBindOption]):
    ID = "number-bind"
    OPTION = NumberBindOption
    PLACE = 110
    NAMES = {"en": "number bind", "ja": "かずしばり"}
    TEXTS = {
        "en": {
            "": "Number bind: only {number} next.",
            "none": "Number bind: nothing can follow.",
        },
        "ja": {
            "": "かずしばり！ つぎは {number}のみ。",
            "none": "かずしばり！ もう だせません。",
        },
    }

    def interpret(self, s: GameState, seat: int, tokens: tuple[Card, ...]) -> list[Play]:
        t = s.trick
        top = t.top
        if (t.strict < 0 or t.strict == NO_RANK or top is None or len(tokens) != 1
                or tokens[0] != JOKER or len(top.cards) != 1 or top.low == JOKER_RANK):
            return []
        suit = (top.suits & -top.suits).bit_length() - 1
        card = Card.of(t.strict, suit)
        return [Play((Card.joker(card),), Kind.GROUP, t.strict, t.strict, 1 << suit, 0, 1)]

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        t = s.trick
        if t.strict < 0:
            return None
        if t.strict == NO_RANK:
            return "nothing can follow this number bind"
        if play.kind is not Kind.GROUP or play.low != t.strict:
            return f"only {rank_symbol(t.strict)} may be played (number bind)"
        return None

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        top = s.trick.top
        if (play.catapult or play.kind is not Kind.GROUP or top is None
                or top.kind is not Kind.GROUP or top.low == JOKER_RANK
                or play.low == JOKER_RANK or len(top.cards) != len(play.cards)):
            return ()
        if self.order.next_rank(top.low, s.reversed) != play.low:
            return ()
        return (SetNumberBind(self.ID, play.low),)


