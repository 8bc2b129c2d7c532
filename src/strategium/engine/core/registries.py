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


_RULES_LOADED = [False]


def rules_loaded() -> None:
    """Called once by :mod:`strategium.rules` after every rule plug-in has registered."""
    _RULES_LOADED[0] = True


def require_rules() -> None:
    """Raises ``StrategiumError`` unless the rule plug-ins are loaded: a game is never played without its rules.

    The engine imports no particular special rule (docs/engine.md, "The layers"); whoever starts a game imports
    :mod:`strategium.rules` first."""
    if not _RULES_LOADED[0]:
        from strategium.errors import StrategiumError

        raise StrategiumError("the special rules are not loaded: import strategium.rules before starting a game")
