"""Units locked in combat (CORE_B §5.2, §5.6; Age of Darkness rulebook: Shooting sequence p.166, Charges p.181,
Impassable Terrain p.222): they may not be targeted, they do not shoot, a Fall Back frees them, a unit whose last
enemy is gone is free, a unit that Falls Back (Overwatch included) makes no Charge Move, and the Charge Distance
is measured along a clear path.

Legionaries with bolters on an open Dawn of War table (tests/engine/builders_combat.py); 32 mm bases touch at
``TOUCH`` (tests/engine/builders_assault.py).
"""

from __future__ import annotations

import math

from shapely.geometry import box

from strategium.catalogue.citations import Reason
from strategium.engine.assault.charges import ChargeMove, ChargeRolled, DeclareCharge, charge_of, engage, is_locked
from strategium.engine.attacks import damage
from strategium.engine.core.actions import Choose
from strategium.engine.core.board import ChargeStage, Location, Pose
from strategium.engine.core.events import DiceRolled, Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.morale.checks import FellBack, fall_back
from strategium.engine.movement.common import inflict_wound
from strategium.engine.questions import combat_lock
from strategium.engine.questions.queries import Query, ask
from strategium.engine.reactions.registry import ReactionWindow, Trigger
from strategium.engine.reactions.windows import reaction_verdict
from strategium.engine.shooting.declare import Shoot
from strategium.geometry.terrain import TerrainKind, terrain_piece
from tests.engine.builders_assault import TOUCH, assault_game, to_charge
from tests.engine.builders_assault import place as put
from tests.engine.builders_combat import battle, place, squad, to_phase

SHOOTING_PAGE = 166
REACT: dict[str, object] = {"reactions": {"allotment": 1}}


def melee_and_gun(overrides: dict[str, object] | None = None) -> Game:
    """Blue's ``a`` locked in combat with Red's ``b`` (in base contact at y 20); Blue's ``c`` 10" south of them, its
    bolters in range of both; Red's ``d`` free, 10" north. Blue's Shooting phase."""
    a, b, c, d = squad("a", 1), squad("b", 1), squad("c", 2), squad("d", 1)
    game = battle([a, c], [b, d], overrides=overrides)
    to_phase(game, Phase.SHOOTING)
    put(game, "a", (("a.1", Pose(30, 20)),))
    put(game, "b", (("b.1", Pose(30, 20 + TOUCH)),))
    place(game, c, 30, 10)
    put(game, "d", (("d.1", Pose(34, 30)),))
    engage(game, "a", "b")
    return game


def test_locked_unit_may_not_be_targeted() -> None:
    game = melee_and_gun()
    verdict = game.check(Shoot(1, "c", "b"))
    assert not verdict.legal
    [why] = verdict.reasons
    assert (why.rule, why.page) == ("Shooting sequence", SHOOTING_PAGE)
    assert why.text == "a unit locked in combat may not be chosen as the target of a Shooting Attack"
    assert [b.id for b in ask(game, Query.MAY_BE_TARGETED, "b").blocks] == ["locked"]
    assert game.check(Shoot(1, "c", "d")).legal  # the same gun at a free enemy unit


def test_locked_unit_does_not_shoot() -> None:
    game = melee_and_gun()
    verdict = game.check(Shoot(1, "a", "d"))
    assert not verdict.legal
    assert [b.id for b in ask(game, Query.MAY_SHOOT, "a").blocks] == ["locked"]
    assert verdict.reasons[0].text == "a unit locked in combat may not make Shooting Attacks"


def test_locked_unit_may_not_be_the_target_of_a_reaction_shooting_attack() -> None:
    """Return Fire (and every Reaction that shoots: Overwatch, Interceptor) asks the same question of its enemy."""
    game = melee_and_gun(REACT)
    trigger = Trigger(ReactionWindow.SHOOTING_ATTACK_DECLARED, 2, ("a",), ("d",))
    verdict = reaction_verdict(game, trigger, "Return Fire", "d", "a")
    assert not verdict
    assert "a unit locked in combat may not be chosen as the target of a Shooting Attack" in [
        r.text for r in verdict.reasons
    ]


