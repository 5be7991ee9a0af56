"""`referee train` command lines parsed as the referee's own parser parses them
(referee.train.commands.register), for the tests of each command's defaults."""

from __future__ import annotations

import argparse

from referee.train import commands


def train_parser() -> argparse.ArgumentParser:
    """A parser holding every `referee train` command."""
    p = argparse.ArgumentParser()
    commands.register(p.add_subparsers(dest="command"))
    return p


def train_args(*argv: str) -> argparse.Namespace:
    """`referee train ARGV...` parsed."""
    return train_parser().parse_args(["train", *argv])
