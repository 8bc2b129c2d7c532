"""The Vehicle Damage table's results played in the game (CORE_B §2.5, §2.7): Crew Shaken, Crew Stunned, Weapon
Destroyed, Immobilised and Explodes, with forced dice.

Blue's lascannon (BS4, S9 AP2) stands 10" south of Red's Rhino (Side Armour 11, 3 Hull Points): the dice are
To Hit 5, penetration 3 (3 + 9 = 12 > 11: Penetrating), then the damage die, +1 for AP2 (Crew Shaken 1-3,
Crew Stunned 4, Weapon Destroyed 5, Immobilised 6, Explodes 7+)."""

from __future__ import annotations

from typing import Any

from strategium.army.army import Unit
from strategium.engine.core.board import Location, Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.movement.move import Move
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot
from tests.engine.builders_combat import HEAVY_BOLTER, LASCANNON, battle, place, squad, to_phase, to_turn
from tests.engine.builders_vehicles import start_with, vehicle
from tests.engine.moving import to_step


def lascannon_at_rhino(
    rhino: Unit, *others: Unit, overrides: dict[str, Any] | None = None, damage_die: int | None = None
) -> Game:
    """Blue's Shooting phase of Game Turn 1; with ``damage_die``, the lascannon has shot (hit, Penetrating)."""
    las = squad("las", 1, weapons=(LASCANNON,))
    game = battle([las], [rhino, *others], overrides=overrides)
    to_phase(game, Phase.SHOOTING)
    place(game, rhino, 30, 30)
    place(game, las, 30, 20)
    if damage_die is not None:
        game.force_dice(5, 3, damage_die)
        game.apply(Shoot(1, "las", "rhino"))
    return game


def kinds(game: Game, unit_id: str = "rhino") -> list[EffectKind]:
    return [e.kind for e in game.effects_on(unit_id)]


def test_crew_shaken_vehicle_fires_only_snap_shots_until_the_end_of_its_next_turn() -> None:
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER,)), damage_die=1)  # 1 + 1 = 2: Crew Shaken
    [shaken] = game.effects_on("rhino", EffectKind.CREW_SHAKEN)
    assert (shaken.model_id, shaken.duration) == ("rhino.1", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN)
    to_turn(game, 1, 2, Phase.SHOOTING)  # Red's next turn: still Shaken
    [volley] = plan(game, "rhino", "las").volleys
    assert volley.snap
    to_turn(game, 2, 1, Phase.MOVEMENT)  # the end of Red's turn ended it
    assert kinds(game) == []
    [volley] = plan(game, "rhino", "las").volleys
    assert not volley.snap


def test_crew_shaken_with_no_shooting_setting_stops_the_vehicle_shooting() -> None:
    overrides = {"vehicle_damage": {"crew_shaken_effect": "no_shooting"}}
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER,)), overrides=overrides, damage_die=1)
    to_turn(game, 1, 2, Phase.SHOOTING)
    shot = plan(game, "rhino", "las")
    assert shot.volleys == ()
    assert any("Crew Shaken: it may not shoot" in r.text for r in shot.reasons)


def test_crew_stunned_vehicle_may_not_move_and_fires_only_snap_shots() -> None:
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER,)), damage_die=3)  # 3 + 1 = 4: Crew Stunned
    assert kinds(game) == [EffectKind.CREW_STUNNED]
    to_step(game, 2, Phase.MOVEMENT, SubPhase.MOVE)
    verdict = game.check(Move(2, "rhino", (("rhino.1", Pose(30, 33)),)))
    assert not verdict.legal and any("Crew Stunned" in r.text for r in verdict.reasons)
    [volley] = plan(game, "rhino", "las").volleys
    assert volley.snap


def test_reinforced_vehicle_ignores_crew_shaken() -> None:
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER,), "Vehicle (Transport, Reinforced)"), damage_die=1)
    assert kinds(game) == []


def test_weapon_destroyed_removes_the_attackers_pick_from_the_next_shooting_attack() -> None:
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER, LASCANNON)), damage_die=4)  # 5: Weapon Destroyed
    [lost] = game.effects_on("rhino", EffectKind.WEAPON_DESTROYED)
    assert (lost.weapon, lost.duration) == ("Lascannon", Duration.PERMANENT)  # the attacker's pick: the strongest
    to_turn(game, 1, 2, Phase.SHOOTING)
    assert [v.weapon.name for v in plan(game, "rhino", "las").volleys] == ["Heavy bolter"]


