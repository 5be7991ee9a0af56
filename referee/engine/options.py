"""Rule options: typed parameter records with kebab-case ids, and their parsing.

Every rule module defines one ``Option`` subclass (a frozen dataclass) and registers it with
``@option``. An option always has ``enabled``; its other fields are its parameters, each with a
``doc`` and, for strings, the allowed ``choices`` (see ``param``).

How a value is written (TOML table file, record JSON, presets):

* ``eight-cut = true`` / ``false``: switch the rule on or off with default parameters;
* ``first-player = "poorest"``: a scalar sets the option's *primary* parameter (and turns it on);
* ``revolution = { min-cards = 5 }``: a table sets parameters (kebab-case names; ``enabled``
  defaults to true when a table is given).

An unknown option id, unknown parameter or wrong type raises ``OptionError`` (a ``UserError``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, get_type_hints

from referee.errors import UserError


class OptionError(UserError):
    """An unknown option or parameter, or a bad value."""


def param(default: Any, doc: str, choices: tuple[str, ...] | None = None, minimum: int | None = None,
          maximum: int | None = None) -> Any:
    """A documented option parameter."""
    return field(default=default, metadata={"doc": doc, "choices": choices, "min": minimum,
                                            "max": maximum})


@dataclass(frozen=True)
class Option:
    """Base of every option record. Subclasses set ``ID``, ``TITLE``, ``SEED`` and ``PRIMARY``."""

    ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    SEED: ClassVar[str] = ""
    PRIMARY: ClassVar[str] = "enabled"

    enabled: bool = param(False, "the rule is in force")

    # ---- parsing -------------------------------------------------------------------------
    @classmethod
    def parse(cls, value: Any, base: "Option | None" = None) -> "Option":
        """Read ``value`` (bool, scalar for the primary parameter, or a table) over ``base``."""
        base = base if base is not None else cls()
        if isinstance(value, bool) and (cls.PRIMARY == "enabled" or
                                        _hints(cls)[cls.PRIMARY] is not bool):
            return dataclasses.replace(base, enabled=value)
        if isinstance(value, dict):
            changes: dict[str, Any] = {"enabled": True}
            for key, v in value.items():
                changes[cls._field_name(key)] = v
        else:
            changes = {"enabled": True, cls.PRIMARY: value}
        for name, v in changes.items():
            cls._check(name, v)
        return dataclasses.replace(base, **changes)

    @classmethod
    def _field_name(cls, key: str) -> str:
        name = str(key).replace("-", "_")
        if name not in {f.name for f in dataclasses.fields(cls)}:
            known = ", ".join(p.replace("_", "-") for p in cls.param_names())
            raise OptionError(f"option {cls.ID!r} has no parameter {key!r} (it has: {known})")
        return name

    @classmethod
    def _check(cls, name: str, value: Any) -> None:
        typ = _hints(cls)[name]
        f = {f.name: f for f in dataclasses.fields(cls)}[name]
        label = f"{cls.ID}" if name == "enabled" else f"{cls.ID}.{name.replace('_', '-')}"
        ok = (isinstance(value, bool) if typ is bool else
              isinstance(value, int) and not isinstance(value, bool) if typ is int else
              isinstance(value, str) if typ is str else True)
        if not ok:
            raise OptionError(f"option {label}: expected {typ.__name__}, got {value!r}")
        meta = f.metadata
        if meta.get("choices") and value not in meta["choices"]:
            raise OptionError(f"option {label}: {value!r} is not one of "
                              f"{', '.join(map(str, meta['choices']))}")
        if meta.get("min") is not None and value < meta["min"]:
            raise OptionError(f"option {label}: {value!r} is below {meta['min']}")
        if meta.get("max") is not None and value > meta["max"]:
            raise OptionError(f"option {label}: {value!r} is above {meta['max']}")

    @classmethod
    def param_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    def to_value(self) -> Any:
        """The shortest form that ``parse`` reads back to this record."""
        default = type(self)()
        params = {f.name.replace("_", "-"): getattr(self, f.name)
                  for f in dataclasses.fields(self) if f.name != "enabled"
                  and getattr(self, f.name) != getattr(default, f.name)}
        if not self.enabled:
            return False
        if not params:
            return True
        return params

    def describe(self) -> str:
        v = self.to_value()
        return "off" if v is False else "on" if v is True else f"on {v}"


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    h = _HINTS.get(cls)
    if h is None:
        h = _HINTS[cls] = get_type_hints(cls)
    return h


OPTIONS: dict[str, type[Option]] = {}
"""Every option class by id, in registration (= documentation) order."""


def option(cls: type[Option]) -> type[Option]:
    """Class decorator: register an option record under its ``ID``."""
    if not cls.ID or cls.ID in OPTIONS:
        raise ValueError(f"bad or duplicate option id {cls.ID!r}")
    OPTIONS[cls.ID] = cls
    return cls


def option_class(option_id: str) -> type[Option]:
    try:
        return OPTIONS[option_id]
    except KeyError:
        raise OptionError(f"unknown option {option_id!r} (known: {', '.join(OPTIONS)})") from None
