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

from dataclasses import dataclass
from typing import Callable, TypeVar, dataclass_transform

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


@dataclass_transform(frozen_default=True)
def immutable(cls: type[T]) -> type[T]:
    return dataclass(slots=True, unsafe_hash=True)(cls)


class Memo(dict[K, V]):
    """A dictionary whose missing values are made on first use (``make(key)``) and then shared:
    for values worked out once per key and read on every action (reading one is no Python
    call)."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value
