"""``@immutable``: the values made on every action (the state, its trick, a play, the effects,
the events, the actions).

Such a class is a slots dataclass that the type checker treats as frozen: assigning to a field
anywhere in the package is a mypy error (``mypy`` runs strict on ``referee/engine``), and the
engine never changes a value once it is made (``apply`` returns a new state; the property tests
check that the state given is left as it was).

It is not frozen at run time on purpose: a frozen dataclass sets each field through
``object.__setattr__``, which for the 30 fields of a ``GameState`` took 3-4 µs, a fifth of an
action; a plain slots class is built in a tenth of that. ``unsafe_hash``: hashed by value like
a frozen dataclass (safe, as nothing changes a field).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


@dataclass_transform(frozen_default=True)
def immutable(cls: type[T]) -> type[T]:
    return dataclass(slots=True, unsafe_hash=True)(cls)


def maker(cls: type[T], *replaced: str) -> Callable[..., T]:
    """A plain function that makes a ``cls`` (an ``@immutable`` class without ``__post_init__``)
    from all its fields in order: the same value as ``cls(...)``, for the values made on every
    action (the state and its trick). Calling a class runs its ``__init__`` in a new interpreter
    loop entered from C (Python 3.11); a plain function's call stays in the caller's loop
    (callgrind: about 1,000 fewer instructions for a ``GameState``, 400 for a ``Trick``).

    With the names of some fields, ``replaced``: a function ``(value, *those fields)`` that
    makes a copy of ``value`` with those fields replaced (``dataclasses.replace`` for one set of
    fields; each other field is copied straight from ``value``, not passed along).
    Written out as source, as ``dataclass`` writes ``__init__``."""
    assert not hasattr(cls, "__post_init__"), f"{cls.__name__} needs its __post_init__"
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]  # a dataclass
    assert set(replaced) <= set(names), f"{cls.__name__} has no field {set(replaced) - set(names)}"
    params = ["value", *replaced] if replaced else names
    values = {n: n if n in replaced or not replaced else f"value.{n}" for n in names}
    source = (f"def make_{cls.__name__}({', '.join(params)}):\n    self = new(cls)\n"
              + "".join(f"    self.{n} = {values[n]}\n" for n in names) + "    return self\n")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(source, namespace)
    make: Callable[..., T] = namespace[f"make_{cls.__name__}"]
    return make


class Memo(dict[K, V]):
    """A dictionary whose missing values are made on first use (``make(key)``) and then shared:
    for values worked out once per key and read on every action (reading one is no Python
    call). ``limit``: when that many values are kept, the next one made starts afresh (a bound
    for keys taken from input, in a long-lived process; never reached by games)."""

    def __init__(self, make: Callable[[K], V], limit: int = 0) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if self.limit and len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value
