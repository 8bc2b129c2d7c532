"""Hammer of Wrath (X) (Age of Darkness rulebook p.239): clauses HOW-1..HOW-5 of SEED_RULES.md.

Paraphrase and where each clause lives:

- HOW-1: a model with the rule whose finished Charge Move leaves it touching an enemy's base or hull makes X extra
  attacks: a hook on :class:`~strategium.engine.assault.charges.ChargeMoveEnded` records a
  :class:`~strategium.engine.core.board.HammerStrike` for each such model (its Charge record keeps them for the turn).
- HOW-2: they hit automatically (no To Hit roll), at the model's unmodified Strength (its profile's: not Furious
  Charge; Stupefied's +1 by the contested ``statuses.hammer_of_wrath_uses_stupefied_strength``, default not), AP -,
  with none of the model's special rules (no Rending, no Instant Death...).
- HOW-3: they are resolved at Initiative step 10 (a hook of :func:`strategium.engine.assault.fight.at_initiative_step`),
  before anything else at that step, and move no model (no extra Pile-in).
- HOW-4: against a model with Armour Values, the Armour of the Facing the model's base touches; touching two or more,
  the target's controller chooses which, as a ``Decision`` (a :class:`~strategium.engine.questions.choices.BattleChoice`
  among the Facings) asked when the Charge Move ends.
- HOW-5: a Transport (or Building) takes the hits itself, never the units inside: the hits go to the model the
  charging model touches, and embarked units are not on the table to be hit.

The strikes of one unit against one unit without Armour Values are rolled together; against a vehicle, model by
model (each at its own Facing). X must be a number; "Hammer of Wrath (D3)" and the like are refused with a ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.combat import AttackMode, AttackSpec, choose_facing, resolve_attack, resolve_attack_on_vehicle
from strategium.combat.sources import configured
from strategium.engine.assault.charges import ChargeMoveEnded, charge_of, feet
from strategium.engine.assault.fight import Combat, MeleeAttacksResolved, add_score, at_initiative_step
from strategium.engine.assault.melee_vehicles import armour_map, vehicle_target
from strategium.engine.attacks import damage
from strategium.engine.core.board import HammerStrike, Location
from strategium.engine.core.events import DiceRolled, Ruling
from strategium.engine.core.hooks import on_event
from strategium.engine.questions import choices
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.table.placement import hull_of
from strategium.geometry.bases import facings_touched
from strategium.geometry.measure import in_contact
from strategium.model.characteristics import Facing
from strategium.rules.seed import stupefied

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Hammer of Wrath"
TOPIC = "Hammer of Wrath facing"
STEP = 10
STUPEFIED_STRENGTH = "statuses.hammer_of_wrath_uses_stupefied_strength"


def reason(clause: str, text: str) -> Reason:
    """A ruling under Hammer of Wrath, naming the clause."""
    return Reason.of(RULE, f"{clause}: {text}")


@on_event(ChargeMoveEnded)
def _record_strikes(game: Game, event: ChargeMoveEnded) -> None:
    """HOW-1: note every model with the rule in base or hull contact with an enemy model; HOW-4: ask for Facings."""
    if event.surge:
        return
    record = charge_of(game, event.unit_id)
    if record is None:
        return
    s = game.state
    enemy = [x for uid, st in s.units.items() if st.player != event.player for x in feet(game, uid)]
    for uid, model, fp in feet(game, event.unit_id):
        rule = model.rule(RULE)
        if rule is None:
            continue
        touching = [(tuid, tm, tf) for tuid, tm, tf in enemy if in_contact(fp, tf)]
        if not touching:
            game.log(Ruling(f"{model.id}: no Hammer of Wrath", (reason("HOW-1", "it ended out of contact"),)))
            continue
        if not rule.value:
            game.log(Ruling(f"{model.id}: {rule}", (reason("HOW-1", "X is not a number"),)))
            continue
        tuid, tmodel, _tfp = next((t for t in touching if t[0] in record.targets), touching[0])
        hull = hull_of(tmodel, s.units[tuid].poses[tmodel.id])
        facings = tuple(sorted(f.value for f in facings_touched(hull, fp))) if hull is not None else ()
        strike = HammerStrike(uid, model.id, s.units[tuid].joined_to or tuid, tmodel.id, facings)
        record.hammer.append(strike)
        text = f"{rule.value} extra attacks at Initiative step {STEP}"
        if facings:
            text += f", touching the {'/'.join(facings)} Facing"
        game.log(Ruling(f"{model.id} ends its Charge Move in contact with {tmodel.id}", (reason("HOW-1", text),)))
    _ask_next_facing(game, event.unit_id)


def _ask_next_facing(game: Game, unit_id: str) -> None:
    """HOW-4: ask the target's controller for the first strike touching several Facings that has no choice yet."""
    record = charge_of(game, unit_id)
    if record is None:
        return
    for index, strike in enumerate(record.hammer):
        if len(strike.facings) > 1 and strike.chosen is None:
            target = game.state.owner(strike.target_unit)
            prompt = f"{strike.model_id}'s Hammer of Wrath touches {' and '.join(strike.facings)}: which Facing?"
            why = reason("HOW-4", "touching two or more Facings, the target's controller chooses")
            choices.ask(game, target, TOPIC, unit_id, prompt, strike.facings, why, context=index)
            return


