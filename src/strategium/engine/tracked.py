"""A dict and a list that note when they change, so a value computed from them can be kept until they do.

Every mutating method of :class:`TrackedDict` and :class:`TrackedList` advances one process-wide counter
(:data:`CLOCK`, by :func:`touch`) and stamps the container with its new value; reading is the plain ``dict``/``list``
code. A caller that computed a value from a container when ``CLOCK.now`` was ``t`` may reuse it while the
container's ``version`` is at most ``t``: any later change gives it a larger version. A fresh container (built from
an iterable, a copy, an unpickled or deep-copied one) has version 0. A value computed from many tracked containers
(and from objects that :func:`touch` whenever they change) may be reused while ``CLOCK.now`` has not moved at all.

Used by :class:`strategium.engine.board.UnitStatus` to keep its state key (``GameState.key``) between changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class _Clock:
    """The process-wide change counter: ``now`` is the number of changes made so far."""

    __slots__ = ("now",)

    def __init__(self) -> None:
        self.now = 0


CLOCK = _Clock()


def touch() -> int:
    """Count one change: advance :data:`CLOCK` and return its new value."""
    CLOCK.now += 1
    return CLOCK.now


class TrackedDict(dict[K, V]):
    """A ``dict`` whose ``version`` is re-stamped by every change (see the module's docstring)."""

    version: int = 0

    def __setitem__(self, key: K, value: V) -> None:
        self.version = touch()
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        self.version = touch()
        super().__delitem__(key)

    def clear(self) -> None:
        self.version = touch()
        super().clear()

    def pop(self, key: K, *default: Any) -> Any:
        self.version = touch()
        return super().pop(key, *default)

    def popitem(self) -> tuple[K, V]:
        self.version = touch()
        return super().popitem()

    def setdefault(self, key: K, default: Any = None) -> Any:
        self.version = touch()
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.version = touch()
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> TrackedDict[K, V]:  # type: ignore[override,misc]
        self.version = touch()
        super().update(other)
        return self


class TrackedList(list[T]):
    """A ``list`` whose ``version`` is re-stamped by every change (see the module's docstring)."""

    version: int = 0

    def __setitem__(self, index: Any, value: Any) -> None:
        self.version = touch()
        super().__setitem__(index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        self.version = touch()
        super().__delitem__(index)

    def __iadd__(self, other: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        self.version = touch()
        super().extend(other)
        return self

    def __imul__(self, n: SupportsIndex) -> TrackedList[T]:
        self.version = touch()
        super().__imul__(n)
        return self

    def append(self, value: T) -> None:
        self.version = touch()
        super().append(value)

    def extend(self, values: Iterable[T]) -> None:
        self.version = touch()
        super().extend(values)

    def insert(self, index: SupportsIndex, value: T) -> None:
        self.version = touch()
        super().insert(index, value)

    def remove(self, value: T) -> None:
        self.version = touch()
        super().remove(value)

    def pop(self, index: SupportsIndex = -1) -> T:
        self.version = touch()
        return super().pop(index)

    def clear(self) -> None:
        self.version = touch()
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.version = touch()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self.version = touch()
        super().reverse()
