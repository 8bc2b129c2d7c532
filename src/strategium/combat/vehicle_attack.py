"""Resolving one group of identical shots or attacks against a Vehicle or Building at one Facing.

Order (CORE_B §1.1, confirmed by the Siege of Cthonia errata): To Hit, Armour Penetration for each hit, then
for each Glancing or Penetrating Hit the one save allowed (Invulnerable, or Cover where the engine offers it)
and the one Damage Mitigation roll (Shrouded: p.247 covers Glancing and Penetrating Hits), and last the Hull
Points lost and the damage table rolls, hit by hit. Close combat hits on vehicles must be automatic here
(``AttackSpec.skill`` ``None``, as Hammer of Wrath): how melee attacks hit a vehicle is not known (CORE_B §9).

Destroyer hits cost D3 Hull Points each (p.178); every other hit 1. A vehicle at 0 Hull Points is destroyed;
damage results already due still apply. ``VehicleAttackResult.explodes`` is true when it is destroyed and an
Explodes result was rolled against it by this attack; otherwise a destroyed vehicle is Wrecked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.attack import AttackSpec, roll_to_hit
from strategium.combat.haywire import HAYWIRE, haywire_penetration
from strategium.combat.mitigation import (
    DamageKind,
    MitigationContext,
    MitigationOutcome,
    MitigationPolicy,
    mitigation_options,
    roll_mitigation,
)
from strategium.combat.saves import SaveOption, best_save
from strategium.combat.sources import DESTROYER_PAGE, configured, core
from strategium.combat.vehicles import (
    DamageTableRoll,
    Penetration,
    PenetrationOutcome,
    TargetVehicle,
    VehicleDamageResult,
    roll_damage_table,
    roll_penetration,
)
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll
from strategium.errors import InputError
from strategium.model.weapons import WeaponClass


@dataclass(frozen=True)
class VehicleHitRecord:
    """What became of one hit on the vehicle: its penetration roll, the save and Damage Mitigation step
    (for a Glancing or Penetrating Hit), the Hull Points it cost (with any damage table result) and reasons."""

    number: int
    penetration: Penetration
    save: SaveOption | None = None
    save_roll: Roll | None = None
    saved: bool = False
    mitigation: MitigationOutcome | None = None
    hull_points_lost: int = 0
    hull_point_roll: Roll | None = None
    damage: DamageTableRoll | None = None
    reasons: tuple[Reason, ...] = field(default=(), repr=False)

    @property
    def outcome(self) -> PenetrationOutcome:
        """No effect, Glancing Hit or Penetrating Hit."""
        return self.penetration.outcome

    @property
    def stands(self) -> bool:
        """True for a Glancing or Penetrating Hit neither saved nor mitigated."""
        mitigated = self.mitigation is not None and self.mitigation.success
        return self.outcome is not PenetrationOutcome.NONE and not self.saved and not mitigated


@dataclass(frozen=True)
class VehicleAttackResult:
    """The whole of one attack group against a Vehicle or Building: hits, one record per hit, the target
    afterwards, every roll in order and the attack-level reasons."""

    attack: AttackSpec
    hits: int
    records: tuple[VehicleHitRecord, ...]
    target: TargetVehicle
    rolls: tuple[Roll, ...]
    reasons: tuple[Reason, ...]

    @property
    def glancing(self) -> int:
        """Glancing Hits scored (before saves and Damage Mitigation)."""
        return sum(1 for r in self.records if r.outcome is PenetrationOutcome.GLANCING)

    @property
    def penetrating(self) -> int:
        """Penetrating Hits scored (before saves and Damage Mitigation)."""
        return sum(1 for r in self.records if r.outcome is PenetrationOutcome.PENETRATING)

    @property
    def hull_points_lost(self) -> int:
        """Hull Points the target lost to this attack."""
        return sum(r.hull_points_lost for r in self.records)

    @property
    def damage_results(self) -> tuple[DamageTableRoll, ...]:
        """Every damage table roll, in order."""
        return tuple(r.damage for r in self.records if r.damage is not None)

    @property
    def destroyed(self) -> bool:
        """True if the target has no Hull Points left."""
        return self.target.destroyed

    @property
    def explodes(self) -> bool:
        """True if destroyed with an Explodes result rolled by this attack."""
        return self.destroyed and any(d.result is VehicleDamageResult.EXPLODES for d in self.damage_results)

    @property
    def all_reasons(self) -> tuple[Reason, ...]:
        """Attack-level reasons, then every record's."""
        return self.reasons + tuple(reason for r in self.records for reason in r.reasons)


LANCE_ARMOUR = 12
"""Lance, rulebook p.242: an Armour Value above this counts as this against the weapon's Armour Penetration rolls."""


