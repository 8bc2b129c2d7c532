"""Importing the real rosters in ``shared/data/rosters``: counts, points, and exact facts from the files.

Expected unit and model counts were worked out by hand from the XML (BATTLESCRIBE.md §1.3 "Model count": a
model selection of number N is N models; a unit with no model child is one model; nested Dedicated
Transports and Tercio sections are units of their own).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from strategium.army.army import Army, ChartKind, ForceOrgSlot, Unit
from strategium.army.battlescribe import import_roster
from strategium.catalogue.registry import RuleRef
from strategium.model.unit_types import SubType, UnitType
from tests.conftest import ROSTERS

# file -> (units, models, roster total in points)
EXPECTED = {
    "Basic Marines Validate.ros": (3, 21, 260),
    "Dedicated Transport Squad Costs.ros": (2, 6, 170),
    "Empty Validation Test.ros": (0, 0, 0),
    "OgrynChainaxeFix.ros": (10, 41, 1451),
    "hhv2.mechanicum_zm.ros": (5, 25, 998),
    "hhv2.solar_aux_zm.ros": (7, 48, 1000),
}


def _load(name: str) -> Army:
    return import_roster(ROSTERS / name)


def _unit(army: Army, name: str) -> Unit:
    matches = [u for u in army.units if u.name == name]
    assert len(matches) == 1, f"{name!r}: {len(matches)} units"
    return matches[0]


def test_every_roster_in_shared_data_is_covered() -> None:
    assert sorted(p.name for p in ROSTERS.glob("*.ros*")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_roster_imports_with_exact_unit_and_model_counts(name: str) -> None:
    units, models, _ = EXPECTED[name]
    army = _load(name)
    assert len(army.units) == units
    assert sum(len(u.models) for u in army.units) == models


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unit_points_add_up_to_the_roster_total(name: str) -> None:
    _, _, total = EXPECTED[name]
    army = _load(name)
    assert army.points == total
    assert sum(u.points for u in army.units) == total


def test_rosz_archive_imports_like_the_plain_file(tmp_path: Path) -> None:
    archive = tmp_path / "ogryns.rosz"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(ROSTERS / "OgrynChainaxeFix.ros", "OgrynChainaxeFix.ros")
    zipped, plain = import_roster(archive), _load("OgrynChainaxeFix.ros")
    assert zipped.units == plain.units
    assert zipped.points == 1451


def test_roster_level_facts() -> None:
    army = _load("OgrynChainaxeFix.ros")
    assert army.name == "1500pts July Doubles"
    assert army.points_limit == 1500
    assert army.allegiance == "Loyalist"
    assert [d.chart for d in army.detachments] == [ChartKind.CRUSADE]
    det = army.detachments[0]
    assert "Provenances of War: 09 Feral Warriors, 14 Ogryn Conscripts" in det.options
    assert {str(r) for r in det.rules} >= {"Feral Warriors", "Ogryn Conscripts"}


def test_zone_mortalis_rosters_get_the_zone_mortalis_chart() -> None:
    for name in ("hhv2.mechanicum_zm.ros", "hhv2.solar_aux_zm.ros"):
        assert [d.chart for d in _load(name).detachments] == [ChartKind.ZONE_MORTALIS]
    assert _load("hhv2.mechanicum_zm.ros").allegiance == "Traitor"


# --------------------------------------------------------------------------- OgrynChainaxeFix.ros (BattleScribe)


def test_cavalry_squad_models_are_light_militia_cavalry_with_militia_cavalry_mount() -> None:
    squad = _unit(_load("OgrynChainaxeFix.ros"), "IM - Cavalry Squad")
    assert squad.slot is ForceOrgSlot.FAST_ATTACK
    assert len(squad.models) == 10
    for model in squad.models:
        spec = model.profile.unit_type
        assert spec.unit_type is UnitType.CAVALRY
        assert {SubType.LIGHT, SubType.MILITIA} <= spec.sub_types
        assert model.has_rule("Militia Cavalry Mount")
    # the Outrider Sergeant is the squad's only Character
    assert [m.name for m in squad.models if m.profile.unit_type.has(SubType.CHARACTER)] == ["Outrider Sergeant"]
    # the squad-wide Militia Lance (bought once for the unit) is carried by every model
    assert all([w.name for w in m.weapons].count("Militia Lance") == 1 for m in squad.models)


def test_mounted_force_commander_is_militia_character_cavalry_with_its_mount_rules() -> None:
    commander = _unit(_load("OgrynChainaxeFix.ros"), "IM - Force Commander")
    assert commander.slot is ForceOrgSlot.HQ
    (model,) = commander.models
    assert model.profile.unit_type.unit_type is UnitType.CAVALRY
    assert model.profile.unit_type.sub_types == frozenset({SubType.MILITIA, SubType.CHARACTER})
    hammer = model.rule("Hammer of Wrath")
    assert hammer is not None and hammer.value == 1
    assert model.has_rule("Scout")
    assert model.has_rule("Relentless")
    assert model.has_rule("Militia Cavalry Mount")
    # Iron Halo's description grants a 4+ invulnerable save
    assert model.profile.invulnerable_save == 4


def test_ogryns_have_hammer_of_wrath_2() -> None:
    army = _load("OgrynChainaxeFix.ros")
    squads = [u for u in army.units if u.name == "IM - Ogryn Brute Squad"]
    assert len(squads) == 2
    for squad in squads:
        assert [m.name for m in squad.models] == ["Ogryn Brute"] * 4 + ["Ogryn Boss"]
        for model in squad.models:
            hammer = model.rule("Hammer of Wrath")
            assert isinstance(hammer, RuleRef) and hammer.value == 2 and hammer.x_text == "2"
        # four Boarding Shields bought for the unit go to the four Brutes, the Boss has his own
        assert [m.wargear.count("Boarding Shield") for m in squad.models] == [1, 1, 1, 1, 1]


def test_clade_assassin_container_gives_its_hq_slot_to_the_assassin() -> None:
    assassin = _unit(_load("OgrynChainaxeFix.ros"), "Clade Callidus Assassin")
    assert assassin.slot is ForceOrgSlot.HQ
    assert assassin.points == 125
    assert assassin.attached_to is None
    assert {"Infiltrate", "Scout", "Support Squad"} <= {str(r) for r in assassin.rules}


def test_leman_russ_is_its_own_model_with_all_its_weapons() -> None:
    tank = _unit(_load("OgrynChainaxeFix.ros"), "IM - Leman Russ")
    (model,) = tank.models
    assert model.profile.unit_type.unit_type is UnitType.VEHICLE
    assert sorted(w.name for w in model.weapons) == [
        "Autocannon",
        "Heavy Stubber",
        "Multi-Laser",
        "Vanquisher Battle Cannon",
    ]


# ------------------------------------------------------------------- Dedicated Transport Squad Costs.ros (NR)


def test_rhino_is_a_separate_unit_and_the_squads_dedicated_transport() -> None:
    army = _load("Dedicated Transport Squad Costs.ros")
    squad = _unit(army, "Tactical Support Squad")
    rhino = _unit(army, "Rhino Transport")
    assert rhino.dedicated_transport_for == squad.id
    assert rhino.slot is ForceOrgSlot.DEDICATED_TRANSPORT
    assert rhino.points == 35
    assert squad.points == 135
    (hull,) = rhino.models
    assert hull.profile.unit_type.unit_type is UnitType.VEHICLE
    assert hull.profile.unit_type.has(SubType.TRANSPORT)
    assert [w.name for w in hull.weapons] == ["Twin-linked Bolter"]
    assert rhino.rules and all(not m.has_rule("Support Squad") for m in rhino.models)


def test_tactical_support_squad_has_support_squad() -> None:
    squad = _unit(_load("Dedicated Transport Squad Costs.ros"), "Tactical Support Squad")
    assert squad.slot is ForceOrgSlot.TROOPS
    assert any(isinstance(r, RuleRef) and r.name == "Support Squad" for r in squad.rules)
    assert squad.all_models_have("Support Squad")
    # this roster uses no "Compulsory ...:" marks at all, so the importer leaves the decision to the rules
    assert squad.compulsory is None


# ------------------------------------------------------------------------ Basic Marines Validate.ros (NR)


def test_the_nine_legionaries_each_carry_a_bolter_and_a_bolt_pistol() -> None:
    army = _load("Basic Marines Validate.ros")
    for squad in (u for u in army.units if u.name == "Tactical Squad"):
        legionaries = [m for m in squad.models if m.name == "Legionary"]
        assert len(legionaries) == 9
        for model in legionaries:
            assert sorted(w.name for w in model.weapons) == ["Bolt Pistol", "Bolter"]
            assert model.wargear.count("Power Armour") == 1
        sergeant = squad.models[0]
        assert sergeant.name == "Legion Tactical Sergeant"
        assert sergeant.wargear.count("Power Armour") == 1
        assert squad.compulsory is True


def test_bolter_profile_is_parsed() -> None:
    squad = next(u for u in _load("Basic Marines Validate.ros").units if u.name == "Tactical Squad")
    bolter = next(w for w in squad.models[1].weapons if w.name == "Bolter")
    assert bolter.range.maximum == 24
    assert bolter.strength.value == 4
    assert bolter.ap == 5


# -------------------------------------------------------------------------- Solar Auxilia Tercios (BS)


def test_tercio_sections_are_units_attached_to_the_first_section() -> None:
    army = _load("hhv2.solar_aux_zm.ros")
    sections = [u for u in army.units if u.name == "Veletaris Storm Section"]
    assert len(sections) == 3
    first, *others = sections
    assert first.attached_to is None and first.compulsory is True
    assert all(s.attached_to == first.id for s in others)
    assert all(s.slot is ForceOrgSlot.TROOPS for s in sections)
    # the container's own rules reach every section
    assert all({"Close-order Sub-type", "Line Sub-type"} <= {str(r) for r in s.rules} for s in sections)
    # each Veletarii carries one Volkite Charger (the section-level duplicate is not given twice)
    assert all([w.name for w in m.weapons].count("Volkite Charger") == 1 for m in first.models)


def test_model_profile_carried_on_an_upgrade_is_found() -> None:
    command = _unit(_load("hhv2.solar_aux_zm.ros"), "Tactical Command Section")
    captain = command.models[0]
    assert captain.name == "Auxilia Captain"
    assert captain.profile.unit_type.has(SubType.CHARACTER)
    assert len(command.models) == 10


def test_unit_level_weapons_are_spread_by_collective_counts() -> None:
    host = _unit(_load("hhv2.mechanicum_zm.ros"), "Myrmidon Secutor Host")
    # eight Phased Plasma-Fusils bought for a unit of four: two each
    assert [[w.name for w in m.weapons].count("Phased Plasma-Fusil") for m in host.models] == [2, 2, 2, 2]


def test_force_level_category_rules_are_not_given_to_units_without_the_category() -> None:
    army = _load("OgrynChainaxeFix.ros")
    assert not any(u.any_model_has("Eternal Warrior") for u in army.units)


def test_unknown_rules_are_listed_not_dropped() -> None:
    army = _load("OgrynChainaxeFix.ros")
    commander = _unit(army, "IM - Force Commander")
    assert "The Muster of Worlds" in commander.unknown_rules
