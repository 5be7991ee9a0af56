"""Jokers (Seed 003 ジョーカー; Seed 004 ジョーカー; Seed 000 Jokerについて; Seed 002 ジョーカー).

* In the deck: ``count`` jokers (BGA: two; Shinafugo: four).
* A lone joker is the strongest single, in every order (BGA: "革命時でも最強"; Profit: "どの時でも
  最強").
* ``wild``: in a group or stairs a joker stands for a missing card; ``JK=8H`` pins what it stands
  for. Unpinned jokers in a group fill whatever suits a bind asks for. Off (Profit): a joker joins
  other cards only under ``almighty``; jokers alone (one, or both together) are always fine.
* ``beats-joker``: a single joker may be played on a single joker (Seed 004: "JOKER 1枚の上に
  JOKER 1枚で返す事はできる"; Profit: "Joker単体に対して連続してJokerを出すことはできません").
* ``lead-alone`` off (Shinafugo: "ジョーカーだけで台札で出すことはできません"): jokers alone may
  not lead a trick (``wrong-shape``) — unless they are the player's whole hand (there is nothing
  else to lead; forbidden-finish then judges that finish).
* ``lone-pin`` ``next-up`` (Shinafugo: "ハートの３が出ている状態でジョーカーが出された場合、
  ジョーカーはハートの４の代わりとなります"; "２より大きいカード...として使った場合、一番強い
  カード"): a single joker on a single card is either the strongest card (``JK``) or exactly the
  next card up in the order in force, of that card's suit (``JK=4H`` on ♥3), and then binds like
  that card; any other pin is ``wrong-shape``. ``any``: a lone joker may be pinned to any card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import JOKER, PINNED_BASE, Card
from referee.engine.options import Option, option, param
from referee.engine.plays import JOKER_RANK, Kind, Play, Shape
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class JokerOption(Option):
    ID = "joker"
    TITLE = "Jokers (wild, strongest single)"
    SEED = "Seed 003 ジョーカー; Seed 004 ジョーカー; Seed 000 Jokerについて; Seed 002 ジョーカー"
    count: int = param(2, "jokers in the deck", minimum=1, maximum=4)
    beats_joker: bool = param(False, "a single joker may be played on a single joker")
    wild: bool = param(True, "jokers may join other cards (else only under almighty)")
    lead_alone: bool = param(True, "jokers alone may lead a trick")
    lone_pin: str = param("any", "what a single joker on a single card may stand for: any card, "
                                 "or next-up (the next card up in that card's suit) / strongest",
                          choices=("any", "next-up"))


def next_up(s: GameState, top: Play | None) -> Card | None:
    """The next card up from a single determined top card, in its suit (None if none)."""
    if top is None or len(top.cards) != 1 or top.low == JOKER_RANK or top.kind is not Kind.GROUP:
        return None
    nxt = s.rules.order.next_rank(top.low, s.reversed)
    if nxt < 0:
        return None
    suit = (top.suits & -top.suits).bit_length() - 1
    return Card.of(nxt, suit)


class Joker(Rule[JokerOption]):
    ID = "joker"
    OPTION = JokerOption
    PLACE = 30
    ANNOUNCED = False
    LEADS = True

    def uses(self, hook: str) -> bool:
        o = self.option
        if hook in ("restrict", "generate"):
            return not o.lead_alone or o.lone_pin != "any" or (
                hook == "restrict" and not o.wild)
        return super().uses(hook)

    def equal_beats(self, s: GameState, seat: int, play: Play) -> bool:
        top = s.trick.top
        return (self.option.beats_joker and play.low == JOKER_RANK and len(play.cards) == 1
                and top is not None and top.low == JOKER_RANK and len(top.cards) == 1)

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        o = self.option
        cards = play.cards
        jokers = [c for c in cards if c >= JOKER]
        if not jokers:
            return None
        only = len(jokers) == len(cards)
        top = s.trick.top
        if only and top is None and not o.lead_alone and len(cards) != s.counts[seat]:
            return "wrong-shape", "a joker may not lead alone"
        if not only and not s.rules.jokers_wild:
            return "wrong-shape", "a joker joins other cards only under almighty"
        if o.lone_pin == "next-up" and len(cards) == 1 and cards[0] >= PINNED_BASE:
            want = next_up(s, top)
            if want is None or cards[0] - PINNED_BASE != want:
                what = f"the next card up ({want.code}) or " if want is not None else ""
                return "wrong-shape", f"a lone joker stands for {what}the strongest card"
        return None

    def generates_on(self, top: Shape) -> bool:
        return top.kind is Kind.GROUP and top.count == 1 and top.low != JOKER_RANK  # (next_up)

    def generate(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        if self.option.lone_pin != "next-up" or not hand >> 52:
            return []
        want = next_up(s, s.trick.top)
        return [(Card.joker(want),)] if want is not None else []
