"""Rules-engine throughput: rounds (complete games) per second for each preset.

    python bench/engine.py [--games 500] [--players 4 6] [--seed 1] [--check]
                           [--presets highschool ...] [--repeat 3] [--against REF]

Every preset runs: president, president-all, president-none, highschool, profit (a round is one
Profit game: it ends when two players have finished; games follow each other as matches) and
shinafugo (56 cards, uneven deals, claims made by the random players; by default also with 6
players, as ``referee simulate --rules shinafugo --players 6``).

A round is one complete game: a deal played out by random legal players until every rank is
decided (``referee.engine.simulate``). The engine and the random players run in this one
process, on one core. ``cpu r/s`` divides by the process CPU time, ``wall r/s`` by the wall
clock (lower when other jobs share the machine). ``--check`` also runs the invariant checks
after every action (as ``referee simulate`` does by default).
``--repeat N`` measures each row N times and keeps the best (other jobs on a shared machine
only ever slow a run down). ``--against REF`` also measures the engine of a git revision (a
commit, ``HEAD~3``, ``stash@{0}``) in the same run, each measurement in its own process,
alternating with this tree's, and prints both with their ratio.
Acceptance (issue 24): >= 1,000 rounds per CPU-second for highschool with 4 players.
``actions/round``: actions applied per game (deal excluded), to compare presets' game lengths.
``--instructions`` counts instead the machine instructions per game (valgrind's callgrind, the
same games run twice in fresh processes, with and without the games, the difference divided by
``--games``: the import and set-up cancel out): a figure that does not move with the load or the
speed of a virtual machine, for comparing revisions (``--against``); it takes about a minute a
row.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRESET_NAMES = ("president", "president-all", "president-none", "highschool", "profit", "shinafugo")


def run(preset: str, players: int, games: int, seed: int, check: bool) -> tuple[float, float, int]:
    """(cpu rounds/s, wall rounds/s, actions) of ``games`` random games, in this process."""
    from referee.engine.engine import new_match
    from referee.engine.presets import load_preset
    from referee.engine.simulate import play_game
    from referee.engine.state import Phase

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


def run_in(root: Path, preset: str, players: int, games: int, seed: int,
           check: bool) -> tuple[float, float, int]:
    """``run`` in a fresh process whose ``referee`` package is the one under ``root``."""
    cmd = [sys.executable, __file__, "--engine-root", str(root), "--one", preset, str(players),
           "--games", str(games), "--seed", str(seed)] + (["--check"] if check else [])
    cpu, wall, actions = json.loads(subprocess.check_output(cmd, text=True))
    return cpu, wall, actions


def instructions_in(root: Path, preset: str, players: int, games: int, seed: int,
                    check: bool) -> float:
    """Machine instructions per game of ``run`` (the engine under ``root``), by callgrind."""
    def collected(n: int) -> int:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               __file__, "--engine-root", str(root), "--one", preset, str(players),
               "--games", str(n), "--seed", str(seed)] + (["--check"] if check else [])
        try:
            err = subprocess.run(cmd, check=True, capture_output=True, text=True).stderr
        except FileNotFoundError:
            raise SystemExit("engine.py: error: --instructions needs valgrind") from None
        found = re.search(r"Collected : (\d+)", err)
        if found is None:
            raise SystemExit(f"engine.py: error: no instruction count from callgrind: {err[-300:]}")
        return int(found.group(1))
    return (collected(games) - collected(0)) / games


def export(ref: str, into: Path) -> Path:
    """The ``referee`` package of git revision ``ref``, written under ``into``."""
    try:
        data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "referee"],
                              check=True, capture_output=True).stdout
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"engine.py: error: git cannot export {ref!r}: "
                         f"{exc.stderr.decode().strip()}") from None
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, nargs="*", default=None,
                    help="player counts (default 4; shinafugo also 6)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="run the invariant checks too")
    ap.add_argument("--presets", nargs="*", choices=PRESET_NAMES, default=None,
                    help="the presets to measure (default: all)")
    ap.add_argument("--repeat", type=int, default=1, help="measure each row N times, keep the best")
    ap.add_argument("--against", metavar="REF", help="also measure the engine of this git revision")
    ap.add_argument("--instructions", action="store_true",
                    help="machine instructions per game (callgrind) instead of games per second")
    ap.add_argument("--engine-root", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--one", nargs=2, metavar=("PRESET", "PLAYERS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    sys.path.insert(0, str(args.engine_root or ROOT))
    if args.one:  # one measurement for --against, printed as JSON
        print(json.dumps(run(args.one[0], int(args.one[1]), args.games, args.seed, args.check)))
        return 0
    rows = [(p, n) for p in (args.presets or PRESET_NAMES)
            for n in (args.players or ([4, 6] if p == "shinafugo" else [4]))]
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.against, Path(tmp)) if args.against else None
        if args.instructions:
            return print_instructions(rows, args, base)
        head = f"{'preset':<16}{'players':>8}{'games':>8}{'cpu r/s':>10}{'wall r/s':>10}"
        if base:
            head += f"{args.against[:12]:>14}{'x':>7}"
        print(head + f"{'actions/round':>15}")
        for preset, n in rows:
            best = (0.0, 0.0, 0)
            best_base = 0.0
            for _ in range(args.repeat):
                if base:
                    best_base = max(best_base, run_in(base, preset, n, args.games, args.seed,
                                                      args.check)[0])
                    now = run_in(ROOT, preset, n, args.games, args.seed, args.check)
                else:
                    now = run(preset, n, args.games, args.seed, args.check)
                best = max(best, now)
            cpu, wall, actions = best
            line = f"{preset:<16}{n:>8}{args.games:>8}{cpu:>10.0f}{wall:>10.0f}"
            if base:
                line += f"{best_base:>14.0f}{cpu / best_base:>7.2f}"
            print(line + f"{actions / args.games:>15.1f}", flush=True)
    return 0


def print_instructions(rows: list[tuple[str, int]], args: argparse.Namespace,
                       base: Path | None) -> int:
    head = f"{'preset':<16}{'players':>8}{'games':>8}{'M instr/game':>14}"
    if base:
        head += f"{args.against[:12]:>14}{'x':>7}"
    print(head)
    for preset, n in rows:
        now = instructions_in(ROOT, preset, n, args.games, args.seed, args.check) / 1e6
        line = f"{preset:<16}{n:>8}{args.games:>8}{now:>14.2f}"
        if base:
            then = instructions_in(base, preset, n, args.games, args.seed, args.check) / 1e6
            line += f"{then:>14.2f}{then / now:>7.2f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
