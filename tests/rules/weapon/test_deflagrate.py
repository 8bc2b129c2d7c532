"""Deflagrate (rulebook p.237; strategium.rules.weapon.deflagrate, DEF-1..DEF-5): forced dice, exact states.

Blue (player 1) in its Shooting phase, one Legionary at (10, 20) with a 15" Deflagrate weapon (S5 AP5: Legionaries,
T4 Sv3+, are wounded on 3+ and save on 3+); Red's row 10" north. Per Wound the dice are its save, then its Feel No
Pain roll if it has one.
"""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.events import DiceRolled, Event, Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.model.characteristics import Characteristics
from tests.engine.builders_combat import MARINE, battle, place, squad, to_phase, weapon

VOLKITE = weapon("Volkite charger", '15"', "5", "5", "Assault 2, Deflagrate")
BRUTAL_VOLKITE = weapon("Brutal volkite", '15"', "5", "5", "Assault 1, Deflagrate, Brutal (2)")
TOUGH = Characteristics(7, 4, 4, 4, 4, 3, 4, 1, 7, 3)  # 3 Wounds
AFTER = {"weapon_rules": {"deflagrate_counts": "after_mitigation"}}
BEFORE = {"weapon_rules": {"deflagrate_counts": "before_mitigation"}}
ONCE = {"weapon_rules": {"deflagrate_brutal_wounds": "once"}}


def shoots(
    gun=VOLKITE,
    rules: tuple[str, ...] = (),
    overrides: dict[str, object] | None = None,
    gap: float = 10.0,
    dx: float = 1.5,
    profile: Characteristics = MARINE,
) -> Game:
    blue, red = squad("blue", 1, weapons=(gun,)), squad("red", 5, rules=rules, profile=profile)
    game = battle([blue], [red], overrides=overrides)
    to_phase(game, Phase.SHOOTING)
    place(game, blue, 10, 20)
    place(game, red, 10, 20 + gap, dx=dx)
    return game


def counts(events: list[Event]) -> list[str]:
    """The DEF-1 counts logged, in order."""
    return [e.what for e in events if isinstance(e, Ruling) and e.what.endswith("Deflagrate hits")]


def rolls(events: list[Event]) -> list[str]:
    return [e.roll.reason for e in events if isinstance(e, DiceRolled)]


def test_deflagrate_one_unsaved_wound_makes_one_automatic_hit_saved_normally() -> None:
    game = shoots()
    game.force_dice(4, 4, 3, 3, 1, 5, 3, 2)  # saves 1 (red.1 dies), 5; 1 hit: wounds 3, save 2
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    assert counts(events) == ["blue's Volkite charger: 1 unsaved Wounds, 1 Deflagrate hits"]
    assert rolls(events)[4:6] == [
        "To Wound: 1 hits S5 vs T4 (3+) with Volkite charger",  # no To Hit roll: an automatic hit
        "Armour Save (3+): Wound 1 on red",
    ]
    assert Reason.of("Deflagrate", "x").page == 237


def test_deflagrate_hits_make_no_further_hits_def_4() -> None:
    game = shoots()
    game.force_dice(4, 4, 3, 3, 1, 1, 3, 3, 1, 1)  # 2 unsaved -> 2 hits, both unsaved: no third round of hits
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2", "red.3", "red.4"]
    assert counts(events) == ["blue's Volkite charger: 2 unsaved Wounds, 2 Deflagrate hits"]
    fired = [r for e in events if isinstance(e, WeaponFired) for r in e.why if r.rule == "Deflagrate"]
    assert [r.text.split(":")[0] for r in fired].count("DEF-4") == 1


def test_deflagrate_every_wound_saved_makes_no_hit() -> None:
    game = shoots()
    game.force_dice(4, 4, 3, 3, 5, 6)
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == []
    assert counts(events) == ["blue's Volkite charger: 0 unsaved Wounds, 0 Deflagrate hits"]
    assert not any(r.startswith("To Wound: 1 hits") for r in rolls(events))


def test_deflagrate_with_feel_no_pain_before_mitigation_counts_mitigated_wounds() -> None:
    """before_mitigation: red.1's first Wound is unsaved then ignored on a 5; both count: 2 hits."""
    game = shoots(rules=("Feel No Pain (5+)",), overrides=BEFORE)
    # save 1, FNP 5 (ignored); save 1, FNP 1 (red.1 dies); 2 hits: wound 3, 3; save 1 FNP 1, save 1 FNP 1
    game.force_dice(4, 4, 3, 3, 1, 5, 1, 1, 3, 3, 1, 1, 1, 1)
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2", "red.3"]
    assert counts(events) == ["blue's Volkite charger: 2 unsaved Wounds, 2 Deflagrate hits"]
    [count] = [e for e in events if isinstance(e, Ruling) and e.what.endswith("Deflagrate hits")]
    assert any("weapon_rules.deflagrate_counts` = before_mitigation" in r.text for r in count.why)


