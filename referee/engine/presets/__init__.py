"""Presets (TOML data files in this package) and table files.

A preset file::

    name = "highschool"
    description = "..."
    [options]
    stairs = true
    revolution = { min-cards = 4 }

A table's own TOML starts from a preset (or another table file) and overrides options, either under ``[options]`` or
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


MAX_CHAIN = 8
"""How many tables may stand on each other (``preset = ...``) before the chain is refused."""


def _is_path(text: str) -> bool:
    return text.endswith(".toml") or "/" in text or "\\" in text or Path(text).suffix != ""


@lru_cache(maxsize=None)
def load_preset(name: str) -> Rules:
    """The rules of a bundled preset."""
    return _load_preset(name, ())


def _load_preset(name: str, chain: tuple[str, ...]) -> Rules:
    path = resources.files(__name__) / f"{name}.toml"
    if _is_path(name) or name.startswith(".") or not path.is_file():
        raise OptionError(f"unknown rules {name!r} (presets: {', '.join(preset_names())}; "
                          f"or give a .toml table file)")
    return _from_table(_read_toml(path, f"preset {name!r}"), name, chain + (f"preset {name}",))


def preset_description(name: str) -> str:
    path = resources.files(__name__) / f"{name}.toml"
    return str(tomllib.loads(path.read_text(encoding="utf-8")).get("description", ""))


def _read_toml(path: Any, label: str) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise OptionError(f"cannot read {label}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise OptionError(f"{label} is not UTF-8 text (byte {exc.start}); save it as UTF-8") \
            from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{label} is not valid TOML: {exc}") from None


def load_table(path: str | Path) -> Rules:
    """Rules from a table TOML file (``preset = ...`` plus overrides). ``preset`` names a
    bundled preset or another table file (relative to this one's folder)."""
    return _load_table(Path(path), ())


def _load_table(p: Path, chain: tuple[str, ...]) -> Rules:
    try:
        key = str(p.resolve())
    except (OSError, RuntimeError):
        key = str(p)
    if key in chain:
        loop = " -> ".join(c for c in chain[chain.index(key):] + (key,))
        raise OptionError(f"rules file {str(p)!r}: its preset chain is a loop ({loop})")
    data = _read_toml(p, f"rules file {str(p)!r}")
    return _from_table(data, str(data.get("name", p.stem)), chain + (key,), p.parent)


def _from_table(data: Mapping[str, Any], name: str, chain: tuple[str, ...],
                folder: Path | None = None) -> Rules:
    if len(chain) > MAX_CHAIN:
        raise OptionError(f"preset chain too deep (more than {MAX_CHAIN} tables: "
                          f"{' -> '.join(chain)})")
    base = None
    if "preset" in data:
        preset = str(data["preset"])
        if folder is not None and _is_path(preset):
            target = Path(preset)
            base = _load_table(target if target.is_absolute() else folder / target, chain)
        else:
            base = _load_preset(preset, chain)
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