def test_weapon_destroyed_chosen_by_the_controller_takes_the_weakest() -> None:
    overrides = {"vehicles": {"weapon_destroyed_chooser": "controller"}}
    game = lascannon_at_rhino(vehicle("rhino", (HEAVY_BOLTER, LASCANNON)), overrides=overrides, damage_die=4)
    to_turn(game, 1, 2, Phase.SHOOTING)
    assert [v.weapon.name for v in plan(game, "rhino", "las").volleys] == ["Lascannon"]


def test_weapon_destroyed_with_no_weapon_left_counts_as_immobilised() -> None:
    game = lascannon_at_rhino(vehicle("rhino"), damage_die=4)
    assert kinds(game) == [EffectKind.IMMOBILISED]
    off = lascannon_at_rhino(
        vehicle("rhino"), overrides={"vehicle_damage": {"no_weapon_left": "no_effect"}}, damage_die=4
    )
    assert kinds(off) == []


def test_immobilised_vehicle_may_not_move_for_the_rest_of_the_game() -> None:
    game = lascannon_at_rhino(vehicle("rhino"), damage_die=5)  # 5 + 1 = 6: Immobilised
    [immobilised] = game.effects_on("rhino", EffectKind.IMMOBILISED)
    assert immobilised.duration is Duration.PERMANENT
    to_step(game, 2, Phase.MOVEMENT, SubPhase.MOVE, game_turn=2)
    assert not ask(game, Query.MAY_MOVE, "rhino")
    assert not game.check(Move(2, "rhino", (("rhino.1", Pose(30, 33)),))).legal


def test_a_second_immobilised_costs_one_more_hull_point() -> None:
    lost = []
    for setting in (True, False):
        overrides = {"vehicle_damage": {"repeat_immobilised_hull_point": setting}}
        game = lascannon_at_rhino(vehicle("rhino"), overrides=overrides)
        start_with(game, "rhino", EffectKind.IMMOBILISED)
        game.force_dice(5, 3, 5)
        game.apply(Shoot(1, "las", "rhino"))
        lost.append(game.state.units["rhino"].wounds_lost["rhino.1"])
        assert kinds(game) == [EffectKind.IMMOBILISED]
    assert lost == [2, 1]


def explodes(strength: int | None = None) -> Game:
    """The Rhino explodes (damage 6 + 1 = 7; D3 3: 3 more Hull Points); the blast's D6 is 6: the two
    Marines of ``near`` 2.3" from the hull are hit (wound rolls 4 and 3, saves 1 and 1)."""
    near = squad("near", 2)
    overrides = {"vehicle_damage": {"explosion_strength": strength}} if strength else None
    game = lascannon_at_rhino(vehicle("rhino"), near, overrides=overrides)
    place(game, near, 30, 34)
    game.force_dice(5, 3, 6, 3, 6, 4, 3, 1, 1)
    game.apply(Shoot(1, "las", "rhino"))
    return game


def test_explodes_hits_models_within_the_blast_radius_at_the_configured_strength() -> None:
    s4 = explodes()  # S4 against T4 wounds on 4+: one wound, one casualty
    assert s4.state.units["rhino"].location is Location.DESTROYED
    assert len(s4.state.units["near"].casualties) == 1
    s5 = explodes(5)  # S5 against T4 wounds on 3+: both
    assert len(s5.state.units["near"].casualties) == 2


def passengers_in_exploding_rhino(hit: bool) -> Game:
    cargo = squad("cargo", 3)
    game = lascannon_at_rhino(
        vehicle("rhino", transport_for="cargo"),
        cargo,
        overrides={"vehicle_damage": {"passengers_hit_on_explodes": hit}},
    )
    status = game.state.units["cargo"]
    status.location, status.embarked_in, status.poses = Location.EMBARKED, "rhino", {}
    # explodes; D3 3; blast radius 1 (no model near); Pinning test 1 + 1 passes; three wounds (6s), saves fail
    game.force_dice(5, 3, 6, 3, 1, 1, 1, 6, 6, 6, 1, 1, 1)
    game.apply(Shoot(1, "las", "rhino"))
    return game


def test_passengers_of_an_exploding_vehicle_disembark_and_take_a_hit_each() -> None:
    hit = passengers_in_exploding_rhino(True)
    assert hit.state.units["cargo"].location is Location.DESTROYED
    spared = passengers_in_exploding_rhino(False)
    status = spared.state.units["cargo"]
    assert status.location is Location.TABLE and len(status.poses) == 3
