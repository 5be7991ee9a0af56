"""Point cards (Seed 000 ゲーム進行: "全員にパスさせたプレイヤーは場の一番上のカード1枚を得点
カードとして獲得し"; "最終的に手札が0枚になると上がりとなり、最後に出したカード1枚を得点カード
として引き取る"; "Jokerが一番上の場合、得点カードは獲得できません").

Changes:
* a trick passed out (everyone else passed since the last play, Seven Skips included): its last
  player, if still in, takes ONE card of the top play (the first real card as played: every card
  of a group has the same number); the rest of the field is discarded;
* a finishing play: the finisher takes one card of it, and the trick goes on; if it is then
  passed out the finisher (out) takes nothing and the next player still in leads (notes);
* no point card from a top play holding a joker (a lone joker, both jokers, or almighty
  jokers: "オールマイティ... この効果により場をリセットすることになった場合、ボーナス点は獲得
  できない"), nor when a rule ended the trick (Eight Reset: "この効果で場をリセットした場合、
  ボーナス点は獲得できない").
A point card's value is its number (A=1 ... K=13); the game score adds them up (``scoring`` mode
``points``). Point cards are on the table, so the referee sees them with hidden hands too.
Announces: the ``point_card`` event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import JOKER
from referee.engine.effects import Effect, TakePointCard
from referee.engine.options import Option, option
from referee.engine.plays import Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class PointCardsOption(Option):
    ID = "point-cards"
    TITLE = "Point cards (a passed-out trick's top, a finishing play)"
    SEED = "Seed 000 ゲーム進行 / 得点計算"


def point_card(play: Play | None, taken: tuple[int, ...] = ()) -> int:
    """The card taken from this play, -1 if none (jokers in it, or nothing); never a card
    already taken (a Catapult's top holds the single it was built on)."""
    if play is None:
        return -1
    gone = 0
    for m in taken:
        gone |= m
    card = -1
    for c in play.cards:
        if c >= JOKER:
            return -1
        if card < 0 and not gone >> c & 1:
            card = c
    return card


class PointCards(Rule[PointCardsOption]):
    ID = "point-cards"
    OPTION = PointCardsOption
    PLACE = 270
    ANNOUNCED = False

    def on_trick_end(self, s: GameState, top: Play, last: int, cause: str,
                     active: int) -> tuple[Effect, ...]:
        if cause != "passed" or last < 0 or not active >> last & 1:
            return ()
        c = point_card(top, s.point_cards)
        return (TakePointCard(self.ID, last, c),) if c >= 0 else ()

    def on_finish(self, s: GameState, seat: int, finished_before: int,
                  play: Play | None = None) -> tuple[Effect, ...]:
        c = point_card(play, s.point_cards)
        return (TakePointCard(self.ID, seat, c),) if c >= 0 else ()
