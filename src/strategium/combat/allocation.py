"""The models an attack hits, wound allocation, multi-Wound models, Instant Death and Eternal Warrior.

Sources and confidence (CORE_B §1.7):

- Wounds are allocated one at a time to the models of the target unit **in the order the engine passes**
  them (:attr:`TargetUnit.models`): the engine sorts them closest to the attacker first and leaves out
  models that may not be allocated Wounds. Closest-first is UNCONFIRMED-7e (HH2 confirms Wound Pools and
  the exceptions: Blast, Precision Shots, Primarchs); those exceptions are the engine's to order.
- A model that has already lost Wounds takes the next Wound first (``damage.wounded_models_first``,
  UNCONFIRMED-7e).
- Each unsaved, unmitigated Wound costs the model 1 Wound; at 0 it is removed (7th-edition, consistent
  with Destroyer and Brutal, Liber p.117).
- Instant Death (p.242, confirmed): a Wound from an attack with Instant Death, or of Strength at least twice
  the model's Toughness (Battle-Hardened (X), p.233, adds X to that Toughness for this test only), reduces
  the model to 0 Wounds. Eternal Warrior (p.237, confirmed): such a Wound costs only 1 Wound.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import configured
from strategium.config import RulesConfig
from strategium.errors import InputError


class Deferred:
    """A yes or no worked out when first asked (``bool(flag)``), then kept: an answer that costs (a Shooting
    Attack's range and line of sight to one target model) and that the attack may never need (Wounds are allocated
    to the closest models first, and often none is rolled). ``compute`` must give the same answer whenever it is
    asked (a value of what it was made from). Compares and hashes as its answer."""

    __slots__ = ("_compute", "_value")

    def __init__(self, compute: Callable[[], bool]) -> None:
        self._compute: Callable[[], bool] | None = compute
        self._value = False

    def __bool__(self) -> bool:
        compute = self._compute
        if compute is not None:
            self._value = bool(compute())
            self._compute = None
        return self._value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deferred | bool):
            return bool(self) == bool(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(bool(self))

    def __repr__(self) -> str:
        return f"Deferred({bool(self)})" if self._compute is None else "Deferred(not asked yet)"


Flag = bool | Deferred
"""A yes or no given now, or worked out when first asked (:class:`Deferred`)."""


def _positive(value: int, name: str, least: int = 1) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InputError(f"{name} must be a whole number of at least {least}, not {value!r}", field=name)


@dataclass(frozen=True)
class TargetModel:
    """One model of a target unit, as the attack pipeline needs it.

    ``wounds`` is its Wounds characteristic, ``lost`` the Wounds already lost; ``save``,
    ``invulnerable_save`` and ``cover_save`` are targets (3 means 3+; ``None``: none); ``cover_save`` is the
    cover the engine found for this model against this attack. ``weapon_skill`` is used in melee.
    ``rules`` holds its special rules, own and granted (e.g. Shrouded (5+) from Militia Cavalry Mount).
    ``strength`` its Strength now and ``unit_types`` the names of the Unit Types it counts as among those a rule
    asks of a target (Graviton Pulse: Vehicle, Dreadnought, Automata).
    ``allocatable``: it may be allocated this attack's Wounds (a Shooting Attack's only in range and line of sight
    of a firing model; the engine decides, :mod:`strategium.engine.shooting.line_of_fire`, and may defer the answer
    until
    it is asked: a :class:`Deferred`).
    Raises ``InputError`` for a Toughness or Wounds below 1 or a negative ``lost``.
    """

    name: str
    toughness: int
    wounds: int = 1
    lost: int = 0
    save: int | None = None
    invulnerable_save: int | None = None
    cover_save: int | None = None
    weapon_skill: int | None = None
    rules: tuple[RuleRef, ...] = ()
    allocatable: Flag = True
    strength: int | None = None
    unit_types: frozenset[str] = frozenset()

    @classmethod
    def made(
        cls,
        name: str,
        toughness: int,
        wounds: int,
        lost: int,
        save: int | None,
        invulnerable_save: int | None,
        cover_save: int | None,
        weapon_skill: int | None,
        rules: tuple[RuleRef, ...],
        allocatable: Flag = True,
        strength: int | None = None,
        unit_types: frozenset[str] = frozenset(),
    ) -> TargetModel:
        """The model the constructor makes from these fields (every one given, in field order), with the same checks
        and errors, built without the frozen constructor's field-by-field assignment (the engine builds one per
        model of a target, per volley)."""
        if type(toughness) is not int or type(wounds) is not int or type(lost) is not int or toughness < 1:
            return cls(
                name,
                toughness,
                wounds,
                lost,
                save,
                invulnerable_save,
                cover_save,
                weapon_skill,
                rules,
                allocatable,
                strength,
                unit_types,
            )
        if wounds < 1 or lost < 0:
            return cls(
                name,
                toughness,
                wounds,
                lost,
                save,
                invulnerable_save,
                cover_save,
                weapon_skill,
                rules,
                allocatable,
                strength,
                unit_types,
            )
        model = object.__new__(cls)
        model.__dict__.update(
            name=name,
            toughness=toughness,
            wounds=wounds,
            lost=lost,
            save=save,
            invulnerable_save=invulnerable_save,
            cover_save=cover_save,
            weapon_skill=weapon_skill,
            rules=rules,
            allocatable=allocatable,
            strength=strength,
            unit_types=unit_types,
        )
        return model

    def __post_init__(self) -> None:
        _positive(self.toughness, "Toughness")
        _positive(self.wounds, "Wounds")
        _positive(self.lost, "lost Wounds", least=0)

    @property
    def wounds_left(self) -> int:
        """Wounds the model has left (0 once removed)."""
        return max(self.wounds - self.lost, 0)

    @property
    def removed(self) -> bool:
        """True once the model has no Wounds left (a casualty)."""
        return self.wounds_left == 0

    def rule(self, name: str) -> RuleRef | None:
        """The model's rule of that canonical name, if it has one."""
        return next((r for r in self.rules if r.name == name), None)

    def has(self, name: str) -> bool:
        """True if the model has the rule of that canonical name."""
        return self.rule(name) is not None

    def with_lost(self, lost: int) -> TargetModel:
        """A copy that has lost ``lost`` Wounds in all (as ``dataclasses.replace(self, lost=lost)``, without copying
        the fields one by one). Raises ``InputError`` for a negative ``lost``."""
        _positive(lost, "lost Wounds", least=0)
        model = object.__new__(TargetModel)
        model.__dict__.update(self.__dict__)
        model.__dict__["lost"] = lost
        return model


