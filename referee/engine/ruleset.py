"""``Rules``: a complete, validated set of option records, compiled for the engine.

Build one with ``referee.engine.presets.load_rules`` (a preset name or a table TOML file, plus
overrides) or ``Rules.from_options``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from referee.engine.options import OPTIONS, Option, OptionError, option_class
from referee.engine.plays import STANDARD_ORDER, Order
from referee.engine.rules import RULE_CLASSES, RULE_ORDER
from referee.engine.rules.base import HOOKS, Rule
from referee.engine.rules.order import order_of


@dataclass(frozen=True, eq=False)
class Rules:
    """Every option (enabled or not) by id, and the compiled rule pipeline."""

    name: str
    options: tuple[Option, ...]
    order: Order = STANDARD_ORDER
    _by_id: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        by_id = {o.ID: o for o in self.options}
        missing = [i for i in OPTIONS if i not in by_id]
        if missing:
            raise OptionError(f"rules {self.name!r} miss options {missing}")
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "order", order_of(by_id["order"]))
        stairs = by_id["stairs"]
        stairs_min = stairs.min_length if stairs.enabled else 0
        object.__setattr__(self, "stairs_min", stairs_min)
        active: list[Rule] = [cls(by_id[cls.ID], self.order, stairs_min) for cls in RULE_ORDER
                              if by_id[cls.ID].enabled]
        object.__setattr__(self, "active_rules", tuple(active))
        for hook in HOOKS:
            object.__setattr__(self, hook + "_rules",
                               tuple(r for r in active if r.uses(hook)))
        # restrictions that may refuse a lead (legal_actions then checks leads too)
        object.__setattr__(self, "lead_rules",
                           tuple(r for r in self.restrict_rules if r.LEADS))
        joker = by_id["joker"]
        object.__setattr__(self, "jokers", joker.count if joker.enabled else 0)
        object.__setattr__(self, "jokers_wild",
                           bool(joker.enabled and joker.wild) or by_id["almighty"].enabled)
        object.__setattr__(self, "permanent_pass", by_id["permanent-pass"].enabled)
        object.__setattr__(self, "finishers", by_id["scoring"].finishers)
        object.__setattr__(self, "chombo",
                           next((r for r in active if r.ID == "chombo"), None))
        object.__setattr__(self, "deal",
                           RULE_CLASSES["deal"](by_id["deal"], self.order, 0))
        object.__setattr__(self, "first_player",
                           RULE_CLASSES["first-player"](by_id["first-player"], self.order, 0))
        object.__setattr__(self, "scoring",
                           RULE_CLASSES["scoring"](by_id["scoring"], self.order, 0))
        ex = by_id["exchange"]
        object.__setattr__(self, "exchange",
                           RULE_CLASSES["exchange"](ex, self.order, 0) if ex.enabled else None)

    def __repr__(self) -> str:
        on = {k: v for k, v in self.to_dict().items() if v is not False}
        return f"Rules({self.name!r}, {on})"

    def _repr_pretty_(self, p, cycle) -> None:  # IPython / hypothesis pretty printers
        p.text(repr(self))

    # ---- access ----------------------------------------------------------------------------
    def option(self, option_id: str) -> Option:
        try:
            return self._by_id[option_id]
        except KeyError:
            option_class(option_id)  # raises the "unknown option" error
            raise

    def enabled(self, option_id: str) -> bool:
        return self.option(option_id).enabled

    def to_dict(self) -> dict[str, Any]:
        """Option id → shortest value (see ``Option.to_value``)."""
        return {o.ID: o.to_value() for o in self.options}

    # ---- building --------------------------------------------------------------------------
    @staticmethod
    def from_options(name: str, values: Mapping[str, Any] | None = None,
                     base: "Rules | None" = None) -> "Rules":
        """Rules from option values (see ``Option.parse``) over ``base`` (default: all off)."""
        current = {o.ID: o for o in base.options} if base else {i: c() for i, c in OPTIONS.items()}
        for key, value in (values or {}).items():
            cls = option_class(str(key))
            current[cls.ID] = cls.parse(value, current[cls.ID])
        return Rules(name, tuple(current[i] for i in OPTIONS))

    def with_options(self, values: Mapping[str, Any], name: str | None = None) -> "Rules":
        return Rules.from_options(name or self.name, values, base=self)
