"""A dict and a list that note when they change, so a value computed from them can be kept until they do.

Every mutating method of :class:`TrackedDict` and :class:`TrackedList` advances one process-wide counter
(:data:`CLOCK`, by :func:`touch`) and stamps the container with its new value; reading is the plain ``dict``/``list``
code. A caller that computed a value from a container when ``CLOCK.now`` was ``t`` may reuse it while the
container's ``version`` is at most ``t``: any later change gives it a larger version. A fresh container (built from
an iterable, a copy, an unpickled or deep-copied one) has version 0. A value computed from many tracked containers
(and from objects that :func:`touch` whenever they change) may be reused while ``CLOCK.now`` has not moved at all.

Used by :class:`strategium.engine.core.board.UnitStatus` to keep its state key (``GameState.key``) between changes.

A :class:`Journal` (opened with :func:`open_journal`) notes the content each tracked container (and each object that
calls :func:`note_object` before it changes) had before its first change while the journal is open, so that
:meth:`Journal.undo` can put them all back: ``Game.apply``'s undo when a handler fails halfway, without copying every
unit's status before each action.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex, TypeVar, cast

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
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        super().__delitem__(key)

    def clear(self) -> None:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        super().clear()

    def pop(self, key: K, *default: Any) -> Any:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        return super().pop(key, *default)

    def popitem(self) -> tuple[K, V]:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        return super().popitem()

    def setdefault(self, key: K, default: Any = None) -> Any:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> TrackedDict[K, V]:  # type: ignore[override,misc]
        if _OPEN:
            _OPEN[-1].note_dict(self)
        self.version = touch()
        super().update(other)
        return self


class TrackedList(list[T]):
    """A ``list`` whose ``version`` is re-stamped by every change (see the module's docstring)."""

    version: int = 0

    def __setitem__(self, index: Any, value: Any) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().__setitem__(index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().__delitem__(index)

    def __iadd__(self, other: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().extend(other)
        return self

    def __imul__(self, n: SupportsIndex) -> TrackedList[T]:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().__imul__(n)
        return self

    def append(self, value: T) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().append(value)

    def extend(self, values: Iterable[T]) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().extend(values)

    def insert(self, index: SupportsIndex, value: T) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().insert(index, value)

    def remove(self, value: T) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().remove(value)

    def pop(self, index: SupportsIndex = -1) -> T:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        return super().pop(index)

    def clear(self) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        if _OPEN:
            _OPEN[-1].note_list(self)
        self.version = touch()
        super().reverse()


class Journal:
    """What tracked values were before their first change while the journal was open (see the module docstring).

    Each container or object is noted once, with a copy of its content (a dict's items, a list's entries, an
    object's attributes); the entries hold the objects, so the identities in ``_seen`` cannot be reused."""

    __slots__ = ("_entries", "_seen")

    def __init__(self) -> None:
        self._entries: list[tuple[object, object]] = []
        self._seen: set[int] = set()

    def note_dict(self, d: TrackedDict[Any, Any]) -> None:
        """``d`` is about to change: keep its items, unless it was noted already."""
        if id(d) not in self._seen:
            self._seen.add(id(d))
            self._entries.append((d, dict(d)))

    def note_list(self, values: TrackedList[Any]) -> None:
        """``values`` is about to change: keep its entries, unless it was noted already."""
        if id(values) not in self._seen:
            self._seen.add(id(values))
            self._entries.append((values, list(values)))

    def note_object(self, obj: object) -> None:
        """``obj`` is about to have an attribute set: keep its attributes, unless it was noted already."""
        if id(obj) not in self._seen:
            self._seen.add(id(obj))
            self._entries.append((obj, dict(obj.__dict__)))

    def _adopt(self, inner: Journal) -> None:
        """Take over the entries of a journal opened inside this one (their content is what they held before this
        journal noted them, if it had not: they had not changed since it opened)."""
        for obj, content in inner._entries:
            if id(obj) not in self._seen:
                self._seen.add(id(obj))
                self._entries.append((obj, content))

    def undo(self) -> None:
        """Put every noted value back as it was when noted (the latest noted first); each change is counted."""
        for obj, content in reversed(self._entries):
            if isinstance(obj, TrackedDict):
                dict.clear(obj)
                dict.update(obj, cast(dict[Any, Any], content))
                obj.version = touch()
            elif isinstance(obj, TrackedList):
                list.clear(obj)
                list.extend(obj, cast(list[Any], content))
                obj.version = touch()
            else:
                attributes = obj.__dict__
                attributes.clear()
                attributes.update(cast(dict[str, Any], content))
                touch()


_OPEN: list[Journal] = []
"""The open journals, innermost last: changes are noted in the innermost."""


def open_journal() -> Journal:
    """Open a journal inside any already open (see the module docstring); close it with :func:`close_journal`."""
    journal = Journal()
    _OPEN.append(journal)
    return journal


def close_journal(journal: Journal, *, undo: bool = False) -> None:
    """Close ``journal`` (the innermost open one), putting every value it noted back first if ``undo``. The journal
    it was opened in (if any) takes over its entries, so that it can still put back what was changed meanwhile.

    Raises ``ValueError`` if ``journal`` is not the innermost open journal."""
    if not _OPEN or _OPEN[-1] is not journal:
        raise ValueError("only the innermost open journal can be closed")
    _OPEN.pop()
    if _OPEN:
        _OPEN[-1]._adopt(journal)
    if undo:
        journal.undo()


def note_object(obj: object) -> None:
    """``obj`` (whose state is its attributes) is about to change: note it in the innermost open journal, if any."""
    if _OPEN:
        _OPEN[-1].note_object(obj)
