"""Joker / spade-3 return (Seed 004 ジョーカースペ3返し（革命時はスペ2返し）; Seed 002 スペ3).

May be made: on a single joker, however it got there (pinned or not), ♠3 may be played, or ♠2
under revolution — whatever binds are in force (Seed 004:
"どんな過程で出たかに関わらず、場にジョーカー1枚が出ている時は、♠3 で返す事ができる").
Never on a joker double (例3 "♡2♠2 → JOKERダブル と出た場合、♠3では返せない").
Under 11-back alone ♠3 still returns it (例２ "♠10 → ♠J → JOKER ... ♠3 で返す事ができる"); the
seed's example wins over the notes' "(and under 11-back)". ``eleven-back-reverses`` switches to
the notes' reading (♠2 whenever the order in force is reversed). ``revolution-two`` off (Seed 002
スペ3: "どのような用途であれ、１枚のジョーカーのあとスペードの３が出るとそこで切れて"): always ♠3,
also on a joker standing for a card.
Changes: the trick ends at once ("出した瞬間、問答無用で流れる"); the player leads.
Announces: ``effect`` spade-three, then ``trick_end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import JOKER, Card, Rank, Suit
from referee.engine.effects import Effect, EndTrick
from referee.engine.options import Option, option, param
from referee.engine.plays import Kind, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class SpadeThreeOption(Option):
    ID = "spade-three"
    TITLE = "Spade-3 return (♠3 beats a lone joker; ♠2 under revolution)"
    SEED = "Seed 004 ジョーカースペ3返し（革命時はスペ2返し）; Seed 002 スペ3"
    eleven_back_reverses: bool = param(False, "♠2 instead of ♠3 also under 11-back (the order "
                                              "in force, not only the revolution)")
    revolution_two: bool = param(True, "♠2 instead of ♠3 under revolution (off: always ♠3)")


_SPADE_THREE = Card.of(Rank.THREE, Suit.S)


class SpadeThree(Rule[SpadeThreeOption]):
    ID = "spade-three"
    OPTION = SpadeThreeOption
    PLACE = 210
    NAMES = {"en": "spade return", "ja": "スペがえし"}
    TEXTS = {
        "en": {
            "": "Spade return! The trick ends.",
        },
        "ja": {
            "": "スペがえし！ ながれます。",
        },
    }

    def card(self, s: GameState) -> Card:
        o = self.option
        if not o.revolution_two:
            return _SPADE_THREE
        rev = s.reversed if o.eleven_back_reverses else s.revolution
        return Card.of(Rank.TWO if rev else Rank.THREE, Suit.S)

    def _fits(self, s: GameState, play: Play) -> bool:
        top = s.trick.top
        return (top is not None and len(top.cards) == 1 and top.cards[0] >= JOKER
                and len(play.cards) == 1 and play.cards[0] == self.card(s))

    def fires_on(self, shape: Shape) -> bool:
        # a single ♠3 or ♠2 (which one depends on the state)
        return (shape.kind is Kind.GROUP and shape.count == 1
                and shape.low in (Rank.THREE, Rank.TWO))

    def special(self, s: GameState, seat: int, play: Play) -> bool:
        return self._fits(s, play)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        return (EndTrick(self.ID),) if self._fits(s, play) else ()

    def generates_on(self, top: Shape) -> bool:
        return top.count == 1  # a lone joker, pinned (to any rank) or not

    def generate(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        top = s.trick.top
        if top is not None and len(top.cards) == 1 and top.cards[0] >= JOKER:
            c = self.card(s)
            if hand >> c & 1:
                return [(c,)]
        return []
