"""A dict and a list that note when they change, so a value computed from them can be kept until they do.

Every mutating method of :class:`TrackedDict` and :class:`TrackedList` stamps the container with the next value
of one process-wide counter (:func:`stamp`); reading is the plain ``dict``/``list`` code. A caller that computed a
value from a container when the counter stood at ``t`` (taken with :func:`stamp` *before* reading) may reuse it
while the container's ``version`` is below ``t``: any later change gives it a larger version. A fresh container
(built from an iterable, a copy, an unpickled or deep-copied one) has version 0.

Used by :class:`strategium.engine.board.UnitStatus` to keep its state key (``GameState.key``) between changes.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, SupportsIndex, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

_COUNTER = itertools.count(1)


def stamp() -> int:
    """The next value of the process-wide change counter (strictly larger than every stamp given before)."""
    return next(_COUNTER)


class TrackedDict(dict[K, V]):
    """A ``dict`` whose ``version`` is re-stamped by every change (see the module's docstring)."""

    version: int = 0

    def __setitem__(self, key: K, value: V) -> None:
        self.version = next(_COUNTER)
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        self.version = next(_COUNTER)
        super().__delitem__(key)

    def clear(self) -> None:
        self.version = next(_COUNTER)
        super().clear()

    def pop(self, key: K, *default: Any) -> Any:
        self.version = next(_COUNTER)
        return super().pop(key, *default)

    def popitem(self) -> tuple[K, V]:
        self.version = next(_COUNTER)
        return super().popitem()

    def setdefault(self, key: K, default: Any = None) -> Any:
        self.version = next(_COUNTER)
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.version = next(_COUNTER)
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> TrackedDict[K, V]:  # type: ignore[override,misc]
        self.version = next(_COUNTER)
        super().update(other)
        return self


class TrackedList(list[T]):
    """A ``list`` whose ``version`` is re-stamped by every change (see the module's docstring)."""

    version: int = 0

    def __setitem__(self, index: Any, value: Any) -> None:
        self.version = next(_COUNTER)
        super().__setitem__(index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        self.version = next(_COUNTER)
        super().__delitem__(index)

    def __iadd__(self, other: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        self.version = next(_COUNTER)
        super().extend(other)
        return self

    def __imul__(self, n: SupportsIndex) -> TrackedList[T]:
        self.version = next(_COUNTER)
        super().__imul__(n)
        return self

    def append(self, value: T) -> None:
        self.version = next(_COUNTER)
        super().append(value)

    def extend(self, values: Iterable[T]) -> None:
        self.version = next(_COUNTER)
        super().extend(values)

    def insert(self, index: SupportsIndex, value: T) -> None:
        self.version = next(_COUNTER)
        super().insert(index, value)

    def remove(self, value: T) -> None:
        self.version = next(_COUNTER)
        super().remove(value)

    def pop(self, index: SupportsIndex = -1) -> T:
        self.version = next(_COUNTER)
        return super().pop(index)

    def clear(self) -> None:
        self.version = next(_COUNTER)
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.version = next(_COUNTER)
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self.version = next(_COUNTER)
        super().reverse()
