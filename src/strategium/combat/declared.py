"""The interpreter of declared rules in the attack pipeline: which clauses act on an attack, and what each effect
primitive does to the dice (the vocabulary: :mod:`strategium.catalogue.declared`; the clauses:
:mod:`strategium.catalogue.clauses`).

:func:`declared_for` gives, once per kind of attack (kept by its rules, close combat or shooting, the engine's
situation flags and whether the target has an Armour Value), a :class:`Declared`: the clauses of the attack's rules
at each trigger whose attack conditions hold, each bound to its rule's (X), or ``None`` when no clause acts (the
pipeline then runs exactly as without declared rules: the hot path pays one dictionary lookup). The pipeline's hook
points call the functions below:

- **To Hit roll** (:func:`strategium.combat.attack.roll_to_hit`) and **To Wound roll**
  (:func:`strategium.combat.attack.roll_to_wound`): :func:`reroll` first. ``Reroll(FAILED)`` re-rolls each die that
  failed, ``Reroll(SUCCESSFUL)`` each that succeeded (p.195), ``Reroll(ONES)`` each result of 1, all at once in
  one roll; a die is re-rolled once, the second result standing (exact chance of a success with
  ``Reroll(FAILED)``: p + (1 - p) p). A shooting roll whose misses the BS 6+ re-roll already took is not re-rolled
  again.
- a To Wound clause asking ``Situation.STRENGTH_ABOVE_TOUGHNESS`` acts only when the attack's Strength is higher
  than the Toughness the roll is made against (:func:`at_toughness`; Poisoned (X)'s re-roll, p.244).
- then, To Wound only, per die (:func:`wound_tags`): a die whose unmodified result (after its re-roll) is X or more
  (``Natural(X)``) takes the effects of the clause: ``AutoWound`` (it wounds whatever the Toughness, even one the
  Strength could not wound: the dice are rolled then, and only such results wound), ``SetAp(ap)`` (its Wound is
  resolved at that AP; ``if_better``: only when that is better than the weapon's), ``InstantDeath``. Wounds resolved
  alike form one :class:`~strategium.combat.attack.WoundGroup`; the groups a clause made are allocated before the
  attack's others or after them (``damage.special_wounds_first``).
- **Armour Penetration roll** (:func:`penetration_bonus`): each kept die of the roll whose unmodified result is X or
  more adds the ``AddDice`` dice to the total, rolled there and then (a clause without a die condition adds them
  once per roll). Then ``Reroll`` (:func:`penetration_reroll`): ``FAILED`` makes a roll that has no effect again,
  ``GLANCING`` one that gives a Glancing Hit when the attacker chooses to (:func:`reroll_glancing`: a new roll is at
  least as likely to Penetrate as to have no effect); the whole roll is remade once, its dice and what the clauses
  add, and the second result stands (Sunder, p.247).
- **Wound allocation** (:func:`wounds_per_allocation`, read by :func:`strategium.combat.attack.resolve_attack`):
  ``MultiplyWounds(X)`` makes each Wound allocated to a model X Wounds on it, each saved, mitigated and lost on its
  own with the Wound's AP and Instant Death; those left once the model is removed are lost (no spill over).

An attack's rules are its weapon's and, in close combat, its model's that a clause lets the model bear
(:func:`acting_rules`: Hatred; Rending, which a model that has it uses on its close combat attacks whatever the
weapon, p.246), joined by :func:`attack_rules` so that a rule held by both is played once.

Every ruling a clause makes cites its rule (book and page from the registry) with the clause id: ``Reason.of
("Rending", "REN-1: ...")``. A clause whose (X) cannot be read (a ``Natural(X)`` without a number; a foe
``TargetMatches`` does not know: only ``Everything`` or no foe, every enemy, is read yet) is not applied, and the
attack carries a ruling that says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from strategium.catalogue.citations import Reason
from strategium.catalogue.clauses import clauses_of, declared_rules
from strategium.catalogue.declared import (
    AT_TO_WOUND_ROLL,
    AddDice,
    AutoWound,
    Clause,
    InstantDeath,
    MultiplyWounds,
    Natural,
    Not,
    Reroll,
    RerollWhich,
    SetAp,
    Situation,
    TargetMatches,
    Trigger,
    Variant,
    XRef,
)
from strategium.catalogue.registry import RuleEntry, RuleRef, rule_key
from strategium.dice import Dice, Roll


@dataclass(frozen=True)
class Bound:
    """A clause acting on an attack: the clause, the rule that carries it, its die condition's threshold (``natural``:
    the unmodified result needed; ``None``: no die condition) and its ruling, (X) filled in, citing the rule."""

    clause: Clause
    rule: RuleRef
    natural: int | None
    reason: Reason

    def holds(self, face: int) -> bool:
        """True if the die condition holds for an unmodified result ``face`` (always, without one)."""
        return self.natural is None or face >= self.natural


@dataclass(frozen=True)
class Declared:
    """The clauses acting on one kind of attack, by trigger, and the rulings of those left unapplied (``notes``)."""

    to_hit: tuple[Bound, ...] = ()
    to_wound: tuple[Bound, ...] = ()
    penetration: tuple[Bound, ...] = ()
    notes: tuple[Reason, ...] = ()
    allocation: tuple[Bound, ...] = ()


_Key = tuple[tuple[RuleRef, ...], bool, frozenset[Situation], bool]
_PLANS: dict[_Key, Declared | None] = {}
_PLANS_LIMIT = 4096
_ACTING: dict[tuple[RuleEntry, ...], tuple[RuleRef, ...]] = {}


def declared_for(
    rules: tuple[RuleRef, ...], *, melee: bool, situation: frozenset[Situation], vehicle: bool
) -> Declared | None:
    """The clauses of ``rules`` (a weapon's and its attacking model's) acting on an attack in close combat
    (``melee``) or shooting, with the engine's ``situation`` flags, against a target with an Armour Value
    (``vehicle``) or not; ``None`` when none acts and nothing is to be said. Kept per key (values only)."""
    if not rules:
        return None
    key = (rules, melee, situation, vehicle)
    if key in _PLANS:
        return _PLANS[key]
    if len(_PLANS) >= _PLANS_LIMIT:
        _PLANS.clear()
    plan = _PLANS[key] = _plan(rules, melee, situation, vehicle)
    return plan


def _plan(rules: tuple[RuleRef, ...], melee: bool, situation: frozenset[Situation], vehicle: bool) -> Declared | None:
    known = declared_rules()
    facts = set(situation)
    facts.add(Situation.MELEE if melee else Situation.SHOOTING)
    if vehicle:
        facts.add(Situation.TARGET_HAS_ARMOUR_VALUE)
    if any(ref.name == "Template" for ref in rules):
        facts.add(Situation.TEMPLATE_WEAPON)
    bound: dict[Trigger, list[Bound]] = {trigger: [] for trigger in Trigger}
    notes: list[Reason] = []
    for ref in rules:
        if ref.name not in known:
            continue
        if not _variant_read(ref):
            if any(_situations_hold(clause, facts) for clause in clauses_of(ref.name)):
                notes.append(Reason.of(ref.name, f"{ref} not applied: this variant is not read yet"))
            continue
        for clause in clauses_of(ref.name):
            made = _bind(clause, ref, facts, notes)
            if made is None:
                continue
            if made.natural is None and any(
                b.rule.name == ref.name and b.natural is None and b.clause.effect == clause.effect
                for b in bound[clause.trigger]
            ):
                continue  # the same rule held twice (Armourbane on the weapon, Armourbane (Melee) on the model): once
            bound[clause.trigger].append(made)
    if not notes and not any(bound.values()):
        return None
    return Declared(
        tuple(bound[Trigger.TO_HIT_ROLL]),
        tuple(bound[Trigger.TO_WOUND_ROLL]),
        tuple(bound[Trigger.ARMOUR_PENETRATION_ROLL]),
        tuple(notes),
        tuple(bound[Trigger.WOUND_ALLOCATED]),
    )


def _situations_hold(clause: Clause, facts: set[Situation]) -> bool:
    """True if the attack conditions of ``clause`` decided once per attack hold with ``facts``."""
    for condition in clause.when:
        if isinstance(condition, Situation) and condition not in facts and condition not in AT_TO_WOUND_ROLL:
            return False
        if isinstance(condition, Not) and condition.inner in facts and condition.inner not in AT_TO_WOUND_ROLL:
            return False
    return True


def _variant_read(ref: RuleRef) -> bool:
    """True unless the clauses of ``ref``'s rule ask a :class:`Variant` and none is the one ``ref`` names."""
    asked = [c for clause in clauses_of(ref.name) for c in clause.when if isinstance(c, Variant)]
    return not asked or any(_is_variant(ref, c) for c in asked)


