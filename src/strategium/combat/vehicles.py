"""Vehicles and Buildings under attack: Facing, Armour Penetration, Glancing and Penetrating Hits, Hull
Points, the Vehicle Damage table and the Building Damage Table.

Sources and confidence (CORE_B §2):

- Armour Penetration: D6 + Strength against the Armour Value of the Facing hit; equal is a Glancing Hit,
  more is a Penetrating Hit (secondary source and 7th edition: likely). Ordnance rolls 2D6 and keeps the
  highest (p.177), Destroyer 3D6 and keeps the two highest (p.178): confirmed. Declared clauses at this roll add
  to the total (Rending (X), p.246: each kept die of X+ adds D3; :mod:`strategium.combat.declared`).
- Each Glancing or Penetrating Hit costs 1 Hull Point (Destroyer: D3, p.178): confirmed. At 0 Hull Points the
  vehicle is Wrecked; damage results already rolled still apply (confirmed, FAQ).
- Penetrating Hits roll on the Vehicle Damage table; its bands and modifiers come from the rules configuration
  (``vehicle_damage.*``: result names confirmed, AP1 +2 confirmed, the rest 7th edition); Glancing Hits roll
  too only if ``vehicle_damage.glancing_hits_roll``. Explodes costs D3 further Hull Points (confirmed).
  Slow vehicles roll two dice and keep the lowest (p.214, confirmed).
- Building Damage Table (p.226, confirmed bands): 1-3 Building Shaken, 4 Structural Tremor, 5 Weapon
  Destroyed, 6 Catastrophic Breach, 7+ Total Collapse; Massive Fortification -1 (p.225). Whether the AP
  modifiers apply is ``vehicle_damage.ap_modifiers_vs_buildings``. Massive Sub-type (Legacies: Legiones
  Astartes p.104): only Total Collapse has an effect, costing D3 further Hull Points.
- Facing (Hammer of Wrath p.239, HOW-4): a model touching two or more Facings hits the one the target's
  controller chooses; :func:`choose_facing` takes that choice and by default picks the highest Armour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef
from strategium.combat.declared import Bound, penetration_bonus, penetration_reroll
from strategium.combat.sources import (
    BUILDING_DAMAGE_PAGE,
    DESTROYER_PAGE,
    MASSIVE_FORTIFICATION_PAGE,
    ORDNANCE_PAGE,
    configured,
    core,
)
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll
from strategium.errors import InputError
from strategium.model.characteristics import (
    BuildingCharacteristics,
    Facing,
    KnightCharacteristics,
    VehicleCharacteristics,
)
from strategium.model.weapons import WeaponClass

_FACING_ORDER = {Facing.FRONT: 0, Facing.SIDE: 1, Facing.REAR: 2}


class PenetrationOutcome(StrEnum):
    """The result of one Armour Penetration roll."""

    NONE = "no effect"
    GLANCING = "Glancing Hit"
    PENETRATING = "Penetrating Hit"


def penetration_outcome(total: int, armour: int) -> PenetrationOutcome:
    """Glancing if ``total`` equals ``armour``, Penetrating if above, no effect if below."""
    if total > armour:
        return PenetrationOutcome.PENETRATING
    if total == armour:
        return PenetrationOutcome.GLANCING
    return PenetrationOutcome.NONE


@dataclass(frozen=True)
class TargetVehicle:
    """A Vehicle or Building under attack, at the Facing hit.

    ``armour`` is that Facing's Armour Value; ``hull_points`` the profile's HP and ``lost`` those already
    lost. ``invulnerable_save``/``cover_save``: targets it may take against Glancing and Penetrating Hits
    (how vehicles get cover is UNCONFIRMED: the engine passes one only where its rules say so).
    ``rules``: its special rules, own and granted (e.g. Shrouded from Evade). ``building``: roll on the
    Building Damage Table; ``massive_fortification`` (-1 to that roll); ``massive``: the Massive Sub-type;
    ``open_topped``: the open-topped modifier applies; ``slow``: roll two dice for damage, keep the lowest.
    Raises ``InputError`` for an Armour Value below 1, Hull Points below 1 or a negative ``lost``.
    """

    name: str
    armour: int
    hull_points: int
    facing: Facing = Facing.FRONT
    lost: int = 0
    invulnerable_save: int | None = None
    cover_save: int | None = None
    rules: tuple[RuleRef, ...] = ()
    building: bool = False
    massive_fortification: bool = False
    massive: bool = False
    open_topped: bool = False
    slow: bool = False

    def __post_init__(self) -> None:
        for value, name, least in (
            (self.armour, "Armour", 1),
            (self.hull_points, "Hull Points", 1),
            (self.lost, "lost Hull Points", 0),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise InputError(f"{name} must be a whole number of at least {least}, not {value!r}", field=name)

    @classmethod
    def from_profile(
        cls,
        name: str,
        profile: VehicleCharacteristics | KnightCharacteristics | BuildingCharacteristics,
        facing: Facing,
        **values: object,
    ) -> TargetVehicle:
        """Build from a profile at ``facing``; ``values`` set the other fields (``lost``, ``rules``, ...).

        Raises ``InputError`` if the profile has no Armour or Hull Points (a Barricade).
        """
        armour = profile.armour(facing)
        if armour is None or profile.hp is None:
            raise InputError(f"{name} has no Armour Value or Hull Points to attack", field="Armour")
        building = isinstance(profile, BuildingCharacteristics)
        return cls(name=name, armour=armour, hull_points=profile.hp, facing=facing, building=building, **values)  # type: ignore[arg-type]

    @property
    def hull_points_left(self) -> int:
        """Hull Points left (0: Wrecked or destroyed)."""
        return max(self.hull_points - self.lost, 0)

    @property
    def destroyed(self) -> bool:
        """True at 0 Hull Points."""
        return self.hull_points_left == 0

    def has(self, name: str) -> bool:
        """True if it has the rule of that canonical name."""
        return any(r.name == name for r in self.rules)

    def lose(self, hull_points: int) -> TargetVehicle:
        """A copy that has lost ``hull_points`` more (never below 0 left)."""
        return replace(self, lost=min(self.lost + hull_points, self.hull_points))


@dataclass(frozen=True)
class Penetration:
    """One Armour Penetration roll: the dice, Strength, Armour Value, total, outcome and reasons; ``extra``: the dice
    declared clauses added to the total (Rending's D3), in the order rolled; ``earlier``: the dice of a first roll a
    clause made the attacker roll again (Sunder's re-roll), its own dice then those added to it (the roll, total and
    outcome are the second's, which stands)."""

    roll: Roll
    strength: int
    armour: int
    total: int
    outcome: PenetrationOutcome
    reasons: tuple[Reason, ...]
    extra: tuple[Roll, ...] = ()
    earlier: tuple[Roll, ...] = ()


def roll_penetration(
    dice: Dice,
    *,
    strength: int,
    armour: int,
    weapon_class: WeaponClass | None = None,
    label: str,
    who: str | None = None,
    declared: tuple[Bound, ...] = (),
) -> Penetration:
    """Roll Armour Penetration for one hit of ``strength`` against ``armour``: D6 (Ordnance 2D6 keep the
    highest, Destroyer 3D6 keep the two highest) plus Strength, plus what the ``declared`` clauses at this roll add
    (:func:`strategium.combat.declared.penetration_bonus`, rolled after it); then a ``Reroll`` clause may make the
    whole roll again, once, the second result standing (:func:`strategium.combat.declared.penetration_reroll`).
    Raises ``DiceError`` as :meth:`Dice.roll`.
    """
    reasons: list[Reason] = []
    count, keep = 1, 1
    if weapon_class is WeaponClass.ORDNANCE:
        count = 2
        reasons.append(
            core("Ordnance", "Ordnance rolls two dice for Armour Penetration and keeps the highest", ORDNANCE_PAGE)
        )
    elif weapon_class is WeaponClass.DESTROYER:
        count, keep = 3, 2
        reasons.append(
            core("Destroyer", "Destroyer rolls three dice for Armour Penetration, dropping the lowest", DESTROYER_PAGE)
        )
    roll, total, outcome, extra = _attempt(dice, count, keep, strength, armour, declared, label, who, reasons)
    earlier: tuple[Roll, ...] = ()
    if declared and outcome is not PenetrationOutcome.PENETRATING:
        glancing = outcome is PenetrationOutcome.GLANCING
        again, why = penetration_reroll(
            declared, glancing=glancing, count=count, keep=keep, strength=strength, armour=armour
        )
        reasons.extend(why)
        if again is not None:
            earlier = (roll, *extra)
            label = f"{label} re-rolled ({again.rule.name})"
            roll, total, outcome, extra = _attempt(dice, count, keep, strength, armour, declared, label, who, reasons)
    return Penetration(roll, strength, armour, total, outcome, tuple(reasons), extra, earlier)


def _attempt(
    dice: Dice,
    count: int,
    keep: int,
    strength: int,
    armour: int,
    declared: tuple[Bound, ...],
    label: str,
    who: str | None,
    reasons: list[Reason],
) -> tuple[Roll, int, PenetrationOutcome, tuple[Roll, ...]]:
    """One roll of ``count`` D6 keeping the ``keep`` highest, plus Strength and what the ``declared`` clauses add:
    (the roll, the total, the outcome, the dice added); its rulings are appended to ``reasons``."""
    if count == 1:
        roll = dice.roll(1, 6, reason=label, who=who)
    else:
        roll = dice.roll(count, 6, reason=label, who=who, keep="highest", keep_count=keep)
    total = roll.total + strength
    extra: tuple[Roll, ...] = ()
    if declared:
        bonus, extra, why = penetration_bonus(dice, declared, roll.kept, label=label, who=who)
        if extra:
            reasons.extend(why)
            total += bonus
            outcome = penetration_outcome(total, armour)
            text = f"{roll.total} + S{strength} + {bonus} = {total} against Armour {armour}: {outcome}"
            reasons.append(core("Armour Penetration", text))
            return roll, total, outcome, extra
    outcome = penetration_outcome(total, armour)
    reasons.append(
        core("Armour Penetration", f"{roll.total} + S{strength} = {total} against Armour {armour}: {outcome}")
    )
    return roll, total, outcome, extra


class VehicleDamageResult(StrEnum):
    """Results of the Vehicle Damage table (names confirmed, CORE_B §2.5)."""

    CREW_SHAKEN = "Crew Shaken"
    CREW_STUNNED = "Crew Stunned"
    WEAPON_DESTROYED = "Weapon Destroyed"
    IMMOBILISED = "Immobilised"
    EXPLODES = "Explodes"


class BuildingDamageResult(StrEnum):
    """Results of the Building Damage Table (rulebook p.226)."""

    BUILDING_SHAKEN = "Building Shaken"
    STRUCTURAL_TREMOR = "Structural Tremor"
    WEAPON_DESTROYED = "Weapon Destroyed"
    CATASTROPHIC_BREACH = "Catastrophic Breach"
    TOTAL_COLLAPSE = "Total Collapse"


@dataclass(frozen=True)
class OccupantHits:
    """Hits a Building Damage result inflicts on the units occupying the Building (the engine resolves them)."""

    dice: str
    strength: int = 6
    ap: int | None = None
    ignores_cover: bool = True


OCCUPANT_HITS: Mapping[BuildingDamageResult, OccupantHits] = {
    BuildingDamageResult.STRUCTURAL_TREMOR: OccupantHits("D6"),
    BuildingDamageResult.CATASTROPHIC_BREACH: OccupantHits("2D6"),
    BuildingDamageResult.TOTAL_COLLAPSE: OccupantHits("4D6"),
}
"""Hits on the occupants by Building Damage result (p.226): S6, AP -, Ignores Cover."""


def vehicle_damage_result(modified: int, config: RulesConfig) -> VehicleDamageResult:
    """The Vehicle Damage result for a modified roll, by the configured bands."""
    bands = config.vehicle_damage
    if modified >= bands.explodes_from:
        return VehicleDamageResult.EXPLODES
    if modified >= bands.immobilised_from:
        return VehicleDamageResult.IMMOBILISED
    if modified >= bands.weapon_destroyed_from:
        return VehicleDamageResult.WEAPON_DESTROYED
    if modified >= bands.crew_stunned_from:
        return VehicleDamageResult.CREW_STUNNED
    return VehicleDamageResult.CREW_SHAKEN


_BAND_SETTING: dict[VehicleDamageResult, str] = {
    VehicleDamageResult.EXPLODES: "explodes_from",
    VehicleDamageResult.IMMOBILISED: "immobilised_from",
    VehicleDamageResult.WEAPON_DESTROYED: "weapon_destroyed_from",
    VehicleDamageResult.CREW_STUNNED: "crew_stunned_from",
    VehicleDamageResult.CREW_SHAKEN: "crew_stunned_from",  # below the Crew Stunned band
}
"""The band setting that decided each Vehicle Damage result, for the ruling."""


def building_damage_result(modified: int) -> BuildingDamageResult:
    """The Building Damage Table result for a modified roll (bands confirmed, p.226)."""
    if modified >= 7:
        return BuildingDamageResult.TOTAL_COLLAPSE
    if modified <= 3:
        return BuildingDamageResult.BUILDING_SHAKEN
    return {
        4: BuildingDamageResult.STRUCTURAL_TREMOR,
        5: BuildingDamageResult.WEAPON_DESTROYED,
        6: BuildingDamageResult.CATASTROPHIC_BREACH,
    }[modified]


def damage_roll_modifier(ap: int | None, target: TargetVehicle, config: RulesConfig) -> tuple[int, tuple[Reason, ...]]:
    """The modifier to a Vehicle or Building Damage roll from the hit's AP and the target, with reasons."""
    settings = config.vehicle_damage
    modifier = 0
    reasons: list[Reason] = []
    if not target.building or settings.ap_modifiers_vs_buildings:
        by_ap = {
            1: ("ap1_modifier", settings.ap1_modifier),
            2: ("ap2_modifier", settings.ap2_modifier),
            None: ("no_ap_modifier", settings.no_ap_modifier),
        }
        if ap in by_ap:
            ap_setting, value = by_ap[ap]
            modifier += value
            ap_text = "AP -" if ap is None else f"AP{ap}"
            reasons.append(
                configured(config, f"vehicle_damage.{ap_setting}", f"{value:+d} to the damage roll for {ap_text}")
            )
        if target.building:
            reasons.append(
                configured(config, "vehicle_damage.ap_modifiers_vs_buildings", "AP modifiers apply to Buildings")
            )
    if target.open_topped and not target.building:
        modifier += settings.open_topped_modifier
        reasons.append(
            configured(
                config, "vehicle_damage.open_topped_modifier", f"{settings.open_topped_modifier:+d}: open-topped"
            )
        )
    if target.building and target.massive_fortification:
        modifier -= 1
        reasons.append(core("Massive Fortification", "-1 to the Building Damage roll", MASSIVE_FORTIFICATION_PAGE))
    return modifier, tuple(reasons)


@dataclass(frozen=True)
class DamageTableRoll:
    """One roll on the Vehicle Damage table or the Building Damage Table.

    ``result`` is ``None`` when the Massive Sub-type ignores it; ``extra_hull_points`` are the further Hull
    Points it costs (Explodes: D3; Total Collapse: all that are left; Massive Total Collapse: D3), rolled in
    ``extra_roll``. ``occupant_hits``: hits the engine must resolve against a Building's occupants.
    """

    roll: Roll
    modifier: int
    result: VehicleDamageResult | BuildingDamageResult | None
    extra_hull_points: int
    extra_roll: Roll | None
    occupant_hits: OccupantHits | None
    reasons: tuple[Reason, ...]


def roll_damage_table(
    dice: Dice, target: TargetVehicle, *, ap: int | None, config: RulesConfig, label: str, who: str | None = None
) -> DamageTableRoll:
    """Roll on the damage table ``target`` uses for one hit of ``ap``. Raises ``DiceError`` as :meth:`Dice.roll`."""
    modifier, reasons_t = damage_roll_modifier(ap, target, config)
    reasons = list(reasons_t)
    if target.slow and not target.building:
        roll = dice.roll(2, 6, reason=label, who=who, keep="lowest", keep_count=1)
        reasons.append(core("Slow Vehicles", "a Slow vehicle rolls two dice for damage and keeps the lowest", 214))
    else:
        roll = dice.roll(1, 6, reason=label, who=who)
    modified = roll.total + modifier
    extra = 0
    extra_roll: Roll | None = None
    occupants: OccupantHits | None = None
    result: VehicleDamageResult | BuildingDamageResult | None
    if target.building:
        result = building_damage_result(modified)
        occupants = OCCUPANT_HITS.get(result)
        if target.massive:
            if result is BuildingDamageResult.TOTAL_COLLAPSE:
                extra_roll = dice.d3(f"{label}: Total Collapse on a Massive Building", who=who)
                extra = extra_roll.total
            else:
                result = None
                occupants = None
            reasons.append(
                Reason(
                    "Massive Sub-type",
                    "a Massive Building ignores every result but Total Collapse, which costs D3 more Hull Points",
                    104,
                    Book.LEGACIES_ASTARTES,
                )
            )
        elif result is BuildingDamageResult.TOTAL_COLLAPSE:
            extra = target.hull_points_left
        reasons.append(
            core("Building Damage Table", f"rolled {roll.total} ({modified} modified): {result}", BUILDING_DAMAGE_PAGE)
        )
    else:
        result = vehicle_damage_result(modified, config)
        reasons.append(
            configured(
                config,
                f"vehicle_damage.{_BAND_SETTING[result]}",
                f"Vehicle Damage roll {roll.total} ({modified} modified): {result}",
            )
        )
        if result is VehicleDamageResult.EXPLODES:
            extra_roll = dice.d3(f"{label}: Explodes", who=who)
            extra = extra_roll.total
            reasons.append(core("Vehicle Damage table", f"Explodes: {extra} more Hull Points lost"))
    return DamageTableRoll(roll, modifier, result, extra, extra_roll, occupants, tuple(reasons))


def choose_facing(
    armour: Mapping[Facing, int], touched: tuple[Facing, ...], chosen: Facing | None = None
) -> tuple[Facing, Reason]:
    """The Facing hit by a model touching ``touched`` (Hammer of Wrath p.239; HOW-4).

    One Facing: that one. Several: the target's controller chooses (``chosen``); with no choice given, the
    highest Armour Value (ties: Front, Side, Rear). Raises ``InputError`` if ``touched`` is empty, a Facing
    has no Armour in ``armour``, or ``chosen`` is not touched.
    """
    if not touched:
        raise InputError("the attacking model touches no Facing", field="facing")
    for facing in touched:
        if facing not in armour:
            raise InputError(f"no Armour Value for the {facing} Facing", field="facing")
    if len(set(touched)) == 1:
        return touched[0], Reason.of("Hammer of Wrath", f"the model touches only the {touched[0]} Facing")
    if chosen is not None:
        if chosen not in touched:
            raise InputError(f"the {chosen} Facing is not touched", field="facing")
        return chosen, Reason.of("Hammer of Wrath", f"several Facings touched: the target's controller chose {chosen}")
    best = min(set(touched), key=lambda f: (-armour[f], _FACING_ORDER[f]))
    return best, Reason.of(
        "Hammer of Wrath",
        f"several Facings touched: the target's controller takes {best} (Armour {armour[best]}, the highest)",
    )
