"""Units a battle cannot play, left out before it starts (a project decision, docs/battle.md).

An army list may hold a unit the engine has nothing to play with: a unit with no models, or one with a model
whose profile gives no Toughness or no Wounds (a Characteristic left blank in the list, as in
``Dedicated Transport Squad Costs.ros``, whose Legionaries have no Toughness). Such a model cannot be wounded, so
a Shooting Attack at its unit could never be resolved once its other models were gone. Rather than stop the
battle there, the unit is **left out of the battle** before it starts, like the rules the engine does not
implement: the army keeps its other units, and the header of the log names every unit left out and why
(:func:`left_out_lines`). A Dedicated Transport whose unit is left out stays in the battle, as a Transport of
its own. Vehicles, Knights and Buildings always have their armour and Hull Points (the importer requires them).

The note is kept in the army's ``notes`` (prefixed :data:`LEFT_OUT`), so that the game state, a replay and the
report all see the same armies and the same note.
"""

from __future__ import annotations

import dataclasses

from strategium.army.army import Army, Unit
from strategium.model.characteristics import Characteristics
from strategium.scenario import Scenario

LEFT_OUT = "left out of the battle: "
"""The prefix of an army note naming a unit the battle leaves out."""

_NAMES = {"t": "Toughness", "w": "Wounds"}


def unplayable_reason(unit: Unit) -> str | None:
    """Why the battle cannot play ``unit`` (None when it can): it has no models, or a model's profile gives no
    Toughness or no Wounds (e.g. ``no Toughness for its Legionary models``)."""
    if not unit.models:
        return "it has no models"
    gaps: dict[str, list[str]] = {}
    for m in unit.models:
        c = m.profile.characteristics
        if not isinstance(c, Characteristics):
            continue
        for field in ("t", "w"):
            if getattr(c, field) is None and m.profile.name not in gaps.setdefault(field, []):
                gaps[field].append(m.profile.name)
    parts = [f"no {_NAMES[f]} for its {', '.join(names)} models" for f, names in gaps.items() if names]
    return "; ".join(parts) if parts else None


def playable_army(army: Army) -> tuple[Army, tuple[Unit, ...]]:
    """The army without the units the battle cannot play (each named in ``notes``, see :data:`LEFT_OUT`), and
    the units left out. A Dedicated Transport of a unit left out keeps its place as a Transport of its own."""
    gone: dict[str, str] = {}
    for u in army.units:
        why = unplayable_reason(u)
        if why is not None:
            gone[u.id] = why
    if not gone:
        return army, ()
    detachments = []
    for d in army.detachments:
        units = tuple(
            dataclasses.replace(u, dedicated_transport_for=None) if u.dedicated_transport_for in gone else u
            for u in d.units
            if u.id not in gone
        )
        detachments.append(dataclasses.replace(d, units=units))
    notes = tuple(f"{LEFT_OUT}{u.name} ({gone[u.id]})" for u in army.units if u.id in gone)
    left = tuple(u for u in army.units if u.id in gone)
    return dataclasses.replace(army, detachments=tuple(detachments), notes=(*army.notes, *notes)), left


def playable_scenario(scenario: Scenario) -> Scenario:
    """The scenario with :func:`playable_army` applied to both armies (their placements dropped with them)."""
    first, left1 = playable_army(scenario.armies[0])
    second, left2 = playable_army(scenario.armies[1])
    if not left1 and not left2:
        return scenario
    gone = {(1, u.id) for u in left1} | {(2, u.id) for u in left2}
    armies = (first, second)
    units = {(p, u.id): u for p, a in enumerate(armies, start=1) for u in a.units}
    placements = tuple(
        dataclasses.replace(pl, unit=units[(pl.player, pl.unit.id)])
        for pl in scenario.placements
        if (pl.player, pl.unit.id) not in gone
    )
    return dataclasses.replace(scenario, armies=armies, placements=placements)


def left_out_lines(armies: tuple[Army, Army]) -> list[str]:
    """The lines printed before a battle for the units it leaves out, one per player that has any, e.g.
    ``P1 left out of the battle: Tactical Support Squad (no Toughness for its Legionary models) — the battle
    goes on without them``."""
    lines = []
    for player, army in enumerate(armies, start=1):
        notes = [n[len(LEFT_OUT) :] for n in army.notes if n.startswith(LEFT_OUT)]
        if notes:
            lines.append(f"P{player} {LEFT_OUT}{'; '.join(notes)} — the battle goes on without them")
    return lines