def _is_variant(ref: RuleRef, condition: Variant) -> bool:
    if condition.name is None or ref.x_text is None:
        return condition.name is None and ref.x_text is None
    return rule_key(condition.name) == rule_key(ref.x_text)


def _bind(clause: Clause, ref: RuleRef, facts: set[Situation], notes: list[Reason]) -> Bound | None:
    """``clause`` of ``ref`` bound to the attack, or ``None`` when an attack condition does not hold (or its (X)
    cannot be read: then a ruling is added to ``notes``)."""
    natural: int | None = None
    if not _situations_hold(clause, facts):
        return None
    for condition in clause.when:
        if isinstance(condition, Variant) and not _is_variant(ref, condition):
            return None
    for condition in clause.when:
        if isinstance(condition, Natural):
            value = ref.value if isinstance(condition.at_least, XRef) else condition.at_least
            if value is None:
                notes.append(Reason.of(ref.name, f"{clause.id} not applied: {ref} has no (X) that can be read"))
                return None
            natural = value if natural is None else max(natural, value)
        if isinstance(condition, TargetMatches) and not _every_enemy(ref.x_text):
            notes.append(
                Reason.of(
                    ref.name,
                    f"{clause.id} not applied: the foe {ref.x_text!r} is not read yet (only Everything, or no foe "
                    "named, is: every enemy)",
                )
            )
            return None
    for effect in clause.effect:
        if isinstance(effect, MultiplyWounds) and isinstance(effect.times, XRef) and ref.value is None:
            notes.append(Reason.of(ref.name, f"{clause.id} not applied: {ref} has no (X) that can be read"))
            return None
    return Bound(clause, ref, natural, Reason.of(ref.name, clause.ruling(ref.x_text)))


