"""The Fight sub-phase: the active player picks the combats one at a time and each is fought in Initiative steps from
10 down to ``fight.lowest_initiative_step`` (CORE_B §5.5; Age of Darkness rulebook, Fight sub-phase).

``FightCombat(player, unit_id)`` fights the combat ``unit_id`` is in (a combat is every unit linked by being locked
in combat). Combats left unfought when the step ends are fought, in the order they were made, as the Resolution
sub-phase begins (:mod:`strategium.engine.assault.resolution`).

At each Initiative step:

1. Rules hooked with :func:`at_initiative_step` act first (Hammer of Wrath at step 10, HOW-3).
2. **Pile-in** (:mod:`strategium.engine.assault.pile_in`): each model whose step it is and that is not in base or hull
   contact with an enemy model of the combat moves straight toward the closest one, up to
   ``fight.pile_in_distance``, stopping at contact or where it would overlap another model (the simplest faithful
   Pile-in: no path-finding around models).
3. **Who attacks**: a model whose step it is, in base or hull contact with an enemy model of the combat, or within
   ``fight.engaged_range`` of a friendly model that is (CORE_B §5.5, 7th-edition convention). Models that attack
   at the same step all strike, even if slain at that step; models removed at an earlier step do not.
4. **Attacks** (each model with its first melee weapon its rules let it use now, ``melee_choice``; with none, a
   close combat weapon at its Strength, AP -; Detonation caps them at one):
   the Attacks Characteristic now, +1 on the turn its unit made a successful Charge (Rage (X) gives +X instead, p.245)
   unless the Charge was Disordered and ``charge.disordered_loses_charge_attack``; +1 for a second melee weapon
   (p.177), not with a Two-handed weapon, and for a Specialist Weapon only if the other is one too (p.247, p.249).
   **Strength**: the weapon's, from the Strength now (Stupefied +1, STU-5), + X for Furious Charge (X) on the turn
   of a Charge that was not Disordered (p.239).
5. **Initiative step** of a model: its Initiative now, + X for Sudden Strike (X) on a Charge that was not Disordered
   (Libers p.124); set to 1 by an Unwieldy weapon unless Dreadnought or Monstrous (p.249); set to
   ``charge.difficult_terrain_initiative`` after charging through Difficult Terrain (see
   :mod:`strategium.engine.assault.charges`); then +1 on the turn of a successful Charge for Emperor's Children with
   Flawless Execution (Liber Hereticus p.150), even a Disordered one; kept within 10 and the lowest step.
6. Every group of identical attacks goes through :func:`strategium.combat.resolve_attack` (WS against WS, To Wound,
   saves, Damage Mitigation: Shrouded is never allowed against melee) at the enemy unit of the closest enemy model.
   Its rules are the weapon's and those of the model that have declared clauses the model bears (Hatred; Rending,
   which a model that has it uses whatever its weapon, p.246), its own and those its unit gained from an effect in
   force (``EffectKind.GRANTS_RULE``), a rule held twice played once (:mod:`strategium.combat.declared`). Its
   situation says whether this is **the first round of the combat** for the attacking unit (Hatred, p.240), read
   per unit: it made a successful Charge this Player Turn, or a successful Charge of an enemy unit this Player Turn
   locked it (a unit locked since an earlier turn gets a new first round only when an enemy charges it, not when a
   friendly unit charges into its combat; a combat fought on from an earlier turn is in a later round;
   :func:`first_round`). Against a Vehicle or Building, ``fight.vehicle_to_hit`` says what hits (the To Hit
   clauses re-roll there too: Hatred), and ``vehicles.melee_facing`` which Armour is struck (the Facing the
   attacking model touches: the highest if it touches several, or always Rear).

Each attack is logged as :class:`MeleeAttacksResolved` with its Initiative step; the Wounds (Hull Points) each unit
caused count toward combat resolution (``fight.mitigated_wounds_count``). Challenges are not fought yet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.combat import AttackMode, AttackSpec, resolve_attack, resolve_attack_on_vehicle
from strategium.combat.sources import core
from strategium.engine.assault.charges import charge_of, feet, track
from strategium.engine.assault.fighter import Blow, first_round, host, initiative_step
from strategium.engine.assault.fighter import blow as fighter_blow
from strategium.engine.assault.melee_choice import fighting_weapon
from strategium.engine.assault.melee_vehicles import melee_facing, roll_vehicle_hits, vehicle_target
from strategium.engine.assault.pile_in import PiledIn as PiledIn
from strategium.engine.assault.pile_in import pile_in, side_feet
from strategium.engine.attacks import damage
from strategium.engine.attacks.follow_up import follow_ups, wounds_applied
from strategium.engine.core import registries
from strategium.engine.core.actions import Action, Verdict
from strategium.engine.core.board import ChargeRecord, Location
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.effects import Effect
from strategium.engine.core.events import DiceRolled, Event, Ruling
from strategium.engine.core.handlers import handles
from strategium.engine.core.timing import Phase, PlayerId, SubPhase
from strategium.engine.morale import checks as morale_checks
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.profiles_now import active_sources
from strategium.engine.table.placement import footprint
from strategium.geometry.measure import EPSILON, Footprint, distance, in_contact, within

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

FIGHT = "Fight sub-phase"
Combat = tuple[str, ...]
"""The units of one combat (host units: joined characters fight with their unit), sorted."""


@dataclass(frozen=True)
class FightCombat(Action):
    """Fight the combat that ``unit_id`` is locked in."""

    unit_id: str

    def text(self) -> str:
        return f"P{self.player} fight the combat of {self.unit_id}"


@dataclass(frozen=True)
class MeleeAttacksResolved(Event):
    """One group of identical close combat attacks (or Hammer of Wrath hits) was resolved at Initiative ``step``.

    ``caused`` is what counts toward combat resolution (Wounds, or Hull Points against a vehicle)."""

    step: int
    unit_id: str
    unit_name: str
    weapon: str
    target_id: str
    target_name: str
    hits: int
    wounds: int
    caused: int
    summary: str
    why: tuple[Reason, ...] = ()
    blind: bool = False
    concussive: int | None = None

    def text(self) -> str:
        return f"Initiative step {self.step}: {self.unit_name} ({self.weapon}) at {self.target_name}: {self.summary}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class CombatFought(Event):
    """A combat was fought; ``scores`` are the Wounds each unit caused in it."""

    units: Combat
    scores: tuple[tuple[str, int], ...]

    def text(self) -> str:
        shown = ", ".join(f"{u} {n}" for u, n in self.scores)
        return f"Combat of {', '.join(self.units)} fought: Wounds caused {shown}"


StepHook = Callable[["Game", Combat, int], None]
_STEP_HOOKS: dict[int, list[StepHook]] = {}


def at_initiative_step(step: int) -> Callable[[StepHook], StepHook]:
    """Decorator: run the function at that Initiative step of every combat, before the Pile-in and the attacks."""

    def register(fn: StepHook) -> StepHook:
        _STEP_HOOKS.setdefault(step, []).append(fn)
        registries.changed()
        return fn

    return register


# -- combats -----------------------------------------------------------------------------------------------------


def combats(game: Game) -> list[Combat]:
    """Every combat on the table: groups of units linked by being locked in combat."""
    engaged = game.state.assault.engaged
    units = game.state.units

    def on_table(unit_id: str) -> bool:
        status = units.get(unit_id)
        return status is not None and status.location is Location.TABLE

    seen: set[str] = set()
    out: list[Combat] = []
    for start in engaged:
        if start in seen or not on_table(start):
            continue
        group, frontier = {start}, [start]
        while frontier:
            for other in engaged.get(frontier.pop(), set()):
                if other not in group and on_table(other):
                    group.add(other)
                    frontier.append(other)
        seen |= group
        if len({game.state.owner(u) for u in group}) == 2:
            out.append(tuple(sorted(group)))
    return out


def combat_of(game: Game, unit_id: str) -> Combat | None:
    """The combat the unit (or the unit its character joined) is in, or None."""
    host = game.state.units[unit_id].joined_to or unit_id
    return next((c for c in combats(game) if host in c), None)


def add_score(game: Game, unit_id: str, caused: int) -> None:
    """Count ``caused`` Wounds (Hull Points) for ``unit_id`` toward this turn's combat resolution."""
    scores = track(game).scores
    host = game.state.units[unit_id].joined_to or unit_id
    scores[host] = scores.get(host, 0) + caused


