"""Deflagrate (Age of Darkness rulebook p.237): a weapon whose unsaved Wounds make as many further hits.

Read from the game system data's rule text (paraphrased, never copied):

- DEF-1: once the weapon's attacks on a unit are resolved (a volley's shots, or a close combat group of blows),
  count the unsaved Wounds they caused on that unit. Which Wounds count is a setting:
  ``weapon_rules.deflagrate_counts`` (after_mitigation, the default: only Wounds the models lost, a Wound Feel No
  Pain discounts being treated as saved, p.238; before_mitigation: every Wound whose save failed) and
  ``weapon_rules.deflagrate_brutal_wounds`` (each, the default: every Wound a Brutal (X) Wound became counts; once:
  one per successful To Wound roll). Wounds left unallocated (the unit already destroyed) were not caused.
- DEF-2: that many automatic hits are resolved at once on the same unit with the weapon's profile (its Strength,
  AP and its own special rules), wounded and saved as usual (Damage Mitigation too).
- DEF-3: in the Shooting phase only the models still within the weapon's range of its firers may be allocated them
  (:mod:`strategium.engine.shooting.attack`); with none in range they are lost.
- DEF-4: those hits make no further hits (Deflagrate is not applied to them) and take none of the attacking model's
  own special rules (Preferred Enemy, Precision): only the weapon's rules go with them.
- DEF-5 (close combat): a melee weapon with the rule does the same against the unit its blows struck; every model of
  that unit may be allocated the hits (the close combat allocation).

Readings (within the text's scope): Hull Points a Vehicle loses are not Wounds, so no hits follow against Vehicles;
only the target unit's Wounds count and the further hits go to it alone (other units under a Blast marker get
none).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat import AttackSpec
from strategium.combat.attack import AttackResult
from strategium.combat.sources import configured
from strategium.config import RulesConfig
from strategium.engine.attacks.follow_up import FollowUp, after_attack
from strategium.engine.core.events import Ruling

if TYPE_CHECKING:
    from strategium.engine.core.game import Game

RULE = "Deflagrate"
COUNTS = "weapon_rules.deflagrate_counts"
BRUTAL = "weapon_rules.deflagrate_brutal_wounds"


def counted_wounds(config: RulesConfig, result: AttackResult) -> tuple[int, tuple[Reason, ...]]:
    """DEF-1: the unsaved Wounds ``result`` caused as the settings count them, with the settings' reasons."""
    rules = config.weapon_rules
    after = rules.deflagrate_counts == "after_mitigation"
    once = rules.deflagrate_brutal_wounds == "once"
    n = sum(1 for r in result.records if not r.saved and not (after and r.mitigated) and not (once and r.part > 1))
    why: list[Reason] = [
        configured(
            config,
            COUNTS,
            "DEF-1: Wounds cancelled by Damage Mitigation " + ("do not count" if after else "count"),
        )
    ]
    if any(r.part > 1 for r in result.records):
        text = "one per To Wound roll" if once else "each of its Wounds"
        why.append(configured(config, BRUTAL, f"DEF-1: a Brutal Wound counts {text}"))
    return n, tuple(why)


def deflagrate_hits(spec: AttackSpec, weapon_rules: tuple[RuleRef, ...], n: int) -> AttackSpec:
    """DEF-2, DEF-4: ``n`` automatic hits of ``spec``'s weapon, with its own rules but Deflagrate and none of the
    attacking model's."""
    own = tuple(r for r in weapon_rules if r.name != RULE)
    return replace(spec, count=n, skill=None, snap_shots=False, rules=own)


@after_attack
def _deflagrate(
    game: Game, unit_id: str, spec: AttackSpec, result: AttackResult, weapon_rules: tuple[RuleRef, ...]
) -> FollowUp | None:
    if not any(r.name == RULE for r in weapon_rules):
        return None
    n, settings = counted_wounds(game.state.config, result)
    unit = game.state.unit(unit_id)
    what = f"{unit.name}'s {spec.name}: {n} unsaved Wounds, {n} Deflagrate hits"
    count = Reason.of(RULE, f"DEF-1: {n} unsaved Wounds caused on the unit")
    game.log(Ruling(what, (count, *settings)))
    if n < 1:
        return None
    more = deflagrate_hits(spec, weapon_rules, n)
    why = (
        Reason.of(RULE, f"DEF-2: {n} automatic hits with the weapon's profile, saved as usual"),
        Reason.of(RULE, "DEF-4: they make no further hits and take none of the attacker's own rules"),
        Reason.of(RULE, "DEF-5: on the unit its blows struck")
        if spec.melee
        else Reason.of(RULE, "DEF-3: only models still within the weapon's range may be allocated them"),
    )
    return FollowUp(more, why)
