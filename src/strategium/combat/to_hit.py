"""The To Hit step of an attack (rulebook p.166; :mod:`strategium.combat.attack` step 1): every die at once, the
BS 6+ re-roll of misses, or the re-rolls of declared clauses."""

from __future__ import annotations

from dataclasses import dataclass

from strategium.catalogue.citations import Reason
from strategium.combat.attack_spec import AttackSpec
from strategium.combat.declared import (
    Declared,
    reroll,
)
from strategium.combat.sources import core
from strategium.combat.tables import effective_bs, melee_hit_target, shooting_hit_target
from strategium.config import RulesConfig
from strategium.dice import Dice, Roll
from strategium.errors import InputError


@dataclass(frozen=True)
class HitRolls:
    """The To Hit step: number of hits, the rolls made and the reasons."""

    hits: int
    rolls: tuple[Roll, ...]
    reasons: tuple[Reason, ...]


def roll_to_hit(
    dice: Dice,
    attack: AttackSpec,
    config: RulesConfig,
    *,
    defender_ws: int | None = None,
    declared: Declared | None = None,
) -> HitRolls:
    """Roll To Hit for ``attack``: every shot or attack at once, then (BS 6+) the misses again, or the dice the
    ``declared`` clauses re-roll (:func:`strategium.combat.declared.reroll`; never a die the BS re-roll took).

    Melee attacks need ``defender_ws``. Automatic hits roll nothing. Raises ``InputError`` for a bad BS or
    WS, or a melee attack with a skill but no ``defender_ws``; ``DiceError`` as :meth:`Dice.roll`.
    """
    who = attack.attacker
    if attack.skill is None:
        return HitRolls(attack.count, (), (core("To Hit", f"{attack.count} automatic hits: no To Hit roll"),))
    reasons: list[Reason] = []
    if attack.melee:
        if defender_ws is None:
            raise InputError("a close combat To Hit roll needs the defender's WS", field="WS")
        target = melee_hit_target(attack.skill, defender_ws)
        label = f"To Hit: {attack.count} attacks WS{attack.skill} vs WS{defender_ws} ({target}+)"
        roll = dice.roll(attack.count, 6, reason=f"{label} with {attack.name}", who=who)
        faces: tuple[int, ...] = roll.results
        rolled: tuple[Roll, ...] = (roll,)
        if declared is not None and declared.to_hit:
            faces, again, why = reroll(
                dice,
                declared.to_hit,
                faces,
                lambda face: face >= target,
                reason=f"To Hit re-roll: WS{attack.skill} vs WS{defender_ws} ({target}+) with {attack.name}",
                who=who,
            )
            rolled = (roll, again) if again is not None else rolled
            reasons.extend(why)
        hits = sum(1 for face in faces if face >= target)
        reasons.append(core("To Hit", f"{label}: {hits} hit"))
        return HitRolls(hits, rolled, tuple(reasons))
    bs, bs_reasons = effective_bs(attack.skill, snap_shots=attack.snap_shots, primarch=attack.primarch, config=config)
    reasons.extend(bs_reasons)
    hit = shooting_hit_target(bs)
    label = f"To Hit: {attack.count} shots BS{bs} ({hit})"
    roll = dice.roll(attack.count, 6, reason=f"{label} with {attack.name}", who=who)
    rolls = [roll]
    hits = sum(1 for face in roll.results if face >= hit.target)
    misses = attack.count - hits
    if hit.reroll_target is not None and misses:
        again = dice.roll(misses, 6, reason=f"To Hit re-roll: {misses} misses BS{bs} ({hit.reroll_target}+)", who=who)
        rolls.append(again)
        hits += sum(1 for face in again.results if face >= hit.reroll_target)
        reasons.append(core("To Hit", f"BS{bs} re-rolls the {misses} misses"))
        if declared is not None and declared.to_hit:
            reasons.append(core("To Hit", "a die is re-rolled only once: the BS re-roll came first"))
    elif declared is not None and declared.to_hit:
        target = hit.target
        faces, again2, why = reroll(
            dice,
            declared.to_hit,
            roll.results,
            lambda face: face >= target,
            reason=f"To Hit re-roll: BS{bs} ({target}+) with {attack.name}",
            who=who,
        )
        if again2 is not None:
            rolls.append(again2)
            hits = sum(1 for face in faces if face >= target)
        reasons.extend(why)
    reasons.append(core("To Hit", f"{label}: {hits} hit"))
    return HitRolls(hits, tuple(rolls), tuple(reasons))
