"""CLI commands of the rules engine: ``replay`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from referee.engine.presets import load_rules
from referee.engine.record import load_record, replay
from referee.engine.texts import describe
from referee.errors import UserError
from referee.gamelog import log_to_record

if TYPE_CHECKING:
    from referee.engine.record import Record


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("replay", help="replay a game record and print its events",
                              description="Replay a game record (JSON) through the rules engine "
                                          "and print the events.")
    p.add_argument("file", help="the game record (JSON) or a live game log (.jsonl)")
    p.add_argument("--json", action="store_true", help="print events as JSON lines")
    p.add_argument("--lang", choices=("en", "ja"), default="en",
                   help="language of the readable lines (default en)")
    p.add_argument("--turns", action="store_true",
                   help="also print the turn events (whose turn it is after every action)")
    p.set_defaults(func=cmd_replay)

    p = subparsers.add_parser("simulate", help="random legal players play complete games",
                              description="Random legal players play complete games (a round = "
                                          "one game, one deal played out); every step checks "
                                          "the invariants.")
    p.add_argument("--rules", default="highschool",
                   help="preset name or table TOML file (default highschool)")
    p.add_argument("--players", type=int, default=4, help="3 to 8 players, as the rules allow (default 4; profit: 3 to 4)")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    p.set_defaults(func=cmd_simulate)


def _print_events(record: Record, as_json: bool, lang: str, turns: bool) -> None:
    out = sys.stdout
    for gi, ai, ev, _ in replay(record):
        d = ev.to_dict(ai)
        if record.match:
            d["game"] = gi
        if as_json:
            out.write(json.dumps(d, ensure_ascii=False) + "\n")
            continue
        if d["event"] == "turn" and not turns:
            continue
        prefix = "setup" if ai is None else f"{ai:>4}"
        if record.match:
            prefix = f"g{gi} {prefix}"
        out.write(f"[{prefix}] {describe(d, lang)}\n")


def cmd_replay(args: argparse.Namespace) -> int:
    source = args.file
    if str(source).endswith(".jsonl"):
        # a live game log: its record, read through any corrections made at the table

        source = log_to_record(source)
    record = load_record(source)
    _print_events(record, args.json, args.lang, args.turns)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    # imported here: `referee --help` imports every command module, and needs none of simulator
    from referee.engine.simulate import simulate

    if args.games < 1:
        raise UserError("--games must be at least 1")
    if not 3 <= args.players <= 8:
        raise UserError(f"--players must be 3 to 8, not {args.players}")
    rules = load_rules(args.rules)
    lo, hi = rules.deal.players_range()
    if not lo <= args.players <= hi:
        raise UserError(f"--players must be {lo} to {hi} for rules {rules.name!r} (a table "
                        f"file's deal = {{ min-players, max-players }} can change it), "
                        f"not {args.players}")
    summary = simulate(rules, args.players, args.games, args.seed, check=not args.no_check)
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"rules {summary['rules']}, {args.players} players, seed {args.seed}")
        print(f"{summary['rounds']} rounds (games) in {summary['matches']} matches, "
              f"{summary['seconds']} s, {summary['rounds_per_second']} rounds/s")
        print(f"invariant violations: {summary['invariant_violations']}")
        for v in summary["violations"]:
            print(f"  {v}")
    return 1 if summary["invariant_violations"] else 0
