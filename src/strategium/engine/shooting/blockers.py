"""Who may shoot, and how (``Query`` blockers and exemptions of the Shooting phase): a unit that Ran, has shot, is
Falling Back, is not on the table (embarked units shoot only through Fire Points, not yet) or is a joined
Independent Character makes no Shooting Attack (Light models may after Running, only Snap Shots); a unit that
moved does not count as Stationary for Heavy weapons (Dreadnoughts and Monstrous models do, p.195); a unit one of
whose models fired a Heavy, Rapid Fire or Ordnance weapon may not Charge (p.245). Registered when
:mod:`strategium.engine.shooting.attack` imports this module, before its action handler, as before the split.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strategium.army.army import Model
from strategium.catalogue.citations import Reason
from strategium.engine.attacks import damage
from strategium.engine.core.board import Location
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.queries import Block, Query, blocker, exemption
from strategium.engine.shooting.plan import SEQUENCE, rule_of
from strategium.model.unit_types import SubType, UnitType

if TYPE_CHECKING:
    from strategium.engine.core.game import Game


@blocker(Query.MAY_SHOOT)
def _ran(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.RAN):
        return Block("ran", rule_of("Run", "a unit that Ran this turn may not shoot"))
    return None


@exemption(Query.MAY_SHOOT)
def _light_may_shoot_after_running(game: Game, unit_id: str, block: Block) -> Reason | None:
    if block.id == "ran" and _all_models(game, unit_id, lambda m: m.profile.unit_type.has(SubType.LIGHT)):
        return Reason.of("Light Sub-type", "Light models may shoot after Running, but only Snap Shots")
    return None


@blocker(Query.FULL_BALLISTIC_SKILL)
def _ran_light_snap(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.RAN):
        return Block("ran", Reason.of("Light Sub-type", "after Running only Snap Shots may be fired"))
    return None


@blocker(Query.MAY_SHOOT)
def _already_shot(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.SHOT):
        return Block("shot", rule_of(SEQUENCE, "one Shooting Attack per unit in each Shooting phase", 166))
    return None


@blocker(Query.MAY_SHOOT)
def _falling_back(game: Game, unit_id: str) -> Block | None:
    if game.effects_on(unit_id, EffectKind.FALLING_BACK):
        return Block("falling-back", rule_of("Fall Back", "a Falling Back unit may not shoot (CORE_B §6.3)"))
    return None


@blocker(Query.MAY_SHOOT)
def _not_on_table(game: Game, unit_id: str) -> Block | None:
    status = game.state.units[unit_id]
    if status.location is Location.EMBARKED:
        return Block("embarked", rule_of("Transports", "embarked units shoot only through Fire Points (not yet)"))
    if status.location is not Location.TABLE:
        return Block("not-on-table", rule_of(SEQUENCE, f"the unit is {status.location.value}"))
    if status.joined_to is not None:
        return Block("joined", Reason.of("Independent Character", "a joined character shoots with its unit"))
    return None


@blocker(Query.STATIONARY_FOR_HEAVY)
def _moved(game: Game, unit_id: str) -> Block | None:
    if game.state.facts.has(unit_id, Fact.MOVED):
        return Block("moved", rule_of("Heavy", "the unit moved this turn: it does not count as Stationary"))
    return None


@exemption(Query.STATIONARY_FOR_HEAVY)
def _big_models_count_as_stationary(game: Game, unit_id: str, block: Block) -> Reason | None:
    def big(m: Model) -> bool:
        return m.profile.unit_type.counts_as(UnitType.DREADNOUGHT) or m.profile.unit_type.has(SubType.MONSTROUS)

    own = game.state.units[unit_id].poses
    models = [m for m in game.state.unit(unit_id).models if m.id in own] or game.state.unit(unit_id).models
    if block.id == "moved" and all(big(m) for m in models):  # the unit's own models: characters ask for themselves
        return rule_of("Dreadnought Unit Type", "Dreadnoughts and Monstrous models count as Stationary", 195)
    return None


_FIRED = {
    Fact.FIRED_HEAVY: "fired-heavy",
    Fact.FIRED_RAPID_FIRE: "fired-rapid-fire",
    Fact.FIRED_ORDNANCE: "fired-ordnance",
}


@blocker(Query.MAY_CHARGE)
def _fired_charge_blocker(game: Game, unit_id: str) -> Block | None:
    """One model of the unit, or of a character joined to it, firing a Heavy, Rapid Fire or Ordnance weapon stops
    the unit's Charge (the unit charges as one; Relentless p.245 lifts it: ``rules/seed/relentless.py``)."""
    facts = game.state.facts
    for fact, block_id in _FIRED.items():
        for uid in damage.members(game, unit_id):
            if facts.has(uid, fact):
                text = (
                    f"a unit that {fact.value} this turn may not Charge"
                    if uid == unit_id
                    else f"{game.state.unit(uid).name}, joined to the unit, {fact.value} this turn: it may not Charge"
                )
                return Block(block_id, rule_of("Relentless", text, 245))
    return None


def _all_models(game: Game, unit_id: str, test: Callable[[Model], bool]) -> bool:
    models = [m for _, m in damage.living(game, unit_id)] or list(game.state.unit(unit_id).models)
    return all(test(m) for m in models)