# -- the fight -------------------------------------------------------------------------------------------------------


class _Steps:
    """The Initiative step (:func:`initiative_step`) of each model of one combat, kept while it cannot change.

    The step reads the model's Characteristics now, its rules and weapons (fixed), its unit's Charge this turn and
    the configuration. The Characteristics now are the profile's with the modifiers of the sources active
    (:mod:`strategium.engine.questions.profiles_now`): while every one is an effect source (no plain source:
    ``active_sources(())`` is empty) they read only the effects in force, which change only with the state's tuple
    of effects. So the kept steps are dropped when that tuple is replaced, and a step is kept with the Charge record
    it was found with (asked again if another is found; records are made and changed in the Charge sub-phase only).
    With a plain source registered every step is asked afresh: the answers are the same either way."""

    def __init__(self) -> None:
        self._effects: tuple[Effect, ...] | None = None
        self._usable = not active_sources(())
        self._kept: dict[tuple[str, str], tuple[ChargeRecord | None, int]] = {}

    def of(self, game: Game, unit_id: str, model: Model) -> int:
        """The Initiative step ``model`` of ``unit_id`` fights at (as :func:`initiative_step` gives it)."""
        if not self._usable:
            return initiative_step(game, unit_id, model)[0]
        effects = game.state.effects
        if effects is not self._effects:
            self._effects, self._kept = effects, {}
        record = charge_of(game, unit_id)
        kept = self._kept.get((unit_id, model.id))
        if kept is not None and kept[0] is record:
            return kept[1]
        step = initiative_step(game, unit_id, model)[0]
        self._kept[(unit_id, model.id)] = (record, step)
        return step


