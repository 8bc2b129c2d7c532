"""Achean Force (Liber Hereticus p.259; strategium.rules.weapon.achean_force, ACF-1..ACF-4): forced dice, exact states.

Shooting: Blue's Psyker squad in its Shooting phase, 10" from Red's T7 models (S6 wounds T7 on 5+, S8 on 3+).
Legionaries: Ld 7, so a Psychic check of 2D6 passes on 7 or less.
"""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fighter import blow
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import Event, Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from strategium.rules.weapon.achean_force import empowered
from tests.engine import builders_assault as ba
from tests.engine.builders_combat import battle, place, squad, to_phase, weapon

PISTOL = weapon("Achean pistol", '12"', "6", "4", "Pistol 1, Achean Force")
PLAIN = weapon("Plain pistol", '12"', "6", "4", "Pistol 1")
TOUGH = Characteristics(7, 4, 4, 4, 7, 1, 4, 1, 7, 3)
SWORD = ba.weapon("Achean force sword", WeaponClass.MELEE, "User", 3, ("Achean Force",))


def _shoots(unit_type: str = "Infantry (Psyker)", weapons: tuple = (PISTOL,), rules: tuple[str, ...] = ()) -> Game:
    blue = squad("blue", 1, weapons=weapons, unit_type=unit_type, rules=rules)
    red = squad("red", 5, profile=TOUGH)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    return game


def _acf(events: list[Event]) -> list[str]:
    return [r.text.split(":")[0] for e in events if isinstance(e, Ruling) for r in e.why if r.rule == "Achean Force"]


def test_achean_force_a_passed_psychic_check_adds_2_strength_to_the_shot() -> None:
    game = _shoots()
    game.force_dice(3, 4, 5, 3, 1)  # the check 3 + 4 = 7 (Ld 7: passed); To Hit 5; To Wound 3 (S8 v T7: 3+); save 1
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]
    assert _acf(events)[:3] == ["ACF-2", "ACF-3", "ACF-3"]
    assert any(isinstance(e, Ruling) and e.what == "Achean pistol fires at S8" for e in events)
    [effect] = game.effects_on("blue", EffectKind.PSYCHIC_CHECK_PASSED)
    assert effect.rule is not None and effect.rule.name == "Achean Force"


def test_achean_force_a_failed_check_gives_no_bonus_and_no_perils() -> None:
    game = _shoots()
    game.force_dice(4, 4, 5, 3)  # the check 8 (Ld 7: failed); To Hit 5; To Wound 3 (S6 v T7 needs 5+): no Wound
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == [] and game.state.units["blue"].casualties == []
    assert game.state.units["blue"].wounds_lost == {}
    assert any(isinstance(e, Ruling) and e.what == "blue fails its Achean Force Psychic check" for e in events)
    assert game.effects_on("blue", EffectKind.PSYCHIC_CHECK_FAILED)


def test_achean_force_needs_a_psyker_in_the_unit() -> None:
    game = _shoots(unit_type="Infantry (Line)")
    game.force_dice(5, 3)  # no check: To Hit 5; To Wound 3 (S6 v T7: fails)
    events = game.apply(Shoot(1, "blue", "red"))
    assert _acf(events) == [] and game.state.units["red"].casualties == []


def test_achean_force_weapons_without_the_rule_get_no_bonus_and_take_no_check() -> None:
    game = _shoots(weapons=(PLAIN,))
    game.force_dice(5, 3)
    events = game.apply(Shoot(1, "blue", "red"))
    assert _acf(events) == [] and game.state.units["red"].casualties == []


def test_achean_force_one_check_a_phase() -> None:
    game = _shoots()
    game.force_dice(1, 1)
    assert empowered(game, "blue") is True
    assert empowered(game, "blue") is True  # no dice left forced: a second roll would draw unforced dice
    assert len(game.effects_on("blue", EffectKind.PSYCHIC_CHECK_PASSED)) == 1
    game.force_dice(6, 6)  # still forced: no check was rolled
    assert empowered(game, "blue") is True


def test_achean_force_an_independent_character_alone_has_no_model_to_take_the_check() -> None:
    game = _shoots(unit_type="Infantry (Psyker, Character)", rules=("Independent Character",))
    assert empowered(game, "blue") is False
    assert not game.effects_on("blue", EffectKind.PSYCHIC_CHECK_PASSED)


def test_achean_force_in_close_combat_the_sword_strikes_at_strength_plus_2() -> None:
    game = ba.assault_game([ba.squad("a", weapons=(SWORD,), unit_type="Infantry (Psyker)")], [ba.squad("b")])
    ba.place(game, "a", (("a.1", Pose(20, 20)),))
    ba.place(game, "b", (("b.1", Pose(20, 25)),))
    ba.to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - ba.TOUCH)),)))
    game.force_dice(2, 2)  # the check 4 (Ld 7): passed
    struck = blow(game, "a", game.state.unit("a").models[0], "b", "b.1")
    assert struck is not None and struck.strength == 4 + 2
    assert [r.text[:5] for r in struck.why if r.rule == "Achean Force"] == ["ACF-3"]


def test_achean_force_weapons_count_as_force_weapons() -> None:
    from strategium.rules.weapon.achean_force import counts_as_force

    assert counts_as_force(PISTOL) and not counts_as_force(PLAIN)