def _cite(bound: Bound, what: str) -> Reason:
    """The clause's ruling followed by what it did here ("...: 2 failed re-rolled")."""
    reason = bound.reason
    return Reason(reason.rule, f"{reason.text}: {what}", reason.page, reason.book)


def _every_enemy(x_text: str | None) -> bool:
    """True if a foe named ``x_text`` is every enemy: ``Everything`` (any case), or no foe named."""
    return x_text is None or rule_key(x_text) == "everything"


def acting_rules(model_rules: tuple[RuleEntry, ...]) -> tuple[RuleRef, ...]:
    """The rules of an attacking model that act on its close combat attacks (those with a clause the model bears:
    ``Bearer.MODEL``, or ``Bearer.WEAPON_OR_MODEL`` as Rending, p.246), in order; ``model_rules`` are its own and
    those its unit gained from effects in force. The engine joins them to the weapon's (:func:`attack_rules`). Kept
    per tuple of rules."""
    known = _ACTING.get(model_rules)
    if known is None:
        names = declared_rules()
        known = tuple(
            r
            for r in model_rules
            if isinstance(r, RuleRef) and r.name in names and any(c.bearer.model_bears for c in clauses_of(r.name))
        )
        if len(_ACTING) >= _PLANS_LIMIT:
            _ACTING.clear()
        _ACTING[model_rules] = known
    return known


_JOINED: dict[tuple[tuple[RuleRef, ...], tuple[RuleRef, ...]], tuple[RuleRef, ...]] = {}