def _blows_at(game: Game, combat: Combat, step: int, steps: _Steps | None = None) -> list[Blow]:
    s = game.state
    engaged = s.config.fight.engaged_range
    everyone = [x for u in combat for x in feet(game, u)]
    steps = steps or _Steps()
    now = {(uid, m.id) for uid, m, _ in everyone if steps.of(game, uid, m) == step}  # pile-in keeps these
    if not now:
        return []  # no model's step: nobody piles in nor attacks
    pile_in(game, step, combat, [x for x in everyone if (x[0], x[1].id) in now])
    everyone = [x for u in combat for x in feet(game, u)]
    blows: list[Blow] = []
    sides: dict[PlayerId, tuple[list[tuple[str, Model, Footprint]], list[Footprint]]] = {}
    for uid, model, fp in everyone:
        if (uid, model.id) not in now:
            continue
        player = s.owner(uid)
        if player not in sides:  # nothing moves while the blows are found: each side's foes and friends once
            enemy = side_feet(game, combat, 3 - player)
            touching = [f for _, _, f in side_feet(game, combat, player) if any(in_contact(f, g) for _, _, g in enemy)]
            sides[player] = (enemy, touching)
        foes, friends = sides[player]
        if not foes:
            continue
        gaps = [distance(fp, f) for _, _, f in foes]  # in contact: a gap of at most EPSILON (``in_contact``)
        closest = min(gaps)
        if closest > EPSILON and not any(within(distance(fp, f), engaged) for f in friends):
            continue
        foe_uid, foe_model, _ = foes[gaps.index(closest)]  # the first closest, as ``min`` by distance finds it
        blow = fighter_blow(game, uid, model, host(game, foe_uid), foe_model.id)
        if blow is not None:
            blows.append(blow)
    return blows


