"""Force (rulebook p.238; strategium.rules.weapon.force, FRC-1..FRC-4) with its Psychic check and Perils of the Warp
(``weapon_rules.perils_of_the_warp_wounds``): forced dice, exact states. A Psyker Legionary (S4, Ld 7, W1) with a
force sword has charged a Legionary; the blow is asked as it strikes."""

from __future__ import annotations

from strategium.engine.assault.charges import ChargeMove, DeclareCharge
from strategium.engine.assault.fighter import blow
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from tests.engine import builders_assault as ba

SWORD = ba.weapon("Force sword", WeaponClass.MELEE, "User", 3, ("Force",))
LIBRARIAN = Characteristics(7, 5, 4, 4, 4, 2, 4, 2, 9, 3)  # W2, Ld 9


def _charged(
    unit_type: str = "Infantry (Psyker)", config: dict | None = None, chars: Characteristics = ba.MARINE
) -> Game:
    game = ba.assault_game(
        [ba.squad("a", weapons=(SWORD,), unit_type=unit_type, chars=chars)], [ba.squad("b")], config=config
    )
    ba.place(game, "a", (("a.1", Pose(20, 20)),))
    ba.place(game, "b", (("b.1", Pose(20, 25)),))
    ba.to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - ba.TOUCH)),)))
    return game


def _psyker(game: Game):
    return game.state.unit("a").models[0]


def test_force_a_passed_psychic_check_doubles_the_strength() -> None:
    game = _charged()
    game.force_dice(3, 4)  # 7 against Ld 7: passed
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is not None and struck.strength == 8
    assert [r.text[:5] for r in struck.why if r.rule == "Force"] == ["FRC-3"]
    again = blow(game, "a", _psyker(game), "b", "b.1")  # one check a phase: no dice rolled
    assert again is not None and again.strength == 8
    assert len(game.effects_on("a", EffectKind.PSYCHIC_CHECK_PASSED)) == 1


def test_force_a_failed_check_brings_perils_of_the_warp_that_can_slay_the_psyker() -> None:
    game = _charged()
    game.force_dice(4, 4, 1)  # 8 against Ld 7: failed; Perils: D3 = 1 Wound on the Psyker (no invulnerable save)
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is None  # removed: no attacks
    assert game.state.units["a"].casualties == ["a.1"]


def test_force_a_psyker_surviving_perils_attacks_at_its_normal_strength() -> None:
    game = _charged(chars=LIBRARIAN)
    game.force_dice(6, 6, 1)  # 12 against Ld 9: failed; Perils: 1 Wound (W2: it stands)
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is not None and struck.strength == 4
    assert game.state.units["a"].wounds_lost == {"a.1": 1}
    assert game.effects_on("a", EffectKind.PSYCHIC_CHECK_FAILED)


def test_force_perils_wounds_follow_the_setting() -> None:
    game = _charged(chars=LIBRARIAN, config={"weapon_rules": {"perils_of_the_warp_wounds": "1"}})
    game.force_dice(6, 6)  # failed; one Wound, no die for the count
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is not None and game.state.units["a"].wounds_lost == {"a.1": 1}


def test_force_a_model_that_is_no_psyker_takes_no_check() -> None:
    game = _charged(unit_type="Infantry (Line)")
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is not None and struck.strength == 4
    assert not game.effects_on("a", EffectKind.PSYCHIC_CHECK_PASSED)


def test_force_check_setting_off_takes_no_check() -> None:
    game = _charged(config={"weapon_rules": {"force_check": False}})
    game.force_dice(6, 6)  # would fail a check: none is taken, so these stay forced
    struck = blow(game, "a", _psyker(game), "b", "b.1")
    assert struck is not None and struck.strength == 4
    assert not game.effects_on("a", EffectKind.PSYCHIC_CHECK_FAILED)
    assert game.state.units["a"].wounds_lost == {}


def test_force_perils_allows_an_invulnerable_save_and_then_strikes_the_rest_of_the_unit() -> None:
    from dataclasses import replace

    from strategium.army.army import Unit
    from strategium.model.parsing import parse_unit_type
    from strategium.model.profiles import ModelProfile
    from strategium.rules.weapon.force import perils_of_the_warp

    warded = ModelProfile("a", parse_unit_type("Infantry (Psyker)"), ba.MARINE, invulnerable_save=4)
    two = ba.squad("a", n=2, weapons=(SWORD,), unit_type="Infantry (Psyker)")
    unit = Unit("a", "a", two.slot, (replace(two.models[0], profile=warded), two.models[1]), rules=two.rules)
    game = ba.assault_game([unit], [ba.squad("b")])
    game.force_dice(3, 4, 1, 2)  # D3 = 3 Wounds: the Psyker's 4+ saves (4), then fails (1): removed; the third on a.2
    perils_of_the_warp(game, "a", game.state.unit("a").models[0], "Force")
    assert game.state.units["a"].casualties == ["a.1", "a.2"]
