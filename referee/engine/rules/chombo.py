"""Chombo (Seed 002 チョンボ: "他人がルールを守らない行動をした場合、チョンボとコールすることが
できます。チョンボとコールされた人はその時点でビリとなり、その時点でゲームが終わります";
チョンボのなすりつけ).

Under this rule the referee itself calls the chombo (rules-notes): a player still in who breaks a
rule — an illegal play, pass, or claim (``illegal`` event, as always), or a missed Uno call — is
last at once and the game ends. Not a chombo (the action is only refused, as without this rule):
``duplicate-card`` and ``not-in-hand`` (the referee's view and the record disagree: nobody is
blamed for a misread), an illegal declaration (saying "uno" at the wrong time breaks nothing),
actions while a dobon-gaeshi is awaited (the game is being settled), and actions of players who
are already out.
Chombo transfer: a dobon on a chombo play makes the caller last instead (the engine's claim step;
see dobon).
Announces: ``effect`` chombo naming the player, with the ``violation`` (rule id) and, for a
transfer, ``from`` (the player whose play it was); then their ``finish`` (last place) and
``game_end``.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.options import Option, option
from referee.engine.rules.base import Rule

NOT_CHOMBO = frozenset(("duplicate-card", "not-in-hand"))


@option
@dataclass(frozen=True)
class ChomboOption(Option):
    ID = "chombo"
    TITLE = "Chombo (a violation: the offender is last, the game ends)"
    SEED = "Seed 002 チョンボ / チョンボのなすりつけ"


class Chombo(Rule[ChomboOption]):
    ID = "chombo"
    OPTION = ChomboOption
    PLACE = 350
    NAMES = {"en": "chombo", "ja": "チョンボ"}
    TEXTS = {
        "en": {
            "": "Chombo! {player} is last ({violation_name}); the game is over.",
            "from": "Chombo! {player} called on {from}'s chombo play and is last; the game is over.",
        },
        "ja": {
            "": "チョンボ！ {player}さんは ビリです。ゲームしゅうりょう。",
            "from": "チョンボの なすりつけ！ {player}さんは ビリです。ゲームしゅうりょう。",
        },
    }

    def calls(self, rule: str) -> bool:
        """Is breaking ``rule`` a chombo?"""
        return rule not in NOT_CHOMBO
