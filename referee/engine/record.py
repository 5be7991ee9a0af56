"""Game records (JSON) and their replay.

A record (the format is fixed; other tools read it)::

    {"rules": "highschool", "options": {"lucky-seven": false},
     "players": ["A", "B", "C", "D"], "first": "A",
     "counts": {"A": 13, "B": 13, "C": 14, "D": 14},        # hidden hands, or
     "hands": {"A": ["3H", "JK", ...], ...},                 # known hands
     "actions": [{"player": "A", "play": ["3H"]},
                 {"player": "B", "pass": true},
                 {"player": "C", "discard": 1},              # a number (hidden) / cards (known)
                 {"player": "D", "give": 1},
                 {"player": "A", "exchange": 2},
                 {"player": "C", "declare": "eight-reset"},
                 {"player": "D", "claim": "dobon", "reveal": ["4S", "6C"]}]}

``rules`` is a preset name or a table TOML path; ``options`` and ``first`` are optional. A
*match* record puts the per-game parts in a list: ``"games": [{"hands"|"counts", "first"?,
"actions"}, ...]``; its events then carry ``"game"`` (0-based) too.

An optional effect is declared by the player right after the play that allows it; the next
player acting means it was not taken (the engine's ``pending``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from referee.engine.actions import (Action, Claim, Deal, Declare, Discard, Exchange, Give, Pass,
                                    PlayCards)
from referee.engine.cards import Card, CardError, codes, parse_cards
from referee.engine.engine import apply, new_match
from referee.engine.events import Event
from referee.engine.options import OptionError
from referee.engine.presets import PRESETS, load_preset, load_rules
from referee.engine.ruleset import Rules
from referee.engine.state import GameState, Phase
from referee.errors import UserError


class RecordError(UserError):
    """A record that cannot be read."""


RecordedGame = tuple[Sequence[Sequence[Card]], str | None, Iterable[Action]]
"""What ``make_record`` writes per game: (hands, first player or None, actions)."""


@dataclass(frozen=True)
class GameRecord:
    hands: tuple[tuple[Card, ...], ...] | None
    counts: tuple[int, ...] | None
    first: str | None
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Record:
    rules: Rules
    players: tuple[str, ...]
    games: tuple[GameRecord, ...]
    match: bool = False          # written with "games"

    @property
    def known(self) -> bool:
        return self.games[0].hands is not None if self.games else True


# ---- reading ------------------------------------------------------------------------------------

def load_record(source: str | Path | dict[str, Any]) -> Record:
    """Read a record from a path or an already parsed dict; ``RecordError`` if unreadable."""
    if isinstance(source, dict):
        data = source
    else:
        p = Path(source)
        try:
            text = p.read_bytes().decode("utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(p)!r}: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise RecordError(f"record {str(p)!r} is not UTF-8 text (byte {exc.start}); "
                              f"save it as UTF-8") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record {str(p)!r} is not valid JSON (truncated?): "
                              f"{exc.msg} at line {exc.lineno}") from None
    return parse_record(data)


def parse_record(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    try:
        players = tuple(str(p) for p in data["players"])
    except (KeyError, TypeError):
        raise RecordError("the record has no \"players\" list") from None
    if len(players) < 2 or len(set(players)) != len(players):
        raise RecordError(f"need two or more distinct players, got {list(players)}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("\"options\" must be an object")
    try:
        rules = load_rules(str(data.get("rules", "president")), options)
    except OptionError as exc:
        raise RecordError(f"record rules: {exc}") from None
    if "games" in data:
        if not isinstance(data["games"], list) or not data["games"]:
            raise RecordError("\"games\" must be a non-empty list")
        games = tuple(_parse_game(g, players, i) for i, g in enumerate(data["games"]))
        return Record(rules, players, games, match=True)
    return Record(rules, players, (_parse_game(data, players, None),))


def _parse_game(g: Any, players: tuple[str, ...], index: int | None) -> GameRecord:
    where = "" if index is None else f"game {index}: "
    if not isinstance(g, dict):
        raise RecordError(f"{where}a game is a JSON object")
    hands: tuple[tuple[Card, ...], ...] | None = None
    counts: tuple[int, ...] | None = None
    if "hands" in g:
        raw = _by_player(g["hands"], players, where + "hands")
        hands = tuple(_cards(raw[p], f"{where}hand of {p}") for p in players)
    elif "counts" in g:
        raw = _by_player(g["counts"], players, where + "counts")
        count_list = []
        for p in players:
            c = raw[p]
            if not isinstance(c, int) or isinstance(c, bool) or c < 0:
                raise RecordError(f"{where}count of {p} must be a number >= 0, got {c!r}")
            count_list.append(c)
        counts = tuple(count_list)
    else:
        raise RecordError(f"{where}give \"hands\" (known) or \"counts\" (hidden)")
    first = g.get("first")
    if first is not None and first not in players:
        raise RecordError(f"{where}first player {first!r} is not a player")
    acts = g.get("actions", [])
    if not isinstance(acts, list):
        raise RecordError(f"{where}\"actions\" must be a list")
    known = hands is not None
    actions = tuple(action_from_json(a, players, known, f"{where}action {i}")
                    for i, a in enumerate(acts))
    return GameRecord(hands, counts, first, actions)


def _by_player(obj: Any, players: tuple[str, ...], what: str) -> dict[str, Any]:
    if isinstance(obj, list) and len(obj) == len(players):
        return dict(zip(players, obj))
    if not isinstance(obj, dict):
        raise RecordError(f"{what} must map every player to a value")
    missing = [p for p in players if p not in obj]
    extra = [k for k in obj if k not in players]
    if missing or extra:
        raise RecordError(f"{what}: missing {missing} / unknown {extra} players")
    return obj


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, (list, str)):
        raise RecordError(f"{what} must be a list of card codes")
    try:
        return parse_cards(value)
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


_KINDS = ("play", "pass", "discard", "give", "exchange", "declare", "claim")
_COUNTED_ACTIONS: dict[str, type[Discard | Give | Exchange]] = {
    "discard": Discard, "give": Give, "exchange": Exchange}


def action_from_json(obj: Any, players: tuple[str, ...], known: bool, where: str = "action") -> Action:
    """One record action → an engine action."""
    if not isinstance(obj, dict):
        raise RecordError(f"{where}: an action is a JSON object")
    player = obj.get("player")
    if not isinstance(player, str) or player not in players:
        raise RecordError(f"{where}: unknown player {player!r}")
    kinds = [k for k in _KINDS if k in obj]
    if len(kinds) != 1:
        raise RecordError(f"{where}: give exactly one of {', '.join(_KINDS)}")
    kind = kinds[0]
    v = obj[kind]
    if kind == "play":
        return PlayCards(player, _cards(v, where))
    if kind == "pass":
        if v is not True:
            raise RecordError(f"{where}: \"pass\" must be true")
        return Pass(player)
    if kind in ("discard", "give", "exchange"):
        cls = _COUNTED_ACTIONS[kind]
        if isinstance(v, bool) or not isinstance(v, (int, list, str)):
            raise RecordError(f"{where}: {kind} takes a number or a list of cards")
        if isinstance(v, int):
            if v < 0:
                raise RecordError(f"{where}: {kind} count must be >= 0")
            return cls(player, None, v)
        return cls(player, _cards(v, where))
    if kind == "declare":
        if not isinstance(v, str):
            raise RecordError(f"{where}: declare takes a rule id")
        return Declare(player, v)
    if not isinstance(v, str):
        raise RecordError(f"{where}: claim takes a rule id")
    return Claim(player, v, _cards(obj.get("reveal", []), where))


# ---- writing ------------------------------------------------------------------------------------

def action_to_json(a: Action, hidden: bool = False) -> dict[str, Any]:
    """An engine action → a record action (``hidden``: hand-internal cards as numbers)."""
    if isinstance(a, PlayCards):
        return {"player": a.player, "play": codes(a.cards)}
    if isinstance(a, Pass):
        return {"player": a.player, "pass": True}
    for cls, key in ((Discard, "discard"), (Give, "give"), (Exchange, "exchange")):
        if isinstance(a, cls):
            if hidden or a.cards is None:
                return {"player": a.player, key: a.n}
            return {"player": a.player, key: codes(a.cards)}
    if isinstance(a, Declare):
        return {"player": a.player, "declare": a.rule}
    if isinstance(a, Claim):
        return {"player": a.player, "claim": a.rule, "reveal": codes(a.reveal)}
    raise TypeError(a)


def rules_to_json(rules: Rules) -> tuple[str, dict[str, Any]]:
    """(``rules`` name, ``options`` overrides) that read back to ``rules``."""
    if rules.name in PRESETS:
        base = load_preset(rules.name).to_dict()
        mine = rules.to_dict()
        return rules.name, {k: v for k, v in mine.items() if base.get(k) != v}
    return "president-none", rules.to_dict()


def make_record(rules: Rules, players: Sequence[str], games: list[RecordedGame],
                hidden: bool = False) -> dict[str, Any]:
    """A record dict. ``games``: (hands, first, actions) per game; ``hidden`` writes counts."""
    name, options = rules_to_json(rules)
    out: dict[str, Any] = {"rules": name}
    if options:
        out["options"] = options
    out["players"] = list(players)

    def game_part(hands: Sequence[Sequence[Card]], first: str | None,
                  actions: Iterable[Action]) -> dict[str, Any]:
        g: dict[str, Any] = {}
        if first is not None:
            g["first"] = first
        if hidden:
            g["counts"] = {p: len(h) for p, h in zip(players, hands)}
        else:
            g["hands"] = {p: codes(h) for p, h in zip(players, hands)}
        g["actions"] = [action_to_json(a, hidden) for a in actions]
        return g

    if len(games) == 1:
        out.update(game_part(*games[0]))
    else:
        out["games"] = [game_part(*g) for g in games]
    return out


# ---- replay ---------------------------------------------------------------------------------------

def replay(record: Record) -> Iterator[tuple[int, int | None, Event, GameState]]:
    """Yield (game index, action index or None for set-up, event, state after) for a record."""
    s = new_match(record.rules, record.players)
    for gi, g in enumerate(record.games):
        if s.phase is Phase.PLAY or s.phase is Phase.EXCHANGE:
            raise RecordError(f"game {gi - 1} of the record did not end before game {gi}")
        deal = Deal(hands=g.hands, counts=g.counts, first=g.first)
        s, events = apply(s, deal)
        for e in events:
            yield gi, None, e, s
        for i, a in enumerate(g.actions):
            s, events = apply(s, a)
            for e in events:
                yield gi, i, e, s


def replay_events(record: Record) -> list[dict[str, Any]]:
    """Every event of a record as the JSON-ready dicts ``referee replay --json`` prints."""
    out: list[dict[str, Any]] = []
    for gi, ai, e, _ in replay(record):
        d = e.to_dict(ai)
        if record.match:
            d["game"] = gi
        out.append(d)
    return out