def _resolve(game: Game, step: int, group: list[Blow], situation: frozenset[Situation] = frozenset()) -> None:
    s = game.state
    first = group[0]
    if s.units[first.target].location is not Location.TABLE:
        return
    attacker = s.unit(first.unit_id)
    count = sum(b.count for b in group)
    spec = AttackSpec(
        first.weapon,
        count,
        first.strength,
        first.ap,
        mode=AttackMode.MELEE,
        skill=first.ws,
        rules=first.rules,
        attacker=first.unit_id,
        situation=situation,
    )
    why = tuple(dict.fromkeys(r for b in group for r in b.why))
    mine = [
        footprint(m, s.units[b.unit_id].poses[m.id])
        for b in group
        for m in s.unit(b.unit_id).models
        if m.id == b.model_id and m.id in s.units[b.unit_id].poses
    ]
    target_name = s.unit(first.target).name
    if damage.is_vehicle_target(game, first.target):
        uid, model = next((u, m) for u, m in damage.living(game, first.target) if m.profile.has_armour_values)
        hits, pre = roll_vehicle_hits(game, count, first.unit_id, first.rules, situation)
        facing, facing_why = melee_facing(game, mine, uid, model)
        caused = 0
        summary = f"{count} attacks, {hits} hits"
        reasons = (*why, *pre, facing_why)
        if hits:
            vresult = resolve_attack_on_vehicle(
                s.dice,
                AttackSpec(
                    first.weapon,
                    hits,
                    first.strength,
                    first.ap,
                    mode=AttackMode.MELEE,
                    rules=first.rules,
                    attacker=first.unit_id,
                    situation=situation,
                ),
                vehicle_target(game, uid, model, facing),
                config=s.config,
            )
            for roll in vresult.rolls:
                game.log(DiceRolled(roll))
            damage.apply_vehicle_damage(game, vresult, damage.Slot(uid, model.id))
            caused = vresult.hull_points_lost
            summary += f", {vresult.glancing} Glancing, {vresult.penetrating} Penetrating, {caused} Hull Points lost"
            reasons = (*reasons, *vresult.all_reasons)
        add_score(game, first.unit_id, caused)
        game.log(
            MeleeAttacksResolved(
                step,
                attacker.id,
                attacker.name,
                first.weapon,
                first.target,
                target_name,
                hits,
                0,
                caused,
                summary,
                reasons,
            )
        )
        return
    _wound_unit(game, step, first, spec, mine, count, why, follow=True)


def _wound_unit(
    game: Game,
    step: int,
    first: Blow,
    spec: AttackSpec,
    mine: list[Footprint],
    count: int,
    why: tuple[Reason, ...],
    *,
    follow: bool,
) -> None:
    """Resolve ``spec`` on the non-vehicle unit ``first`` struck and apply it; with ``follow``, then the rules'
    further hits (:mod:`strategium.engine.attacks.follow_up`: Deflagrate, p.237) on that unit."""
    s = game.state
    attacker = s.unit(first.unit_id)
    target_name = s.unit(first.target).name
    target, slots, _cover = damage.target_unit(game, first.target, mine)
    facts = damage.target_situation(game, first.target, spec.situation)
    if facts is not spec.situation:
        spec = replace(spec, situation=facts)
    result = resolve_attack(s.dice, spec, target, config=s.config)
    for roll in result.rolls:
        game.log(DiceRolled(roll))
    damage.apply_wounds(game, result, slots)
    wounds_applied(game, first.unit_id, spec, result, tuple((x.unit_id, x.model_id) for x in slots))
    caused = result.unsaved - (0 if s.config.fight.mitigated_wounds_count else result.mitigated)
    summary = (
        f"{count} attacks, {result.hits} hits, {result.wounds} wounds, {result.unsaved} unsaved, "
        f"{result.mitigated} mitigated, {len(result.models_removed)} removed"
    )
    add_score(game, first.unit_id, caused)
    game.log(
        MeleeAttacksResolved(
            step,
            attacker.id,
            attacker.name,
            first.weapon,
            first.target,
            target_name,
            result.hits,
            result.wounds,
            caused,
            summary,
            (*why, *result.all_reasons),
            spec.has("Blind") and result.hits > 0,
            _concussive(spec) if result.wounds > 0 else None,
        )
    )
    if not follow:
        return
    model = next((m for m in attacker.models if m.id == first.model_id), None)
    weapon = fighting_weapon(game, first.unit_id, model)[0] if model is not None else None
    own = tuple(r for r in weapon.type.rules if isinstance(r, RuleRef)) if weapon is not None else ()
    for more in follow_ups(game, first.unit_id, spec, result, own):
        if s.units[first.target].location is not Location.TABLE:
            return
        _wound_unit(game, step, first, more.spec, mine, more.spec.count, (*why, *more.why), follow=False)