def attack_rules(weapon: tuple[RuleRef, ...], acting: tuple[RuleRef, ...]) -> tuple[RuleRef, ...]:
    """The rules of a close combat attack: the weapon's, then the model's that act on it (``acting``, from
    :func:`acting_rules`), a declared rule held twice being played once. The same rule with the same (X) is kept
    once (a model's own Hatred (Everything) and the same gained from an effect); a rule whose clauses ask
    ``Natural(X)``, held by both the weapon and the model or twice by the model, is kept once in the place of its
    first, at its lowest (X) (it holds on the most results: Rending (5+) on the weapon and Rending (6+) on the model
    rend on 5+, once). Rules of one name with other (X) are all kept (Hatred of two foes). ``weapon`` is returned
    as it is when ``acting`` is empty. Kept per pair."""
    if not acting:
        return weapon
    key = (weapon, acting)
    known = _JOINED.get(key)
    if known is None:
        out = list(weapon)
        for ref in acting:
            same = next((i for i, r in enumerate(out) if _same(r, ref)), None)
            if same is None:
                out.append(ref)
            elif ref.value is not None and _natural(ref.name) and (out[same].value or 7) > ref.value:
                out[same] = ref
        if len(_JOINED) >= _PLANS_LIMIT:
            _JOINED.clear()
        known = _JOINED[key] = tuple(out)
    return known


def _same(a: RuleRef, b: RuleRef) -> bool:
    """True if ``b`` adds nothing to an attack that holds ``a`` (see :func:`attack_rules`)."""
    if a.name != b.name:
        return False
    return (a.value, a.x_text) == (b.value, b.x_text) or _natural(a.name)


def _natural(name: str) -> bool:
    """True if a clause of the rule ``name`` asks ``Natural(X)``."""
    return any(isinstance(c, Natural) and isinstance(c.at_least, XRef) for cl in clauses_of(name) for c in cl.when)


# -- re-rolls (To Hit, To Wound) ---------------------------------------------------------------------------------


def reroll(
    dice: Dice,
    bounds: tuple[Bound, ...],
    faces: tuple[int, ...],
    succeeds: Callable[[int], bool],
    *,
    reason: str,
    who: str | None,
) -> tuple[tuple[int, ...], Roll | None, tuple[Reason, ...]]:
    """Apply the ``Reroll`` clauses of ``bounds`` to a roll of ``faces`` (``succeeds``: whether a result succeeds):
    (the faces after the re-roll, in the same order; the re-roll made, or ``None``; the rulings). The dice are
    re-rolled together, each once, in one roll whose dice reason is ``reason`` and the rules' names."""
    chosen: set[int] = set()
    rulings: list[Reason] = []
    names: list[str] = []
    for bound in bounds:
        for effect in bound.clause.effect:
            if not isinstance(effect, Reroll):
                continue
            if effect.which is RerollWhich.FAILED:
                picked = [i for i, face in enumerate(faces) if not succeeds(face)]
            elif effect.which is RerollWhich.ONE_FAILED:
                picked = [i for i, face in enumerate(faces) if not succeeds(face)][:1]
            elif effect.which is RerollWhich.SUCCESSFUL:
                picked = [i for i, face in enumerate(faces) if succeeds(face)]
            else:
                picked = [i for i, face in enumerate(faces) if face == 1]
            if picked:
                chosen.update(picked)
                rulings.append(_cite(bound, f"{len(picked)} {effect.which} re-rolled"))
                if bound.rule.name not in names:
                    names.append(bound.rule.name)
    if not chosen:
        return faces, None, ()
    order = sorted(chosen)
    again = dice.roll(len(order), 6, reason=f"{reason} ({', '.join(names)})", who=who)
    new = list(faces)
    for i, face in zip(order, again.results, strict=True):
        new[i] = face
    return tuple(new), again, tuple(rulings)


# -- To Wound: the die's own AP and Instant Death ----------------------------------------------------------------

WoundTag = tuple[int | None, Reason | None, tuple[Reason, ...]]
"""How one Wound is resolved: its AP, the ruling of a clause that gives it Instant Death (``None``: none does), and
the rulings it cites."""


