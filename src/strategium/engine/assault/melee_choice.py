"""Which melee weapon a model fights with, and the limits a weapon's rules put on its attacks (the engine's hooks;
the rules are plug-ins: Detonation, :mod:`strategium.rules.weapon.detonation`).

- :func:`melee_weapon`: the model's first melee weapon, whatever the state (None: a close combat weapon at its
  Strength, AP -).
- :func:`fighting_weapon`: the first of the model's melee weapons that no :func:`melee_refusal` refuses in its
  combat now (None: a close combat weapon), with the reasons of the refusals.
- :func:`usable_melee`: the model's melee weapons no refusal refuses (the count of "two melee weapons", p.177).
- :func:`attack_cap`: the fewest attacks a :func:`melee_attack_cap` hook allows the model with its weapon, and why.
- :func:`in_challenge`: whether a :func:`challenge_fighter` hook says the model fights in a Challenge now (no
  Challenge is fought yet: no hook is registered, the answer is False; Duellist's Edge reads it).
- :func:`blow_strength`: the Strength of the model's attacks once every :func:`melee_strength` hook has changed it
  (Achean Force, :mod:`strategium.rules.weapon.achean_force`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.core import registries
from strategium.model.weapons import WeaponProfile

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

MeleeRefusal = Callable[["Game", str, Model, WeaponProfile], Reason | None]
"""Why ``model`` of unit ``unit_id`` may not fight with ``weapon`` now, or None."""

AttackCap = Callable[["Game", str, Model, WeaponProfile | None], tuple[int, Reason] | None]
"""The most attacks ``model`` of unit ``unit_id`` makes with ``weapon`` (None: a close combat weapon), and why; or
None if the hook sets no limit."""

MeleeStrength = Callable[["Game", str, Model, WeaponProfile | None, int], tuple[int, Reason] | None]
"""The Strength of the attacks ``model`` of unit ``unit_id`` makes with ``weapon`` (None: a close combat weapon), given
the Strength so far, and why; or None if the hook leaves it."""

InChallenge = Callable[["Game", str, Model], bool]
"""Whether ``model`` of unit ``unit_id`` fights in a Challenge now."""

_REFUSALS: list[MeleeRefusal] = []
_CAPS: list[AttackCap] = []
_CHALLENGES: list[InChallenge] = []
_STRENGTHS: list[MeleeStrength] = []


def challenge_fighter(fn: InChallenge) -> InChallenge:
    """Decorator: register a test of whether a model fights in a Challenge (for when Challenges are fought)."""
    _CHALLENGES.append(fn)
    registries.changed()
    return fn


def in_challenge(game: Game, unit_id: str, model: Model) -> bool:
    """Whether any :func:`challenge_fighter` hook says ``model`` of ``unit_id`` fights in a Challenge now."""
    return any(fn(game, unit_id, model) for fn in _CHALLENGES)


def melee_refusal(fn: MeleeRefusal) -> MeleeRefusal:
    """Decorator: register a refusal asked of every melee weapon a model might fight with."""
    _REFUSALS.append(fn)
    registries.changed()
    return fn


def melee_attack_cap(fn: AttackCap) -> AttackCap:
    """Decorator: register a limit on the number of attacks a model makes with its weapon in the Fight sub-phase."""
    _CAPS.append(fn)
    registries.changed()
    return fn


def melee_strength(fn: MeleeStrength) -> MeleeStrength:
    """Decorator: register a rule that changes the Strength of a model's attacks in the Fight sub-phase (it may roll
    dice: it is asked when the model strikes)."""
    _STRENGTHS.append(fn)
    registries.changed()
    return fn


def melee_weapon(model: Model) -> WeaponProfile | None:
    """The model's first melee weapon, read without the state (None: a close combat weapon at its Strength, AP -)."""
    return next((w for w in model.weapons if w.is_melee), None)


def _refused(game: Game, unit_id: str, model: Model, weapon: WeaponProfile) -> Reason | None:
    for refusal in _REFUSALS:
        why = refusal(game, unit_id, model, weapon)
        if why is not None:
            return why
    return None


def usable_melee(game: Game, unit_id: str, model: Model) -> tuple[list[WeaponProfile], tuple[Reason, ...]]:
    """The model's melee weapons that no refusal refuses now (in the order of its wargear), and the refusals."""
    usable: list[WeaponProfile] = []
    why: list[Reason] = []
    for weapon in model.weapons:
        if not weapon.is_melee:
            continue
        refused = _refused(game, unit_id, model, weapon) if _REFUSALS else None
        if refused is None:
            usable.append(weapon)
        elif refused not in why:
            why.append(refused)
    return usable, tuple(why)


def fighting_weapon(game: Game, unit_id: str, model: Model) -> tuple[WeaponProfile | None, tuple[Reason, ...]]:
    """The melee weapon ``model`` of ``unit_id`` fights with now: its first that no refusal refuses (None: a close
    combat weapon), and why the ones before it were refused."""
    if not _REFUSALS:
        return melee_weapon(model), ()
    usable, why = usable_melee(game, unit_id, model)
    return (usable[0] if usable else None), why


def attack_cap(game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None) -> tuple[int, Reason] | None:
    """The lowest limit the :func:`melee_attack_cap` hooks put on the model's attacks with ``weapon``, or None."""
    best: tuple[int, Reason] | None = None
    for cap in _CAPS:
        got = cap(game, unit_id, model, weapon)
        if got is not None and (best is None or got[0] < best[0]):
            best = got
    return best


def blow_strength(
    game: Game, unit_id: str, model: Model, weapon: WeaponProfile | None, strength: int
) -> tuple[int, tuple[Reason, ...]]:
    """The Strength of the model's attacks with ``weapon`` after the :func:`melee_strength` hooks, in registration
    order, and their reasons."""
    why: list[Reason] = []
    for hook in _STRENGTHS:
        got = hook(game, unit_id, model, weapon, strength)
        if got is not None:
            strength = got[0]
            why.append(got[1])
    return strength, tuple(why)
