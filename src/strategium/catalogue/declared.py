"""The vocabulary of declared rules: a rule's clauses as data (a trigger, conditions, effect primitives, its (X)).

Most weapon and unit rules are "at this point of the attack pipeline, when this holds, do that": a **trigger** (a
roll the pipeline makes), **conditions** (all must hold) and **effect primitives**, with the rule's (X) in them.
Written as :class:`Clause` values in ``clauses_weapon.py`` / ``clauses_unit.py`` (looked up by rule name through
:mod:`strategium.catalogue.clauses`), a rule costs a few lines of data and a test; book, page and paraphrase stay in
its :class:`~strategium.catalogue.definitions.RuleDef`, and every ruling made from a clause cites the rule with the
clause's id ("REN-1: ...").

These are plain frozen values: nothing here acts. The interpreter is :mod:`strategium.combat.declared` (the attack
pipeline's hook points); what each primitive means on one die is written there, with every trigger it is played
at. A rule the vocabulary cannot say keeps a module of its own in ``strategium/rules/<kind>/``, registering on the
engine's hooks.

Conditions are of two sorts:

- **attack conditions**, known once per attack: a :class:`Situation` (the engine decides the ones about the game,
  such as the first round of a combat, and passes them in ``AttackSpec.situation``; the pipeline adds close combat
  or shooting, whether the target has an Armour Value and, at the To Wound roll, whether the attack's Strength is
  higher than the Toughness), :class:`Not` of one, :class:`TargetMatches`, :class:`Variant` (the rule's (X) names
  its variant);
- **die conditions**, decided per die inside the roll: :class:`Natural` (an unmodified result of X or more).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Trigger(StrEnum):
    """The roll of the attack pipeline a clause acts at (the interpreter plays each one; more are added with
    their hook point: saves, Damage Mitigation, the loss of Wounds, and the phase machine's rolls)."""

    TO_HIT_ROLL = "To Hit roll"
    TO_WOUND_ROLL = "To Wound roll"
    ARMOUR_PENETRATION_ROLL = "Armour Penetration roll"
    WOUND_ALLOCATED = "Wound allocation"
    """A Wound of the attack is allocated to a model of the target (before its save is rolled)."""


class Bearer(StrEnum):
    """Who carries the rule for a clause to act: the weapon (its profile's rules), the attacking model (its own
    rules and those its unit gained from an effect in force; the engine adds those with clauses a model bears to its
    close combat attacks: ``strategium.combat.declared.acting_rules``), or either (a weapon rule that also acts when
    the model has it, as Rending (X), p.246: on the model's close combat attacks)."""

    WEAPON = "weapon"
    MODEL = "model"
    WEAPON_OR_MODEL = "weapon or model"

    @property
    def model_bears(self) -> bool:
        """True if the clause acts when the attacking model has the rule."""
        return self is not Bearer.WEAPON


@dataclass(frozen=True)
class XRef:
    """ "The rule's (X)", resolved from the ``RuleRef`` that carries the rule: its ``value`` for a number or a D6
    target ("Rending (6+)": 6), its ``x_text`` for a word ("Hatred (Everything)"). Use the one value :data:`X`."""

    def __repr__(self) -> str:
        return "X"


X: Final = XRef()
"""The (X) of the rule a clause belongs to."""


class Situation(StrEnum):
    """An attack condition: a fact about the attack as a whole."""

    MELEE = "close combat"
    SHOOTING = "shooting"
    TARGET_HAS_ARMOUR_VALUE = "the target has an Armour Value"
    """A Vehicle or Building (penetration rolls), not a unit of models with a Toughness."""
    FIRST_ROUND_OF_COMBAT = "the first round of a combat"
    """Decided by the engine, per attacking unit: it made a successful Charge this Player Turn, or an enemy unit's
    successful Charge of this Player Turn locked it (:func:`strategium.engine.assault.fight.first_round`)."""
    TARGET_DREADNOUGHT_OR_AUTOMATA = "the target is of the Dreadnought or Automata Unit Type"
    """Decided by the engine, per attack, for the unit the attack is resolved against: most of its living models
    (joined characters included) are Dreadnoughts or Automata (rulebook p.195;
    :func:`strategium.engine.attacks.damage.target_situation`). Never with an Armour Value target."""
    STRENGTH_ABOVE_TOUGHNESS = "the attack's Strength is higher than the target's Toughness"
    """Decided by the pipeline at the To Wound roll, against the Toughness that roll is made against (the target
    unit's majority Toughness); so asked only by To Wound clauses (Poisoned (X), p.244)."""
    TEMPLATE_WEAPON = "the attack is a Template weapon's"
    """Decided by the pipeline: the attack's rules include Template (a Template weapon's, p.248: the engine adds
    the rule to every weapon with the Template range), as Twin-linked Template weapons' re-rolls ask (p.249)."""
    WITHIN_HALF_RANGE = "the firer is within half the weapon's range of the target"
    """Decided by the shooting plan, per volley, for a weapon whose clauses ask it (Armourbane (Melta), p.231): its
    firers' closest distance to the target is half the weapon's Maximum Range or less (firers within and beyond
    half range fire separate volleys); for a Blast weapon, the distance from the firer to the marker's centre after
    it scattered, per marker. Never in close combat (an attack there has no range)."""


AT_TO_WOUND_ROLL: Final[frozenset[Situation]] = frozenset({Situation.STRENGTH_ABOVE_TOUGHNESS})
"""The attack conditions decided at the To Wound roll rather than once per attack."""


@dataclass(frozen=True)
class Not:
    """The attack condition ``inner`` does not hold."""

    inner: Situation


@dataclass(frozen=True)
class TargetMatches:
    """The target is the foe the (X) names (Hatred (X)): ``Everything``, or no (X), is every enemy. An (X) the
    interpreter cannot read leaves the clause unapplied, with a ruling that says so."""

    x: XRef = X


@dataclass(frozen=True)
class Variant:
    """The rule is carried in this variant: its (X) as written is ``name`` (any case), or it has none (``name``
    ``None``): "Armourbane (Melee)". A rule whose clauses ask a variant and whose (X) names none of them is not
    applied, with a ruling that says so."""

    name: str | None = None


@dataclass(frozen=True)
class Natural:
    """A die condition: the die's unmodified result is ``at_least`` or more (after any re-roll of it; for a roll that
    keeps some dice, each kept die is read)."""

    at_least: int | XRef = X


Condition = Situation | Not | TargetMatches | Variant | Natural
"""Any condition of a clause."""


class RerollWhich(StrEnum):
    """Which dice a :class:`Reroll` re-rolls."""

    FAILED = "failed"
    ONES = "results of 1"
    ONE_FAILED = "failed roll"
    """At To Hit and To Wound rolls: one failed die of the roll (Master-crafted, p.243)."""
    SUCCESSFUL = "successful results"
    """At To Hit and To Wound rolls: each die that succeeded (Dreadnought and Automata Unit Types, p.195, against
    Fleshbane and Poisoned Wounds)."""
    GLANCING = "Glancing Hits"
    """At the Armour Penetration roll only: a roll whose total gives a Glancing Hit (Sunder, p.247)."""


@dataclass(frozen=True)
class Reroll:
    """Re-roll the dice of the roll that ``which`` names, once each (a die is never re-rolled twice; the second
    result stands). Played at To Hit and To Wound rolls (``FAILED``, ``ONES``: per die) and at the Armour
    Penetration roll (``FAILED``: a roll whose total has no effect; ``GLANCING``: one whose total gives a Glancing
    Hit, re-rolled when a new roll is at least as likely to Penetrate as to have no effect: the attacker's choice).
    At the Armour Penetration roll the whole roll is made again, its dice and what clauses add to it, once: the
    second result stands."""

    which: RerollWhich = RerollWhich.FAILED


@dataclass(frozen=True)
class AutoWound:
    """The To Wound die wounds whatever the Toughness (even one the Strength could not wound)."""


@dataclass(frozen=True)
class SetAp:
    """The Wound of this To Wound die is resolved at AP ``ap``; ``if_better``: only when that is better than the
    weapon's AP (the attacker's choice, taken when it helps)."""

    ap: int
    if_better: bool = False


@dataclass(frozen=True)
class InstantDeath:
    """The Wound of this To Wound die inflicts Instant Death."""


@dataclass(frozen=True)
class AddDice:
    """Add ``count`` dice of ``sides`` (3 or 6) to the total of an Armour Penetration roll: for each kept die that
    meets the clause's :class:`Natural` (Rending's D3, p.246), or once per roll for a clause without one."""

    count: int
    sides: int


@dataclass(frozen=True)
class MultiplyWounds:
    """The Wound allocated to a model becomes ``times`` Wounds on that model, each with the Wound's AP and rules and
    each saved, mitigated and lost on its own; those left once the model is removed are lost, never allocated to
    another model (Brutal (X), p.117)."""

    times: int | XRef = X


Effect = Reroll | AutoWound | SetAp | InstantDeath | AddDice | MultiplyWounds
"""Any effect primitive."""

PLAYED: Final[dict[Trigger, tuple[type, ...]]] = {
    Trigger.TO_HIT_ROLL: (Reroll,),
    Trigger.TO_WOUND_ROLL: (Reroll, AutoWound, SetAp, InstantDeath),
    Trigger.ARMOUR_PENETRATION_ROLL: (AddDice, Reroll),
    Trigger.WOUND_ALLOCATED: (MultiplyWounds,),
}
"""The effects the interpreter plays at each trigger. A :class:`Reroll` acts on the whole roll and takes attack
conditions only (``RerollWhich.GLANCING`` at the Armour Penetration roll only, ``ONES`` not there); the others act
on one die and may take :class:`Natural`."""


@dataclass(frozen=True)
class Clause:
    """One clause of a declared rule.

    ``id``: what the ruling names ("REN-1"); ``trigger``: the roll it acts at; ``when``: conditions, all of which
    must hold; ``effect``: what it does, in order; ``text``: the ruling in the project's words, ``{x}`` standing for
    the (X) as written ("6+", "Everything"); ``bearer``: who carries the rule.
    """

    id: str
    trigger: Trigger
    when: tuple[Condition, ...]
    effect: tuple[Effect, ...]
    text: str
    bearer: Bearer = Bearer.WEAPON

    def uses_x(self) -> bool:
        """True if a condition, an effect or the text refers to the rule's (X)."""
        parts: list[object] = [*self.when, *self.effect]
        names = ("at_least", "x", "times")
        refers = any(isinstance(getattr(p, name, None), XRef) for p in parts for name in names)
        return refers or "{x}" in self.text

    def ruling(self, x_text: str | None) -> str:
        """The clause's ruling with its (X) filled in: "REN-1: a To Wound roll of 6+ ..."."""
        return f"{self.id}: {self.text.replace('{x}', x_text if x_text is not None else 'X')}"