@dataclass(frozen=True)
class TargetUnit:
    """The target unit: its models in allocation order, and the statuses that matter to Damage Mitigation.

    ``stupefied``: the unit is Stupefied (Exemplary Battles vol.1 p.107); ``stupefied_bonus``: a further
    modifier to its Stupefied rolls against this attack (Twisted Desire +2). Raises ``InputError`` for a
    unit with no models.
    """

    name: str
    models: tuple[TargetModel, ...]
    stupefied: bool = False
    stupefied_bonus: int = 0
    _alive: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.models:
            raise InputError(f"target unit {self.name!r} has no models", field="models")
        object.__setattr__(self, "_alive", tuple(i for i, m in enumerate(self.models) if m.lost < m.wounds))

    @property
    def fearless(self) -> bool:
        """True if any model of the unit has Fearless (7th-edition convention for a unit "having" a rule)."""
        return any(m.has("Fearless") for m in self.models if not m.removed)

    @property
    def alive_indices(self) -> tuple[int, ...]:
        """Indices in ``models`` of the models not yet removed, in allocation order."""
        return self._alive

    @property
    def alive(self) -> tuple[TargetModel, ...]:
        """Models not yet removed, in allocation order."""
        return tuple(self.models[i] for i in self._alive)

    @property
    def destroyed(self) -> bool:
        """True when every model has been removed."""
        return not self._alive

    def majority_toughness(self) -> int:
        """The Toughness most of the remaining models have (ties: the highest), for rolling To Wound.

        7th-edition convention (HH2's wording not read). Raises ``InputError`` if the unit is destroyed.
        """
        return majority([m.toughness for m in self.alive], self.name, "Toughness")

    def majority_weapon_skill(self) -> int:
        """The WS most of the remaining models have (ties: the highest), for melee To Hit rolls.

        Raises ``InputError`` if the unit is destroyed or a remaining model has no WS.
        """
        values = [m.weapon_skill for m in self.alive]
        if any(v is None for v in values):
            raise InputError(f"a model of {self.name!r} has no Weapon Skill", field="WS")
        return majority([v for v in values if v is not None], self.name, "WS")

    def with_model(self, index: int, model: TargetModel) -> TargetUnit:
        """A copy with the model at ``index`` replaced (as ``dataclasses.replace`` would make it: the remaining
        models' indices are those of this unit, less ``index`` if the new model is removed and the old one was not).
        Raises ``IndexError`` for an index outside ``models``."""
        models = list(self.models)
        old = models[index]
        models[index] = model
        alive = self._alive
        if (old.lost < old.wounds) != (model.lost < model.wounds):  # the model was removed (or came back)
            alive = tuple(i for i, m in enumerate(models) if m.lost < m.wounds)
        unit = object.__new__(TargetUnit)
        unit.__dict__.update(
            name=self.name,
            models=tuple(models),
            stupefied=self.stupefied,
            stupefied_bonus=self.stupefied_bonus,
            _alive=alive,
        )
        return unit


