"""Presets (TOML data files in this package) and table files.

A preset file::

    name = "highschool"
    description = "..."
    [options]
    stairs = true
    revolution = { min-cards = 4 }

A table's own TOML starts from a preset and overrides options, either under ``[options]`` or
at the top level::

    preset = "highschool"
    lucky-seven = false
    [options]
    eleven-back = { max-cards = 4 }

Unknown options, unknown parameters and bad values raise ``OptionError`` (a ``UserError``).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from referee.engine.options import OptionError
from referee.engine.ruleset import Rules

PRESETS = ("president", "president-all", "president-none", "highschool", "profit", "shinafugo")
_META_KEYS = {"name", "description", "seed", "preset", "options"}


def preset_names() -> list[str]:
    files = resources.files(__name__)
    return sorted(p.name[:-5] for p in files.iterdir() if p.name.endswith(".toml"))


@lru_cache(maxsize=None)
def load_preset(name: str) -> Rules:
    """The rules of a bundled preset."""
    path = resources.files(__name__) / f"{name}.toml"
    if not path.is_file():
        raise OptionError(f"unknown rules {name!r} (presets: {', '.join(preset_names())}; "
                          f"or give a .toml table file)")
    return _from_table(tomllib.loads(path.read_text(encoding="utf-8")), name, depth=0)


def preset_description(name: str) -> str:
    path = resources.files(__name__) / f"{name}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")).get("description", "")


def load_table(path: str | Path) -> Rules:
    """Rules from a table TOML file (``preset = ...`` plus overrides)."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise OptionError(f"cannot read rules file {str(p)!r}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"rules file {str(p)!r} is not valid TOML: {exc}") from None
    return _from_table(data, data.get("name", p.stem), depth=0)


def _from_table(data: Mapping[str, Any], name: str, depth: int) -> Rules:
    if depth > 4:
        raise OptionError("preset chain too deep")
    base = None
    if "preset" in data:
        base = load_preset(str(data["preset"]))
    values: dict[str, Any] = {k: v for k, v in data.items() if k not in _META_KEYS}
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise OptionError("[options] must be a table")
    values.update(opts)
    return Rules.from_options(str(data.get("name", name)), values, base=base)


def load_rules(name: str | Path, overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset name or a table file path, then ``overrides`` (option id → value)."""
    text = str(name)
    if text.endswith(".toml") or "/" in text or Path(text).suffix:
        rules = load_table(text)
    else:
        rules = load_preset(text)
    if overrides:
        rules = rules.with_options(overrides)
    return rules
