"""Vehicle speeds and firing after moving (CORE_A §2.4, §5.9, §5.10; CORE_B §1.2): Combat Speed up to half M
(``vehicles.combat_speed_rule``/``combat_speed_distance``), Cruising Speed beyond it; what a vehicle fires at
each; Run (``vehicles.may_run``) and disembarking after Cruising Speed (``transports.disembark_after_cruising_speed``).

Blue's Rhino (M14: Combat Speed up to 7") stands at (20, 8), heading 0; Red's Marine far north at (5, 43)."""

from __future__ import annotations

from typing import Any

from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.core.watchers import Fact
from strategium.engine.movement.move import Move, Run
from strategium.engine.movement.transports import Disembark
from strategium.engine.shooting.attack import plan
from strategium.model.weapons import WeaponProfile
from tests.engine.builders import line, unit
from tests.engine.builders_combat import HEAVY_BOLTER, LASCANNON, weapon
from tests.engine.builders_vehicles import vehicle
from tests.engine.moving import start, to_step

CANNON = weapon("Battle cannon", '72"', "8", "3", "Ordnance 1")
DEMOLISHER = weapon("Demolisher", '72"', "10", "2", "Ordnance 1")


def moved(
    distance: float,
    weapons: tuple[WeaponProfile, ...] = (HEAVY_BOLTER, LASCANNON),
    overrides: dict[str, Any] | None = None,
    unit_type: str = "Vehicle (Transport)",
) -> Game:
    """The Rhino moves ``distance`` inches north (0: it stays); the game waits in Blue's Shooting phase."""
    rh = vehicle("rh", weapons, unit_type)
    r1 = unit("r1", 1)
    game = start([rh], [r1], {"rh": (("rh.1", Pose(20, 8)),), "r1": line(r1, 5, 43)}, overrides=overrides)
    if distance:
        game.apply(Move(1, "rh", (("rh.1", Pose(20, 8 + distance)),)))
    to_step(game, 1, Phase.SHOOTING, SubPhase.NONE)
    return game


def fired(game: Game) -> list[tuple[str, bool]]:
    """(weapon, Snap Shots) of each volley the Rhino would fire at the Marine."""
    return [(v.weapon.name, v.snap) for v in plan(game, "rh", "r1").volleys]


def test_a_stationary_vehicle_fires_every_weapon_at_full_bs() -> None:
    assert fired(moved(0)) == [("Heavy bolter", False), ("Lascannon", False)]


def test_a_vehicle_moving_up_to_half_its_movement_moves_at_combat_speed_and_fires_every_weapon() -> None:
    game = moved(7)
    assert game.state.facts.has("rh", Fact.COMBAT_SPEED)
    assert fired(game) == [("Heavy bolter", False), ("Lascannon", False)]


def test_a_vehicle_that_moved_at_cruising_speed_fires_one_weapon_at_full_bs_and_the_others_as_snap_shots() -> None:
    game = moved(8)
    assert game.state.facts.has("rh", Fact.CRUISING_SPEED)
    assert sorted(fired(game)) == [("Heavy bolter", True), ("Lascannon", False)]


def test_at_cruising_speed_with_other_weapons_none_the_vehicle_fires_one_weapon_only() -> None:
    game = moved(8, overrides={"vehicles": {"cruising_speed_other_weapons": "none"}})
    assert fired(game) == [("Lascannon", False)]


def test_a_fixed_combat_speed_distance_decides_the_speed() -> None:
    fixed6 = moved(7, overrides={"vehicles": {"combat_speed_rule": "fixed"}})  # 6" by default
    assert fixed6.state.facts.has("rh", Fact.CRUISING_SPEED)
    fixed8 = moved(7.5, overrides={"vehicles": {"combat_speed_rule": "fixed", "combat_speed_distance": 8.0}})
    assert fixed8.state.facts.has("rh", Fact.COMBAT_SPEED)
    half = moved(7.5)  # half of M14 is 7"
    assert half.state.facts.has("rh", Fact.CRUISING_SPEED)


def test_at_combat_speed_one_ordnance_weapon_fires_and_the_others_are_snap_shots() -> None:
    game = moved(5, weapons=(HEAVY_BOLTER, CANNON, DEMOLISHER))
    assert sorted(fired(game)) == [("Demolisher", False), ("Heavy bolter", True)]
    assert sorted(fired(moved(0, weapons=(HEAVY_BOLTER, CANNON, DEMOLISHER)))) == [
        ("Battle cannon", False),
        ("Demolisher", False),
        ("Heavy bolter", False),
    ]


def test_at_cruising_speed_no_ordnance_weapon_fires() -> None:
    game = moved(9, weapons=(HEAVY_BOLTER, CANNON))
    assert fired(game) == [("Heavy bolter", False)]


def test_slow_vehicle_always_moves_at_cruising_speed_and_fast_at_combat_speed() -> None:
    slow = moved(1, unit_type="Vehicle (Slow)")
    assert slow.state.facts.has("rh", Fact.CRUISING_SPEED)
    fast = moved(14, unit_type="Vehicle (Fast)")
    assert fast.state.facts.has("rh", Fact.COMBAT_SPEED)


def test_vehicles_may_not_run_unless_configured() -> None:
    for may_run in (False, True):
        rh = vehicle("rh")
        r1 = unit("r1", 1)
        overrides = {"vehicles": {"may_run": may_run}}
        game = start([rh], [r1], {"rh": (("rh.1", Pose(20, 8)),), "r1": line(r1, 5, 43)}, overrides=overrides)
        verdict = game.check(Run(1, "rh", (("rh.1", Pose(20, 12)),)))
        assert verdict.legal is may_run


def cargo_out(allowed: bool, distance: float) -> bool:
    """Whether the Rhino's passengers may disembark after it moved ``distance`` inches north."""
    a1 = unit("a1", 5)
    rh = vehicle("rh", transport_for="a1")
    r1 = unit("r1", 1)
    overrides = {"transports": {"disembark_after_cruising_speed": allowed}}
    game = start(
        [rh, a1], [r1], {"rh": (("rh.1", Pose(20, 8)),), "a1": "rh", "r1": line(r1, 5, 43)}, overrides=overrides
    )
    game.apply(Move(1, "rh", (("rh.1", Pose(20, 8 + distance)),)))
    out = tuple((f"a1.{i}", Pose(16.0 + 1.3 * i, 10.9 + distance)) for i in range(1, 6))
    return game.check(Disembark(1, "a1", out)).legal


def test_no_disembarking_after_cruising_speed_unless_configured() -> None:
    assert cargo_out(False, 7) and not cargo_out(False, 9)
    assert cargo_out(True, 9)