def test_fall_back_out_of_combat_unlocks() -> None:
    game = melee_and_gun()
    game.force_dice(3, 3)  # the Fall Back distance
    fall_back(game, "b", Reason("Morale checks", "test"))
    assert any(isinstance(e, FellBack) and e.unit_id == "b" for e in game.state.events)
    assert game.state.units["b"].location is Location.TABLE
    assert not is_locked(game, "a") and not is_locked(game, "b")
    assert game.state.assault.engaged == {}
    assert ask(game, Query.MAY_BE_TARGETED, "b").allowed and ask(game, Query.MAY_SHOOT, "a").allowed


def test_last_enemy_destroyed_unlocks() -> None:
    """Destroyed by any path (here removed at once, as a Sweeping Advance or a Fall Back off the table do): its
    enemy is free and the record keeps neither."""
    game = melee_and_gun()
    damage.destroy_unit(game, "b")
    assert not is_locked(game, "a")
    assert game.state.assault.engaged == {}
    assert ask(game, Query.MAY_MOVE, "a").allowed and ask(game, Query.MAY_SHOOT, "a").allowed


def test_last_enemy_slain_by_a_wound_outside_the_fight_unlocks() -> None:
    """The Dangerous Terrain path (one Wound at a time, :func:`inflict_wound`) frees the enemy as well."""
    game = melee_and_gun()
    inflict_wound(game, "b", game.state.unit("b").models[0], "Dangerous Terrain")
    assert game.state.units["b"].location is Location.DESTROYED
    assert not is_locked(game, "a") and game.state.assault.engaged == {}


def test_locked_is_derived_an_enemy_gone_from_the_table_frees_even_a_stale_record() -> None:
    game = melee_and_gun()
    status = game.state.units["b"]
    status.poses.clear()
    status.location = Location.DESTROYED  # removed without the record being told
    assert not is_locked(game, "a") and combat_lock.engaged_with(game, "a") == set()
    assert combat_lock.stale(game) == [
        "a is recorded as locked in combat with no enemy on the table",
        "b is not on the table but is recorded as locked in combat",
    ]


def test_one_of_two_enemies_destroyed_keeps_the_unit_locked_with_the_other() -> None:
    game = melee_and_gun()
    engage(game, "a", "d")
    damage.destroy_unit(game, "b")
    assert is_locked(game, "a") and combat_lock.engaged_with(game, "a") == {"d"}
    assert combat_lock.stale(game) == []


# -- a Fall Back during a Charge -------------------------------------------------------------------------------------


def overwatched(config: dict[str, object] | None = None) -> Game:
    """Blue's four legionaries ``a`` (y 20) declare a Charge at Red's lone legionary ``b`` 5" north; Red is offered
    Overwatch."""
    game = assault_game([squad("a", 4)], [squad("b", 1)], config={**REACT, **(config or {})})
    put(game, "a", tuple((f"a.{i}", Pose(18 + 1.5 * i, 20)) for i in range(1, 5)))
    put(game, "b", (("b.1", Pose(21, 25)),))
    to_charge(game)
    game.apply(DeclareCharge(1, "a", ("b",)))
    return game


def test_unit_that_fell_back_to_overwatch_makes_no_charge_move() -> None:
    """Two Rapid Fire Snap Shots: 6 hits; 6 wounds; the save rolls 1: one of four slain (25%): a Morale check 6, 6
    against Ld 7 fails, the unit Falls Back 3 + 3". No Charge Distance is rolled and no move is made."""
    game = overwatched()
    game.force_dice(6, 1, 6, 1, 6, 6, 3, 3)
    events = game.apply(Choose(2, "Overwatch with b (a)"))
    assert [e.inches for e in events if isinstance(e, FellBack)] == [6]
    assert not any(isinstance(e, ChargeRolled) for e in events)
    assert not any(isinstance(e, DiceRolled) and e.roll.reason == "Charge Distance" for e in events)
    [ended] = [e for e in events if isinstance(e, Ruling) and e.text().startswith("a makes no Charge Move")]
    assert "Fell Back during its Charge" in ended.reasons[0].text
    record = charge_of(game, "a")
    assert record is not None and record.stage is ChargeStage.DONE and not record.success
    assert not is_locked(game, "a")
    assert game.pending is not None and game.pending.player == 1  # Blue acts again in its Charge sub-phase


