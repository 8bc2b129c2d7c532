"""Outflank (Age of Darkness rulebook p.244; Flanking Assault p.311): OUT-1 and OUT-2, with INF-8 and SCT-9.

OUT-1: a unit made up entirely of models with Outflank may arrive from Reserves by a Flanking Assault. Models of
a unit of Infiltrators (INF-8) or Scouts (SCT-9) kept in Reserves count as having Outflank. Whether that
conferred Outflank also reaches an Independent Character joined to such a unit is contested (RULINGS OUT-01):
the rules configuration ``flanking_assault.conferred_outflank_reaches_joined_ic`` decides (default: no).

OUT-2: faction and unit rules may offer other ways to deploy Outflank units. They plug in through
:func:`register_deployment_option`: a provider looks at a unit and returns the extra Reserve modes it allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from strategium.army.army import Unit
from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.engine.core.board import ReserveMode
from strategium.engine.pregame.deployment import FlankingAssaultRule, flanking_assault_rule
from strategium.rules.seed import infiltrate, scout

RULE = "Outflank"

DeploymentOption = Callable[[Unit], Sequence[ReserveMode]]
"""OUT-2: a provider of extra Reserve modes for a unit (e.g. a Rite of War's)."""

_PROVIDERS: list[DeploymentOption] = []


def register_deployment_option(provider: DeploymentOption) -> None:
    """OUT-2: add a provider of extra deployment options (kept for the life of the process)."""
    _PROVIDERS.append(provider)
    registries.changed()


def unregister_deployment_option(provider: DeploymentOption) -> None:
    """Remove a provider added with :func:`register_deployment_option`."""
    _PROVIDERS.remove(provider)
    registries.changed()


def extra_modes(unit: Unit) -> frozenset[ReserveMode]:
    """The Reserve modes that registered rules (OUT-2) give this unit."""
    return frozenset(mode for provider in _PROVIDERS for mode in provider(unit))


def gains_outflank_in_reserves(unit: Unit) -> bool:
    """INF-8 / SCT-9: a unit of Infiltrators or of Scouts kept in Reserves gains Outflank."""
    return infiltrate.can_infiltrate(unit) or scout.has_scout(unit)


def flanking_assault_problem(unit: Unit, characters: Sequence[Unit], ic_gains: bool) -> Reason | None:
    """OUT-1: why ``unit`` (with its joined ``characters``) may not join a Flanking Assault, or None.

    ``ic_gains`` is the configuration's answer to whether conferred Outflank reaches a joined character.
    """
    conferred = gains_outflank_in_reserves(unit)
    if not (conferred or unit.all_models_have(RULE)):
        return Reason.of(RULE, f"OUT-1: not every model of {unit.name} has Outflank")
    for ic in characters:
        if ic.all_models_have(RULE) or gains_outflank_in_reserves(ic) or (conferred and ic_gains):
            continue
        return Reason.of(
            RULE,
            f"OUT-1: {ic.name} has no Outflank of its own; whether a unit's conferred Outflank reaches a joined "
            "character is contested (rules configuration flanking_assault.conferred_outflank_reaches_joined_ic)",
        )
    return None


def _problem(unit: Unit, characters: Sequence[Unit], ic_gains: bool) -> Reason | None:
    """OUT-2 first (a mode another rule gives the unit), then OUT-1."""
    if ReserveMode.FLANKING_ASSAULT in extra_modes(unit):
        return None
    return flanking_assault_problem(unit, characters, ic_gains)


def _placed(unit: Unit) -> Reason:
    """The clause that lets the unit join a Flanking Assault: INF-8 or SCT-9 when Outflank is conferred, else
    OUT-1."""
    gained = gains_outflank_in_reserves(unit) and not unit.all_models_have(RULE)
    clause = ("INF-8" if infiltrate.can_infiltrate(unit) else "SCT-9") if gained else "OUT-1"
    return Reason.of(RULE, f"{clause}: may join a Flanking Assault")


flanking_assault_rule(FlankingAssaultRule(_problem, _placed))
