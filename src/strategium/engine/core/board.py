"""Where every unit is: on the table (each model's pose), embarked, in Reserves, not yet deployed, destroyed.

Positions are model centres in inches with a heading in degrees (anticlockwise from +x); the model's footprint
(base or hull) comes from :mod:`strategium.engine.table.placement`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, cast

from strategium.catalogue.citations import Reason
from strategium.engine.core.timing import PlayerId
from strategium.engine.core.tracked import CLOCK, TrackedDict, TrackedList, note_object, touch


@dataclass(frozen=True)
class Pose:
    """A model's centre (x, y) in inches and its heading in degrees (0 = facing +x, anticlockwise)."""

    x: float
    y: float
    heading: float = 0.0

    def __str__(self) -> str:
        h = f", {self.heading:g}°" if self.heading else ""
        return f"({self.x:g}, {self.y:g}{h})"


Placement = tuple[tuple[str, Pose], ...]
"""Model id → pose, for every model a placement puts on the table (frozen, ordered)."""


_DICTS = frozenset({"poses", "wounds_lost"})
"""UnitStatus fields kept as :class:`TrackedDict` (``casualties`` is a :class:`TrackedList`)."""


class Location(StrEnum):
    """Where a unit is."""

    UNDEPLOYED = "not yet deployed"
    HELD_FOR_INFILTRATE = "held back to Infiltrate"
    RESERVES = "in Reserves"
    TABLE = "on the table"
    EMBARKED = "embarked"
    DESTROYED = "destroyed"


class ReserveMode(StrEnum):
    """How a unit in Reserves will arrive (Reserves p.309; Flanking Assault p.311)."""

    NORMAL = "Reserves"
    FLANKING_ASSAULT = "Flanking Assault"


class DeployedBy(StrEnum):
    """How a unit came onto the table in the pre-game."""

    NORMAL = "deployed"
    INFILTRATE = "Infiltrate"


@dataclass
class UnitStatus:
    """The changing facts of one unit of the army list.

    ``poses`` holds the pose of each of its models on the table (empty unless ``location`` is TABLE).
    ``embarked_in`` is the id of the Transport unit or Building it is inside; ``joined_to`` the unit an
    Independent Character has joined; ``reserve_mode`` how it will arrive from Reserves. ``wounds_lost`` holds
    the Wounds (or Hull Points) each model has lost; ``casualties`` the models removed, in order.
    ``weapons_fired`` holds (model id, weapon name) of the weapons a rule tracks that have fired this battle, and
    ``weapons_spent`` (model id, weapon name, rule) those that may no longer make Shooting Attacks (Limited
    Ammunition, One Use: :mod:`strategium.rules.weapon.ammunition`, w20l).
    """

    unit_id: str
    player: PlayerId
    location: Location = Location.UNDEPLOYED
    poses: dict[str, Pose] = field(default_factory=dict)
    embarked_in: str | None = None
    joined_to: str | None = None
    reserve_mode: ReserveMode | None = None
    deployed_by: DeployedBy | None = None
    scouted: bool = False
    wounds_lost: dict[str, int] = field(default_factory=dict)
    casualties: list[str] = field(default_factory=list)
    weapons_fired: tuple[tuple[str, str], ...] = ()
    weapons_spent: tuple[tuple[str, str, str], ...] = ()

    _key: ClassVar[tuple[object, ...] | None] = None  # instance attributes once set (see key())
    _stamp: ClassVar[int] = 0

    def __setattr__(self, name: str, value: object) -> None:
        """Set a field: ``poses`` and ``wounds_lost`` are kept as :class:`TrackedDict`, ``casualties`` as a
        :class:`TrackedList` (a plain value is copied into one), and the kept key is dropped. An open journal
        (:func:`strategium.engine.core.tracked.open_journal`) notes the status first."""
        note_object(self)
        if name in _DICTS and type(value) is not TrackedDict:
            value = TrackedDict(cast(dict[str, object], value))
        elif name == "casualties" and type(value) is not TrackedList:
            value = TrackedList(cast(list[str], value))
        object.__setattr__(self, name, value)
        object.__setattr__(self, "_key", None)
        touch()

    def copy(self) -> UnitStatus:
        """An independent copy (poses are immutable values and are shared); it keeps this status's key."""
        new = object.__new__(UnitStatus)
        values = new.__dict__
        values.update(self.__dict__)
        values["poses"] = TrackedDict(self.poses)
        values["wounds_lost"] = TrackedDict(self.wounds_lost)
        values["casualties"] = TrackedList(self.casualties)
        if not self._key_holds():
            values.pop("_key", None)  # the copy's containers are fresh: an outdated key must not travel with them
        return new

    def _key_holds(self) -> bool:
        stamp = self._stamp
        return (
            self._key is not None
            and self.poses.version <= stamp  # type: ignore[attr-defined]
            and self.wounds_lost.version <= stamp  # type: ignore[attr-defined]
            and self.casualties.version <= stamp  # type: ignore[attr-defined]
        )

    def key(self) -> tuple[object, ...]:
        """A value (compared with ==) equal for equal statuses (see ``GameState.key``); kept until a field is set
        or a pose, a wound or a casualty changes (:mod:`strategium.engine.core.tracked`)."""
        if self._key_holds():
            return cast(tuple[object, ...], self._key)
        now = CLOCK.now
        key = (
            self.unit_id,
            self.player,
            self.location,
            tuple(self.poses.items()),
            self.embarked_in,
            self.joined_to,
            self.reserve_mode,
            self.deployed_by,
            self.scouted,
            tuple(self.wounds_lost.items()),
            tuple(self.casualties),
            self.weapons_fired,
            self.weapons_spent,
        )
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_stamp", now)
        return key

    def is_casualty(self, model_id: str) -> bool:
        """True once the model has been removed as a casualty."""
        return model_id in self.casualties


