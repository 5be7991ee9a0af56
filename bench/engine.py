"""Rules-engine throughput: rounds (complete games) per second for each preset.

    python bench/engine.py [--games 500] [--players 4 6] [--seed 1] [--check]

Every preset runs: president, president-all, president-none, highschool, profit (a round is one
Profit game: it ends when two players have finished; games follow each other as matches) and
shinafugo (56 cards, uneven deals, claims made by the random players; by default also with 6
players, as ``referee simulate --rules shinafugo --players 6``).

A round is one complete game: a deal played out by random legal players until every rank is
decided (``referee.engine.simulate``). The engine and the random players run in this one
process, on one core. ``cpu r/s`` divides by the process CPU time, ``wall r/s`` by the wall
clock (lower when other jobs share the machine). ``--check`` also runs the invariant checks
after every action (as ``referee simulate`` does by default).
Acceptance (issue 2): >= 300 rounds/s for highschool with 4 players.
``actions/round``: actions applied per game (deal excluded), to compare presets' game lengths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.engine.engine import new_match  # noqa: E402
from referee.engine.presets import PRESETS, load_preset  # noqa: E402
from referee.engine.simulate import play_game  # noqa: E402
from referee.engine.state import Phase  # noqa: E402


def run(preset: str, players: int, games: int, seed: int, check: bool) -> tuple[float, float, int]:
    rules = load_preset(preset)
    rng = random.Random(seed)
    names = [chr(65 + i) for i in range(players)]
    s = new_match(rules, names)
    actions = 0
    w0, c0 = time.perf_counter(), time.process_time()
    for _ in range(games):
        violations: list[str] = []
        s, log = play_game(s, rng, check=check, violations=violations)
        actions += log.steps
        if violations:
            raise SystemExit(f"{preset}: {violations[0]}")
        if s.phase is not Phase.OVER:
            s = new_match(rules, names)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return games / cpu, games / wall, actions


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, nargs="*", default=None,
                    help="player counts (default 4; shinafugo also 6)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="run the invariant checks too")
    args = ap.parse_args()
    print(f"{'preset':<16}{'players':>8}{'games':>8}{'cpu r/s':>10}{'wall r/s':>10}"
          f"{'actions/round':>15}")
    for preset in PRESETS:
        counts = args.players or ([4, 6] if preset == "shinafugo" else [4])
        for n in counts:
            cpu, wall, actions = run(preset, n, args.games, args.seed, args.check)
            print(f"{preset:<16}{n:>8}{args.games:>8}{cpu:>10.0f}{wall:>10.0f}"
                  f"{actions / args.games:>15.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