@choices.answers(TOPIC)
def _answer(game: Game, choice: BattleChoice, option: str) -> None:
    record = charge_of(game, choice.subject)
    assert record is not None and isinstance(choice.context, int)
    strike = record.hammer[choice.context]
    record.hammer[choice.context] = replace(strike, chosen=option)
    why = reason("HOW-4", f"player {choice.player} chose the {option} Facing")
    game.log(Ruling(f"{strike.model_id}'s Hammer of Wrath strikes {strike.target_model}'s {option} Armour", (why,)))
    _ask_next_facing(game, choice.subject)


def strikes(game: Game, combat: Combat) -> list[HammerStrike]:
    """This turn's strikes of the combat's units whose model and target are still on the table."""
    s = game.state
    out: list[HammerStrike] = []
    for uid in combat:
        record = charge_of(game, uid)
        if record is None or record.unit_id != uid:
            continue
        for strike in record.hammer:
            alive = strike.model_id in s.units[strike.unit_id].poses
            if alive and s.units[strike.target_unit].location is Location.TABLE:
                out.append(strike)
    return out


def _x(game: Game, strike: HammerStrike) -> int:
    model = next(m for m in game.state.unit(strike.unit_id).models if m.id == strike.model_id)
    rule = model.rule(RULE)
    return rule.value or 0 if rule is not None else 0


def _strength(game: Game, strike: HammerStrike) -> int:
    """The profile's Strength; +1 for a Stupefied model only when ``statuses.hammer_of_wrath_uses_stupefied_strength``
    reads Stupefied's +1 as part of the unmodified Strength (contested)."""
    model = next(m for m in game.state.unit(strike.unit_id).models if m.id == strike.model_id)
    base = int(getattr(model.profile.characteristics, "s", None) or 1)
    uses = game.state.config.statuses.hammer_of_wrath_uses_stupefied_strength
    return base + 1 if uses and stupefied.is_stupefied(game, strike.unit_id) else base


def _stupefied_strength(game: Game, strike: HammerStrike) -> list[Reason]:
    """HOW-2 with STU-5: the ruling on a Stupefied model's Strength for its strikes (none if it is not Stupefied)."""
    if not stupefied.is_stupefied(game, strike.unit_id):
        return []
    config = game.state.config
    if config.statuses.hammer_of_wrath_uses_stupefied_strength:
        text = "HOW-2, STU-5: Stupefied's +1 counts in the unmodified Strength"
    else:
        text = "HOW-2, STU-5: unmodified Strength: Stupefied's +1 does not count"
    return [configured(config, STUPEFIED_STRENGTH, text)]


def _spec(game: Game, group: Sequence[HammerStrike]) -> AttackSpec:
    first = group[0]
    return AttackSpec(
        RULE,
        sum(_x(game, g) for g in group),
        _strength(game, first),
        None,
        mode=AttackMode.MELEE,
        skill=None,
        rules=(),
        attacker=first.unit_id,
    )


