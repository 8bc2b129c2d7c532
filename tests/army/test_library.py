"""Army files (project-authored YAML) and the two bundled demo armies."""

from __future__ import annotations

from pathlib import Path

import pytest

from strategium.army.army import Army, ChartKind, ForceOrgSlot, Unit
from strategium.army.library import demo_army_names, demo_army_paths, load_army, load_demo_army, parse_army_text
from strategium.catalogue.registry import RuleRef, UnknownRule
from strategium.errors import InputError
from strategium.model.characteristics import BuildingCharacteristics, Characteristics, VehicleCharacteristics
from strategium.model.unit_types import SubType, UnitType

SEED_RULES = (
    "Support Squad",
    "Infiltrate",
    "Scout",
    "Outflank",
    "Legiones Hereticus (Emperor's Children)",
    "Hammer of Wrath",
    "Militia Cavalry Mount",
    "Relentless",
)


@pytest.fixture(scope="module")
def ec() -> Army:
    return load_demo_army("emperors_children")


@pytest.fixture(scope="module")
def militia() -> Army:
    return load_demo_army("imperialis_militia")


def unit(army: Army, unit_id: str) -> Unit:
    return next(u for u in army.units if u.id == unit_id)


def test_the_two_demo_armies_are_bundled() -> None:
    assert demo_army_names() == ("emperors_children", "imperialis_militia")
    paths = demo_army_paths()
    assert sorted(paths) == ["emperors_children", "imperialis_militia"]
    assert all(p.is_file() and p.suffix == ".yaml" for p in paths.values())


def test_demo_armies_load_with_their_points(ec: Army, militia: Army) -> None:
    assert (ec.name, ec.points, ec.allegiance) == ("Emperor's Children demo", 1565, "Traitor")
    assert (militia.name, militia.points, militia.allegiance) == ("Imperialis Militia demo", 1495, "Loyalist")
    assert [d.chart for d in ec.detachments] == [ChartKind.CRUSADE]
    assert [d.chart for d in militia.detachments] == [ChartKind.CRUSADE]


def test_model_counts_per_unit(ec: Army, militia: Army) -> None:
    assert {u.id: len(u.models) for u in ec.units} == {
        "centurion": 1,
        "tactical-1": 20,
        "tactical-2": 20,
        "tactical-support": 5,
        "tactical-support-rhino": 1,
        "recon": 10,
        "javelins": 3,
        "contemptors": 3,
    }
    assert {u.id: len(u.models) for u in militia.units} == {
        "force-commander": 1,
        "infantry-1": 20,
        "infantry-2": 20,
        "infantry-3": 20,
        "recon": 10,
        "ogryns-1": 5,
        "ogryns-2": 5,
        "cavalry-1": 15,
        "cavalry-2": 15,
        "leman-russ": 1,
        "bunker": 1,
    }


def test_count_expands_into_models_with_distinct_ids(ec: Army) -> None:
    tactical = unit(ec, "tactical-1")
    ids = [m.id for m in tactical.models]
    assert len(set(ids)) == 20
    assert ids[:3] == ["tactical-1/1", "tactical-1/2", "tactical-1/3"]
    assert [m.name for m in tactical.models].count("Legionary") == 19
    assert len({m.id for m in ec.units[0].models} | set(ids)) == 21


def test_cavalry_squad_model_is_cavalry_with_militia_sub_type(militia: Army) -> None:
    outrider = unit(militia, "cavalry-1").models[1]
    assert outrider.name == "Outrider"
    assert outrider.profile.unit_type.unit_type is UnitType.CAVALRY
    assert outrider.profile.unit_type.sub_types == frozenset({SubType.LIGHT, SubType.MILITIA})
    assert outrider.has_rule("Militia Cavalry Mount")
    assert outrider.base_mm == (60.0, 35.0)
    c = outrider.profile.characteristics
    assert isinstance(c, Characteristics)
    assert (c.m, c.ws, c.bs, c.s, c.t, c.w, c.i, c.a, c.ld, c.sv) == (14, 3, 3, 3, 3, 1, 3, 1, 6, 5)


def test_force_commander_is_mounted_with_hammer_of_wrath_1(militia: Army) -> None:
    commander = unit(militia, "force-commander")
    assert commander.slot is ForceOrgSlot.HQ
    model = commander.models[0]
    assert model.profile.unit_type.unit_type is UnitType.CAVALRY
    assert model.has_rule("Militia Cavalry Mount")
    how = model.rule("Hammer of Wrath")
    assert how is not None and how.value == 1
    assert model.profile.invulnerable_save == 5


def test_ogryns_have_hammer_of_wrath_2(militia: Army) -> None:
    ogryns = unit(militia, "ogryns-1")
    values = {m.rule("Hammer of Wrath").value for m in ogryns.models}  # type: ignore[union-attr]
    assert values == {2}
    assert all(m.base_mm == (40.0, 40.0) for m in ogryns.models)


