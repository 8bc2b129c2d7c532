"""Detonation (Liber Astartes / Liber Hereticus p.118): DET-1 (only against Vehicles, Dreadnoughts, Automata, models
of Movement 0 or '-', Buildings and Fortifications) and DET-2 (a single attack). Forced dice, exact results."""

from __future__ import annotations

from strategium.army.army import Unit
from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fight import FightCombat, MeleeAttacksResolved
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.assault.melee_choice import fighting_weapon
from strategium.engine.core.actions import EndStep
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from strategium.rules.weapon.detonation import may_be_attacked
from tests.engine.builders import rhino
from tests.engine.builders_assault import CASTELLAX, TOUCH, assault_game, place, squad, to_charge, weapon

BOMBS = weapon("meltabombs", WeaponClass.MELEE, "8", 1, ("Detonation", "Unwieldy"))
SWORD = weapon("power sword", WeaponClass.MELEE, "User", 3)
LEGATE = Characteristics(6, 5, 5, 3, 3, 4, 4, 3, 10, 3)


def _charged_infantry(weapons: tuple) -> Game:
    game = assault_game([squad("a", weapons=weapons, chars=LEGATE)], [squad("b")])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def _charged_rhino(weapons: tuple, *others: Unit) -> Game:
    game = assault_game([squad("a", weapons=weapons, chars=LEGATE)], [rhino("r", None), *others])
    place(game, "r", (("r.1", Pose(40, 30)),))
    place(game, "a", (("a.1", Pose(40, 31.75 + 0.63 + 2)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("r",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(40, 31.75 + 32 / 25.4 / 2)),)))
    return game


def test_DET_1_the_targets_a_detonation_weapon_may_attack() -> None:
    rolling = squad("i").models[0]
    still = squad("z", chars=Characteristics(0, 4, 4, 4, 4, 1, 4, 1, 7, 3)).models[0]
    dashed = squad("d", chars=Characteristics(None, 4, 4, 4, 4, 1, 4, 1, 7, 3)).models[0]
    dread = squad("c", chars=CASTELLAX, unit_type="Dreadnought").models[0]
    automaton = squad("x", chars=CASTELLAX, unit_type="Automata").models[0]
    tank = rhino("r", None).models[0]
    assert [may_be_attacked(m) for m in (rolling, still, dashed, dread, automaton, tank)] == [
        False,
        True,
        True,
        True,
        True,
        True,
    ]


def test_DET_1_meltabombs_are_not_used_against_infantry_the_next_melee_weapon_fights() -> None:
    game = _charged_infantry((BOMBS, SWORD))
    legate = game.state.unit("a").models[0]
    chosen, why = fighting_weapon(game, "a", legate)
    assert chosen is SWORD and [r.text[:6] for r in why] == ["DET-1:"]
    assert why[0].rule == "Detonation" and why[0].page == 118
    # no Unwieldy (the meltabombs are not used): Initiative 4; 3 Attacks + 1 for the Charge, no second weapon
    assert initiative_step(game, "a", legate) == (4, ())
    count, reasons = attacks_of(game, "a", legate)
    assert count == 4 and [r.rule for r in reasons] == ["Detonation", "Charging"]
    game.apply(EndStep(1))
    game.force_dice(1, 1, 1, 1, 1)  # b (I4) and a (I4) strike together: every attack misses
    events = [e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved)]
    assert [(e.unit_id, e.weapon, e.summary[:20]) for e in events] == [
        ("a", "power sword", "4 attacks, 0 hits, 0"),
        ("b", "close combat weapon", "1 attacks, 0 hits, 0"),
    ]


def test_DET_1_a_model_with_only_meltabombs_fights_infantry_with_a_close_combat_weapon() -> None:
    game = _charged_infantry((BOMBS,))
    legate = game.state.unit("a").models[0]
    assert fighting_weapon(game, "a", legate)[0] is None
    assert initiative_step(game, "a", legate)[0] == 4
    assert attacks_of(game, "a", legate)[0] == 4


def test_DET_2_meltabombs_against_a_vehicle_make_a_single_attack() -> None:
    game = _charged_rhino((BOMBS, SWORD))
    legate = game.state.unit("a").models[0]
    assert fighting_weapon(game, "a", legate) == (BOMBS, ())
    assert initiative_step(game, "a", legate)[0] == 1  # the meltabombs are Unwieldy
    count, reasons = attacks_of(game, "a", legate)
    assert count == 1 and reasons[-1].rule == "Detonation" and reasons[-1].text.startswith("DET-2:")
    game.apply(EndStep(1))
    game.force_dice(5, 3)  # one attack hits on 5; penetration 3 + 8 = 11 against Side 11: Glancing
    event = next(e for e in game.apply(FightCombat(1, "a")) if isinstance(e, MeleeAttacksResolved))
    assert (event.weapon, event.step) == ("meltabombs", 1)
    assert event.summary == "1 attacks, 1 hits, 1 Glancing, 0 Penetrating, 1 Hull Points lost"
    assert game.state.units["r"].wounds_lost == {"r.1": 1}


def test_DET_1_a_combat_with_one_foe_it_may_not_attack_refuses_the_weapon() -> None:
    game = _charged_rhino((BOMBS, SWORD), squad("b"))
    game.state.assault.engaged["a"].add("b")  # (an infantry unit locked in the same combat)
    game.state.assault.engaged.setdefault("b", set()).add("a")
    legate = game.state.unit("a").models[0]
    assert fighting_weapon(game, "a", legate)[0] is SWORD