def at_toughness(bounds: tuple[Bound, ...], strength: int, toughness: int) -> tuple[Bound, ...]:
    """The To Wound clauses of ``bounds`` that act against ``toughness`` with ``strength``: those asking a condition
    decided at the To Wound roll (``Situation.STRENGTH_ABOVE_TOUGHNESS``, or its ``Not``) only when it holds.
    ``bounds`` is returned as it is when none asks one."""
    if not any(isinstance(c, Situation | Not) and _inner(c) in AT_TO_WOUND_ROLL for b in bounds for c in b.clause.when):
        return bounds
    facts = {Situation.STRENGTH_ABOVE_TOUGHNESS} if strength > toughness else set()
    return tuple(b for b in bounds if all(_roll_holds(c, facts) for c in b.clause.when))


def _inner(condition: Situation | Not) -> Situation:
    return condition.inner if isinstance(condition, Not) else condition


def _roll_holds(condition: object, facts: set[Situation]) -> bool:
    """True unless ``condition`` is one decided at the To Wound roll that does not hold with ``facts``."""
    if isinstance(condition, Situation) and condition in AT_TO_WOUND_ROLL:
        return condition in facts
    if isinstance(condition, Not) and condition.inner in AT_TO_WOUND_ROLL:
        return condition.inner not in facts
    return True


def auto_wounds(bounds: tuple[Bound, ...]) -> tuple[Bound, ...]:
    """The clauses of ``bounds`` that make a die wound whatever the Toughness."""
    return tuple(b for b in bounds if any(isinstance(e, AutoWound) for e in b.clause.effect))


def wound_tags(
    bounds: tuple[Bound, ...], faces: tuple[int, ...], wounded: tuple[bool, ...], ap: int | None
) -> tuple[list[WoundTag], tuple[Reason, ...]]:
    """The tag of each successful To Wound die (``wounded``), in roll order, given the attack's ``ap``, and the
    rulings of the clauses that changed one (once each, with how many dice)."""
    tags: list[WoundTag] = []
    used: dict[str, tuple[Bound, int]] = {}
    for face, success in zip(faces, wounded, strict=True):
        if not success:
            continue
        die_ap: int | None = ap
        death: Reason | None = None
        why: list[Reason] = []
        for bound in bounds:
            if not bound.holds(face):
                continue
            for effect in bound.clause.effect:
                if isinstance(effect, SetAp) and (not effect.if_better or die_ap is None or effect.ap < die_ap):
                    if die_ap != effect.ap:
                        die_ap = effect.ap
                        why.append(
                            Reason.of(bound.rule.name, f"{bound.clause.id}: this Wound is resolved at AP {effect.ap}")
                        )
                elif isinstance(effect, InstantDeath) and death is None:
                    death = Reason.of(bound.rule.name, f"{bound.clause.id}: this Wound inflicts Instant Death")
            if bound.natural is not None and any(not isinstance(e, Reroll) for e in bound.clause.effect):
                seen = used.get(bound.clause.id)
                used[bound.clause.id] = (bound, 1 if seen is None else seen[1] + 1)
        tags.append((die_ap, death, tuple(why)))
    rulings = tuple(_cite(b, f"{n} {'die' if n == 1 else 'dice'}") for b, n in used.values())
    return tags, rulings


# -- Armour Penetration ------------------------------------------------------------------------------------------


def penetration_bonus(
    dice: Dice, bounds: tuple[Bound, ...], kept: tuple[int, ...], *, label: str, who: str | None
) -> tuple[int, tuple[Roll, ...], tuple[Reason, ...]]:
    """What the ``AddDice`` clauses of ``bounds`` add to an Armour Penetration roll whose kept dice are ``kept``:
    (the total added, the dice rolled for it, the rulings). Each kept die meeting a clause's condition adds its
    dice, rolled at once (dice reason: the rule's name and ``label``)."""
    total = 0
    rolls: list[Roll] = []
    rulings: list[Reason] = []
    for bound in bounds:
        for effect in bound.clause.effect:
            if not isinstance(effect, AddDice):
                continue
            for face in kept if bound.natural is not None else (None,):
                if face is not None and not bound.holds(face):
                    continue
                roll = dice.roll(effect.count, effect.sides, reason=f"{bound.rule.name}: {label}", who=who)
                rolls.append(roll)
                total += roll.total
                rulings.append(_cite(bound, f"{'the roll' if face is None else f'a {face}'} adds {roll.total}"))
    return total, tuple(rolls), tuple(rulings)


