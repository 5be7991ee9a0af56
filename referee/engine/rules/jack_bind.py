"""Jack Bind (Seed 000 ジャックバインド(色縛り): "Jを出した時に発動するか選択。場がリセットされる
まで、出せるカードの色を出したJの色に固定する。複数枚出た時は、その組み合わせと同じでなければ
いけない"; Jokerについて "ジャックバインドについてはJoker以外のカードの色と一致していれば出す
ことができます").

Changes: after a play of Js (almighty jokers count) the player may declare ``jack-bind`` (an
optional declaration). When declared, until the trick ends every play must match the colours of
that play card for card (red = ♥♦, black = ♠♣): J♠J♥ binds "one black and one red". Jokers are
free on both sides: a joker in the J play binds no colour, a joker in a later play matches any.
May be made: under a colour bind, only plays whose real cards fit the bound colours.
Announces: ``effect`` jack-bind with ``pending`` when offered; ``declared``, then ``effect``
jack-bind with the bound ``colours`` (``black``/``red``/``any``, one per card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from referee.engine.cards import Rank
from referee.engine.effects import STEP_SET_BIND, Await, Effect
from referee.engine.immutable import immutable
from referee.engine.options import Option, option
from referee.engine.plays import Play, Shape
from referee.engine.rules.base import Rule, group_rank_effect, rank_shape
from referee.engine.rules.common import COLOUR_BIND, colour_names, colours_of, fits, pack

if TYPE_CHECKING:
    from referee.engine.state import GameState
    from referee.engine.working import Working


@immutable
class SetColourBind(Effect):
    """Colour bind: plays must match these colours card for card until the trick ends.
    ``black``/``red``: cards of each colour in the binding play; ``free``: its jokers (they
    bind no colour)."""
    black: int = 0
    red: int = 0
    free: int = 0
    STEP: ClassVar[int] = STEP_SET_BIND
    TRICK_SCOPED: ClassVar[bool] = True

    def apply(self, w: Working, seat: int) -> None:
        colours = pack(self.black, self.red, self.free)
        w.set_slot(COLOUR_BIND, colours)
        w.effect(self.rule, seat, colours=colour_names(colours))


@option
@dataclass(frozen=True)
class JackBindOption(Option):
    ID = "jack-bind"
    TITLE = "Jack Bind (a J may lock the colours)"
    SEED = "Seed 000 ジャックバインド"


class JackBind(Rule[JackBindOption]):
    ID = "jack-bind"
    OPTION = JackBindOption
    PLACE = 120
    NAMES = {"en": "jack bind", "ja": "ジャックバインド"}
    TEXTS = {
        "en": {
            "pending": "Jack bind? {player} may bind the colours.",
            "declared": "{player} declares jack bind.",
            "": "Jack bind: only {colours}.",
        },
        "ja": {
            "pending": "{player}さん、ジャックバインド できます。",
            "declared": "{player}さん、ジャックバインド。",
            "": "ジャックバインド！ {colours}のみ。",
        },
    }

    def restrict(self, s: GameState, seat: int, play: Play) -> str | tuple[str, str] | None:
        c = COLOUR_BIND.of(s)
        if c and not fits(c, play):
            return f"only {' and '.join(colour_names(c))} may be played (jack bind)"
        return None

    def fires_on(self, shape: Shape) -> bool:
        return rank_shape(shape, False, Rank.JACK)

    def effects(self, s: GameState, seat: int, play: Play) -> tuple[Effect, ...]:
        if group_rank_effect(play, False, Rank.JACK):
            return (Await(self.ID, "declare"),)
        return ()

    def declare(self, s: GameState, seat: int) -> tuple[Effect, ...]:
        top = s.trick.top
        if top is None:
            return ()
        return (SetColourBind(self.ID, *colours_of(top.cards)),)