HOW_2 = "automatic hits at the model's unmodified Strength, AP -, with none of its special rules"


@at_initiative_step(STEP)
def _strike(game: Game, combat: Combat, step: int) -> None:
    """HOW-2, HOW-3, HOW-4, HOW-5: resolve the strikes at Initiative step 10."""
    s = game.state
    groups: dict[tuple[object, ...], list[HammerStrike]] = {}
    for strike in strikes(game, combat):
        model_key = strike.target_model if damage.is_vehicle_target(game, strike.target_unit) else ""
        key = (strike.unit_id, strike.target_unit, _strength(game, strike), model_key, strike.facings, strike.chosen)
        groups.setdefault(key, []).append(strike)
    for group in groups.values():
        first = group[0]
        if s.units[first.target_unit].location is not Location.TABLE:
            continue
        spec = _spec(game, group)
        why = [reason("HOW-2", HOW_2), reason("HOW-3", "resolved at Initiative step 10; no extra Pile-in")]
        why += _stupefied_strength(game, first)
        unit, target = s.unit(first.unit_id), s.unit(first.target_unit)
        if damage.is_vehicle_target(game, first.target_unit):
            _on_vehicle(game, first, spec, why)
            continue
        attackers = [f for uid, m, f in feet(game, first.unit_id) if any(g.model_id == m.id for g in group)]
        victim, slots, _ = damage.target_unit(game, first.target_unit, attackers)
        result = resolve_attack(s.dice, spec, victim, config=s.config)
        for roll in result.rolls:
            game.log(DiceRolled(roll))
        damage.apply_wounds(game, result, slots)
        caused = result.unsaved - (0 if s.config.fight.mitigated_wounds_count else result.mitigated)
        add_score(game, first.unit_id, caused)
        summary = (
            f"{result.hits} automatic hits at S{spec.strength} AP -, {result.wounds} wounds, {result.unsaved} unsaved,"
            f" {len(result.models_removed)} removed"
        )
        game.log(
            MeleeAttacksResolved(
                step,
                unit.id,
                unit.name,
                RULE,
                target.id,
                target.name,
                result.hits,
                result.wounds,
                caused,
                summary,
                (*why, *result.all_reasons),
            )
        )


def _on_vehicle(game: Game, strike: HammerStrike, spec: AttackSpec, why: list[Reason]) -> None:
    """HOW-4 and HOW-5: the hits strike the vehicle's (or Building's) Armour at the Facing touched."""
    s = game.state
    unit, target = s.unit(strike.unit_id), s.unit(strike.target_unit)
    owner = next((uid for uid, m in damage.living(game, strike.target_unit) if m.id == strike.target_model), None)
    if owner is None:
        return
    model = next(m for m in s.unit(owner).models if m.id == strike.target_model)
    armour = armour_map(model)
    touched = tuple(Facing(f) for f in strike.facings) or (Facing.FRONT,)
    chosen = Facing(strike.chosen) if strike.chosen is not None else None
    facing, facing_why = choose_facing(armour, touched, chosen)
    why.append(facing_why)
    if any(st.embarked_in == owner for st in s.units.values()):
        why.append(reason("HOW-5", "the Transport takes the hits, not the units embarked in it"))
    result = resolve_attack_on_vehicle(s.dice, spec, vehicle_target(game, owner, model, facing), config=s.config)
    for roll in result.rolls:
        game.log(DiceRolled(roll))
    damage.apply_vehicle_damage(game, result, damage.Slot(owner, model.id))
    add_score(game, strike.unit_id, result.hull_points_lost)
    summary = (
        f"{result.hits} automatic hits at S{spec.strength} against {facing} Armour {armour.get(facing)}: "
        f"{result.glancing} Glancing, {result.penetrating} Penetrating, {result.hull_points_lost} Hull Points lost"
    )
    game.log(
        MeleeAttacksResolved(
            STEP,
            unit.id,
            unit.name,
            RULE,
            target.id,
            target.name,
            result.hits,
            0,
            result.hull_points_lost,
            summary,
            (*why, *result.all_reasons),
        )
    )
