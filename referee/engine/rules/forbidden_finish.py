"""Forbidden finish (Seed 003 ルール違反のあがり; Seed 002 あがり制限カード: "４、５、７、８、２
（革命中は３）、ジョーカーを含めてあがってはいけません").

Forbidden: emptying the hand with a play holding a joker (also as a wild card), a card of the
strongest rank of the order in force when playing (2; 3 when reversed — by a revolution or a
trick-scoped flip such as Shinako back, the seed's "（一時）革命"), or a card of one of ``ranks``
(Shinafugo: 4 5 7 8). Emptying the hand by a 10-discard, a 9-pass or a claim is not a play and
is never forbidden.

``penalty``:
* ``disqualify`` (BGA): the play stands and the player is out, ranked last; of several, the
  later one ranks higher ("後にアウトしたプレイヤーがより高いランク");
* ``illegal`` (Shinafugo "あがってはいけません"): the finishing play is refused (``illegal``
  forbidden-finish, the cards go back); under Chombo it is the player's chombo. With hidden hands
  the referee knows the play empties the hand from the count. A *stuck* leader — one whose whole
  hand is a single card or only jokers, so that every lead they could make is forbidden — may
  make it all the same (our ruling: else the game could not go on): the play stands and the
  player is disqualified, or under Chombo it is their chombo (last, the game ends).
Announces: ``effect`` forbidden-finish (disqualify; with ``chombo`` for a stuck leader's forced
finish under Chombo, followed by ``effect`` chombo); the ``finish`` event with the final place
comes at the game end, when the bottom places are known.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import RANK_SYMBOLS
from referee.engine.effects import Disqualify, Effect, EndGame
from referee.engine.options import Option, OptionError, option, param
from referee.engine.plays import Order, Play
from referee.engine.rules.base import Rule

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class ForbiddenFinishOption(Option):
    ID = "forbidden-finish"
    TITLE = "Illegal finish (finishing on a joker or the strongest rank disqualifies)"
    SEED = "Seed 003 ルール違反のあがり; Seed 002 あがり制限カード"
    strongest: bool = param(True, "finishing with the strongest rank (2, or 3 reversed) is "
                                  "forbidden")
    jokers: bool = param(True, "finishing with a joker (also as a wild card) is forbidden")
    ranks: str = param("", "more forbidden ranks, e.g. \"4 5 7 8\"")
    penalty: str = param("disqualify", "disqualify (the play stands, ranked last) or illegal "
                                       "(the play is refused; a chombo under chombo)",
                         choices=("disqualify", "illegal"))


def parse_ranks(text: str) -> frozenset[int]:
    out = set()
    for tok in text.replace(",", " ").split():
        t = tok.upper().replace("T", "10")
        if t not in RANK_SYMBOLS:
            raise OptionError(f"option forbidden-finish.ranks: unknown rank {tok!r}")
        out.add(RANK_SYMBOLS.index(t))
    return frozenset(out)


class ForbiddenFinish(Rule[ForbiddenFinishOption]):
    ID = "forbidden-finish"
    OPTION = ForbiddenFinishOption
    PLACE = 260
    NAMES = {"en": "forbidden finish", "ja": "はんそくあがり"}
    TEXTS = {
        "en": {
            "": "{player} finished on a forbidden card and is disqualified.",
            "chombo": "{player} finished on a forbidden card.",
        },
        "ja": {
            "": "{player}さん、はんそくあがり。しっかくです。",
            "chombo": "{player}さん、はんそくあがり。",
        },
    }
    LEADS = True

    def __init__(self, option: Option, order: Order, stairs_min: int) -> None:
        super().__init__(option, order, stairs_min)
        self.ranks = parse_ranks(self.option.ranks)

    def uses(self, hook: str) -> bool:
        if hook == "restrict":
            return self.option.penalty == "illegal"
        return super().uses(hook)

    def forbidden(self, s: GameState, play: Play) -> str | None:
        o = self.option
        if o.jokers and play.jokers:
            return "a joker"
        rep = play.represents()
        if o.strongest:
            r = self.order.strongest_rank(s.reversed)
            if any(c >> 2 == r for c in rep):
                return f"a {RANK_SYMBOLS[r]}"
        if self.ranks:
            for c in rep:
                if c >> 2 in self.ranks:
                    return f"a {RANK_SYMBOLS[c >> 2]}"
        return None

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        if play.added != s.counts[seat] or stuck_lead(s, seat, play):
            return None
        what = self.forbidden(s, play)
        return f"a player may not finish with {what}" if what else None

    def finish_check(self, s: GameState, seat: int, play: Play | None) -> Effect | None:
        if play is None or not self.forbidden(s, play):
            return None
        if self.option.penalty == "illegal" and s.rules.chombo is not None:
            return EndGame(self.ID, seat)   # a stuck leader's forced finish: a chombo
        return Disqualify(self.ID, seat)


def stuck_lead(s: GameState, seat: int, play: Play) -> bool:
    """A lead of the player's whole hand when that hand is one card or only jokers (every lead
    they could make empties the hand, or is jokers alone)."""
    return (s.trick.top is None and play.added == s.counts[seat]
            and (len(play.cards) == 1 or play.jokers == len(play.cards)))
