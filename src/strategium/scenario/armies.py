"""The armies of a scenario as a game sees them: unit ids unique across both armies, base overrides applied.

The engine needs unit ids unique across both armies. When both armies use one (both demo armies have
``recon``), that unit is ``1:recon`` / ``2:recon`` in the game (its models' ids get the same prefix, and the
units that name it, a Dedicated Transport's or an attached Independent Character's, follow); scenario entries
keep naming it ``recon`` with their ``player``. :class:`Ids` maps the scenario's names to the game's. Base
overrides (``base:``) are carried into the game; hull overrides (``hull:``) are not yet (an error says so).
Used by the scenario runner (``strategium.check``) and by the players' setup (``strategium.agents.setup``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from strategium.army.army import Army, Model, Unit
from strategium.errors import InputError
from strategium.scenario.values import Scenario


@dataclass(frozen=True)
class Ids:
    """Scenario unit ids (per player) to the game's unit ids, and Building ids to Building names."""

    units: dict[tuple[int, str], str]
    buildings: dict[str, str]

    def unit(self, player: int, unit_id: str) -> str:
        """The game's id of ``player``'s unit ``unit_id``."""
        return self.units[(player, unit_id)]

    def ref(self, ref: str) -> str:
        """The game's id of ``UNIT_ID`` (unique in the two armies) or ``PLAYER:UNIT_ID``."""
        player_text, sep, unit_id = ref.rpartition(":")
        if sep:
            return self.units[(int(player_text), unit_id)]
        return next(v for (_, u), v in self.units.items() if u == unit_id)

    def place(self, player: int, target: str) -> str:
        """What a unit embarks in, as the game names it: a Building's name, or the Transport's unit id."""
        if target in self.buildings and (player, target) not in self.units:
            return self.buildings[target]
        if (player, target) in self.units and target in self.buildings:  # an army's Building unit
            return self.buildings[target]
        return self.units[(player, target)]


def _renamed(unit: Unit, prefix: str, renames: set[str], base: tuple[float, float] | None) -> Unit:
    def model(m: Model) -> Model:
        return replace(m, id=f"{prefix}{m.id}" if prefix else m.id, base_mm=base or m.base_mm)

    def fix(ref: str | None) -> str | None:
        return f"{prefix}{ref}" if ref is not None and ref in renames else ref

    return replace(
        unit,
        id=fix(unit.id) or unit.id,
        models=tuple(model(m) for m in unit.models),
        dedicated_transport_for=fix(unit.dedicated_transport_for),
        attached_to=fix(unit.attached_to),
    )


def game_armies(scenario: Scenario) -> tuple[tuple[Army, Army], Ids]:
    """The armies as the game sees them (shared ids prefixed ``PLAYER:``, base overrides applied) and the id
    map. Raises :class:`InputError` for a hull override (not carried into the game yet)."""
    first = {u.id for u in scenario.armies[0].units}
    shared = first & {u.id for u in scenario.armies[1].units}
    bases = {(p.player, p.unit.id): p.base_mm for p in scenario.placements}
    for p in scenario.placements:
        if p.hull is not None:
            raise InputError(
                "a hull override is not carried into the game yet; leave it out to check actions",
                file=scenario.file,
                field=f"armies[{p.player - 1}].positions.{p.unit.id}.hull",
            )
    units: dict[tuple[int, str], str] = {}
    armies: list[Army] = []
    for player, army in enumerate(scenario.armies, start=1):
        prefix = f"{player}:"
        detachments = []
        for d in army.detachments:
            new_units = []
            for u in d.units:
                renamed = _renamed(u, prefix if u.id in shared else "", shared, bases.get((player, u.id)))
                units[(player, u.id)] = renamed.id
                new_units.append(renamed)
            detachments.append(replace(d, units=tuple(new_units)))
        armies.append(replace(army, detachments=tuple(detachments)))
    buildings = {key: b.name for key, b in scenario.building_ids.items()}
    return (armies[0], armies[1]), Ids(units, buildings)
