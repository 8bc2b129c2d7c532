"""Rich rendering of armies (report/army_view.py): marks, legend, bases, weapons, notes, widths."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.console import Console

from strategium.army.army import Army
from strategium.army.battlescribe import import_roster
from strategium.army.force_org import validate_army
from strategium.army.library import load_demo_army
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.status import STATUS
from strategium.report.army_view import RULE_MARKS, render_army
from tests.conftest import ROSTERS


def text_of(renderable: object, width: int = 200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.fixture(scope="module")
def militia() -> Army:
    return load_demo_army("imperialis_militia")


@pytest.fixture(scope="module")
def ogryn() -> Army:
    return import_roster(ROSTERS / "OgrynChainaxeFix.ros")


def test_render_lists_units_models_weapons_and_rule_status(militia: Army) -> None:
    out = text_of(render_army(militia))
    assert "Imperialis Militia demo · Imperialis Militia · Loyalist · 1495 points" in out
    assert "rules: ✓ implemented  ~ partial  ○ not yet  ? unknown (not in the registry)" in out
    assert "Crusade Primary Detachment (Crusade chart)" in out
    assert "14× Outrider" in out
    assert "M14 WS3 BS3 S3 T3 W1 I3 A1 Ld6 Sv5+" in out
    assert "Militia Lance: -, S7, AP3, Melee" in out
    assert "BS- AV14/14/14 HP4 Transport Capacity 12 Fire" in out
    assert "60×35 mm" in out
    assert "? Strength in Numbers" in out  # not registered: unknown
    for name, written in (
        ("Hammer of Wrath", "Hammer of Wrath (1)"),
        ("Militia Cavalry Mount", "Militia Cavalry Mount"),
    ):
        mark = RULE_MARKS[STATUS.get(name, ImplementationStatus.NOT_YET).value][0]
        assert f"{mark} {written}" in out
    assert "·" not in out.replace(" · ", "")  # the old "not yet" mark is gone


def test_no_battlescribe_ids_in_the_tables(ogryn: Army) -> None:
    out = text_of(render_army(ogryn, validate_army(ogryn)))
    for unit in ogryn.units:
        assert unit.id not in out
    assert "IM - Discipline Master Cadre" in out
    assert "Force Organisation: valid" in out


def test_transport_is_shown_with_its_unit_by_name() -> None:
    out = text_of(render_army(load_demo_army("emperors_children")))
    assert "Dedicated Transport of Tactical Support Squad" in out
    assert "M14 BS4 AV11/11/10 HP3 Transport Capacity 12" in out
    assert "Inv 5+" in out


def test_default_bases_and_hulls_are_shown_and_marked(ogryn: Army) -> None:
    out = text_of(render_army(ogryn))
    assert "hull" not in out.split("IM - Force Commander")[2].split("IM - Medicae")[0]
    commander = out.split("\nIM - Force Commander")[1].split("\nIM - Medicae Detachment")[0]
    assert "60×35 mm" in commander and "(default)" in commander  # Cavalry: the project's oval default
    ogryns = out.split("\nIM - Ogryn Brute Squad")[1]
    assert "40 mm" in ogryns.split("\n└")[0]  # Militia Monstrous Infantry
    russ = out.split("\nIM - Leman Russ")[1].split("\n└")[0]
    assert 'hull 5.2×3.6"' in russ and "(default)" in russ


def test_blank_weapon_profile_and_notes_heading(ogryn: Army) -> None:
    out = text_of(render_army(ogryn, notes_heading="Notes from the import"))
    assert "Phase Sword (profile blank in the data)" in out
    assert "Phase Sword: -, S" not in out
    notes = out.split("Notes from the import:\n")[1]
    assert "Clade Callidus Assassin: Phase Sword: the roster gives this weapon a blank profile" in notes
    assert "use '-'" not in notes


def test_type_markers_are_not_listed_as_special_rules(ogryn: Army) -> None:
    out = text_of(render_army(ogryn))
    table = out.split("\nIM - Force Commander")[0]
    assert "Cavalry Unit Type" not in table and "Militia Sub-type" not in table
    assert "✓ Support Squad" in table


@pytest.mark.parametrize("width", [80, 160])
def test_nothing_is_cut_at_80_or_160_columns(ogryn: Army, width: int) -> None:
    out = text_of(render_army(ogryn, validate_army(ogryn), notes_heading="Notes from the import"), width)
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= width


def test_tables_use_the_width_they_are_given(ogryn: Army) -> None:
    wide = text_of(render_army(ogryn), 160)
    assert max(len(line) for line in wide.splitlines()) == 160


def test_every_rule_status_has_a_mark() -> None:
    assert set(RULE_MARKS) == {s.value for s in ImplementationStatus} | {"unknown"}
    assert set(RULE_MARKS) == {"implemented", "partial", "not-yet", "unknown"}


def test_notes_of_an_army_file_are_under_notes(militia: Army) -> None:
    out = text_of(render_army(replace(militia, notes=("x.yaml:3: units[0].rules[0]: read 'Scot' as Scout",))))
    assert "Notes:\n  x.yaml:3: units[0].rules[0]: read 'Scot' as Scout" in out
