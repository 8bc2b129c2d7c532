"""How each rules-configuration setting carries its metadata, and the rows ``describe()`` returns.

Every setting is a pydantic field made by :func:`setting`: its default, a description, and in
``json_schema_extra`` the ``source`` a user can look up (book and page where known, otherwise "7th-edition
convention", "HH1 rule", "community FAQ (Liber Panoptica)", "no source: project default", ...), the
``confidence`` (:class:`Confidence`) and a developer ``note`` (the section of the project's reference files,
``CORE_A``/``CORE_B``/``RULINGS``, that discusses it; never shown to users). Groups of settings are
:class:`ConfigGroup` models (frozen, strict, unknown keys forbidden).

A setting whose rule the engine does not play yet carries ``not_played``: a short reason ("Deep Strike Assault
is not implemented yet"). It is documented and shown as "not played yet" (``strategium rules config``, its
``-v`` and ``--json``, docs/rules-configuration.md), and a file that sets it gets a one-line warning. Every
other setting is played (the default): some code outside ``strategium.config`` reads it, which
``tests/config/test_settings_read.py`` checks both ways.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo


class Confidence(StrEnum):
    """How sure the project is of a setting's default.

    - ``confirmed``: an HH2 source read by the project states it (CORE files' [C]).
    - ``likely``: confirmed only indirectly: a rule that refers to it, a secondary write-up, or the
      common reading (CORE files' [C~], [C-sec], [INF]; RULINGS "consensus").
    - ``unconfirmed``: no HH2 text found; the default follows 7th edition / HH1 or a recollection of the
      book (CORE files' [U7], [UR], [UNCONFIRMED-7e]).
    - ``contested``: readings differ (RULINGS "contested"); the default is the one the rulings state.
    """

    CONFIRMED = "confirmed"
    LIKELY = "likely"
    UNCONFIRMED = "unconfirmed"
    CONTESTED = "contested"


NOT_PLAYED = "not played yet"
"""How the command, the documentation and warnings mark a setting the engine does not play yet."""


def setting(
    default: Any,
    *,
    description: str,
    source: str,
    confidence: Confidence,
    note: str = "",
    not_played: str = "",
    **constraints: Any,
) -> Any:
    """A rules-configuration field: its default, description, user-facing source, confidence and developer note.

    ``not_played`` (empty: the setting is played) is why the engine does not play the setting's rule yet, one
    short sentence for users ("Night Fighting is not implemented yet"). ``constraints`` are passed to
    ``pydantic.Field`` (``ge``, ``le``, ...).
    """
    extra: dict[str, Any] = {"source": source, "confidence": confidence.value, "note": note, "not_played": not_played}
    return Field(default, description=description, json_schema_extra=extra, **constraints)


def group(factory: type[ConfigGroup], description: str) -> Any:
    """A field of :class:`~strategium.config.RulesConfig` holding one group of settings."""
    return Field(default_factory=factory, description=description)


class ConfigGroup(BaseModel):
    """Base of every group of settings: frozen, strict types, unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


@dataclass(frozen=True)
class ConfigEntry:
    """One row of ``RulesConfig.describe()``.

    ``name`` is dotted (``reserves.target``); ``value`` and ``default`` are JSON-ready (lists for tuples,
    ``None`` for "none"); ``overridden`` is true when the value differs from the default; ``source`` is what a
    user can look up; ``note`` is the developers' reference (not in ``as_dict``); ``not_played`` is empty for a
    setting the engine plays, else why it does not yet (see :attr:`played`).
    """

    name: str
    value: Any
    default: Any
    overridden: bool
    source: str
    confidence: Confidence
    description: str
    allowed: str = ""
    note: str = ""
    not_played: str = ""

    @property
    def played(self) -> bool:
        """Whether the engine plays this setting (changing it changes what happens); false: "not played yet"."""
        return not self.not_played

    def cite(self) -> str:
        """How a ruling names this setting, e.g. ``rules configuration `reserves.target` = 3 (unconfirmed default)``."""
        state = "overridden" if self.overridden else f"{self.confidence.value} default"
        return f"rules configuration `{self.name}` = {format_value(self.value)} ({state})"

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the row: every field but ``note``, plus ``played`` (true or false)."""
        return {
            "name": self.name,
            "value": self.value,
            "default": self.default,
            "overridden": self.overridden,
            "source": self.source,
            "confidence": self.confidence.value,
            "description": self.description,
            "allowed": self.allowed,
            "played": self.played,
            "not_played": self.not_played,
        }


def format_value(value: Any) -> str:
    """A setting's value as text: ``none``, ``true``/``false``, lists comma-separated, mappings ``k=v``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={format_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def allowed_values(info: FieldInfo) -> str:
    """What a setting accepts, in words: ``whole number from 2 to 6``, ``one of: a, b``, ``true or false``."""
    return _describe_type(info.annotation, info.metadata)


def _describe_type(annotation: Any, metadata: list[Any]) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return "one of: " + ", ".join(str(arg) for arg in get_args(annotation))
    if origin in (Union, types.UnionType):
        parts = [arg for arg in get_args(annotation) if arg is not type(None)]
        return _describe_type(parts[0], metadata) + ", or none"
    if origin is tuple:
        item = get_args(annotation)[0]
        item_metadata = list(getattr(item, "__metadata__", ()))
        base = get_args(item)[0] if item_metadata else item
        if isinstance(base, type) and issubclass(base, BaseModel):
            return "list of {" + ", ".join(base.model_fields) + "}"
        return "list of " + _describe_type(
            base, [m for meta in item_metadata for m in getattr(meta, "metadata", [meta])]
        )
    if annotation is bool:
        return "true or false"
    noun = "whole number" if annotation is int else "number"
    low = next((f"{m.ge}" for m in metadata if getattr(m, "ge", None) is not None), None)
    above = next((f"{m.gt}" for m in metadata if getattr(m, "gt", None) is not None), None)
    high = next((f"{m.le}" for m in metadata if getattr(m, "le", None) is not None), None)
    if low is not None and high is not None:
        return f"{noun} from {low} to {high}"
    if above is not None:
        return f"{noun} more than {above}" + (f", at most {high}" if high is not None else "")
    if low is not None:
        return f"{noun}, at least {low}"
    return noun
