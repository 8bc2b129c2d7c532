"""Narrow questions rules answer as plug-ins (DESIGN principle 5): may this unit Run, Charge, React, be
Pinned? does it count as Stationary? fire only Snap Shots?

A rule contributes **blockers** (a function that, for a unit, returns a :class:`Block` with an id and a cited
reason, or None) and **exemptions** (a function that may lift one kind of block, saying why). The answer lists
every block and every exemption, so a ruling can show all of it. For example, firing a Rapid Fire weapon
blocks a Charge (block id ``fired-rapid-fire``); Relentless (REL-2) lifts that block.
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

_BLOCKERS: dict[Query, list[Blocker]] = {}
_EXEMPTIONS: dict[Query, list[Exemption]] = {}


def blocker(query: Query) -> Callable[[Blocker], Blocker]:
    """Decorator: register a blocker for ``query``."""

    def register(fn: Blocker) -> Blocker:
        _BLOCKERS.setdefault(query, []).append(fn)
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
