"""Narrow questions rules answer as plug-ins (DESIGN principle 5): may this unit Run, Charge, React, be
Pinned? does it count as Stationary? fire only Snap Shots?

A rule contributes **blockers** (a function that, for a unit, returns a :class:`Block` with an id and a cited
reason, or None) and **exemptions** (a function that may lift one kind of block, saying why). The answer lists
every block and every exemption, so a ruling can show all of it. For example, firing a Rapid Fire weapon
blocks a Charge (block id ``fired-rapid-fire``); Relentless (REL-2) lifts that block.

Blockers are asked, and their reasons listed, in registration order. An engine module that wants a rule's
blockers among its own reserves a :func:`place` there; ``blocker(query, at=that_place)`` puts the function at that
place (after those already there) whenever its module is imported. E.g. ``strategium.engine.movement.move`` keeps
the place of the special rules that forbid Running (Slow and Purposeful, Jump and Jet Packs) after the Sub-types'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.engine.core import registries

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


class Query(StrEnum):
    """The questions."""

    MAY_MOVE = "may move"
    MAY_RUN = "may Run"
    MAY_SHOOT = "may make a Shooting Attack"
    MAY_BE_TARGETED = "may be chosen as the target of a Shooting Attack"
    MAY_CHARGE = "may declare a Charge"
    MAY_REACT = "may make a Reaction"
    MAY_BE_PINNED = "may be Pinned"
    MAY_SWEEP = "may make a Sweeping Advance"
    TAKES_MORALE_CHECKS = "takes Morale checks"
    FULL_BALLISTIC_SKILL = "fires at full BS (not only Snap Shots)"
    STATIONARY_FOR_HEAVY = "counts as Stationary for Heavy and Ordnance weapons"


@dataclass(frozen=True)
class Block:
    """Why a unit may not do something: a short stable ``id`` (exemptions name it) and the cited reason."""

    id: str
    reason: Reason


Blocker = Callable[["Game", str], Block | None]
Exemption = Callable[["Game", str, Block], Reason | None]


@dataclass(frozen=True)
class Place:
    """A named place among ``query``'s blockers (see :func:`place`)."""

    query: Query
    name: str


_BLOCKERS: dict[Query, list[Blocker]] = {}
_ORDER: dict[Query, list[Blocker | Place]] = {}
"""Each query's blockers and places, in order (:data:`_BLOCKERS` is this without the places)."""
_EXEMPTIONS: dict[Query, list[Exemption]] = {}


def place(query: Query, name: str) -> Place:
    """Reserve a place among ``query``'s blockers, after those registered so far: blockers registered later with
    ``at=`` it stand there, in their registration order; other later blockers come after it."""
    where = Place(query, name)
    order = _ORDER.setdefault(query, [])
    if where in order:
        raise ValueError(f"{query.value}: the place {name!r} is reserved already")
    order.append(where)
    return where


def blocker(query: Query, at: Place | None = None) -> Callable[[Blocker], Blocker]:
    """Decorator: register a blocker for ``query``, last, or at the end of the place ``at`` (a ``ValueError`` if
    that place is not one of ``query``'s)."""
    if at is not None and (at.query is not query or at not in _ORDER.get(query, ())):
        raise ValueError(f"{query.value}: no place {at.name!r} among its blockers")

    def register(fn: Blocker) -> Blocker:
        order = _ORDER.setdefault(query, [])
        order.insert(len(order) if at is None else order.index(at), fn)
        _BLOCKERS[query] = [b for b in order if not isinstance(b, Place)]
        registries.changed()
        return fn

    return register


def exemption(query: Query) -> Callable[[Exemption], Exemption]:
    """Decorator: register an exemption for ``query``."""

    def register(fn: Exemption) -> Exemption:
        _EXEMPTIONS.setdefault(query, []).append(fn)
        registries.changed()
        return fn

    return register


@dataclass(frozen=True)
class Answer:
    """``allowed`` unless some block stands; ``blocks`` that stand, ``lifted`` (block, why lifted) pairs."""

    allowed: bool
    blocks: tuple[Block, ...] = ()
    lifted: tuple[tuple[Block, Reason], ...] = ()

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Every reason: the standing blocks, then what lifted the others."""
        return tuple(b.reason for b in self.blocks) + tuple(r for _, r in self.lifted)

    def __bool__(self) -> bool:
        return self.allowed


_ALLOWED = Answer(True)
"""The answer when no blocker stands and none was lifted (shared: answers are immutable)."""


def ask(game: Game, query: Query, unit_id: str) -> Answer:
    """Ask ``query`` about ``unit_id``: every registered blocker, each checked against the exemptions."""
    standing: list[Block] | None = None  # made at the first block (most answers have none)
    lifted: list[tuple[Block, Reason]] | None = None
    for fn in _BLOCKERS.get(query, ()):
        block = fn(game, unit_id)
        if block is None:
            continue
        why = None
        for ex in _EXEMPTIONS.get(query, ()):  # the first exemption that lifts the block
            why = ex(game, unit_id, block)
            if why is not None:
                break
        if why is None:
            if standing is None:
                standing = []
            standing.append(block)
        else:
            if lifted is None:
                lifted = []
            lifted.append((block, why))
    if standing is None and lifted is None:
        return _ALLOWED
    return Answer(standing is None, tuple(standing or ()), tuple(lifted or ()))