def test_deflagrate_with_feel_no_pain_by_default_counts_only_wounds_lost() -> None:
    """The default (after_mitigation): a Wound Feel No Pain discounts is treated as saved (p.238): not counted."""
    game = shoots(rules=("Feel No Pain (5+)",))
    game.force_dice(4, 4, 3, 3, 1, 5, 1, 1, 3, 1, 1)  # as above: 1 Wound lost -> 1 hit: wound 3, save 1, FNP 1
    events = game.apply(Shoot(1, "blue", "red"))
    assert game.state.units["red"].casualties == ["red.1", "red.2"]
    assert counts(events) == ["blue's Volkite charger: 1 unsaved Wounds, 1 Deflagrate hits"]
    [count] = [e for e in events if isinstance(e, Ruling) and e.what.endswith("Deflagrate hits")]
    assert any("weapon_rules.deflagrate_counts` = after_mitigation" in r.text for r in count.why)


def test_deflagrate_hits_only_on_models_still_in_range_def_3() -> None:
    """red.1 is 15" - bases away (in range), red.2 8" to its side (out of 15"): once red.1 is gone the hit is lost."""
    game = shoots(gap=15.0, dx=8.0)
    game.force_dice(4, 1, 3, 1, 3, 1)  # 1 hit, wound 3, save 1: red.1 dies; the 3, 1 would kill red.2 if in range
    events = game.apply(Shoot(1, "blue", "red"))
    assert counts(events) == ["blue's Volkite charger: 1 unsaved Wounds, 1 Deflagrate hits"]
    assert game.state.units["red"].casualties == ["red.1"]
    assert game.state.units["red"].wounds_lost == {"red.1": 1}  # red.2 out of range: untouched


def test_deflagrate_with_brutal_counts_each_multiplied_wound_by_default() -> None:
    """One Brutal (2) Wound becomes 2 on red.1 (3 Wounds), both unsaved: 2 Deflagrate hits, themselves Brutal."""
    game = shoots(gun=BRUTAL_VOLKITE, profile=TOUGH)
    game.force_dice(4, 3, 1, 1, 3, 3, 6, 6, 6, 6)  # hit, wound, saves 1 1; 2 hits: wounds 3 3, four saves of 6
    events = game.apply(Shoot(1, "blue", "red"))
    assert counts(events) == ["blue's Brutal volkite: 2 unsaved Wounds, 2 Deflagrate hits"]
    assert game.state.units["red"].wounds_lost == {"red.1": 2}


def test_deflagrate_with_brutal_once_counts_one_per_to_wound_roll() -> None:
    game = shoots(gun=BRUTAL_VOLKITE, profile=TOUGH, overrides=ONCE)
    game.force_dice(4, 3, 1, 1, 3, 6, 6)
    events = game.apply(Shoot(1, "blue", "red"))
    assert counts(events) == ["blue's Brutal volkite: 1 unsaved Wounds, 1 Deflagrate hits"]
    [count] = [e for e in events if isinstance(e, Ruling) and e.what.endswith("Deflagrate hits")]
    assert any("weapon_rules.deflagrate_brutal_wounds` = once" in r.text for r in count.why)
    assert game.state.units["red"].wounds_lost == {"red.1": 2}


def test_deflagrate_in_close_combat_strikes_the_unit_fought_again_def_5() -> None:
    from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
    from strategium.engine.core.actions import EndStep
    from strategium.model.weapons import WeaponClass
    from tests.engine.assault.test_fight import charged
    from tests.engine.builders_assault import squad as fighters
    from tests.engine.builders_assault import weapon as melee

    blade = melee("Tempest blade", WeaponClass.MELEE, "User", 5, ("Deflagrate",))
    slow = Characteristics(7, 4, 4, 4, 4, 3, 1, 1, 7, 3)  # 3 Wounds, Initiative 1: strikes after blue
    game = charged([fighters("a", weapons=(blade,))], [fighters("b", chars=slow)])
    game.apply(EndStep(1))
    game.force_dice(4, 4, 4, 4, 1, 5, 4, 1)  # 2 hits, 2 wounds, saves 1 and 5; 1 Deflagrate hit: wounds 4, save 1
    events = game.apply(FightCombat(1, "a"))
    blows = [e for e in events if isinstance(e, MeleeAttacksResolved) and e.unit_id == "a"]
    assert [e.summary[:34] for e in blows] == [
        "2 attacks, 2 hits, 2 wounds, 1 uns",
        "1 attacks, 1 hits, 1 wounds, 1 uns",
    ]
    assert any(r.text.startswith("DEF-5") for r in blows[1].why)
    assert game.state.units["b"].wounds_lost == {"b.1": 2}
    assert counts(events) == ["a's Tempest blade: 1 unsaved Wounds, 1 Deflagrate hits"]