def _concussive(spec: AttackSpec) -> int | None:
    """The X of the attack's Concussive (X) (1 when none is written), or None."""
    return next(((r.value or 1) for r in spec.rules if r.name == "Concussive"), None)


def _status_tests(game: Game, start: int) -> None:
    """At the end of a combat: the Blind and Concussive tests (p.236) of the units its blows struck (the events
    logged from ``start``): one per unit, Concussive at the largest X."""
    blind: dict[str, None] = {}
    concussive: dict[str, int] = {}
    for e in game.state.events[start:]:
        if not isinstance(e, MeleeAttacksResolved):
            continue
        if e.blind:
            blind[e.target_id] = None
        if e.concussive is not None:
            concussive[e.target_id] = max(concussive.get(e.target_id, 0), e.concussive)
    if blind or concussive:
        morale_checks.status_tests(game, tuple(blind), concussive, melee=True)


def fight(game: Game, combat: Combat) -> None:
    """Fight one combat, Initiative step by step (see the module docstring)."""
    t = track(game)
    t.fought.append(combat)
    start = len(game.state.events)
    game.log(Ruling(f"Fight: {', '.join(combat)}", (core(FIGHT, "Initiative steps 10 down to the lowest"),)))
    steps = _Steps()  # each model's Initiative step, found once for the combat's steps
    rounds = {unit_id: first_round(game, unit_id) for unit_id in combat}  # by host unit: the Charges are made
    for step in range(10, game.state.config.fight.lowest_initiative_step - 1, -1):
        for hook in _STEP_HOOKS.get(step, ()):
            hook(game, combat, step)
        groups: dict[tuple[object, ...], list[Blow]] = {}
        for blow in _blows_at(game, combat, step, steps):
            key = (blow.unit_id, blow.weapon, blow.strength, blow.ap, blow.ws, blow.rules, blow.target)
            groups.setdefault(key, []).append(blow)
        for group in groups.values():
            _resolve(game, step, group, rounds[host(game, group[0].unit_id)])
    scores = tuple((u, t.scores.get(u, 0)) for u in combat)
    game.log(CombatFought(combat, scores))
    _status_tests(game, start)


# -- the action -------------------------------------------------------------------------------------------------------


def check_fight(game: Game, action: FightCombat) -> Verdict:
    """Whether ``action`` picks a combat that may be fought now."""
    s = game.state
    c = s.clock
    if c.phase is not Phase.ASSAULT or c.sub_phase is not SubPhase.FIGHT:
        return Verdict(False, (core(FIGHT, f"combats are fought in the Fight sub-phase (now: {c})"),))
    pending = s.pending
    if c.active_player != action.player or pending is None or pending.kind is not DecisionKind.ACT:
        return Verdict(False, (core(FIGHT, "the active player picks the combats"),))
    if isinstance(pending, BattleChoice):
        return Verdict(False, (core(FIGHT, "a choice is pending"),))
    if action.unit_id not in s.units:
        return Verdict(False, (core(FIGHT, f"there is no unit {action.unit_id!r}"),))
    combat = combat_of(game, action.unit_id)
    if combat is None:
        return Verdict(False, (core(FIGHT, f"{action.unit_id} is not locked in combat"),))
    if combat in track(game).fought:
        return Verdict(False, (core(FIGHT, "that combat has been fought this turn"),))
    return Verdict(True, (core(FIGHT, "the active player picks the combats one at a time"),))


def apply_fight(game: Game, action: FightCombat) -> None:
    """Fight the chosen combat."""
    combat = combat_of(game, action.unit_id)
    assert combat is not None
    fight(game, combat)


def fight_remaining(game: Game) -> None:
    """Fight every combat not yet fought this turn (in the order they were made)."""
    for combat in combats(game):
        if combat not in track(game).fought:
            game.log(Ruling("a combat left unfought is fought now", (core(FIGHT, "every combat is fought"),)))
            fight(game, combat)


handles(FightCombat, check_fight, apply_fight)
