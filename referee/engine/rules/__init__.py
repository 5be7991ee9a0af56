"""One module per rule; the registries are built from the modules themselves.

Every module of this package that defines a ``Rule`` subclass with an ``ID`` is a rule (see
``referee.engine.rules.base`` for what it declares). ``RULE_ORDER`` is the order in which the
engine consults them (their ``PLACE``; effects of the same step apply in this order), also the
order of the options in the docs."""

from __future__ import annotations

import importlib
import pkgutil

from referee.engine.options import Option
from referee.engine.rules.base import Rule


def _rule_classes() -> list[type[Rule[Option]]]:
    found: list[type[Rule[Option]]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Rule) and value.ID
                    and value.__module__ == module.__name__):
                found.append(value)
    return found


RULE_ORDER: tuple[type[Rule[Option]], ...] = tuple(sorted(_rule_classes(), key=lambda c: c.PLACE))
RULE_CLASSES: dict[str, type[Rule[Option]]] = {cls.ID: cls for cls in RULE_ORDER}

SETTINGS = frozenset(cls.ID for cls in RULE_ORDER if not cls.ANNOUNCED)
"""Options that are settings rather than rules announced by id (no ``effect`` event of their
own; Profit's point cards announce themselves with the ``point_card`` event)."""

__all__ = ["RULE_ORDER", "RULE_CLASSES", "Rule", "SETTINGS"]
