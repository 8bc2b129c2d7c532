"""The Shooting phase in the engine: Shoot checks and refusals, weapon types, the attack applied to the state,
vehicles, and Shrouded from an effect (RULINGS MIL-01, MIL-03). Exact situations with forced dice."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.core.actions import IllegalActionError
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.morale.checks import MoraleCheckTaken
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot, ShootingAttackDeclared, ShootingAttackResolved, WeaponFired
from strategium.model.characteristics import Characteristics
from tests.engine.builders_combat import (
    HEAVY_BOLTER,
    LASCANNON,
    PINNING_GUN,
    armoured,
    battle,
    place,
    squad,
    to_phase,
)

MILITIA = Characteristics(14, 3, 3, 3, 3, 1, 3, 1, 7, 5)


def blue_shoots(blue: object, red: object, gap: float = 10.0) -> Game:
    """Blue (player 1) in its Shooting phase; Blue's row at y=20, Red's ``gap`` inches further north."""
    game = battle([blue], [red])  # type: ignore[list-item]
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)  # type: ignore[arg-type]
    place(game, red, 10, 20 + gap)  # type: ignore[arg-type]
    return game


def test_rapid_fire_two_shots_within_half_range_and_casualties_closest_first() -> None:
    tac, red = squad("tac", 2), squad("red", 5)
    game = blue_shoots(tac, red, gap=10.0)
    place(game, red, 12, 30, dx=-1.5)  # red.1 at x=12 is closest to tac.2 (x=11.5)
    game.force_dice(6, 6, 1, 1, 4, 3, 1)  # 4 shots: 2 hits; wounds 4 (wounds), 3 (fails); save 1 fails
    events = game.apply(Shoot(1, "tac", "red"))
    assert [type(e) for e in events][:2] == [ShootingAttackDeclared, DiceRolled]  # declared before any To Hit roll
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.casualties, resolved.unsaved_wounds) == (1, 1)
    assert game.state.units["red"].casualties == ["red.1"] and "red.1" not in game.state.units["red"].poses
    assert all(game.state.facts.has("tac", f) for f in (Fact.SHOT, Fact.FIRED_RAPID_FIRE))


def test_rapid_fire_one_shot_beyond_half_range() -> None:
    game = blue_shoots(squad("tac", 2), squad("red", 5), gap=15.0)
    [volley] = plan(game, "tac", "red").volleys
    assert volley.shots == 2 and not volley.snap


def test_a_unit_shoots_once_and_refusals_cite_their_rule() -> None:
    game = blue_shoots(squad("tac", 2), squad("red", 5), gap=10.0)
    game.force_dice(1, 1, 1, 1)
    game.apply(Shoot(1, "tac", "red"))
    verdict = game.check(Shoot(1, "tac", "red"))
    assert not verdict and verdict.reasons[0].rule == "Shooting sequence" and verdict.reasons[0].page == 166
    far = blue_shoots(squad("tac", 2), squad("red", 5), gap=30.0)
    refused = far.check(Shoot(1, "tac", "red"))
    assert not refused and "out of range" in refused.reasons[0].text
    try:
        far.apply(Shoot(1, "tac", "red"))
    except IllegalActionError as error:
        assert "out of range" in str(error)
    else:  # pragma: no cover - the apply must fail
        raise AssertionError("an out-of-range Shooting Attack was applied")


def test_a_unit_that_ran_may_not_shoot_but_light_models_fire_snap_shots() -> None:
    game = blue_shoots(squad("tac", 2), squad("red", 5))
    game.state.facts.note("tac", Fact.RAN)
    verdict = game.check(Shoot(1, "tac", "red"))
    assert not verdict and verdict.reasons[0].rule == "Run"
    light = squad("cav", 2, unit_type="Cavalry (Light)", base=60)
    game = blue_shoots(light, squad("red", 5))
    game.state.facts.note("cav", Fact.RAN)
    assert game.check(Shoot(1, "cav", "red"))
    [volley] = plan(game, "cav", "red").volleys
    assert volley.snap


def test_heavy_weapon_after_moving_fires_snap_shots_at_bs1() -> None:
    game = blue_shoots(squad("dev", 1, weapons=(HEAVY_BOLTER,)), squad("red", 5))
    game.state.facts.note("dev", Fact.MOVED)
    game.force_dice(6, 5, 5, 5, 2)  # BS1 hits only on 6: one hit; To Wound S5 v T4 on 3+: 2 fails
    events = game.apply(Shoot(1, "dev", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("1 hits, 0 wounds")
    assert any(r.rule == "shooting.snap_shot_bs" for r in fired.reasons)
    assert game.state.facts.has("dev", Fact.FIRED_HEAVY)


def test_lascannon_at_a_rhinos_side_costs_one_hull_point() -> None:
    """The firer stands south of a Rhino facing east: Side Armour 11. Hit 5 (3+); 3 + S9 = 12: Penetrating;
    damage roll 3 + AP2 modifier."""
    rhino = armoured("rhino")
    game = blue_shoots(squad("las", 1, weapons=(LASCANNON,)), rhino)
    place(game, rhino, 30, 30)
    place(game, game.state.unit("las"), 30, 20)
    game.force_dice(5, 3, 1)
    events = game.apply(Shoot(1, "las", "rhino"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert "1 Penetrating, 1 Hull Points lost" in fired.summary
    assert any(r.rule == "Vehicle Facing" and "Side Armour 11" in r.text for r in fired.reasons)
    assert game.state.units["rhino"].wounds_lost == {"rhino.1": 1}


def test_a_pinning_weapon_causes_a_pinning_test() -> None:
    game = blue_shoots(squad("sn", 1, weapons=(PINNING_GUN,)), squad("red", 5))
    game.force_dice(6, 1, 6, 1)  # 1 hit, 1 wound, save 1: one casualty (no Morale check: 1 of 5)
    game.force_dice(6, 6)  # Pinning test: 12 against Ld 7 fails
    game.apply(Shoot(1, "sn", "red"))
    [pinned] = game.effects_on("red", EffectKind.PINNED)
    assert pinned.reason.page == 244


def shrouded_militia(rules: tuple[str, ...] = ()) -> tuple[Game, int]:
    militia = squad("mil", 5, weapons=(), rules=rules, unit_type="Cavalry (Light, Militia)", profile=MILITIA, base=60)
    game = blue_shoots(squad("tac", 4), militia, gap=14.0)  # beyond half range: 4 shots
    place(game, militia, 6, 34, dx=2.5)
    shrouded = find_rule("Shrouded (5+)")
    assert isinstance(shrouded, RuleRef)
    why = Reason.of("Militia Cavalry Mount", "Ran: Shrouded (5+)")
    game.add_effect(EffectKind.GRANTS_RULE, "mil", Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN, why, rule=shrouded)
    game.force_dice(6, 6, 6, 6, 6, 6, 6, 6)  # 4 hits, 4 wounds; AP5 denies the 5+ save
    return game, len(game.state.dice.log)


def test_MIL_01_shrouded_from_an_effect_ignores_wounds_on_5_and_6() -> None:
    game, _ = shrouded_militia()
    game.force_dice(5, 2, 6, 4)  # Shrouded rolls
    game.force_dice(1, 1)  # the Morale check for 2 of 5 lost: double 1 passes
    events = game.apply(Shoot(1, "tac", "mil"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (2, 2)
    assert [e.passed for e in events if isinstance(e, MoraleCheckTaken)] == [True]
    to_phase(game, Phase.MOVEMENT, player=1)  # the start of Blue's next turn ends Shrouded (5+)
    assert not game.effects_on("mil", EffectKind.GRANTS_RULE)


def test_MIL_03_fearless_models_make_no_shrouded_roll() -> None:
    game, rolls = shrouded_militia(rules=("Fearless",))
    events = game.apply(Shoot(1, "tac", "mil"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (4, 4)
    assert len(game.state.dice.log) == rolls + 2  # To Hit and To Wound only: no Shrouded, no Morale roll
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    assert any("Fearless" in r.text and r.rule == "Shrouded" for r in fired.reasons)
