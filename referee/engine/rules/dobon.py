"""Dobon (Seed 002 ドボン: "自分の手札にジョーカーがない時に限ります。自分の手札の合計と場に
出されたカードの合計が一致した場合、ドボンとコールすることが出来ます。ドボンとコールされた人は
ドボン返しする以外はその時点でビリとなり、その時点でゲームが終わります"; チョンボのなすりつけ
"チョンボしているカードにドボン／ドボン返しした場合、それを行った人に罪がなすりつけられます").

A claim against the play just made (until the next play or pass; declarations and other claims
in between do not end the chance): the caller, still in, shows their whole hand (hidden hands:
as many cards as they hold), which holds no joker and whose sum (A=1 ... K=13) equals the sum of
that play (a joker counts 0). Then the player who made the play is last and the game ends —
unless Dobon-gaeshi is on and they still hold cards: then they may answer (see dobon-gaeshi).
The player who made the play may have finished with it; they are last all the same.
A dobon on a chombo play (one whose player missed the Uno call: the dobon is the action that
lets the call lapse) makes the caller last instead, under Chombo (the engine's chombo transfer).
A wrong claim is a violation (``dobon``; a chombo under Chombo).
Announces: ``effect`` dobon with the ``target``, the ``sum`` and the ``cards`` shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.engine.cards import Card, cards_of, joker_count

from referee.engine.effects import Announce, Await, Effect, EndGame
from referee.engine.options import Option, option
from referee.engine.rules.base import Rule, play_sum
from referee.engine.rules.common import has_joker, points_of, shown, whole_hand

if TYPE_CHECKING:
    from referee.engine.state import GameState


@option
@dataclass(frozen=True)
class DobonOption(Option):
    ID = "dobon"
    TITLE = "Dobon (your hand's sum matches the play: its player is last)"
    SEED = "Seed 002 ドボン / チョンボのなすりつけ"


class Dobon(Rule[DobonOption]):
    ID = "dobon"
    OPTION = DobonOption
    PLACE = 330
    NAMES = {"en": "dobon", "ja": "ドボン"}
    TEXTS = {
        "en": {
            "": "Dobon! {player}'s hand makes {sum}, as {target}'s play: {cards}.",
        },
        "ja": {
            "": "ドボン！ {player}さん、{target}さんの {sum}と おなじ。{cards}。",
        },
    }
    ACCUSES = True   # a claim against the player of the play just made (chombo transfer)

    def claim(self, s: GameState, seat: int, reveal: tuple[Card, ...]) -> tuple[Effect, ...] | str:
        target = s.recent_seat
        if target < 0 or s.recent is None:
            return "there is no play to dobon"
        if target == seat:
            return "a player cannot dobon their own play"
        if not s.is_active(seat):
            return f"{s.players[seat]} is already out"
        err = whole_hand(s, seat, reveal)
        if err:
            return err
        if has_joker(reveal):
            return "dobon needs a hand without jokers"
        want = play_sum(s.recent.cards)
        got = play_sum(reveal)
        if got != want:
            return f"the hand sums to {got}, the play to {want}"
        out: list[Effect] = [Announce(self.ID, (("target", s.players[target]), ("sum", want),
                                        ("cards", shown(reveal))))]
        if s.rules.enabled("dobon-gaeshi") and s.counts[target] > 0:
            out.append(Await("dobon-gaeshi", "claim", 0, True, target, seat, want))
        else:
            out.append(EndGame(self.ID, target))
        return tuple(out)

    def reveals(self, s: GameState, seat: int, hand: int) -> Iterable[tuple[Card, ...]]:
        if s.recent_seat < 0 or s.recent_seat == seat or joker_count(hand):
            return []
        assert s.recent is not None  # set together with recent_seat
        if points_of(hand) != play_sum(s.recent.cards):
            return []
        return [cards_of(hand)]
