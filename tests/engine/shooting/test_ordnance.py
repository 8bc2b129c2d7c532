"""Ordnance weapons (rulebook p.177) as the engine fires them, with exact plans and forced dice: a non-Vehicle model
fires it only if it did not move, then fires no other weapon; never as Snap Shots; against a Vehicle its Armour
Penetration roll is two dice, the highest kept."""

from __future__ import annotations

from strategium.combat.attack import AttackSpec
from strategium.combat.vehicle_attack import resolve_attack_on_vehicle
from strategium.combat.vehicles import PenetrationOutcome, TargetVehicle
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.shooting.plan import plan
from strategium.model.weapons import WeaponClass
from tests.engine.builders_combat import BOLTER, battle, place, squad, to_phase, weapon

CANNON = weapon("Quake cannon", '48"', "8", "4", "Ordnance 1")


def _game() -> Game:
    blue = squad("blue", 1, weapons=(CANNON, BOLTER))
    red = squad("red", 2)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING, 1)
    place(game, blue, 10, 10)
    place(game, red, 10, 20)
    return game


def test_ordnance_a_stationary_model_fires_it_and_nothing_else() -> None:
    volleys = plan(_game(), "blue", "red").volleys
    assert [(v.weapon.name, v.shots, v.snap) for v in volleys] == [("Quake cannon", 1, False)]


def test_ordnance_a_model_that_moved_cannot_fire_it_and_fires_its_other_weapon() -> None:
    game = _game()
    game.state.facts.note("blue", Fact.MOVED)
    planned = plan(game, "blue", "red")
    assert [v.weapon.name for v in planned.volleys] == ["Bolter"]
    assert any(r.rule == "Ordnance" and "a model that moved cannot fire Ordnance" in r.text for r in planned.reasons)


def test_ordnance_is_never_fired_as_snap_shots() -> None:
    volleys = plan(_game(), "blue", "red", snap_shots=True).volleys
    assert [(v.weapon.name, v.snap) for v in volleys] == [("Bolter", True)]


def test_ordnance_armour_penetration_rolls_two_dice_and_keeps_the_highest() -> None:
    dice = Dice(0, strict=True)
    dice.force(2, 5, 1)  # 2D6 [2, 5]: 5 + S8 = 13 against Armour 12: Penetrating; the damage roll 1
    spec = AttackSpec("Quake cannon", 1, 8, 4, skill=None, weapon_class=WeaponClass.ORDNANCE, attacker="Blue")
    rhino = TargetVehicle("Rhino", armour=12, hull_points=3)
    result = resolve_attack_on_vehicle(dice, spec, rhino, config=RulesConfig())
    (record,) = result.records
    assert (record.penetration.total, record.outcome) == (13, PenetrationOutcome.PENETRATING)
    assert result.rolls[0].results == (2, 5)
