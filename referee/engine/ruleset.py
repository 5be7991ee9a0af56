"""``Rules``: a complete, validated set of option records, compiled for the engine.

Build one with ``referee.engine.presets.load_rules`` (a preset name or a table TOML file, plus
overrides) or ``Rules.from_options``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, TypeVar

from referee.engine.immutable import Memo, immutable
from referee.engine.options import OPTIONS, Option, OptionError, option_class
from referee.engine.plays import STANDARD_ORDER, Order, ShapeKey, shape_of
from referee.engine.rules import RULE_ORDER
from referee.engine.rules.base import HOOKS, Rule
from referee.engine.rules.chombo import Chombo
from referee.engine.rules.deal import Dealing
from referee.engine.rules.exchange import Exchange
from referee.engine.rules.first_player import FirstPlayer
from referee.engine.rules.joker import JokerOption
from referee.engine.rules.order import OrderOption, order_of
from referee.engine.rules.scoring import Scoring, ScoringOption
from referee.engine.rules.stairs import StairsOption


OptionT = TypeVar("OptionT", bound=Option)


def _typed(by_id: Mapping[str, Option], cls: type[OptionT]) -> OptionT:
    """The option record registered under ``cls.ID``, typed as ``cls``."""
    record = by_id[cls.ID]
    assert isinstance(record, cls)
    return record


def _hook_rules(active: tuple[Rule[Option], ...], hook: str) -> tuple[Rule[Option], ...]:
    return tuple(r for r in active if r.uses(hook))


@immutable
class ShapeRules:
    """The ``special`` and the ``effects`` rules that may fire on plays of one shape (those
    whose ``fires_on`` accepts it), in rule order; ``lead_effects``: the ``effects`` rules that
    may fire on such a play when it leads."""

    special: tuple[Rule[Option], ...]
    effects: tuple[Rule[Option], ...]
    lead_effects: tuple[Rule[Option], ...]


@dataclass(frozen=True, eq=False)
class Rules:
    """Every option (enabled or not) by id, and the compiled rule pipeline."""

    name: str
    options: tuple[Option, ...]
    order: Order = STANDARD_ORDER
    _by_id: dict[str, Option] = field(default_factory=dict, repr=False)
    # Compiled in __post_init__ from the options.
    stairs_min: int = field(init=False, repr=False)
    active_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    interpret_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    explain_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    special_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    equal_beats_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    restrict_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    effects_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    finish_check_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    on_finish_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    on_trick_end_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    declare_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    claim_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    lapse_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    generate_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    lead_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    lead_interpret_rules: tuple[Rule[Option], ...] = field(init=False, repr=False)
    # beaters[reversed][rank]: the mask of the real cards whose rank may answer a group of
    # ``rank`` (stronger, or equal where a rule lets an equal play beat: ``order.beaters``)
    beaters: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    jokers: int = field(init=False, repr=False)
    jokers_wild: bool = field(init=False, repr=False)
    permanent_pass: bool = field(init=False, repr=False)
    finishers: int = field(init=False, repr=False)
    chombo: Chombo | None = field(init=False, repr=False)
    deal: Dealing = field(init=False, repr=False)
    first_player: FirstPlayer = field(init=False, repr=False)
    scoring: Scoring = field(init=False, repr=False)
    exchange: Exchange | None = field(init=False, repr=False)
    # By a play's ``shape_key``, worked out once per shape: the rules that may fire on it
    # (``ShapeRules``, those whose ``fires_on`` accepts the shape) and, when it is the top play,
    # the ``generate`` rules that may offer answers to it (``generates_on``), in rule order.
    shape_rules: Memo[ShapeKey, ShapeRules] = field(init=False, repr=False)
    generators: Memo[ShapeKey, tuple[Rule[Option], ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_id = {o.ID: o for o in self.options}
        missing = [i for i in OPTIONS if i not in by_id]
        if missing:
            raise OptionError(f"rules {self.name!r} miss options {missing}")
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "order", order_of(_typed(by_id, OrderOption)))
        stairs = _typed(by_id, StairsOption)
        stairs_min = stairs.min_length if stairs.enabled else 0
        object.__setattr__(self, "stairs_min", stairs_min)
        active: tuple[Rule[Option], ...] = tuple(cls(by_id[cls.ID], self.order, stairs_min)
                                                 for cls in RULE_ORDER if by_id[cls.ID].enabled)
        object.__setattr__(self, "active_rules", active)
        for hook in HOOKS:
            object.__setattr__(self, hook + "_rules", _hook_rules(active, hook))
        # restrictions that may refuse a lead (legal_actions then checks leads too) and
        # readings that may apply to one: the engine asks only these about a lead
        object.__setattr__(self, "lead_rules",
                           tuple(r for r in self.restrict_rules if r.LEADS))
        object.__setattr__(self, "lead_interpret_rules",
                           tuple(r for r in self.interpret_rules if r.LEADS))
        equal = bool(self.equal_beats_rules)
        object.__setattr__(self, "beaters", tuple(b[equal] for b in self.order.beaters))
        joker = _typed(by_id, JokerOption)
        object.__setattr__(self, "jokers", joker.count if joker.enabled else 0)
        object.__setattr__(self, "jokers_wild",
                           bool(joker.enabled and joker.wild) or by_id["almighty"].enabled)
        object.__setattr__(self, "permanent_pass", by_id["permanent-pass"].enabled)
        object.__setattr__(self, "finishers", _typed(by_id, ScoringOption).finishers)
        object.__setattr__(self, "chombo",
                           next((r for r in active if isinstance(r, Chombo)), None))
        object.__setattr__(self, "deal", Dealing(by_id["deal"], self.order, 0))
        object.__setattr__(self, "first_player", FirstPlayer(by_id["first-player"], self.order, 0))
        object.__setattr__(self, "scoring", Scoring(by_id["scoring"], self.order, 0))
        ex = by_id["exchange"]
        object.__setattr__(self, "exchange", Exchange(ex, self.order, 0) if ex.enabled else None)
        object.__setattr__(self, "shape_rules", Memo(self._shape_rules))
        object.__setattr__(self, "generators", Memo(self._generators))

    def __repr__(self) -> str:
        on = {k: v for k, v in self.to_dict().items() if v is not False}
        return f"Rules({self.name!r}, {on})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # IPython / hypothesis pretty printers
        p.text(repr(self))

    def _shape_rules(self, key: ShapeKey) -> ShapeRules:
        shape, lead = shape_of(key), shape_of(key, leads=True)
        return ShapeRules(tuple(r for r in self.special_rules if r.fires_on(shape)),
                          tuple(r for r in self.effects_rules if r.fires_on(shape)),
                          tuple(r for r in self.effects_rules if r.fires_on(lead)))

    def _generators(self, key: ShapeKey) -> tuple[Rule[Option], ...]:
        shape = shape_of(key)
        return tuple(r for r in self.generate_rules if r.generates_on(shape))

    # ---- access ----------------------------------------------------------------------------
    def option(self, option_id: str) -> Option:
        try:
            return self._by_id[option_id]
        except KeyError:
            option_class(option_id)  # raises the "unknown option" error
            raise

    def typed_option(self, cls: type[OptionT]) -> OptionT:
        """The option record of class ``cls`` (its attributes typed)."""
        return _typed(self._by_id, cls)

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