def test_rhino_is_the_support_squads_dedicated_transport(ec: Army) -> None:
    rhino = unit(ec, "tactical-support-rhino")
    support = unit(ec, "tactical-support")
    assert rhino.dedicated_transport_for == "tactical-support"
    assert rhino.slot is ForceOrgSlot.DEDICATED_TRANSPORT
    assert support.all_models_have("Support Squad")
    c = rhino.models[0].profile.characteristics
    assert isinstance(c, VehicleCharacteristics)
    assert (c.m, c.bs, c.front, c.side, c.rear, c.hp, c.transport_capacity) == (14, 4, 11, 11, 10, 3, 12)
    assert rhino.models[0].base_mm is None


def test_every_seed_rule_is_in_some_unit_of_the_demo_armies(ec: Army, militia: Army) -> None:
    names = {
        r.name for a in (ec, militia) for u in a.units for m in u.models for r in m.rules if isinstance(r, RuleRef)
    }
    assert set(SEED_RULES) <= names


def test_every_emperors_children_unit_is_wholly_legiones_hereticus(ec: Army) -> None:
    assert all(u.all_models_have("Legiones Hereticus (Emperor's Children)") for u in ec.units)


def test_crusade_compulsory_choices_are_met_without_support_squads(ec: Army) -> None:
    units = ec.detachments[0].units
    hq = [u for u in units if u.slot is ForceOrgSlot.HQ]
    troops = [u for u in units if u.slot is ForceOrgSlot.TROOPS and not u.any_model_has("Support Squad")]
    assert len(hq) == 1
    assert [u.id for u in troops] == ["tactical-1", "tactical-2", "recon"]


def test_bunker_is_a_building_profile(militia: Army) -> None:
    bunker = unit(militia, "bunker").models[0]
    assert bunker.profile.unit_type.unit_type is UnitType.FORTIFICATION
    c = bunker.profile.characteristics
    assert isinstance(c, BuildingCharacteristics)
    assert (c.bs, c.front, c.side, c.rear, c.hp, c.transport_capacity, c.fire_points) == (None, 14, 14, 14, 4, 12, 2)
    assert len(bunker.weapons) == 5


def test_weapons_are_parsed_from_the_data_columns(ec: Army) -> None:
    fist, cannon = unit(ec, "contemptors").models[0].weapons
    assert (fist.name, fist.is_melee, fist.ap, fist.strength.value) == ("Gravis Power Fist", True, 2, 9)
    assert (cannon.range.maximum, cannon.type.shots, cannon.ap) == (24, 6, 4)
    assert [str(r) for r in cannon.type.rules] == ["Rending (6+)"]


def test_rules_the_registry_does_not_know_are_kept_as_unknown(militia: Army) -> None:
    assert unit(militia, "infantry-1").unknown_rules == ("Strength in Numbers",)
    assert isinstance(unit(militia, "infantry-1").rules[0], UnknownRule)


# ----------------------------------------------------------------------------------------------- bad files

GOOD = """\
format: 1
name: Tiny
weapons:
  - {name: Bolter, range: '24"', strength: "4", ap: "5", type: Rapid Fire}
units:
  - id: a
    name: Squad
    slot: Troops
    points: 100
    models:
      - name: Legionary
        count: 2
        unit_type: Infantry (Line)
        m: 7
        ws: 4
        bs: 4
        s: 4
        t: 4
        w: 1
        i: 4
        a: 1
        ld: 7
        sv: 3+
        weapons: [Bolter]
detachments:
  - name: Primary
    chart: Crusade
    units: [a]
"""


def error_of(text: str) -> str:
    with pytest.raises(InputError) as info:
        parse_army_text(text, file="tiny.yaml")
    message = str(info.value)
    assert "\n" not in message
    return message


def test_the_good_file_loads() -> None:
    army = parse_army_text(GOOD, file="tiny.yaml")
    assert [m.id for m in army.units[0].models] == ["a/1", "a/2"]
    assert army.source == "tiny.yaml"


def test_bad_yaml_gives_file_and_yaml_line() -> None:
    message = error_of(GOOD.replace("    slot: Troops", "    slot: [Troops"))
    assert message.startswith("tiny.yaml:")
    assert "not valid YAML" in message


def test_wrong_type_gives_file_line_and_field() -> None:
    message = error_of(GOOD.replace("bs: 4", "bs: [4]"))
    assert message == "tiny.yaml:16: units[0].models[0].bs: must be a whole number"


def test_unreadable_characteristic_text_is_an_error() -> None:
    message = error_of(GOOD.replace("ws: 4", "ws: four"))
    assert message.startswith("tiny.yaml:15: units[0].models[0].ws: not a whole number")


