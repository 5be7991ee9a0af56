"""Helpers for the engine tests: set up a table, play, and assert legality."""

from __future__ import annotations

from referee.engine import (Claim, Deal, Declare, Discard, Give, Pass, PlayCards, apply,
                            load_preset, new_match, parse_cards)
from referee.engine.events import EffectEvent, IllegalEvent, TrickEndEvent


class Table:
    """A game under test. ``hands``: {name: "3H 4S ..."} (known) or ``counts`` (hidden)."""

    def __init__(self, rules="highschool", players="ABCD", hands=None, counts=None, first="A",
                 **options):
        r = rules if not isinstance(rules, str) else load_preset(rules)
        if options:
            r = r.with_options({k.replace("_", "-"): v for k, v in options.items()})
        self.rules = r
        self.players = list(players)
        self.s = new_match(r, self.players)
        if hands is not None:
            deal = Deal(hands=tuple(parse_cards(hands.get(p, "")) for p in self.players),
                        first=first)
        else:
            counts = counts or {}
            deal = Deal(counts=tuple(counts.get(p, 13) for p in self.players), first=first)
        self.s, self.events = apply(self.s, deal)
        self.log = list(self.events)

    def deal(self, hands=None, counts=None, first=None):
        """Deal the next game of the match."""
        if hands is not None:
            d = Deal(hands=tuple(parse_cards(hands.get(p, "")) for p in self.players), first=first)
        else:
            d = Deal(counts=tuple(counts.get(p, 13) for p in self.players), first=first)
        return self.do(d)

    # actions -----------------------------------------------------------------------------------
    def do(self, action):
        self.s, self.events = apply(self.s, action)
        self.log.extend(self.events)
        return self.events

    def play(self, player, cards):
        """Play and require it to be legal; returns the events."""
        ev = self.do(PlayCards(player, parse_cards(cards)))
        assert not isinstance(ev[0], IllegalEvent), f"{player} {cards}: {ev[0]}"
        return ev

    def passes(self, *players):
        for p in players:
            ev = self.do(Pass(p))
            assert not isinstance(ev[0], IllegalEvent), f"{p} pass: {ev[0]}"
        return self.events

    def discard(self, player, cards_or_count):
        a = (Discard(player, None, cards_or_count) if isinstance(cards_or_count, int)
             else Discard(player, parse_cards(cards_or_count)))
        ev = self.do(a)
        assert not isinstance(ev[0], IllegalEvent), f"{player} discard: {ev[0]}"
        return ev

    def give(self, player, cards_or_count):
        a = (Give(player, None, cards_or_count) if isinstance(cards_or_count, int)
             else Give(player, parse_cards(cards_or_count)))
        ev = self.do(a)
        assert not isinstance(ev[0], IllegalEvent), f"{player} give: {ev[0]}"
        return ev

    def illegal(self, player, cards, rule=None):
        """Require the play to be illegal (breaking ``rule``), the state unchanged."""
        before = self.s
        ev = self.do(PlayCards(player, parse_cards(cards)))
        assert isinstance(ev[0], IllegalEvent), f"{player} {cards} was accepted: {ev}"
        assert self.s is before
        assert sum(isinstance(e, IllegalEvent) for e in ev) == 1
        if rule is not None:
            assert ev[0].rule == rule, f"{player} {cards}: {ev[0].rule} ({ev[0].message})"
        return ev[0]

    def refuses(self, player, cards, rule=None):
        """Require the play to be refused (breaking ``rule``) without applying it (under Chombo
        an illegal play would end the game); returns the illegal event."""
        _, ev = apply(self.s, PlayCards(player, parse_cards(cards)))
        assert isinstance(ev[0], IllegalEvent), f"{player} {cards} was accepted: {ev}"
        if rule is not None:
            assert ev[0].rule == rule, f"{player} {cards}: {ev[0].rule} ({ev[0].message})"
        return ev[0]

    def claim(self, player, rule, cards=""):
        """Make a claim and require it to be accepted; returns the events."""
        ev = self.do(Claim(player, rule, parse_cards(cards)))
        assert not isinstance(ev[0], IllegalEvent), f"{player} claims {rule}: {ev[0]}"
        return ev

    def declare(self, player, rule):
        ev = self.do(Declare(player, rule))
        assert not isinstance(ev[0], IllegalEvent), f"{player} declares {rule}: {ev[0]}"
        return ev

    def legal(self, player, cards) -> bool:
        """Would this play be accepted now? (the state is not changed)"""
        _, ev = apply(self.s, PlayCards(player, parse_cards(cards)))
        return not isinstance(ev[0], IllegalEvent)

    # queries -----------------------------------------------------------------------------------
    @property
    def turn(self):
        return self.s.players[self.s.turn] if self.s.turn >= 0 else None

    @property
    def top(self):
        t = self.s.trick.top
        return None if t is None else t

    def effects(self, events=None):
        return [e.rule for e in (events if events is not None else self.events)
                if isinstance(e, EffectEvent)]

    def trick_ended(self, events=None):
        return any(isinstance(e, TrickEndEvent) for e in (events if events is not None
                                                          else self.events))


def play_recorded_games(rules, names, rng, max_games: int = 2):
    """Random legal play of up to max_games games of a match (known hands).

    Returns (games, expected): the per-game (hands, first, actions) for make_record, and the
    event dicts a replay of that record must give (with "game" added when it is a match).
    """
    from referee.engine import new_match
    from referee.engine.simulate import play_game

    s = new_match(rules, names)
    games, events = [], []
    for gi in range(max_games):
        s, log = play_game(s, rng, check=False, keep=True)
        games.append((log.hands, log.first, log.actions))
        for ai, evs in enumerate(log.events):
            for e in evs:
                events.append((gi, e.to_dict(ai - 1 if ai else None)))
        if s.match.over:
            break
    match = len(games) > 1
    return games, [dict(d, game=gi) if match else d for gi, d in events]