# -- the Assault phase's records (engine/assault/charges.py, engine/assault/fight.py, engine/assault/resolution.py)
# ------------------


class ChargeStage(StrEnum):
    """Where a Charge stands: declared (Reactions and the Charge Distance roll to come), waiting for its Charge
    Move or Surge Move, or finished."""

    DECLARED = "declared"
    CHARGE_MOVE = "waiting for its Charge Move"
    SURGE_MOVE = "waiting for its Surge Move"
    DONE = "done"


@dataclass(frozen=True)
class HammerStrike:
    """A model touching an enemy's base or hull when its Charge Move finished (HOW-1): who, whom, and,
    against a hull, the Facings its base touches (HOW-4) and the one its target's controller chose."""

    unit_id: str
    model_id: str
    target_unit: str
    target_model: str
    facings: tuple[str, ...] = ()
    chosen: str | None = None


@dataclass
class ChargeRecord:
    """One unit's Charge this Player Turn (``turn_index``): its targets, stage, rolled Charge Distance, whether it
    reached its target, why it is Disordered, why its models fight at a lower Initiative step (Difficult
    Terrain), and its Hammer of Wrath strikes."""

    unit_id: str
    targets: tuple[str, ...]
    turn_index: int
    stage: ChargeStage = ChargeStage.DECLARED
    distance: int | None = None
    success: bool = False
    disordered: list[Reason] = field(default_factory=list)
    terrain_penalty: Reason | None = None
    hammer: list[HammerStrike] = field(default_factory=list)
    rolled_x: dict[str, int] = field(default_factory=dict)
    """The (X) rolled once for the turn of a charge rule whose X is a dice roll (Sudden Strike (D3)), by
    "model id/source"."""

    def copy(self) -> ChargeRecord:
        """An independent copy (reasons and strikes are immutable values and are shared): the fields' values as
        they are, the two lists copied (what ``dataclasses.replace`` gives, without its checks; a backup of the
        state copies every record)."""
        new = object.__new__(ChargeRecord)
        new.__dict__.update(self.__dict__)
        new.disordered = list(self.disordered)
        new.hammer = list(self.hammer)
        new.rolled_x = dict(self.rolled_x)
        return new

    def key(self) -> tuple[object, ...]:
        """A value (compared with ==) equal for equal records (see ``GameState.key``)."""
        return (
            self.unit_id,
            self.targets,
            self.turn_index,
            self.stage,
            self.distance,
            self.success,
            tuple(self.disordered),
            self.terrain_penalty,
            tuple(self.hammer),
            tuple(self.rolled_x.items()),
        )


@dataclass
class AssaultTrack:
    """The Assault phase's state: this turn's Charges (by charging unit), the Charge being resolved, which units
    are locked in combat with which, the combats fought this turn, and the Wounds each unit caused in them."""

    turn_index: int = 0
    charges: dict[str, ChargeRecord] = field(default_factory=dict)
    current: str | None = None
    engaged: dict[str, set[str]] = field(default_factory=dict)
    fought: list[tuple[str, ...]] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)

    def copy(self) -> AssaultTrack:
        """An independent copy (for state snapshots)."""
        return AssaultTrack(
            self.turn_index,
            {unit_id: record.copy() for unit_id, record in self.charges.items()},
            self.current,
            {unit_id: set(enemies) for unit_id, enemies in self.engaged.items()},
            list(self.fought),
            dict(self.scores),
        )

    def key(self) -> tuple[object, ...]:
        """A value (compared with ==) equal for equal tracks (see ``GameState.key``)."""
        charges, engaged = self.charges, self.engaged  # (empty in most states: no tuples built for them)
        return (
            self.turn_index,
            tuple([(unit_id, record.key()) for unit_id, record in charges.items()]) if charges else (),
            self.current,
            tuple([(unit_id, frozenset(enemies)) for unit_id, enemies in engaged.items()]) if engaged else (),
            tuple(self.fought),
            tuple(self.scores.items()),
        )
