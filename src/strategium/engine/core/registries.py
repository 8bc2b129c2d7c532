"""A counter of changes to the plug-in registries (handlers, hooks, blockers, modifier sources, Reactions...).

Every registration function calls :func:`changed`; ``Game.check`` keeps a verdict only while both the state
and :func:`generation` stay the same, so a rule registered (or removed) mid-game is never missed.
"""

from __future__ import annotations

_GENERATION = [0]


def changed() -> None:
    """A registry gained or lost an entry."""
    _GENERATION[0] += 1


def generation() -> int:
    """How many registry changes there have been (only ever grows)."""
    return _GENERATION[0]
