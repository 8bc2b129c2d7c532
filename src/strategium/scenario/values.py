"""What a loaded scenario is: the battlefield, the two armies, where each unit is, the rules configuration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from strategium.army.army import Army, Unit
from strategium.config import RulesConfig
from strategium.errors import InputError
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.geometry.terrain import Battlefield, Building
from strategium.scenario.spec import ActionSpec, EffectSpec, ExpectStateSpec, StartSpec


class Status(StrEnum):
    """Where a unit is at the start of the scenario."""

    ON_TABLE = "on table"
    EMBARKED = "embarked"
    RESERVES = "reserves"
    BUILDING = "building"  # a Fortification/Building unit of an army, placed as a Building on the table
    UNDEPLOYED = "undeployed"  # not named in the scenario: still to be deployed (e.g. Infiltrators)
    HELD = "held back to Infiltrate"  # ``infiltrate: true``: waiting for the Infiltrate step (INF-1)


@dataclass(frozen=True)
class Placement:
    """One unit of one army and where it is.

    ``placed`` is its :class:`PlacedUnit` when it is on the table (``ON_TABLE``) or embarked (``EMBARKED``;
    then ``placed.embarked_in`` names the Transport unit id or Building id and ``placed.models`` is empty);
    None otherwise. ``building`` is the :class:`Building` an army's Building unit became (``BUILDING``).
    ``shapes`` holds each model as it would stand centred on (0, 0) at the player's default heading, with the
    scenario's base or hull override applied (empty for a Building): what deployment questions measure.
    ``reserve_mode`` (``normal`` / ``flanking_assault``) is set for a unit in Reserves; ``joined_to`` names
    the unit an Independent Character has joined; ``transport`` the Dedicated Transport a unit held back to
    Infiltrate will infiltrate inside (INF-6); ``base_mm`` the scenario's base override in millimetres
    (length, width), ``hull`` its hull override in inches. ``coords`` holds each model's centre and heading
    ``(x, y, degrees)`` on the table (headings defaulted), in the unit's model order. ``effects`` are the
    effects in force on the unit when the game starts (``effects:``; read by ``strategium check``), with its
    starting damage: ``wounds_lost`` model id → Wounds (or Hull Points) lost, ``damage_results`` the Vehicle
    Damage results in force (result, the weapon lost for Weapon Destroyed), and ``locked_with`` the enemy unit ids
    it is locked in combat with (:mod:`strategium.scenario.starting`).
    """

    player: int
    unit: Unit
    status: Status
    placed: PlacedUnit | None = None
    building: Building | None = None
    shapes: tuple[PlacedModel, ...] = ()
    reserve_mode: str | None = None
    joined_to: str | None = None
    transport: str | None = None
    base_mm: tuple[float, float] | None = None
    hull: tuple[float, float] | None = None
    coords: tuple[tuple[float, float, float], ...] = ()
    effects: tuple[EffectSpec, ...] = ()
    wounds_lost: Mapping[str, int] = field(default_factory=dict)
    damage_results: tuple[tuple[str, str | None], ...] = ()
    locked_with: tuple[str, ...] = ()

    @property
    def unit_id(self) -> str:
        """The unit's id in its army."""
        return self.unit.id

    @property
    def ref(self) -> str:
        """``PLAYER:UNIT_ID`` (unique across both armies)."""
        return f"{self.player}:{self.unit.id}"


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario (``load_scenario``): frozen.

    ``armies[0]`` is player 1's army, ``armies[1]`` player 2's. ``placements`` holds one entry per unit of
    both armies, in army order (player 1's units first). ``battlefield.buildings`` includes the Buildings
    the armies' Building units became; ``building_ids`` names every Building by the id ``embarked_in`` uses
    (the scenario's ``buildings:`` ids and the armies' Building unit ids). ``source`` is the scenario file's
    path as given, ``file`` its name as errors show it. ``seed``, ``start``, ``actions`` (with the line of
    each in ``action_lines``), ``expect_state`` and ``strict`` are what ``strategium check`` reads
    (:mod:`strategium.check.situation`).
    """

    name: str
    battlefield: Battlefield
    armies: tuple[Army, Army]
    placements: tuple[Placement, ...]
    config: RulesConfig
    source: str
    description: str = ""
    building_ids: Mapping[str, Building] = field(default_factory=dict)
    seed: int = 0
    start: StartSpec | None = None
    actions: tuple[ActionSpec, ...] = ()
    action_lines: tuple[int | None, ...] = ()
    expect_state: ExpectStateSpec | None = None
    file: str = "<scenario>"
    strict: bool = False

    def placed_units(self, player: int | None = None) -> tuple[PlacedUnit, ...]:
        """The :class:`PlacedUnit` values (on the table or embarked) of ``player``, or of both players."""
        return tuple(
            p.placed for p in self.placements if p.placed is not None and (player is None or p.player == player)
        )

    def on_table(self, player: int | None = None) -> tuple[PlacedUnit, ...]:
        """The units standing on the table (not embarked) of ``player``, or of both players."""
        return tuple(u for u in self.placed_units(player) if u.on_table)

    def with_status(self, status: Status, player: int | None = None) -> tuple[Placement, ...]:
        """The placements with this status, of ``player`` or of both."""
        return tuple(p for p in self.placements if p.status is status and (player is None or p.player == player))

    def find(self, ref: str) -> Placement:
        """The placement named ``UNIT_ID`` (when only one army has that id) or ``PLAYER:UNIT_ID``.

        Raises :class:`InputError` for an unknown or ambiguous reference.
        """
        player_text, sep, unit_id = ref.rpartition(":")
        if sep and player_text not in ("1", "2"):
            raise InputError(f"cannot read unit reference {ref!r} (expected UNIT_ID or PLAYER:UNIT_ID, player 1 or 2)")
        found = [p for p in self.placements if p.unit.id == unit_id and (not sep or p.player == int(player_text))]
        if not found:
            raise InputError(f"no unit {ref!r} in the scenario")
        if len(found) > 1:
            raise InputError(f"both armies have a unit {unit_id!r}: write 1:{unit_id} or 2:{unit_id}")
        return found[0]
