"""What one group of identical shots or close combat attacks is (:class:`AttackSpec`) and how it is made
(:class:`AttackMode`); resolved by :func:`strategium.combat.attack.resolve_attack`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from strategium.catalogue.declared import Situation
from strategium.catalogue.registry import RuleRef
from strategium.combat.declared import (
    Declared,
    declared_for,
)
from strategium.combat.saves import check_ap
from strategium.errors import InputError
from strategium.model.weapons import WeaponClass


class AttackMode(StrEnum):
    """Shooting Attack or close combat."""

    SHOOTING = "shooting"
    MELEE = "melee"


@dataclass(frozen=True)
class AttackSpec:
    """One group of identical shots or attacks.

    ``count``: shots or attacks (or hits, when ``skill`` is ``None``: they hit automatically, as Hammer of
    Wrath or Wall of Death hits). ``skill``: the firer's BS (shooting) or WS (melee). ``snap_shots``: fired
    as Snap Shots; ``primarch``: the firer is a Primarch (keeps its BS for Snap Shots, p.196).
    ``strength`` is the final Strength (the engine has added Stupefied +1 and the like); ``ap`` 1-6 or
    ``None`` for "-". ``weapon_class`` matters against vehicles (Ordnance, Destroyer). ``rules``: the weapon's
    special rules plus the attacker's rules that act on the attack (Night Vision; those with declared clauses,
    :func:`strategium.combat.declared.acting_rules`). ``attacker`` names who rolls, for the dice log.
    ``situation``: what the engine knows of the attack that declared clauses ask (the first round of a combat);
    close combat or shooting and the target's kind the pipeline adds itself. Raises ``InputError`` for a count
    below 1, a Strength below 1 or a bad AP.
    """

    name: str
    count: int
    strength: int
    ap: int | None = None
    mode: AttackMode = AttackMode.SHOOTING
    skill: int | None = None
    snap_shots: bool = False
    primarch: bool = False
    weapon_class: WeaponClass | None = None
    rules: tuple[RuleRef, ...] = ()
    attacker: str | None = None
    situation: frozenset[Situation] = frozenset()

    def __post_init__(self) -> None:
        for value, what in ((self.count, "count"), (self.strength, "Strength")):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InputError(f"{what} must be a whole number of at least 1, not {value!r}", field=what)
        check_ap(self.ap)

    def has(self, name: str) -> bool:
        """True if the attack has the rule of that canonical name."""
        return any(r.name == name for r in self.rules)

    def declared(self, *, vehicle: bool) -> Declared | None:
        """The declared clauses acting on this attack against a target with an Armour Value (``vehicle``) or not
        (:func:`strategium.combat.declared.declared_for`); ``None`` when none does."""
        return declared_for(self.rules, melee=self.melee, situation=self.situation, vehicle=vehicle)

    @property
    def melee(self) -> bool:
        """True for close combat attacks."""
        return self.mode is AttackMode.MELEE

    @property
    def ignores_cover(self) -> bool:
        """True if the attack has Ignores Cover (Template weapons have it, p.248)."""
        return self.has("Ignores Cover") or self.has("Template")

    @property
    def noun(self) -> str:
        """ "shots", "attacks" or "hits" for the dice log."""
        if self.skill is None:
            return "hits"
        return "attacks" if self.melee else "shots"
