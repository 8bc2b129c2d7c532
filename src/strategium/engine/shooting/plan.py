"""Planning a Shooting Attack: which models fire which weapons at the target, as volleys (the weapon rules are
listed in :mod:`strategium.engine.shooting.attack`'s docstring). :func:`plan` is a pure function of the state, kept
while what it reads stays the same (:func:`plan_key`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import ORDNANCE_PAGE, core
from strategium.combat.templates import is_blast, marker_diameter
from strategium.engine.attacks import damage
from strategium.engine.core import registries
from strategium.engine.core.effects import Effect, EffectKind
from strategium.engine.core.watchers import Fact
from strategium.engine.movement import vehicle_fire
from strategium.engine.questions.profiles_now import current
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting import barrage
from strategium.engine.shooting.members import member_flags as _member_flags
from strategium.engine.shooting.members import shooters as _shooters
from strategium.engine.shooting.reach import closest as closest  # re-exported: the firers' reach
from strategium.engine.shooting.reach import half_range_asked, within_half_range
from strategium.engine.shooting.weapon_limits import forced_snap, granted_rules, spent
from strategium.engine.table.placement import placed_unit
from strategium.geometry.measure import Footprint, distance
from strategium.geometry.pieces import PlacedModel, PlacedUnit
from strategium.model.characteristics import Characteristics
from strategium.model.unit_types import SubType, UnitType
from strategium.model.weapons import RangeKind, WeaponClass, WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

SEQUENCE = "Shooting sequence"
TEMPLATE_LENGTH = 8.0
"""Inches a Template reaches from the firer (the teardrop's length)."""
_ALL_WEAPONS = (UnitType.VEHICLE, UnitType.DREADNOUGHT, UnitType.FORTIFICATION, UnitType.BUILDING)


def rule_of(name: str, text: str, page: int | None = None) -> Reason:
    """A reason citing a core shooting rule of the rulebook (page None: not read)."""
    return core(name, text, page)


# -- the volleys --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Volley:
    """Shots of one weapon profile fired together: ``shots`` in all (``dice`` to roll instead, e.g. "D6"),
    at ``strength`` with BS ``skill``; ``snap`` Snap Shots; ``firers`` the model ids; ``template``: the target
    models within the template's reach of the firers (an estimate for planning: the hits come from the teardrop laid
    when it fires, :mod:`strategium.engine.shooting.area_fire`); ``blast``: the marker's radius in inches (any Blast
    rule); ``not_fired``: one firer id for each of its templates a rule stopped from firing (Gets Hot, p.239)."""

    weapon: WeaponProfile
    shots: int
    strength: int
    skill: int
    snap: bool
    firers: tuple[str, ...]
    dice: tuple[str, ...] = ()
    template: int = 0
    blast: float | None = None
    rules: tuple[RuleRef, ...] = ()
    primarch: bool = False
    not_fired: tuple[str, ...] = ()
    indirect: bool = False  # fired indirectly (Barrage, p.232): its firers cannot see the target
    half_range: bool = False
    """Its firers are within half the weapon's range of the target, for a weapon whose rules ask it (Armourbane
    (Melta), p.231: :func:`~strategium.engine.shooting.reach.half_range_asked`; always False for the others)."""

    @property
    def key(self) -> tuple[object, ...]:
        """What makes two models' shots one volley."""
        return (
            self.weapon,
            self.strength,
            self.skill,
            self.snap,
            self.blast,
            self.rules,
            self.primarch,
            self.indirect,
            self.half_range,
            self.firers if self.blast is not None and half_range_asked(self.rules) else (),  # a marker per firer
        )

    def joined(self, other: Volley) -> Volley:
        """This volley with ``other``'s shots, firers, dice and template hits added after its own (``other``
        has the same :attr:`key`)."""
        return Volley(
            other.weapon,
            self.shots + other.shots,
            other.strength,
            other.skill,
            other.snap,
            self.firers + other.firers,
            self.dice + other.dice,
            self.template + other.template,
            other.blast,
            other.rules,
            other.primarch,
            self.not_fired + other.not_fired,
            other.indirect,
            other.half_range,
        )


class Plan:
    """The volleys a Shooting Attack would fire, and why each weapon that will not fire does not.

    ``reasons`` may be given as ``later``, a function of no argument finding them when first asked (the sight of
    models that could fire nothing whoever they see is tested only then); it must depend on immutable values only.
    """

    __slots__ = ("_later", "_reasons", "volleys")

    def __init__(
        self,
        volleys: tuple[Volley, ...],
        reasons: tuple[Reason, ...] = (),
        later: Callable[[], tuple[Reason, ...]] | None = None,
    ) -> None:
        self.volleys = volleys
        self._reasons = reasons
        self._later = later

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Why each weapon that will not fire does not (and the Snap Shot and Stationary rules that apply)."""
        if self._later is not None:
            self._reasons, self._later = self._later(), None
        return self._reasons

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plan) and (self.volleys, self.reasons) == (other.volleys, other.reasons)

    def __hash__(self) -> int:
        return hash((self.volleys, self.reasons))

    def __repr__(self) -> str:
        return f"Plan(volleys={self.volleys!r}, reasons={self.reasons!r})"


def target_placed(game: Game, target_id: str) -> PlacedUnit:
    """The target unit and its joined characters as one unit of the geometry (the models on the table)."""
    models: list[PlacedModel] = []
    for uid in damage.members(game, target_id):
        unit = game.state.unit(uid)
        models.extend(placed_unit(unit, game.state.units[uid]).models)
    unit = game.state.unit(target_id)
    return PlacedUnit(target_id, game.state.owner(target_id), tuple(models), unit.models[0].profile.unit_type.unit_type)


@cache
def shots_dice(text: str) -> tuple[int, int] | None:
    """A weapon's rolled number of shots ("D6", "2D3") as (dice, sides), or None if it is not one."""
    m = re.fullmatch(r"\s*(\d*)\s*[dD]\s*(3|6)\s*", text)
    return (int(m.group(1) or 1), int(m.group(2))) if m else None


def _weapon_limit(model: Model) -> int:
    spec = model.profile.unit_type
    if spec.unit_type in _ALL_WEAPONS or spec.counts_as(UnitType.VEHICLE) or spec.has(SubType.MONSTROUS):
        return 99
    protocols = model.rule("Firing Protocols")
    return protocols.value if protocols is not None and protocols.value else 1


WeaponFilter = Callable[[Model, WeaponProfile], Reason | None]
"""A limit on the weapons a Shooting Attack may use (a Reaction's): why ``weapon`` of ``model`` may not fire, or
None."""


class FilterValue:
    """A :data:`WeaponFilter` that is a value (a frozen dataclass): two equal filters refuse the same weapons for the
    same reasons in any two states with the same :func:`plan_key`. A plan with one is kept like a plan without a
    filter (:func:`kept_plan`)."""

    def __call__(self, model: Model, weapon: WeaponProfile) -> Reason | None:
        """Why ``weapon`` of ``model`` may not fire, or None."""
        raise NotImplementedError


def plan(
    game: Game,
    unit_id: str,
    target_id: str,
    *,
    snap_shots: bool = False,
    weapons: WeaponFilter | None = None,
) -> Plan:
    """The volleys ``unit_id`` would fire at ``target_id`` now (see the module docstring for the weapon rules).

    ``snap_shots`` makes every shot a Snap Shot (Overwatch); ``weapons`` refuses some weapons (a vehicle's
    Reaction fires only Defensive weapons). Without ``weapons``, or with a :class:`FilterValue`, the plan is kept
    (:func:`kept_plan`): a player's look at an attack, the check of it and its resolution share one plan."""
    if weapons is None or isinstance(weapons, FilterValue):
        return kept_plan(game, unit_id, target_id, snap_shots, weapons=weapons)
    return _plan(game, unit_id, target_id, snap_shots, weapons)


def kept_plan(
    game: Game,
    unit_id: str,
    target_id: str,
    snap_shots: bool,
    placed: tuple[PlacedUnit, PlacedUnit] | None = None,
    *,
    weapons: FilterValue | None = None,
) -> Plan:
    """:func:`plan` (without a weapon filter, or with a :class:`FilterValue`), kept while what it reads stays the same
    (:func:`plan_key`): the check of a Shoot, its resolution after the Reaction window, a Reaction's eligibility and
    its Shooting Attack share one plan. ``placed`` (the unit and the target as :func:`placed_unit` and
    :func:`target_placed` give them now) saves placing them again."""
    plans = _kept(plan_key(game))
    key = (unit_id, target_id, snap_shots, weapons)
    known = plans.get(key)
    if known is None:
        known = plans[key] = _plan(game, unit_id, target_id, snap_shots, weapons, placed)
    return known


def has_volleys(
    game: Game, unit_id: str, target_id: str, *, snap_shots: bool = False, weapons: WeaponFilter | None = None
) -> bool:
    """``bool(plan(game, unit_id, target_id, snap_shots=snap_shots, weapons=weapons).volleys)`` (whether the unit
    has a weapon to fire at the target now), without making the plan: a kept plan answers if there is one; else the
    first model (in the plan's order) with a volley is asked whether it sees the target alone, and the others
    (their volleys and their sight) only if it does not. Keeps no plan (a Reaction's eligibility need not pay for
    one it may not use)."""
    if weapons is None or isinstance(weapons, FilterValue):
        key = plan_key(game)
        for known_key, plans in _PLANS:
            if known_key is key or known_key == key:
                known = plans.get((unit_id, target_id, snap_shots, weapons))
                if known is not None:
                    return bool(known.volleys)
                break
    s = game.state
    snap_all = snap_shots or not ask(game, Query.FULL_BALLISTIC_SKILL, unit_id)
    stationary = bool(ask(game, Query.STATIONARY_FOR_HEAVY, unit_id))
    target = target_placed(game, target_id)
    shooters, placed_shooters = _shooters(game, unit_id, placed_unit(s.unit(unit_id), s.units[unit_id]))
    flags = _member_flags(game, unit_id, snap_shots, snap_all, stationary)
    reaches = closest(placed_shooters, target.models, [True] * len(shooters))
    # a model with a volley now (_model_volleys reads no sight) fires if it sees the target (as in _plan)
    ready = (
        pm
        for (uid, model), pm, reach in zip(shooters, placed_shooters, reaches, strict=True)
        if _model_volleys(game, uid, model, reach, *flags[uid][:2], target, pm.footprint, {}, weapons)
    )
    first = next(ready, None)
    if first is None:
        return False
    sight = damage.sight_map(s.battlefield)
    if sight.sees_each([first], target)[0]:
        return True
    rest = list(ready)
    if bool(rest) and any(sight.sees_each(rest, target)):
        return True
    return any(barrage.indirect(game, unit_id, _fixed(m)[3]) for _, m in shooters) and bool(
        _plan(game, unit_id, target_id, snap_shots, weapons).volleys
    )  # (rare: a Barrage weapon's indirect fire)


UNREAD_FACTS = frozenset({Fact.SHOT, Fact.REACTED})
"""Facts no plan reads (nor any rule hook it asks: see :func:`plan_key`)."""

UNREAD_RULES = frozenset({"Shrouded"})
"""Special rules whose grants (``EffectKind.GRANTS_RULE`` effects, e.g. Evade's Shrouded (5+)) no plan reads: they
weigh on saves only."""


def _read_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """``effects`` without the grants of :data:`UNREAD_RULES` (the same tuple if there are none)."""
    if not any(
        e.kind is EffectKind.GRANTS_RULE and e.rule is not None and e.rule.name in UNREAD_RULES for e in effects
    ):
        return effects
    return tuple(
        e
        for e in effects
        if not (e.kind is EffectKind.GRANTS_RULE and e.rule is not None and e.rule.name in UNREAD_RULES)
    )


def plan_key(game: Game) -> tuple[object, ...]:
    """A value (compared with ``==``) equal for two states a plan cannot tell apart: :meth:`GameState.key` without
    the log (the events), the pending decision, the next effect id, the facts in :data:`UNREAD_FACTS` and the grants
    of :data:`UNREAD_RULES`, with the plug-in registries' generation.

    What a plan reads: the units' statuses (poses, wounds, location, joined characters), the armies, the
    battlefield (sight), the effects (Pinned, Stupefied, Blind, Concussed through ``Query.FULL_BALLISTIC_SKILL`` and
    :func:`strategium.engine.questions.profiles_now.current`), the facts RAN and MOVED (``Query.FULL_BALLISTIC_SKILL``,
    ``Query.STATIONARY_FOR_HEAVY``). So a blocker or exemption of those two queries, and a modifier source, must
    not read the log, the pending decision, the facts SHOT and REACTED nor a granted Shrouded (the Shoot's
    declaration and a Reaction note or add them, and the kept plan serves the resolution after them)."""
    s = game.state
    facts = s.facts
    kept = tuple(
        (unit_id, frozenset(noted - UNREAD_FACTS)) for unit_id, noted in facts.facts.items() if noted - UNREAD_FACTS
    )
    return (
        registries.generation(),
        s.clock,
        _read_effects(s.effects),
        s._units_key(),
        facts.turn_index,
        kept,
        s.assault.key(),
        s.pregame.key(),
        s.last_game_turn,
        s.first_player,
        s.battlefield,
        s.config,
        s.armies,
    )


PLANS_KEPT = 4
"""How many states' plans (by :func:`plan_key`) :func:`kept_plan` keeps, the newest first."""

_PLANS: list[tuple[tuple[object, ...], dict[tuple[str, str, bool, FilterValue | None], Plan]]] = []


def _kept(key: tuple[object, ...]) -> dict[tuple[str, str, bool, FilterValue | None], Plan]:
    """The plans kept for the states with plan key ``key`` (a new empty dict if there are none)."""
    for i, (known, plans) in enumerate(_PLANS):
        if known is key or known == key:
            if i:
                _PLANS.insert(0, _PLANS.pop(i))
            return plans
    plans = {}
    _PLANS.insert(0, (key, plans))
    del _PLANS[PLANS_KEPT:]
    return plans


def _plan(
    game: Game,
    unit_id: str,
    target_id: str,
    snap_shots: bool,
    weapons: WeaponFilter | None,
    placed: tuple[PlacedUnit, PlacedUnit] | None = None,
) -> Plan:
    s = game.state
    full = ask(game, Query.FULL_BALLISTIC_SKILL, unit_id)
    snap_all = snap_shots or not full
    still = ask(game, Query.STATIONARY_FOR_HEAVY, unit_id)
    stationary = bool(still)
    status = s.units[unit_id]
    if placed is None:
        placed = (placed_unit(s.unit(unit_id), status), target_placed(game, target_id))
    target = placed[1]
    sight = damage.sight_map(s.battlefield)
    volleys: dict[tuple[object, ...], Volley] = {}
    first: list[tuple[str, Reason]] = [(f"snap:{why.text}", why) for why in full.reasons]  # why every shot is a
    # Snap Shot (e.g. STU-3), or what lifted that
    flags = _member_flags(game, unit_id, snap_shots, snap_all, stationary)
    for uid, (_, _, why_snap, _) in flags.items():
        if uid != unit_id:
            first += [(f"snap:{why.text}", why) for why in why_snap]
    # the unit's models and its joined Independent Characters' (IC-7: they fire as part of the unit)
    shooters, placed_shooters = _shooters(game, unit_id, placed[0])
    reaches = closest(placed_shooters, target.models, [True] * len(shooters))
    # A model that can fire no weapon at this range gives no volley whether or not it sees the target: only the
    # reasons (its weapons' or its sight's) depend on its sight, tested when they are asked for.
    idle = [_idle_reasons(game, uid, m, r, *flags[uid][:2]) for (uid, m), r in zip(shooters, reaches, strict=True)]
    needed = [i for i, why in enumerate(idle) if why is None]
    sees = dict(zip(needed, sight.sees_each([placed_shooters[i] for i in needed], target), strict=True))
    parts: list[tuple[int, list[tuple[str, Reason]]]] = []  # per model: -1 and its reasons, or its index and the
    # reasons if it sees the target (its sight's if not)
    for i, ((uid, model), pm, reach) in enumerate(zip(shooters, placed_shooters, reaches, strict=True)):
        why_idle = idle[i]
        if why_idle is not None:
            parts.append((i, why_idle))
            continue
        if not sees[i]:
            parts.append((-1, [_sight_reason(model)]))
            if barrage.indirect(game, unit_id, _fixed(model)[3]):  # Barrage weapons fire indirectly (p.232)
                only = barrage.BarrageOnly(weapons, _sight_reason(model)[1])
                for v in _model_volleys(game, uid, model, reach, *flags[uid][:2], target, pm.footprint, {}, only):
                    v = replace(v, indirect=True)
                    volleys[v.key] = v if (old := volleys.get(v.key)) is None else old.joined(v)
            continue
        mine_reasons: dict[str, Reason] = {}
        chosen = _model_volleys(game, uid, model, reach, *flags[uid][:2], target, pm.footprint, mine_reasons, weapons)
        parts.append((-1, list(mine_reasons.items())))
        for v in chosen:
            old = volleys.get(v.key)
            volleys[v.key] = v if old is None else old.joined(v)
    last: list[tuple[str, Reason]] = []
    if any(v.weapon.type.weapon_class in (WeaponClass.HEAVY, WeaponClass.ORDNANCE) for v in volleys.values()):
        last = [(f"stationary:{why.text}", why) for why in still.reasons]  # whether it counts as Stationary, and
        # which rule says so (e.g. REL-1)
        for uid, (_, _, _, why_still) in flags.items():
            if uid != unit_id:
                last += [(f"stationary:{why.text}", why) for why in why_still]
    unseen = [placed_shooters[i] for i, _ in parts if i >= 0]

    def reasons() -> tuple[Reason, ...]:
        seen: Iterator[bool] = iter(sight.sees_each(unseen, target) if unseen else [])
        out: dict[str, Reason] = {}
        for key, why in first:
            out.setdefault(key, why)
        for i, pairs in parts:
            if i >= 0 and not next(seen):
                pairs = [_sight_reason(shooters[i][1])]
            for key, why in pairs:
                out.setdefault(key, why)
        for key, why in last:
            out.setdefault(key, why)
        return tuple(out.values())

    if unseen:
        return Plan(tuple(volleys.values()), later=reasons)
    return Plan(tuple(volleys.values()), reasons())


def _sight_reason(model: Model) -> tuple[str, Reason]:
    return f"sight:{model.id}", rule_of(SEQUENCE, f"{model.name} cannot see the target", 166)


def _idle_reasons(
    game: Game, unit_id: str, model: Model, reach: float, snap_all: bool, stationary: bool
) -> list[tuple[str, Reason]] | None:
    """If ``model`` can fire none of its weapons at ``reach`` inches whatever it sees, the reasons (keyed) that
    :func:`_model_volleys` gives for it; None if some weapon might fire (its sight then matters)."""
    vehicle, _, _, candidates, limit = _fixed(model)
    out: list[tuple[str, Reason]] = []
    if limit > 0:  # (_model_volleys stops before its first weapon otherwise)
        if any(_may_fire(weapon, reach, snap_all, stationary, vehicle) for weapon in candidates):
            return None
        for weapon in candidates:
            why = _cannot_fire(weapon, reach, snap_all, stationary, vehicle)
            if why is None:
                return None
            out.append((f"{weapon.name}:{why.text}", why))
    now = current(game, unit_id, model)
    base = model.profile.characteristics
    bs = now.bs if isinstance(now, Characteristics) else getattr(base, "bs", None)
    return [] if bs is None or bs < 1 else out


_FIXED = "shooting_plan.fixed"
"""The key of :func:`_fixed`'s answer in a model's :attr:`Model.memo`."""


_MODEL_SHOOTING_RULES = frozenset({"Night Vision", "Armourbane"})
"""A model's own rules joined to the rules of each of its Shooting Attacks: Night Vision, and Armourbane (X), which
a model that has it uses with its Shooting Attacks too (rulebook p.231; held by the weapon as well, its extra D6 is
rolled once: :func:`strategium.combat.declared.declared_for`)."""


def _fixed(model: Model) -> tuple[bool, bool, tuple[RuleRef, ...], tuple[WeaponProfile, ...], int]:
    """What the plan needs of a (immutable) model whatever the state, kept in its memo: whether it fires as a
    vehicle, whether it is a Primarch, its own rules that act on its shots (:data:`_MODEL_SHOOTING_RULES`), its
    weapons (pistols last) and how many it fires."""
    memo = model.memo
    known: tuple[bool, bool, tuple[RuleRef, ...], tuple[WeaponProfile, ...], int] | None = memo.get(_FIXED)
    if known is None:
        spec = model.profile.unit_type
        vehicle = spec.counts_as(UnitType.VEHICLE) or model.profile.has_armour_values
        primarch = spec.counts_as(UnitType.PRIMARCH)
        night = tuple(r for r in model.rules if isinstance(r, RuleRef) and r.name in _MODEL_SHOOTING_RULES)
        candidates = tuple(sorted(model.weapons, key=lambda w: w.type.weapon_class is WeaponClass.PISTOL))
        known = memo[_FIXED] = (vehicle, primarch, night, candidates, _weapon_limit(model))
    return known


def _model_volleys(
    game: Game,
    unit_id: str,
    model: Model,
    reach: float,
    snap_all: bool,
    stationary: bool,
    target: PlacedUnit,
    here: Footprint,
    reasons: dict[str, Reason],
    allowed: WeaponFilter | None = None,
) -> list[Volley]:
    vehicle, primarch, night, candidates, limit = _fixed(model)
    now = current(game, unit_id, model)
    base = model.profile.characteristics
    bs = now.bs if isinstance(now, Characteristics) else getattr(base, "bs", None)
    user_s = getattr(now, "s", None) if now is not None else getattr(base, "s", None)
    if bs is None or bs < 1:
        return []
    out: list[Volley] = []
    for weapon in candidates:
        if len(out) >= limit:
            break
        kind = weapon.type.weapon_class
        why = _cannot_fire(weapon, reach, snap_all, stationary, vehicle) or spent(game, unit_id, model, weapon)
        if why is None and allowed is not None:
            why = allowed(model, weapon)
        if why is not None:
            reasons.setdefault(f"{weapon.name}:{why.text}", why)
            continue
        strength = weapon.strength.resolve(user_s if user_s is not None else 0)
        if strength is None and any(isinstance(r, RuleRef) and r.name == "Graviton Pulse" for r in weapon.type.rules):
            strength = 1  # Graviton Pulse (FAQ v1.2 p.2, GP-1): a "†" weapon wounds by the target's Strength roll
        if strength is None or strength < 1:
            reasons.setdefault(f"{weapon.name}:S", rule_of(SEQUENCE, f"{weapon.name}: Strength {weapon.strength.text}"))
            continue
        snap = snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle)
        forced = None if snap else forced_snap(game, unit_id, model, weapon, target.name)
        if forced is not None:
            snap = True
            reasons.setdefault(f"{weapon.name}:snap:{forced.text}", forced)
            if kind is WeaponClass.ORDNANCE or weapon.range.kind is RangeKind.TEMPLATE or is_blast(weapon.type.rules):
                reasons.setdefault(f"{weapon.name}:nosnap", rule_of("Blast", f"{weapon.name} cannot Snap Shot", 234))
                continue
        shots = weapon.type.shots or 1
        dice: tuple[str, ...] = ()
        if weapon.type.shots_dice and shots_dice(weapon.type.shots_dice):
            dice, shots = (weapon.type.shots_dice,), 0
        if kind is WeaponClass.RAPID_FIRE and within_half_range(weapon, reach):
            shots *= 2
        rules = tuple(r for r in weapon.type.rules if isinstance(r, RuleRef)) + night
        for extra, why_extra in granted_rules(game, unit_id, model, weapon):
            rules += tuple(r for r in extra if r not in rules)
            reasons.setdefault(f"{weapon.name}:gains:{why_extra.text}", why_extra)
        template = 0
        if weapon.range.kind is RangeKind.TEMPLATE:
            template = sum(1 for t in target.models if distance(here, t.footprint) <= TEMPLATE_LENGTH)
        diameter = marker_diameter(rules)
        blast = diameter / 2 if diameter is not None else None
        near = blast is None and half_range_asked(rules) and within_half_range(weapon, reach)  # Armourbane (Melta)
        volley = Volley(weapon, shots, strength, bs, snap, (model.id,), dice, template, blast, rules, primarch)
        out.append(replace(volley, half_range=True) if near else volley)
        if kind is WeaponClass.ORDNANCE and not vehicle:
            break
    if not vehicle and any(v.weapon.type.weapon_class is WeaponClass.ORDNANCE for v in out):
        out = [v for v in out if v.weapon.type.weapon_class is WeaponClass.ORDNANCE][:1]
    if vehicle and out:  # lost weapons, speed and crew (strategium.engine.movement.vehicle_fire)
        out = vehicle_fire.restrict(game, unit_id, model, out, reasons)
    return out