def majority(values: list[int], unit: str, what: str) -> int:
    if not values:
        raise InputError(f"target unit {unit!r} has no models left", field=what)
    return max(set(values), key=lambda v: (values.count(v), v))


def next_model_index(unit: TargetUnit, config: RulesConfig) -> int | None:
    """Index in ``unit.models`` of the model the next Wound is allocated to; ``None`` if none is left that may be
    allocated it (:attr:`TargetModel.allocatable`).

    With ``damage.wounded_models_first`` a model that has lost Wounds comes first; otherwise (and if none
    has) the first remaining model in allocation order. ``allocatable`` is asked only of the models that have
    lost Wounds, then in order up to the first that may be allocated the Wound (a :class:`Deferred` answer of the
    others is never worked out).
    """
    models = unit.models
    if config.damage.wounded_models_first:
        for i in unit.alive_indices:
            if models[i].lost > 0 and models[i].allocatable:
                return i
    return next((i for i in unit.alive_indices if models[i].allocatable), None)


def allocation_reason(config: RulesConfig) -> Reason:
    """Why Wounds go where they go (cited once per attack)."""
    order = "a model that has lost Wounds first, then " if config.damage.wounded_models_first else ""
    return configured(
        config,
        "damage.wounded_models_first",
        f"Wounds are allocated one at a time: {order}the models in the order given (closest first)",
    )


def inflicts_instant_death(strength: int, model: TargetModel, weapon_rules: tuple[RuleRef, ...]) -> Reason | None:
    """The reason a Wound of ``strength`` inflicts Instant Death on ``model``, or ``None`` if it does not.

    Instant Death comes from the weapon's Instant Death rule, or from Strength at least double the model's
    Toughness (Battle-Hardened (X) adds X to the Toughness for this test; bare Battle-Hardened is 1).
    """
    if any(r.name == "Instant Death" for r in weapon_rules):
        return Reason.of("Instant Death", "the attack has Instant Death")
    hardened = model.rule("Battle-Hardened")
    toughness = model.toughness + ((hardened.value or 1) if hardened is not None else 0)
    if strength >= 2 * toughness:
        extra = f" (T{model.toughness} with Battle-Hardened)" if hardened is not None else ""
        return Reason.of("Instant Death", f"S{strength} is at least double T{toughness}{extra}: Instant Death")
    return None


def apply_unsaved_wound(
    model: TargetModel, *, instant_death: bool, wounds: int = 1
) -> tuple[TargetModel, Reason | None]:
    """``model`` after one unsaved, unmitigated Wound worth ``wounds`` Wounds, and the reason when Instant Death
    or Eternal Warrior changed the loss. Raises ``InputError`` if ``wounds`` is below 1.
    """
    _positive(wounds, "wounds")
    if instant_death:
        if model.has("Eternal Warrior"):
            reason = Reason.of("Eternal Warrior", f"Eternal Warrior: {model.name} loses only 1 Wound to Instant Death")
            return model.with_lost(model.lost + 1), reason
        reason = Reason.of("Instant Death", f"{model.name} is reduced to 0 Wounds by Instant Death")
        return model.with_lost(model.wounds), reason
    return model.with_lost(min(model.lost + wounds, model.wounds)), None
