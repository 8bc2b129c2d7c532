"""Grav Wave (Liber Mechanicum p.104): GRW-1, a Charge at a unit containing a model with a Grav Wave weapon is
Disordered. Forced dice, exact results."""

from __future__ import annotations

from collections.abc import Sequence

from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import get_rule_def
from strategium.engine.assault.charges import ChargeMove, DeclareCharge, disordered
from strategium.engine.assault.fighter import attacks_of, initiative_step
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass, WeaponProfile
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge, weapon

GRAV = weapon("graviton imploder", WeaponClass.HEAVY, "6", 4, ("Grav Wave",))
BOLTER = weapon("bolter", WeaponClass.RAPID_FIRE, "4", 5)
LEGATE = Characteristics(6, 5, 5, 3, 3, 4, 4, 3, 10, 3)


def charged(foe: Sequence[WeaponProfile]) -> Game:
    game = assault_game([squad("a", chars=LEGATE, rules=("Sudden Strike (1)",))], [squad("b", 2, weapons=foe)])
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)), ("b.2", Pose(21.5, 25))))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def test_grav_wave_is_implemented_and_cites_liber_mechanicum_p104() -> None:
    definition = get_rule_def("Grav Wave")
    assert (definition.page, definition.status) == (104, ImplementationStatus.IMPLEMENTED)


def test_GRW_1_a_charge_at_a_unit_with_a_grav_wave_weapon_is_disordered() -> None:
    game = charged((GRAV,))
    why = disordered(game, "a")
    assert [(r.rule, r.page, r.text) for r in why] == [
        ("Grav Wave", 104, "GRW-1: a Charge at b, whose b carries graviton imploder")
    ]
    legate = game.state.unit("a").models[0]
    # no Sudden Strike (1) after a Disordered Charge: Initiative 4
    assert initiative_step(game, "a", legate)[0] == 4
    # and (charge.disordered_loses_charge_attack, default true) no +1 Attack for charging: A3
    assert attacks_of(game, "a", legate)[0] == 3


def test_GRW_1_a_charge_at_a_unit_without_one_is_not_disordered() -> None:
    game = charged((BOLTER,))
    assert disordered(game, "a") == ()
    legate = game.state.unit("a").models[0]
    assert initiative_step(game, "a", legate)[0] == 5
    assert attacks_of(game, "a", legate)[0] == 4
