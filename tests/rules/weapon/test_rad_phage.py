"""Rad-Phage (rulebook p.245; strategium.rules.weapon.rad_phage, RAD-1..RAD-3): forced dice, exact states.

Blue's Legionary shoots (BS4: 3+) a phage gun (S4 AP2: no Armour Save) at Red's 3-Wound, T4 models 10" away.
"""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.questions.profiles_now import current
from strategium.engine.shooting.declare import Shoot
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import MARINE, battle, place, squad, to_phase, weapon

PHAGE = weapon("Phage gun", '24"', "4", "2", "Assault 1, Rad-Phage")
TOUGH = Characteristics(7, 4, 4, 4, 4, 3, 4, 1, 7, 3)
NEEDLE = weapon("Phage needle", '24"', "1", "2", "Assault 1, Rad-Phage")  # S1: no Instant Death on T1
FRAIL = Characteristics(7, 4, 4, 4, 1, 3, 4, 1, 7, 3)  # Toughness 1


def shoots(profile: Characteristics = TOUGH, n: int = 1, gun: WeaponProfile = PHAGE) -> Game:
    blue, red = squad("blue", n, weapons=(gun,)), squad("red", 2, profile=profile)
    game = battle([blue], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 30)
    return game


def toughness(game: Game, model_id: str) -> int | None:
    [model] = [m for m in game.state.unit("red").models if m.id == model_id]
    return getattr(current(game, "red", model), "t", None)


def test_rad_phage_a_model_that_loses_a_wound_and_survives_has_minus_1_toughness() -> None:
    game = shoots()
    game.force_dice(4, 4)  # hit, wound (S4 v T4); AP2: no save; red.1 loses 1 of 3 Wounds
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].wounds_lost == {"red.1": 1}
    assert (toughness(game, "red.1"), toughness(game, "red.2")) == (3, 4)
    [effect] = game.effects_on("red", EffectKind.RAD_PHAGE)
    assert effect.model_id == "red.1" and effect.reason.text.startswith("RAD-1")
    assert Reason.of("Rad-Phage", "x").page == 245


def test_rad_phage_is_not_cumulative_rad_2() -> None:
    game = shoots(n=2)
    game.force_dice(4, 4, 4, 4)  # two hits, two wounds on red.1 (2 of 3 Wounds lost), red.1 survives
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].wounds_lost == {"red.1": 2}
    assert toughness(game, "red.1") == 3
    assert len(game.effects_on("red", EffectKind.RAD_PHAGE)) == 1


def test_rad_phage_a_hit_that_does_not_wound_does_nothing() -> None:
    game = shoots()
    game.force_dice(4, 2)  # hit, fails to wound: no Wound lost
    game.apply(Shoot(1, "blue", "red"))
    assert not game.effects_on("red", EffectKind.RAD_PHAGE)


def test_rad_phage_a_model_removed_is_not_weakened() -> None:
    game = shoots(profile=MARINE)  # 1 Wound: the Wound removes it
    game.force_dice(4, 4)
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1"]
    assert not game.effects_on("red", EffectKind.RAD_PHAGE)


def test_rad_phage_never_below_toughness_1_rad_3() -> None:
    game = shoots(profile=FRAIL, gun=NEEDLE)
    game.force_dice(4, 4)  # S1 v T1 wounds on 4+
    game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].wounds_lost == {"red.1": 1}
    assert toughness(game, "red.1") == 1


def test_rad_phage_in_close_combat_weakens_the_model_struck() -> None:
    from strategium.engine.assault.fight import FightCombat
    from strategium.engine.core.actions import EndStep
    from strategium.model.weapons import WeaponClass
    from tests.engine.assault.test_fight import charged
    from tests.engine.builders_assault import squad as fighters
    from tests.engine.builders_assault import weapon as melee

    blade = melee("Phage blade", WeaponClass.MELEE, "User", 2, ("Rad-Phage",))
    slow = Characteristics(7, 4, 4, 4, 4, 3, 1, 1, 7, 3)  # 3 Wounds, Initiative 1
    game = charged([fighters("a", weapons=(blade,))], [fighters("b", chars=slow)])
    game.apply(EndStep(1))
    game.force_dice(4, 1, 4, 1)  # a: one hit of two, it wounds (AP2: no save); b's one attack misses
    game.apply(FightCombat(1, "a"))
    assert game.state.units["b"].wounds_lost == {"b.1": 1}
    [model] = game.state.unit("b").models
    assert getattr(current(game, "b", model), "t", None) == 3