def penetration_armour(attack: AttackSpec, target: TargetVehicle) -> tuple[int, Reason | None]:
    """The Armour Value ``attack``'s Armour Penetration rolls are made against at ``target``'s Facing, and the ruling
    of the rule that changed it (Lance, p.242: above 12 counts as 12), if one did."""
    armour = target.armour
    if armour <= LANCE_ARMOUR or not attack.has("Lance"):
        return armour, None
    return LANCE_ARMOUR, Reason.of(
        "Lance", f"{target.facing} Armour {armour} counts as {LANCE_ARMOUR} against {attack.name}"
    )


def resolve_attack_on_vehicle(
    dice: Dice,
    attack: AttackSpec,
    target: TargetVehicle,
    *,
    config: RulesConfig | None = None,
    mitigation: MitigationPolicy = MitigationPolicy(),  # noqa: B008 - frozen value
) -> VehicleAttackResult:
    """Resolve ``attack`` against ``target`` at its Facing; see the module docstring for the order.

    Raises ``InputError`` for a melee attack that needs a To Hit roll, or a target already destroyed;
    ``DiceError`` from forced dice.
    """
    config = config if config is not None else RulesConfig()
    if target.destroyed:
        raise InputError(f"{target.name!r} has no Hull Points left", field="target")
    if attack.melee and attack.skill is not None:
        raise InputError("close combat hits on a vehicle must be given as automatic hits (skill none)", field="WS")
    rolls: list[Roll] = []
    reasons: list[Reason] = [
        core(
            "Armour Penetration",
            f"{attack.count} {attack.noun} with {attack.name} at {target.name} "
            f"({target.facing} Armour {target.armour})",
        )
    ]
    armour, lance = penetration_armour(attack, target)
    if lance is not None:
        reasons.append(lance)
    declared = attack.declared(vehicle=True)
    if declared is not None:
        reasons.extend(declared.notes)
    hit = roll_to_hit(dice, attack, config, declared=declared)
    rolls.extend(hit.rolls)
    reasons.extend(hit.reasons)
    on_penetration = declared.penetration if declared is not None else ()
    records: list[tuple[AttackSpec, VehicleHitRecord]] = []
    haywire = attack.has(HAYWIRE)  # (a Vehicle target: Haywire acts, FAQ v1.2 p.3)
    for number in range(1, hit.hits + 1):
        if haywire:
            pen = haywire_penetration(dice, attack, attack.strength, armour, f"hit {number} of {hit.hits}")
            rolls.append(pen.roll)
            records.append((attack, _save_and_mitigate(dice, attack, target, number, pen, config, mitigation, rolls)))
            continue
        label = f"Armour Penetration: hit {number} of {hit.hits}, S{attack.strength} vs {target.facing} {armour}"
        pen = roll_penetration(
            dice,
            strength=attack.strength,
            armour=armour,
            weapon_class=attack.weapon_class,
            label=label,
            who=attack.attacker,
            declared=on_penetration,
        )
        rolls.extend(pen.earlier)
        rolls.append(pen.roll)
        rolls.extend(pen.extra)
        first = _save_and_mitigate(dice, attack, target, number, pen, config, mitigation, rolls)
        records.append((attack, first))
        if pen.outcome is PenetrationOutcome.PENETRATING and attack.has("Exoshock"):
            second = _exoshock(dice, attack, number, pen, rolls, config, first)
            if second is not None:
                plain, shock = second
                records.append(
                    (plain, _save_and_mitigate(dice, plain, target, number, shock, config, mitigation, rolls))
                )
    vehicle = target
    applied: list[VehicleHitRecord] = []
    for spec, record in records:
        if not record.stands:
            applied.append(record)
            continue
        record, vehicle = _apply_hit(dice, spec, vehicle, record, config, rolls)
        applied.append(record)
    if vehicle.destroyed:
        reasons.append(core("Hull Points", f"{vehicle.name} has no Hull Points left: destroyed"))
    return VehicleAttackResult(attack, hit.hits, tuple(applied), vehicle, tuple(rolls), tuple(reasons))


EXOSHOCK_DEFAULT = 6
"""Exoshock (X), rulebook p.237: the D6 needed when the rule is written without a value."""


def _exoshock(
    dice: Dice,
    attack: AttackSpec,
    number: int,
    pen: Penetration,
    rolls: list[Roll],
    config: RulesConfig,
    first: VehicleHitRecord,
) -> tuple[AttackSpec, Penetration] | None:
    """Exoshock (X), rulebook p.237: after Penetrating Hit ``number``, a D6 of X or more (6+ without a value) adds an
    automatic Penetrating Hit on the same target: (the attack it is resolved as, its Penetration), or ``None``. That
    Hit keeps the weapon's Strength and AP but none of its special rules nor its type (so no Destroyer Hull Points
    and no further Exoshock: project reading of "no other special rules"); Cover Saves may not be taken against it
    (given as Ignores Cover)."""
    after_saves = config.weapon_rules.exoshock_after_saves
    if after_saves and first.saved:
        return None
    ref = next(r for r in attack.rules if r.name == "Exoshock")
    need = ref.value if ref.value is not None else EXOSHOCK_DEFAULT
    roll = dice.roll(1, 6, reason=f"Exoshock ({need}+): after Penetrating Hit {number}", who=attack.attacker)
    rolls.append(roll)
    if roll.total < need:
        return None
    plain = AttackSpec(attack.name, 1, attack.strength, attack.ap, mode=attack.mode, rules=(RuleRef("Ignores Cover"),))
    why = Reason.of(
        "Exoshock",
        f"Exoshock ({need}+) rolled {roll.total}: a second Penetrating Hit on the same target, without Cover Saves "
        "nor the weapon's other rules",
    )
    when = configured(
        config,
        "weapon_rules.exoshock_after_saves",
        "Exoshock rolls for a Penetrating Hit not saved" if after_saves else "Exoshock rolls for every Penetrating Hit",
    )
    return plain, Penetration(roll, pen.strength, pen.armour, pen.total, PenetrationOutcome.PENETRATING, (why, when))