def test_missing_field_names_it_and_points_at_the_parent() -> None:
    message = error_of(GOOD.replace("    points: 100\n", ""))
    assert message == "tiny.yaml:6: units[0].points: is required"


def test_missing_characteristic_for_the_unit_type() -> None:
    message = error_of(GOOD.replace("        ld: 7\n", ""))
    assert (
        message == "tiny.yaml:11: units[0].models[0].ld: is required for an Infantry model (write '-' if it has none)"
    )


def test_unparseable_unit_type_is_an_error() -> None:
    message = error_of(GOOD.replace("Infantry (Line)", "Legionary (Line)"))
    assert message.startswith("tiny.yaml:13: units[0].models[0].unit_type: cannot read Unit Type 'Legionary (Line)'")


def test_unknown_field_is_an_error() -> None:
    message = error_of(GOOD.replace("        sv: 3+\n", "        sv: 3+\n        inv: 4+\n"))
    assert message.startswith("tiny.yaml:24: units[0].models[0].inv: unknown field; known: name, count, unit_type, m,")
    message = error_of(GOOD.replace("        sv: 3+\n", "        sv: 3+\n        invulnerable: 4+\n"))
    assert message == "tiny.yaml:24: units[0].models[0].invulnerable: unknown field; did you mean 'invulnerable_save'?"


def test_unknown_weapon_and_unit_references() -> None:
    assert error_of(GOOD.replace("weapons: [Bolter]", "weapons: [Lascannon]")).startswith(
        "tiny.yaml:24: units[0].models[0].weapons[0]: no weapon named 'Lascannon'"
    )
    assert error_of(GOOD.replace("units: [a]", "units: [a, b]")) == (
        "tiny.yaml:28: detachments[0].units[1]: no unit with id 'b'"
    )


def test_points_that_do_not_add_up() -> None:
    message = error_of(GOOD.replace("name: Tiny\n", "name: Tiny\npoints: 90\n"))
    assert message == "tiny.yaml:3: points: the units' points add up to 100, not 90"


def test_bad_weapon_column_names_the_column() -> None:
    message = error_of(GOOD.replace('ap: "5"', 'ap: "five"'))
    assert message.startswith("tiny.yaml:4: weapons[0].ap:")


def test_load_army_reports_the_file_name(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text(GOOD.replace("bs: 4", "bs: [4]"), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_army(bad)
    assert (info.value.file, info.value.line, info.value.field) == ("broken.yaml", 16, "units[0].models[0].bs")
    with pytest.raises(InputError) as info:
        load_army(tmp_path / "missing.yaml")
    assert info.value.message == "no such file"
    with pytest.raises(InputError) as info:
        load_army(tmp_path)
    assert info.value.message == "is a directory, not an army file"


def test_unknown_demo_name() -> None:
    with pytest.raises(InputError, match="no demo army named 'orks'"):
        load_demo_army("orks")


def test_no_library_jargon_in_messages() -> None:
    assert error_of(GOOD.replace("format: 1", "format: 2")) == "tiny.yaml:1: format: must be 1"
    assert error_of(GOOD.replace("ws: 4", "ws: 4.5")) == "tiny.yaml:15: units[0].models[0].ws: must be a whole number"
    assert error_of(GOOD.replace("slot: Troops", "slot: Troop")) == (
        "tiny.yaml:8: units[0].slot: must be one of: HQ, Troops, Elites, Fast Attack, Heavy Support, Lord of War, "
        "Fortification, Primarch, Dedicated Transport, None"
    )
    assert (
        error_of(GOOD.replace("count: 2", "count: 0")) == "tiny.yaml:12: units[0].models[0].count: must be at least 1"
    )
    assert (
        error_of(GOOD.replace("    units: [a]", "    units: []"))
        == "tiny.yaml:28: detachments[0].units: must not be empty"
    )


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("ws: 4", "ws: -3", "ws", "must be between 0 and 10 (got -3)"),
        ("ws: 4", "ws: 99", "ws", "must be between 0 and 10 (got 99)"),
        ("ld: 7", "ld: 11", "ld", "must be between 0 and 10 (got 11)"),
        ("w: 1", "w: 0", "w", "must be between 1 and 10 (got 0)"),
        ("m: 7", "m: -1", "m", "must be at least 0 (got -1)"),
        ("sv: 3+", "sv: 1", "sv", "must be between 2 and 6 (got 1)"),
        ("sv: 3+", "sv: 7+", "sv", "a save target must be between 2+ and 6+ (got '7+')"),
    ],
)
def test_impossible_characteristics_are_errors(old: str, new: str, field: str, message: str) -> None:
    line = next(n for n, text in enumerate(GOOD.splitlines(), start=1) if text.strip() == old)
    assert error_of(GOOD.replace(old, new)) == f"tiny.yaml:{line}: units[0].models[0].{field}: {message}"


