"""What the roster importer adds to the data: MCM-2, Sub-types given as rules, one value per numeric rule."""

from __future__ import annotations

import pytest

from strategium.army.army import Army, Unit
from strategium.army.battlescribe import import_roster
from strategium.army.militia_cavalry_mount import mount_model, mounted_unit_type
from strategium.model.unit_types import SubType, UnitType
from tests.conftest import ROSTERS


@pytest.fixture(scope="module")
def ogryn() -> Army:
    return import_roster(ROSTERS / "OgrynChainaxeFix.ros")


def unit(army: Army, name: str) -> Unit:
    return next(u for u in army.units if u.name == name)


def test_MCM_2_mounted_discipline_master_becomes_cavalry_keeping_sub_types(ogryn: Army) -> None:
    cadre = unit(ogryn, "IM - Discipline Master Cadre")
    kinds = [(m.has_rule("Militia Cavalry Mount"), m.profile.unit_type.unit_type) for m in cadre.models]
    assert kinds == [(True, UnitType.CAVALRY), (False, UnitType.INFANTRY), (False, UnitType.INFANTRY)]
    mounted = cadre.models[0].profile.unit_type
    assert mounted.sub_types == frozenset({SubType.CHARACTER, SubType.MILITIA})
    assert "Mounted Discipline Master*" in cadre.models[0].wargear
    assert ogryn.notes[0] == (
        "IM - Discipline Master Cadre: Discipline Master: Infantry (Character, Militia) read as Cavalry "
        "(Character, Militia) (Militia Cavalry Mount, MCM-2, Legacies of the Age of Darkness: Imperialis Militia p.37)"
    )


def test_MCM_2_leaves_models_that_are_already_cavalry(ogryn: Army) -> None:
    commander = unit(ogryn, "IM - Force Commander").models[0]
    assert str(commander.profile.unit_type) == "Cavalry (Character, Militia)"
    assert mount_model(commander) == (commander, None)
    assert mounted_unit_type(commander.profile.unit_type) is commander.profile.unit_type


def test_sub_types_given_only_as_rules_join_the_unit_type() -> None:
    auxilia = import_roster(ROSTERS / "hhv2.solar_aux_zm.ros")
    veletaris = unit(auxilia, "Veletaris Storm Section")
    assert all(m.profile.unit_type.has(SubType.CLOSE_ORDER) for m in veletaris.models)
    assert all(m.profile.unit_type.has(SubType.HEAVY) for m in veletaris.models)
    mechanicum = import_roster(ROSTERS / "hhv2.mechanicum_zm.ros")
    domitar = unit(mechanicum, "Domitar Battle-Automata Maniple").models[0]
    assert str(domitar.profile.unit_type) == "Automata (Cybernetica, Paragon)"
    assert any("Paragon Sub-type as a rule" in note for note in mechanicum.notes)


def test_bulky_keeps_the_first_specific_value_once() -> None:
    mechanicum = import_roster(ROSTERS / "hhv2.mechanicum_zm.ros")
    thallax = next(u for u in mechanicum.units if u.name.startswith("Thallax"))
    for model in thallax.models:
        assert [str(r) for r in model.rules if r.name == "Bulky"] == ["Bulky (2)"]