def _may_fire(weapon: WeaponProfile, reach: float, snap_all: bool, stationary: bool, vehicle: bool) -> bool:
    """``_cannot_fire(...) is None``, without making the reason."""
    kind = weapon.type.weapon_class
    if kind is None or kind is WeaponClass.MELEE or weapon.range.kind in _NOT_FIRED:
        return False
    maximum = TEMPLATE_LENGTH if weapon.range.kind is RangeKind.TEMPLATE else weapon.range.maximum
    if maximum is None or reach > maximum:
        return False
    if weapon.range.minimum is not None and reach < weapon.range.minimum:
        return False
    if kind is WeaponClass.ORDNANCE and not vehicle and not stationary:
        return False
    if snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle):
        return not (kind is WeaponClass.ORDNANCE or is_blast(weapon.type.rules))  # a Template: Wall of Death
    return True


_NOT_FIRED = (RangeKind.MELEE, RangeKind.HELLSTORM, RangeKind.UNKNOWN)


def _cannot_fire(weapon: WeaponProfile, reach: float, snap_all: bool, stationary: bool, vehicle: bool) -> Reason | None:
    kind = weapon.type.weapon_class
    name = weapon.name
    if kind is None or kind is WeaponClass.MELEE or weapon.range.kind is RangeKind.MELEE:
        return rule_of(SEQUENCE, f"{name} is a melee weapon: it cannot shoot", 166)
    if weapon.range.kind in (RangeKind.HELLSTORM, RangeKind.UNKNOWN):
        return rule_of(SEQUENCE, f"{name}: {weapon.range.kind.value} weapons are not fired by the engine yet")
    maximum = TEMPLATE_LENGTH if weapon.range.kind is RangeKind.TEMPLATE else weapon.range.maximum
    if maximum is None or reach > maximum:
        return rule_of(SEQUENCE, f'{name}: the target is out of range ({reach:.1f}" > {maximum}")', 166)
    if weapon.range.minimum is not None and reach < weapon.range.minimum:
        return rule_of(SEQUENCE, f"{name}: the target is within its minimum range", 166)
    if kind is WeaponClass.ORDNANCE and not vehicle and not stationary:
        return rule_of("Ordnance", f"{name}: a model that moved cannot fire Ordnance", ORDNANCE_PAGE)
    snap = snap_all or (kind is WeaponClass.HEAVY and not stationary and not vehicle)
    if snap and (kind is WeaponClass.ORDNANCE or is_blast(weapon.type.rules)):  # a Template's: Wall of Death (p.248)
        return rule_of("Blast", f"{name} cannot be fired as Snap Shots", 234)
    return None