def test_dash_stays_allowed_and_extremes_are_accepted() -> None:
    army = parse_army_text(GOOD.replace("ws: 4", "ws: 10").replace("bs: 4", 'bs: "-"').replace("m: 7", "m: 0"))
    values = army.units[0].models[0].profile.characteristics
    assert isinstance(values, Characteristics)
    assert (values.ws, values.bs, values.m) == (10, None, 0)


VEHICLE = GOOD.replace(
    """        unit_type: Infantry (Line)
        m: 7
        ws: 4
        bs: 4
        s: 4
        t: 4
        w: 1
        i: 4
        a: 1
        ld: 7
        sv: 3+
""",
    """        unit_type: Vehicle (Transport)
        m: 12
        bs: 4
        front: 11
        side: 11
        rear: 10
        hp: 3
""",
)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("front: 11", "front: 15", "front: must be between 0 and 14 (got 15)"),
        ("rear: 10", "rear: -1", "rear: must be between 0 and 14 (got -1)"),
        ("hp: 3", "hp: 0", "hp: must be at least 1 (got 0)"),
    ],
)
def test_impossible_vehicle_values_are_errors(old: str, new: str, message: str) -> None:
    assert error_of(VEHICLE.replace(old, new)).endswith(f"units[0].models[0].{message}")


def test_unit_type_typo_is_an_error_with_a_hint() -> None:
    message = error_of(GOOD.replace("Infantry (Line)", "Infantri (Line)"))
    assert message == (
        "tiny.yaml:13: units[0].models[0].unit_type: cannot read Unit Type 'Infantri (Line)': 'Infantri' is not a "
        "Unit Type or Sub-type; did you mean 'Infantry'?"
    )
    message = error_of(GOOD.replace("Infantry (Line)", "Infantry (Lien)"))
    assert message.endswith("cannot read Unit Type 'Infantry (Lien)': unknown word 'Lien'; did you mean 'Line'?")


def test_rule_typos_are_kept_and_named_in_the_notes() -> None:
    text = GOOD.replace(
        "        weapons: [Bolter]\n", "        weapons: [Bolter]\n        rules: [Relentles, Fearles]\n"
    )
    text = text.replace("    points: 100\n", "    points: 100\n    rules: [Independant Character, Scot, Fea]\n")
    army = parse_army_text(text, file="tiny.yaml")
    model = army.units[0].models[0]
    assert [str(r) for r in model.rules] == ["Independent Character", "Scout", "Fea", "Relentless", "Fearless"]
    assert isinstance(model.rules[2], UnknownRule)
    assert army.notes == (
        "tiny.yaml:10: units[0].rules[0]: read 'Independant Character' as Independent Character",
        "tiny.yaml:10: units[0].rules[1]: read 'Scot' as Scout",
        "tiny.yaml:26: units[0].models[0].rules[0]: read 'Relentles' as Relentless",
        "tiny.yaml:26: units[0].models[0].rules[1]: read 'Fearles' as Fearless",
    )


def test_correct_names_add_no_notes() -> None:
    assert (
        parse_army_text(GOOD.replace("weapons: [Bolter]", "weapons: [Bolter]\n        rules: [Relentless]")).notes == ()
    )


def test_MCM_2_infantry_model_with_the_mount_becomes_cavalry_keeping_its_sub_types() -> None:
    text = GOOD.replace("Infantry (Line)", "Infantry (Character, Militia)").replace(
        "weapons: [Bolter]", "weapons: [Bolter]\n        rules: [Militia Cavalry Mount]"
    )
    army = parse_army_text(text, file="tiny.yaml")
    for model in army.units[0].models:
        spec = model.profile.unit_type
        assert (spec.unit_type, spec.sub_types) == (UnitType.CAVALRY, frozenset({SubType.CHARACTER, SubType.MILITIA}))
    assert army.notes == (
        "tiny.yaml:13: units[0].models[0].unit_type: Legionary: Infantry (Character, Militia) read as Cavalry "
        "(Character, Militia) (Militia Cavalry Mount, MCM-2, Legacies of the Age of Darkness: Imperialis Militia p.37)",
    )


def test_MCM_2_leaves_a_model_without_the_mount_and_a_cavalry_model_alone(militia: Army) -> None:
    assert (
        parse_army_text(GOOD.replace("Infantry (Line)", "Infantry (Militia)"))
        .units[0]
        .models[0]
        .profile.unit_type.unit_type
        is UnitType.INFANTRY
    )
    mounted = unit(militia, "force-commander").models[0]
    assert mounted.has_rule("Militia Cavalry Mount")
    assert str(mounted.profile.unit_type) == "Cavalry (Character, Militia)"
    assert militia.notes == ()
