"""The registry of action handlers: each action type has one ``check`` (a verdict with reasons, never
changing anything) and one ``apply`` (called only after ``check`` said yes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from strategium.engine.core import registries
from strategium.engine.core.actions import Action, Verdict

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@dataclass(frozen=True)
class Handler:
    """How the engine checks and applies one type of action."""

    check: Callable[[Game, Any], Verdict]
    apply: Callable[[Game, Any], None]


HANDLERS: dict[type[Action], Handler] = {}


def handles(kind: type[Action], check: Callable[[Game, Any], Verdict], apply: Callable[[Game, Any], None]) -> None:
    """Register the handler of an action type (once per type)."""
    if kind in HANDLERS:
        raise ValueError(f"{kind.__name__} already has a handler")
    HANDLERS[kind] = Handler(check, apply)
    registries.changed()
