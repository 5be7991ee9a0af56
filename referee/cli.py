"""The `referee` command line.

Each package that offers commands has a module with `register(subparsers)`; adding a
command means adding its module to COMMAND_MODULES, nothing else. Modules are imported
when the CLI starts, so they must keep heavy imports (cv2, onnxruntime, torch) inside
their command functions.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from referee.errors import UserError

COMMAND_MODULES: list[str] = [
    "referee.engine.commands",
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


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"referee: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
