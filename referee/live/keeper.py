"""`GameKeeper`: the engine side of the live referee. It holds the game state (hidden hands: only
the card counts are known), writes each action to the game log before applying it and each event
after, starts the next game of a match, and rebuilds itself from a log after a crash.

Every action the referee takes is logged, refused ones included: replaying the log's actions
(`referee replay` on `log_to_record(log)`) gives exactly the logged events. Event lines carry
``game`` (0-based) besides the engine's fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from referee.engine import Deal, Declare, Exchange, GameState, Pass, Phase, PlayCards, Rules, apply, new_match
from referee.engine.cards import Card, cards_of
from referee.engine.record import action_to_json, load_record, rules_to_json
from referee.engine.rules.deal import DealOption
from referee.errors import UserError
from referee.gamelog import (GameLogError, GameLogWriter, ResumePoint, effective_events, read_log,
                             resume_point)


@dataclass(frozen=True)
class GameSetup:
    """What the table tells the referee before the first game."""
    rules: Rules
    players: tuple[str, ...]          # clockwise, in turn order
    counts: tuple[int, ...]           # cards dealt to each player (hidden hands)
    first: str | None = None          # who leads the first game (None: the rules decide)


def deal_counts(rules: Rules, players: int, counts: Sequence[int] | None = None) -> tuple[int, ...]:
    """The hand sizes: as given, else what the rules deal (an uneven deal must be given)."""
    if counts is not None:
        counts = tuple(int(c) for c in counts)
        if len(counts) != players:
            raise UserError(f"--counts gives {len(counts)} numbers for {players} players")
        if any(c < 0 for c in counts) or sum(counts) > 52 + rules.jokers:
            raise UserError(f"--counts {','.join(map(str, counts))}: the deck has {52 + rules.jokers} cards")
        return counts
    if rules.typed_option(DealOption).uneven:
        raise UserError(f"rules {rules.name!r} deal unevenly: give each player's card count with --counts")
    return tuple(rules.deal.sizes(52 + rules.jokers, players))


@dataclass(frozen=True)
class Resumed:
    """What a resumed game needs besides the state: what was already played and taken."""
    point: ResumePoint
    missing_events: tuple[dict, ...]      # events the crash kept out of the log (appended on reopening)
    trick_cards: tuple[str, ...]          # cards on the pile in the current trick
    earlier_cards: tuple[str, ...]        # cards played in earlier tricks of the current game
    point_cards: Mapping[int, tuple[str, ...]]   # seat → point cards taken this game
    refused_cards: tuple[str, ...] = ()   # the last actions were refused plays: their cards may still lie there


class GameKeeper:
    def __init__(self, rules: Rules, players: Sequence[str], counts: Sequence[int], log: GameLogWriter | None,
                 *, state: GameState | None = None, game: int = 0, game_actions: int = 0) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.counts = tuple(counts)
        self.log = log
        self.state = state if state is not None else new_match(rules, self.players)
        self.game = game
        self.game_actions = game_actions
        # What a correction replays: per game its deal and the actions taken (exchanges included).
        self.history: list[tuple[Deal, list]] = []

    # ---- starting -------------------------------------------------------------------------------

    @classmethod
    def start(cls, setup: GameSetup, log: GameLogWriter | None, *, header: Mapping[str, Any] | None = None,
              t: float | None = None, frame: int | None = None) -> tuple["GameKeeper", list[dict]]:
        """Write the log's header and deal the first game; returns the deal's events."""
        keeper = cls(setup.rules, setup.players, setup.counts, log)
        if log is not None:
            name, options = rules_to_json(setup.rules)
            log.header(rules=name, options=options, players=list(setup.players),
                       counts=dict(zip(setup.players, setup.counts)), first=setup.first, **dict(header or {}))
        return keeper, keeper._deal(Deal(counts=setup.counts, first=setup.first), t, frame)

    @classmethod
    def resume(cls, path: str | Path, *, fsync: bool = True, reopen: bool = True) -> tuple["GameKeeper", Resumed]:
        """Rebuild the game from its log and (``reopen``) reopen the log for appending; events the
        log lacks (the crash came between an action and its events) are appended then. With
        ``reopen`` false, call `reopen_log` once everything else is ready."""
        log = read_log(path)
        point = resume_point(log)
        record = load_record(point.record)
        if record.known:
            raise GameLogError(f"{path}: the live referee keeps hidden hands (counts), this log has hands")
        games = point.record.get("games", [point.record])
        counts = tuple(int(games[-1]["counts"][p]) for p in record.players)
        keeper = cls(record.rules, record.players, counts, None)
        replayed: list[dict] = []
        for gi, game in enumerate(record.games):
            keeper.game, keeper.game_actions = gi, 0
            replayed.extend(keeper._deal(Deal(counts=game.counts, first=game.first), None, None, exchange=False))
            for action in game.actions:
                replayed.extend(keeper.act(action, t=None, frame=None))
        logged = effective_events(log)
        for i, event in enumerate(logged):
            if i >= len(replayed) or replayed[i] != event:
                raise GameLogError(f"{path}: event {i + 1} of the log differs from what its actions give "
                                   "(edited, or written under other rules?)")
        current = [e for e in replayed if e.get("game") == keeper.game]
        resumed = Resumed(point, tuple(replayed[len(logged):]), *_played_cards(current),
                          _point_cards(current, keeper.players),
                          _refused_last(games[-1]["actions"], current))
        if reopen:
            keeper.reopen_log(path, resumed, fsync=fsync)
        return keeper, resumed

    def reopen_log(self, path: str | Path, resumed: Resumed, *, fsync: bool = True) -> None:
        """Append to the log again (a ``resume`` line first), with the events it lacked."""
        writer = GameLogWriter(path, fsync=fsync)
        for event in resumed.missing_events:
            writer.event(event, t=resumed.point.last_t, frame=resumed.point.last_frame)
        self.log = writer

    # ---- acting ---------------------------------------------------------------------------------

    def act(self, action, *, t: float | None, frame: int | None, read: Mapping[str, Any] | None = None) -> list[dict]:
        """Log the action (with how the camera read it, ``read``), apply it, log and return its
        events (refused actions too)."""
        index = self.game_actions
        if self.log is not None:
            self.log.action(action_to_json(action, hidden=True), t=t, frame=frame, read=read)
        self.state, events = apply(self.state, action)
        self.game_actions += 1
        if self.history:
            self.history[-1][1].append(action)
        return self._logged([e.to_dict(index) for e in events], t, frame)

    def next_game(self, *, t: float | None, frame: int | None) -> list[dict]:
        """Deal the next game of the match (same counts; the rules say who leads)."""
        self.game += 1
        self.game_actions = 0
        if self.log is not None:
            self.log.new_game(counts=dict(zip(self.players, self.counts)), t=t, frame=frame)
        return self._deal(Deal(counts=self.counts), t, frame)

    def _deal(self, deal: Deal, t: float | None, frame: int | None, *, exchange: bool = True) -> list[dict]:
        self.history.append((deal, []))
        self.state, events = apply(self.state, deal)
        out = self._logged([e.to_dict(None) for e in events], t, frame)
        # Card exchanges happen in the players' hands, out of sight: the referee records their counts.
        while exchange and self.state.phase is Phase.EXCHANGE and self.state.transfers:
            transfer = self.state.transfers[0]
            before = self.state
            out.extend(self.act(Exchange(self.players[transfer.giver], count=transfer.count), t=t, frame=frame))
            if self.state is before:
                break
        return out

    def _logged(self, events: list[dict], t: float | None, frame: int | None) -> list[dict]:
        for event in events:
            event["game"] = self.game
            if self.log is not None:
                self.log.event(event, t=t, frame=frame)
        return events

    # ---- corrections ----------------------------------------------------------------------------

    @property
    def actions(self) -> list:
        """The current game's actions so far (empty before the first deal)."""
        return self.history[-1][1] if self.history else []

    def undoable(self) -> int | None:
        """The index in the current game of the last action a person could take back (not the
        exchanges made at the deal), or None when the game has none yet."""
        actions = self.actions
        for index in range(len(actions) - 1, -1, -1):
            if not isinstance(actions[index], Exchange):
                return index
        return None

    def shown_and_held(self, seat: int, state: GameState, keep: int | None = None) -> frozenset[Card]:
        """The cards ``seat``'s player showed in a refused play and took back this game (in its
        first ``keep`` actions, which made ``state``), and has not played since: known to be in
        their hand. What left the hand unseen since (a card given or discarded face down, an
        exchange) makes it unknown again."""
        name = self.players[seat]
        held: set[Card] = set()
        for action in self.actions[:keep]:
            if action.player != name:
                continue
            if isinstance(action, PlayCards):
                held.update(c for c in action.cards if not c.is_joker)
            elif not isinstance(action, (Pass, Declare)):
                held.clear()
        return frozenset(held) - frozenset(cards_of(state.seen))

    def state_at(self, keep: int) -> GameState:
        """The state after the current game's first ``keep`` actions (nothing committed)."""
        deal, done = self.history[-1]
        if not 0 <= keep <= len(done):
            raise ValueError(f"cannot keep {keep} of {len(done)} actions")
        state = new_match(self.rules, self.players)
        for game_deal, game_actions in (*self.history[:-1], (deal, done[:keep])):
            for step in (game_deal, *game_actions):
                state, _ = apply(state, step)
        return state

    def correct(self, why: str, keep: int, actions: Sequence = (), *, t: float | None,
                frame: int | None) -> list[dict]:
        """Take the current game back to its first ``keep`` actions and apply ``actions`` from
        there: a ``correction`` line in the log (nothing rewritten), the state rebuilt by replaying
        the game, then each action logged and applied as usual. Returns the new actions' events."""
        deal, done = self.history[-1]
        if not 0 <= keep <= len(done):
            raise ValueError(f"cannot keep {keep} of {len(done)} actions")
        if self.log is not None:
            self.log.correction(why, game=self.game, keep=keep, t=t, frame=frame)
        self.state = self.state_at(keep)
        self.history[-1] = (deal, done[:keep])
        self.game_actions = keep
        events: list[dict] = []
        for action in actions:
            events.extend(self.act(action, t=t, frame=frame))
        return events

    # ---- views ----------------------------------------------------------------------------------

    @property
    def match_over(self) -> bool:
        return self.state.phase is Phase.OVER and self.state.match.over

    def player(self, seat: int) -> str:
        return self.players[seat]

    def point_cards(self, seat: int) -> tuple[Card, ...]:
        masks = self.state.point_cards
        return cards_of(masks[seat]) if masks and seat < len(masks) else ()


def _played_cards(events: Sequence[dict]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(current trick's cards, earlier tricks' cards) of one game's events."""
    trick: list[str] = []
    earlier: list[str] = []
    for event in events:
        if event["event"] == "play":
            trick.extend(event["cards"])
        elif event["event"] == "trick_end":
            earlier.extend(trick)
            trick = []
    return tuple(trick), tuple(earlier)


def _point_cards(events: Sequence[dict], players: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    out: dict[int, list[str]] = {}
    for event in events:
        if event["event"] == "point_card":
            out.setdefault(players.index(event["player"]), []).append(event["card"])
    return {seat: tuple(cards) for seat, cards in out.items()}


def _refused_last(actions: Sequence[Mapping[str, Any]], events: Sequence[dict]) -> tuple[str, ...]:
    """The cards of the refused plays that end the game's actions (nothing accepted after them)."""
    refused_actions = {e["action"] for e in events if e["event"] == "illegal"}
    cards: list[str] = []
    for index in range(len(actions) - 1, -1, -1):
        action = actions[index]
        if "play" not in action or index not in refused_actions:
            break
        cards.extend(action["play"])
    return tuple(cards)
