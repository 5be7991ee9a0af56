"""What the scoreboard page shows, read from the referee on the loop's thread: the score and
totals, whose turn it is, the top play, the order and binds, what the referee waits for or asks,
the last announcements, each game's result and the earlier matches. Plain JSON values, in the
table's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from referee.board.texts import BIND_TEXTS, ORDER_TEXTS
from referee.engine import Phase
from referee.engine.cards import RANK_SYMBOLS, cards_of
from referee.engine.plays import suit_list
from referee.engine.rules.common import COLOUR_BIND, points_of, unpack
from referee.engine.texts import COLOUR_TEXTS, SUIT_NAMES, card_name, rule_name

if TYPE_CHECKING:
    from referee.engine import GameState
    from referee.live.officiating import Referee


def order_key(state: "GameState") -> str:
    if state.revolution and state.trick.flipped:
        return "both"
    if state.revolution:
        return "revolution"
    return "back" if state.trick.flipped else "normal"


def bind_words(state: "GameState", lang: str) -> list[str]:
    words = BIND_TEXTS[lang]
    trick = state.trick
    parts = []
    if trick.bind:
        sep = " " if lang == "en" else "・"
        parts.append(words["suits"].format(suits=sep.join(SUIT_NAMES[lang][s] for s in suit_list(trick.bind))))
    if trick.strict >= 0:
        parts.append(words["next"].format(rank=RANK_SYMBOLS[trick.strict]))
    colours_bound = COLOUR_BIND.of(state)
    if colours_bound:
        black, red, free = unpack(colours_bound)
        colours = ["black"] * black + ["red"] * red + ["any"] * free
        parts.append(words["colours"].format(colours=" ".join(COLOUR_TEXTS[lang][c] for c in colours)))
    return parts


def _players(referee: "Referee") -> list[dict[str, Any]]:
    keeper = referee.keeper
    state = keeper.state
    out = set(state.finished) | set(state.disqualified) | set(state.fallen)
    points_mode = keeper.rules.scoring.option.mode == "points"
    mover = state.to_move if state.phase is Phase.PLAY else -1
    rows = []
    for seat, name in enumerate(keeper.players):
        row: dict[str, Any] = {
            "name": name,
            "cards": state.counts[seat] if seat < len(state.counts) else None,
            "out": seat in out,
            "to_move": seat == mover,
            "total": state.match.totals[seat] if seat < len(state.match.totals) else 0,
        }
        if points_mode and seat < len(state.point_cards):
            row["points"] = points_of(state.point_cards[seat])
            row["point_cards"] = [c.code for c in cards_of(state.point_cards[seat])]
        rows.append(row)
    return rows


def _top(state: "GameState", players: Sequence[str], lang: str) -> dict[str, Any] | None:
    top = state.trick.top
    if top is None:
        return None
    codes = [c.code for c in top.cards]
    return {"player": players[state.trick.last], "codes": codes, "names": [card_name(c, lang) for c in codes]}


def _waiting(referee: "Referee", lang: str) -> str | None:
    prompt = referee.prompt
    if prompt is None:
        return None
    return f"{referee.keeper.player(prompt.seat)}: {rule_name(prompt.rule, lang)}"


def _asking(referee: "Referee", lang: str) -> str | None:
    question = referee.question
    if question is None:
        return None
    return f"{referee.keeper.player(question.seat)}: " + ", ".join(card_name(c, lang) for c in question.cards)


def board_state(referee: "Referee", lang: str, announcements: Sequence[str] = (),
                games: Sequence[Mapping[str, Any]] = (), matches: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The page's state: ``announcements`` the last ones heard (table's language, oldest first),
    ``games`` this match's finished games and ``matches`` the earlier finished matches (history
    lines)."""
    keeper = referee.keeper
    state = keeper.state
    playing = state.phase is Phase.PLAY
    leader = state.turn if playing and state.trick.top is None and state.turn >= 0 else -1
    direction = BIND_TEXTS[lang]["counterclockwise"] if state.direction < 0 else None
    return {
        "rules": keeper.rules.name,
        "game": keeper.game + 1,
        "playing": playing,
        "match_over": keeper.match_over,
        "winners": _winners(state, keeper.players) if keeper.match_over else [],
        "players": _players(referee),
        "turn": keeper.player(state.to_move) if playing and state.to_move >= 0 else None,
        "top": _top(state, keeper.players, lang) if playing else None,
        "leader": keeper.player(leader) if leader >= 0 else None,
        "order": ORDER_TEXTS[lang][order_key(state)],
        "direction": direction,
        "binds": bind_words(state, lang) if playing else [],
        "waiting": _waiting(referee, lang),
        "asking": _asking(referee, lang),
        "announcements": list(announcements),
        "games": [{"game": g.get("game"), "ranking": list(g.get("ranking", ())), "scores": dict(g.get("scores", {}))}
                  for g in games],
        "matches": [{"started": m.get("started"), "rules": m.get("rules"), "games": m.get("games"),
                     "totals": dict(m.get("totals", {})), "winners": list(m.get("winners", ()))} for m in matches],
        "can_undo": playing and not keeper.match_over and keeper.undoable() is not None,
    }


def _winners(state: "GameState", players: Sequence[str]) -> list[str]:
    totals = state.match.totals
    best = max(totals) if totals else None
    return [p for p, v in zip(players, totals) if v == best]
