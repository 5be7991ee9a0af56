"""The `referee` command line.

Each package that offers commands has a module with `register(subparsers)`; adding a
command means adding its module to COMMAND_MODULES, nothing else. Modules are imported
when the CLI starts, so they must keep heavy imports (cv2, onnxruntime, torch) inside
their command functions.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from referee.errors import UserError

COMMAND_MODULES: list[str] = [
    "referee.engine.commands",
    "referee.gamelog.commands",
    "referee.vision.commands",
    "referee.train.commands",
    "referee.calibration.commands",
    "referee.live.commands",
    "referee.live.demo",
    "referee.synth.commands",
    "referee.enroll.commands",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description="A camera referee for Daifugo.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


# A list of numbers that starts with a minus sign: `-1,12,12`. argparse takes a value that starts
# with "-" for an option, unless it is one plain number, and answers with a usage dump.
_DASHED_NUMBER_LIST = re.compile(r"^-\d[\d.]*,")


def attach_dashed_values(argv: list[str]) -> list[str]:
    """`--counts -1,12,12` as `--counts=-1,12,12`, so the command gets the value and says in one
    line what is wrong with it."""
    out: list[str] = []
    for arg in argv:
        previous = out[-1] if out else ""
        if _DASHED_NUMBER_LIST.match(arg) and previous.startswith("--") and "=" not in previous:
            out[-1] = f"{previous}={arg}"
        else:
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser().parse_args(attach_dashed_values(argv))
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"referee: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