def wounds_per_allocation(bounds: tuple[Bound, ...]) -> tuple[int, Reason | None]:
    """The Wounds a model suffers for each Wound of the attack allocated to it, by the ``MultiplyWounds`` clauses of
    ``bounds`` (the Wound allocation trigger), and the ruling that says so (``(1, None)``: none acts). Several acting
    (two Brutal values), the most Wounds is taken (project reading: one weapon carries one Brutal)."""
    best: tuple[int, Reason | None] = (1, None)
    for bound in bounds:
        for effect in bound.clause.effect:
            if not isinstance(effect, MultiplyWounds):
                continue
            times = bound.rule.value if isinstance(effect.times, XRef) else effect.times
            if times is not None and times > best[0]:
                best = (times, bound.reason)
    return best


def penetration_reroll(
    bounds: tuple[Bound, ...], *, glancing: bool, count: int, keep: int, strength: int, armour: int
) -> tuple[Bound | None, tuple[Reason, ...]]:
    """The ``Reroll`` clause of ``bounds`` that makes again an Armour Penetration roll whose total gives a Glancing
    Hit (``glancing``) or has no effect (not ``glancing``), with its ruling; (``None``, ()) when none does. A
    Glancing Hit is re-rolled when the attacker chooses to (:func:`reroll_glancing`, with the roll's ``count`` D6
    keeping the ``keep`` highest, ``strength`` and ``armour``); the ruling says so when not."""
    want = RerollWhich.GLANCING if glancing else RerollWhich.FAILED
    bound = next((b for b in bounds if any(isinstance(e, Reroll) and e.which is want for e in b.clause.effect)), None)
    if bound is None:
        return None, ()
    if not glancing:
        return bound, (_cite(bound, "re-rolled"),)
    take, pen, none = reroll_glancing(bounds, count=count, keep=keep, strength=strength, armour=armour)
    odds = f"a new roll Penetrates {float(pen):.0%}, has no effect {float(none):.0%}"
    if not take:
        return None, (_cite(bound, f"not taken ({odds})"),)
    return bound, (_cite(bound, f"re-rolled ({odds})"),)


def reroll_glancing(
    bounds: tuple[Bound, ...], *, count: int, keep: int, strength: int, armour: int
) -> tuple[bool, Fraction, Fraction]:
    """Whether the attacker re-rolls a Glancing Hit (Sunder, p.247: "in an attempt to get a Penetrating Hit", the
    second result kept): (re-roll, the chance a new roll Penetrates, the chance it has no effect). A new roll is
    ``count`` D6 keeping the ``keep`` highest, plus ``strength`` and what the ``AddDice`` clauses of ``bounds`` add,
    against ``armour``; the attacker re-rolls when Penetrating is at least as likely as no effect (project reading:
    a Penetrating Hit is worth a Glancing Hit and a Vehicle Damage roll)."""
    adds = tuple((b.natural, e.count, e.sides) for b in bounds for e in b.clause.effect if isinstance(e, AddDice))
    pen, none = _pen_chances(adds, count, keep, strength, armour)
    return pen >= none, pen, none


@cache
def _pen_chances(
    adds: tuple[tuple[int | None, int, int], ...], count: int, keep: int, strength: int, armour: int
) -> tuple[Fraction, Fraction]:
    """(P(total > armour), P(total < armour)) of a fresh Armour Penetration roll, by enumeration."""
    pen = none = Fraction(0)
    each = Fraction(1, 6**count)
    for faces in product(range(1, 7), repeat=count):
        kept = sorted(faces, reverse=True)[:keep]
        base = sum(kept) + strength
        extra: dict[int, Fraction] = {0: Fraction(1)}
        for natural, n, sides in adds:
            times = 1 if natural is None else sum(1 for f in kept if f >= natural)
            for _ in range(times * n):
                grown: dict[int, Fraction] = {}
                for value, chance in extra.items():
                    for side in range(1, sides + 1):
                        grown[value + side] = grown.get(value + side, Fraction(0)) + chance / sides
                extra = grown
        for value, chance in extra.items():
            if base + value > armour:
                pen += each * chance
            elif base + value < armour:
                none += each * chance
    return pen, none