def test_a_falling_back_charger_may_not_make_its_charge_move() -> None:
    """The Charge Move's check refuses a charger that is Falling Back (a Reaction made after the roll)."""
    game = overwatched()
    game.force_dice(3, 3)
    game.apply(Choose(2, "decline"))
    record = charge_of(game, "a")
    assert record is not None and record.stage is ChargeStage.CHARGE_MOVE
    from strategium.engine.core.effects import Duration, EffectKind

    game.add_effect(EffectKind.FALLING_BACK, "a", Duration.PERMANENT, Reason("Fall Back", "test"))
    move = ChargeMove(1, "a", tuple((f"a.{i}", Pose(18 + 1.5 * i, 25 - TOUCH)) for i in range(1, 5)))
    verdict = game.check(move)
    assert not verdict.legal
    assert verdict.reasons[0].text.startswith("the charging unit Fell Back during its Charge")


# -- the Charge Distance along a clear path (the log's "reaches" then "made no Charge Move") -------------------------


def walled(wall_x: float = 10.0) -> Game:
    """Blue's ``a`` at (20, 20), Red's ``b`` 5" north at (20, 25); an Impassable wall 10" wide across the line between
    them (y 22 to 23) unless ``wall_x`` moves it aside."""
    wall = terrain_piece("Bastion", box(20 - wall_x / 2, 22, 20 + wall_x / 2, 23), TerrainKind.IMPASSABLE)
    game = assault_game([squad("a", 1)], [squad("b", 1)], terrain=[wall])
    put(game, "a", (("a.1", Pose(20, 20)),))
    put(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    return game


def test_a_charge_behind_impassable_terrain_does_not_reach_on_the_straight_gap() -> None:
    game = walled()
    game.force_dice(6, 6)  # 12": three times the 3.74" gap, but every straight path crosses the Bastion
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    [rolled] = [e for e in events if isinstance(e, ChargeRolled)]
    assert not rolled.success and math.isinf(rolled.needed)
    assert rolled.text().endswith('12" against no clear path needed: the Charge fails')
    why = rolled.why[-1]
    assert (why.rule, why.page, why.text) == (
        "Impassable Terrain",
        222,
        "every straight path into contact crosses Bastion",
    )
    record = charge_of(game, "a")
    assert record is not None and record.stage is ChargeStage.SURGE_MOVE


def test_a_charge_with_a_clear_path_reaches_on_the_gap_as_before() -> None:
    game = walled(wall_x=1.0)  # a wall 1" wide (x 19.5 to 20.5), centred on the line from (20, 20) to b
    put(game, "a", (("a.1", Pose(24, 20)),))  # 4" east: its straight path to b passes east of the wall
    game.force_dice(3, 3)
    events = game.apply(DeclareCharge(1, "a", ("b",)))
    [rolled] = [e for e in events if isinstance(e, ChargeRolled)]
    gap = math.hypot(4, 5) - TOUCH
    assert rolled.success and math.isclose(rolled.needed, gap)
    assert all(r.rule != "Impassable Terrain" for r in rolled.why)


def two_chargers(wall: bool) -> tuple[Game, ChargeMove]:
    """Blue's a.1 (21.5, 21) has a clear straight way to Red's b (20, 25); a.2 (17.5, 21) is walled off from it by an
    Impassable bar (x 17 to 19.6, y 23.2 to 23.6) when ``wall``. Both are within the 4" rolled; a.1 moves into
    contact, a.2 stays."""
    terrain = [terrain_piece("Bar", box(17, 23.2, 19.6, 23.6), TerrainKind.IMPASSABLE)] if wall else []
    game = assault_game([squad("a", 2)], [squad("b", 1)], terrain=terrain)
    put(game, "a", (("a.1", Pose(21.5, 21)), ("a.2", Pose(17.5, 21))))
    put(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(2, 2)
    game.apply(DeclareCharge(1, "a", ("b",)))
    d = math.hypot(1.5, -4)
    contact = Pose(20 + 1.5 / d * TOUCH, 25 - 4 / d * TOUCH)
    return game, ChargeMove(1, "a", (("a.1", contact), ("a.2", Pose(17.5, 21))))


def test_a_model_walled_off_from_every_target_model_need_not_end_in_contact() -> None:
    must = "a.2 could reach a target model: it must end in contact (or, with no room, beside one)"
    game, move = two_chargers(wall=False)
    assert must in [r.text for r in game.check(move).reasons]
    game, move = two_chargers(wall=True)
    assert must not in [r.text for r in game.check(move).reasons]  # it could reach b only through the bar
