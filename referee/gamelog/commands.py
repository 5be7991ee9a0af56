"""`referee score`: the score table of a game log, read through the corrections made at the
table, as `referee replay` reads it; `referee history`: the matches of a history file.

Heavy imports stay inside the command function: `referee --help` imports this module.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.engine.record import load_record, replay
from referee.gamelog.record import log_to_record

# where `referee watch` writes its logs by default, and so its history (referee.gamelog.history)
DEFAULT_HISTORY = Path("logs") / "history.jsonl"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("score", help="print the score table of a game log",
                              description="Print each game's ranking and scores and the match totals "
                                          "of a live game log (.jsonl), read through its corrections.")
    p.add_argument("log", help="the game log (.jsonl) that referee watch wrote")
    p.set_defaults(func=cmd_score)
    h = subparsers.add_parser("history", help="list the matches played, their games and totals",
                              description="List the matches of a history file: each game's ranking and "
                                          "scores, each match's totals and winner. referee watch appends "
                                          "every finished game and match to history.jsonl in its log's folder.")
    h.add_argument("file", nargs="?", default=str(DEFAULT_HISTORY),
                   help=f"the history file (default: {DEFAULT_HISTORY})")
    h.add_argument("--csv", action="store_true", help="print CSV rows instead (one per player and game)")
    h.set_defaults(func=cmd_history)


def cmd_score(args: argparse.Namespace) -> int:
    print(score_table(args.log))
    return 0


def score_table(log: str) -> str:
    """Per game its ranking and scores (or that it is in progress), then the match totals."""
    # Imported here: the engine is more than `referee --help` needs.
    from referee.engine.score_table import game_lines, match_lines

    record = load_record(log_to_record(log))
    last_states = {}                      # game index → the state after its last event
    for game, _, _, state in replay(record):
        last_states[game] = state
    lines = []
    for game, state in sorted(last_states.items()):
        lines += game_lines(game + 1, state, record.players)
    if last_states:
        lines += match_lines(last_states[max(last_states)], record.players)
    return "\n".join(lines)


def cmd_history(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs no history reading
    from referee.gamelog.history import read_history
    from referee.gamelog.history_report import history_csv, history_lines

    entries = read_history(args.file)
    if args.csv:
        sys.stdout.write(history_csv(entries))
    else:
        print("\n".join(history_lines(entries)))
    return 0
