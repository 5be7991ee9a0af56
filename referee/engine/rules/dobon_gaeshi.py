"""Dobon-gaeshi (Seed 002 ドボン返し: "自分の手札にジョーカーがない時に限ります。ドボンとコール
された場合、さらに自分の残りの手札の合計がそれに一致する場合、ドボン返しとコールすることが
出来ます。ドボン返しとコールされた人はその時点でビリとなり、その時点でゲームが終わります").

After a dobon against a player who still holds cards the referee waits for that player (a
pending, mandatory claim): they claim ``dobon-gaeshi`` showing their whole remaining hand, with
no joker and the same sum — the caller is last and the game ends — or they pass (declining, or
unable to): they are last and the game ends. Nobody else may act meanwhile (``dobon-gaeshi``).
A wrong dobon-gaeshi claim is refused (the player may still pass).
Announces: ``effect`` dobon-gaeshi with ``pending`` when awaited; with the ``target``, ``sum``
and ``cards`` when made; with ``declined`` on a pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import Card, cards_of, joker_count

from referee.engine.effects import Announce, Effect, EndGame
from referee.engine.options import Option, option
from referee.engine.rules.base import Rule, play_sum
from referee.engine.rules.common import has_joker, shown, whole_hand

if TYPE_CHECKING:
    from referee.engine.state import GameState, Pending


@option
@dataclass(frozen=True)
class DobonGaeshiOption(Option):
    ID = "dobon-gaeshi"
    TITLE = "Dobon-gaeshi (the dobon'd player's own sum matches: the caller is last)"
    SEED = "Seed 002 ドボン返し"


class DobonGaeshi(Rule[DobonGaeshiOption]):
    ID = "dobon-gaeshi"
    OPTION = DobonGaeshiOption
    PLACE = 340
    NAMES = {"en": "dobon gaeshi", "ja": "ドボンがえし"}
    TEXTS = {
        "en": {
            "pending": "{player}, dobon gaeshi? Show your hand or pass.",
            "": "Dobon gaeshi! {player}'s hand makes {sum} too: {target} is last.",
            "declined": "No dobon gaeshi: {player} is last.",
        },
        "ja": {
            "pending": "{player}さん、ドボンがえし しますか。",
            "": "ドボンがえし！ {target}さんが ビリです。",
            "declined": "ドボンがえし なし。{player}さんが ビリです。",
        },
    }

    def claim(self, s: GameState, seat: int, reveal: tuple[Card, ...]) -> tuple[Effect, ...] | str:
        p = s.pending
        if p is None or p.rule != self.ID or p.player != seat:
            return f"{s.players[seat]} has no dobon to answer"
        err = whole_hand(s, seat, reveal)
        if err:
            return err
        if has_joker(reveal):
            return "dobon-gaeshi needs a hand without jokers"
        got = play_sum(reveal)
        if got != p.value:
            return f"the hand sums to {got}, not {p.value}"
        return (Announce(self.ID, (("target", s.players[p.other]), ("sum", p.value),
                                   ("cards", shown(reveal)))),
                EndGame(self.ID, p.other))

    def lapse(self, s: GameState, pending: Pending) -> tuple[Effect, ...]:
        return (Announce(self.ID, (("declined", True),)), EndGame("dobon", pending.player))

    def reveals(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        p = s.pending
        if p is None or p.rule != self.ID or p.player != seat or joker_count(hand):
            return []
        return [cards_of(hand)]