def _save_and_mitigate(
    dice: Dice,
    attack: AttackSpec,
    target: TargetVehicle,
    number: int,
    pen: Penetration,
    config: RulesConfig,
    policy: MitigationPolicy,
    rolls: list[Roll],
) -> VehicleHitRecord:
    if pen.outcome is PenetrationOutcome.NONE:
        return VehicleHitRecord(number, pen, reasons=pen.reasons)
    label = f"{pen.outcome} {number} on {target.name}"
    reasons = list(pen.reasons)
    choice = best_save(
        armour=None,
        invulnerable=target.invulnerable_save,
        cover=target.cover_save,
        ap=attack.ap,
        ignores_cover=attack.ignores_cover,
    )
    save_roll: Roll | None = None
    if choice.option is not None:
        reasons.extend(choice.reasons)
        save_roll = dice.d6(f"{choice.option}: {label}")
        rolls.append(save_roll)
        if save_roll.total >= choice.option.target:
            reasons.append(core("Saving Throws", f"{choice.option} rolled {save_roll.total}: {label} saved"))
            return VehicleHitRecord(number, pen, choice.option, save_roll, True, reasons=tuple(reasons))
        reasons.append(core("Saving Throws", f"{choice.option} rolled {save_roll.total}: {label} not saved"))
    damage = DamageKind.GLANCING if pen.outcome is PenetrationOutcome.GLANCING else DamageKind.PENETRATING
    context = MitigationContext(
        damage=damage, melee=attack.melee, ignores_cover=attack.ignores_cover, night_vision=attack.has("Night Vision")
    )
    offer = mitigation_options(target.rules, context, config)
    outcome = roll_mitigation(dice, offer, policy, label=label)
    if outcome.roll is not None:
        rolls.append(outcome.roll)
    reasons.extend(outcome.reasons)
    return VehicleHitRecord(number, pen, choice.option, save_roll, False, outcome, reasons=tuple(reasons))


def _apply_hit(
    dice: Dice,
    attack: AttackSpec,
    vehicle: TargetVehicle,
    record: VehicleHitRecord,
    config: RulesConfig,
    rolls: list[Roll],
) -> tuple[VehicleHitRecord, TargetVehicle]:
    reasons = list(record.reasons)
    label = f"{record.outcome} {record.number} on {vehicle.name}"
    hp_roll: Roll | None = None
    if attack.weapon_class is WeaponClass.DESTROYER:
        hp_roll = dice.d3(f"Destroyer: Hull Points lost to {label}")
        rolls.append(hp_roll)
        loss = hp_roll.total
        reasons.append(core("Destroyer", f"the {record.outcome} costs {loss} Hull Points", DESTROYER_PAGE))
    else:
        loss = 1
        reasons.append(core("Hull Points", f"the {record.outcome} costs 1 Hull Point"))
    before = vehicle.lost
    vehicle = vehicle.lose(loss)
    damage: DamageTableRoll | None = None
    rolls_table = record.outcome is PenetrationOutcome.PENETRATING or config.vehicle_damage.glancing_hits_roll
    if record.outcome is PenetrationOutcome.GLANCING and not vehicle.building:
        reasons.append(
            configured(
                config,
                "vehicle_damage.glancing_hits_roll",
                "a Glancing Hit rolls on the Vehicle Damage table"
                if rolls_table
                else "no damage roll for a Glancing Hit",
            )
        )
    if rolls_table and (not vehicle.building or record.outcome is PenetrationOutcome.PENETRATING):
        damage = roll_damage_table(
            dice, vehicle, ap=attack.ap, config=config, label=f"Damage roll: {label}", who=attack.attacker
        )
        rolls.append(damage.roll)
        if damage.extra_roll is not None:
            rolls.append(damage.extra_roll)
        reasons.extend(damage.reasons)
        vehicle = vehicle.lose(damage.extra_hull_points)
    lost = vehicle.lost - before
    new = VehicleHitRecord(
        record.number,
        record.penetration,
        record.save,
        record.save_roll,
        record.saved,
        record.mitigation,
        lost,
        hp_roll,
        damage,
        tuple(reasons),
    )
    return new, vehicle
