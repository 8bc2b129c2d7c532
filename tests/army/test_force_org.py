"""Force Organisation validation, with SUP-1 (Support Squad, Age of Darkness rulebook p.248) on real rosters."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from strategium.army.army import Army, ChartKind, Detachment, ForceOrgSlot, Unit
from strategium.army.battlescribe import import_roster
from strategium.army.force_org import (
    CHARTS,
    ForceOrgVerdict,
    compulsory_override,
    fills_choice,
    may_fill_compulsory,
    validate_army,
    validate_detachment,
)
from tests.conftest import ROSTERS

NS = "{http://www.battlescribe.net/schema/rosterSchema}"


def _units(name: str) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for unit in import_roster(ROSTERS / name).units:
        out.setdefault(unit.name, []).append(unit)
    return out


MARINES = _units("Basic Marines Validate.ros")
SUPPORT = _units("Dedicated Transport Squad Costs.ros")
CENTURION = MARINES["Centurion"][0]
TACTICAL_1, TACTICAL_2 = MARINES["Tactical Squad"]
TSS = SUPPORT["Tactical Support Squad"][0]
RHINO = SUPPORT["Rhino Transport"][0]


def _army(*units: Unit, chart: ChartKind = ChartKind.CRUSADE) -> Army:
    return Army("test", (Detachment("Primary", chart, tuple(units)),))


def _codes(verdict: ForceOrgVerdict) -> list[tuple[str, ForceOrgSlot | None, str | None]]:
    return [(p.rule, p.slot, p.unit) for p in verdict.problems]


# ------------------------------------------------------------------------------------------- the charts


def test_crusade_chart_numbers() -> None:
    chart = CHARTS[ChartKind.CRUSADE]
    got = {lim.slot: (lim.minimum, lim.maximum, lim.compulsory) for lim in chart.limits}
    assert got == {
        ForceOrgSlot.HQ: (1, 3, 1),
        ForceOrgSlot.TROOPS: (2, 6, 2),
        ForceOrgSlot.ELITES: (0, 4, 0),
        ForceOrgSlot.FAST_ATTACK: (0, 3, 0),
        ForceOrgSlot.HEAVY_SUPPORT: (0, 3, 0),
        ForceOrgSlot.FORTIFICATION: (0, 1, 0),
        ForceOrgSlot.PRIMARCH: (0, 1, 0),
    }


def test_zone_mortalis_and_allied_chart_numbers() -> None:
    zm = {lim.slot: (lim.minimum, lim.maximum, lim.compulsory) for lim in CHARTS[ChartKind.ZONE_MORTALIS].limits}
    assert zm[ForceOrgSlot.HQ] == (1, 2, 1)
    assert zm[ForceOrgSlot.TROOPS] == (1, 6, 1)
    assert ForceOrgSlot.FORTIFICATION not in zm
    allied = {lim.slot: (lim.minimum, lim.maximum, lim.compulsory) for lim in CHARTS[ChartKind.ALLIED].limits}
    assert allied[ForceOrgSlot.HQ] == (1, 1, 1)
    assert allied[ForceOrgSlot.TROOPS] == (1, 4, 1)
    assert allied[ForceOrgSlot.HEAVY_SUPPORT] == (0, 1, 0)


# --------------------------------------------------------------------------------------- the real rosters


def test_real_rosters_verdicts() -> None:
    valid = {
        name: validate_army(import_roster(ROSTERS / name)).valid
        for name in (
            "Basic Marines Validate.ros",
            "OgrynChainaxeFix.ros",
            "hhv2.mechanicum_zm.ros",
            "hhv2.solar_aux_zm.ros",
            "Dedicated Transport Squad Costs.ros",
        )
    }
    assert valid == {
        "Basic Marines Validate.ros": True,
        "OgrynChainaxeFix.ros": True,  # 3 Troops, the Grenadiers (Support Squad) are the non-compulsory one
        "hhv2.mechanicum_zm.ros": True,
        "hhv2.solar_aux_zm.ros": True,
        "Dedicated Transport Squad Costs.ros": False,
    }


def test_empty_validation_test_reports_the_missing_compulsory_slots() -> None:
    verdict = validate_army(import_roster(ROSTERS / "Empty Validation Test.ros"))
    assert not verdict.valid
    assert _codes(verdict) == [("FOC-MIN", ForceOrgSlot.HQ, None), ("FOC-MIN", ForceOrgSlot.TROOPS, None)]
    assert all(p.page == "Age of Darkness rulebook p.281" for p in verdict.problems)
    assert "at least 1 HQ choice required (1 compulsory); the list has 0" in verdict.problems[0].text
    assert "at least 2 Troops choices required (2 compulsory); the list has 0" in verdict.problems[1].text


# ------------------------------------------------------------------------------------------------ SUP-1


def test_SUP_1_support_squad_cannot_be_the_second_compulsory_troops_choice() -> None:
    """SUP-1: Centurion + Tactical Squad + Tactical Support Squad (+ its Rhino) has two Troops choices, but the
    Support Squad one may not fill a compulsory slot: invalid, and the verdict names the unit and the slot."""
    verdict = validate_army(_army(CENTURION, TACTICAL_1, TSS, RHINO))
    assert not verdict.valid
    assert _codes(verdict) == [("SUP-1", ForceOrgSlot.TROOPS, "Tactical Support Squad")]
    (problem,) = verdict.problems
    assert problem.page == "Age of Darkness rulebook p.248"
    assert "Tactical Support Squad has Support Squad" in problem.text
    assert "compulsory Troops" in problem.text


def test_SUP_1_adding_a_tactical_squad_makes_it_valid() -> None:
    """SUP-1: with a second Tactical Squad the compulsory Troops are filled; the Support Squad unit is an
    optional Troops choice."""
    verdict = validate_army(_army(CENTURION, TACTICAL_1, TACTICAL_2, TSS, RHINO))
    assert verdict.valid, _codes(verdict)


def _roster_variant(tmp_path: Path, tacticals: int) -> Path:
    """Basic Marines Validate.ros with ``tacticals`` Tactical Squads and the Tactical Support Squad (with its
    Rhino) from Dedicated Transport Squad Costs.ros added to the same Crusade detachment."""
    ET.register_namespace("", NS[1:-1])
    tree = ET.parse(ROSTERS / "Basic Marines Validate.ros")
    selections = tree.getroot().find(f"{NS}forces/{NS}force/{NS}selections")
    assert selections is not None
    for tactical in [s for s in selections if s.get("name") == "Tactical Squad"][tacticals:]:
        selections.remove(tactical)
    donor = ET.parse(ROSTERS / "Dedicated Transport Squad Costs.ros").getroot()
    tss = next(s for s in donor.iter(f"{NS}selection") if s.get("name") == "Tactical Support Squad")
    selections.append(tss)
    path = tmp_path / f"variant-{tacticals}.ros"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return path


def test_SUP_1_on_a_modified_real_roster(tmp_path: Path) -> None:
    """SUP-1 on roster files: one Tactical Squad + the Support Squad is invalid; two Tactical Squads is valid."""
    invalid = validate_army(import_roster(_roster_variant(tmp_path, 1)))
    assert _codes(invalid) == [("SUP-1", ForceOrgSlot.TROOPS, "Tactical Support Squad")]
    valid = import_roster(_roster_variant(tmp_path, 2))
    assert validate_army(valid).valid
    assert sum(u.points for u in valid.units) == 260 + 170
    # the edited file still states the old total: the import says so
    assert "roster total 260 differs from the sum of its units' points, 430" in valid.notes


def test_SUP_1_only_a_support_squad_reports_both_the_minimum_and_the_unit() -> None:
    verdict = validate_army(_army(CENTURION, TSS, RHINO))
    assert _codes(verdict) == [
        ("FOC-MIN", ForceOrgSlot.TROOPS, None),
        ("SUP-1", ForceOrgSlot.TROOPS, "Tactical Support Squad"),
    ]


def test_a_rule_can_lift_the_support_squad_restriction() -> None:
    """The mechanism for Rites of War: an override that lets this Support Squad unit be compulsory."""
    lift = compulsory_override(lambda unit, _det: unit.name == "Tactical Support Squad", True)
    assert validate_army(_army(CENTURION, TACTICAL_1, TSS, RHINO), overrides=[lift]).valid


def test_a_unit_marked_non_compulsory_only_cannot_fill_a_compulsory_slot() -> None:
    restricted = replace(TACTICAL_2, compulsory=False)
    verdict = validate_army(_army(CENTURION, TACTICAL_1, restricted))
    assert _codes(verdict) == [("FOC-COMP", ForceOrgSlot.TROOPS, "Tactical Squad")]
    impose = compulsory_override(lambda unit, _det: unit.id == TACTICAL_2.id, False)
    verdict = validate_army(_army(CENTURION, TACTICAL_1, TACTICAL_2), overrides=[impose])
    assert _codes(verdict) == [("FOC-COMP", ForceOrgSlot.TROOPS, "Tactical Squad")]


def test_may_fill_compulsory_order_of_precedence() -> None:
    det = Detachment("d", ChartKind.CRUSADE, ())
    assert may_fill_compulsory(replace(TSS, compulsory=None), det) is False
    assert may_fill_compulsory(replace(TSS, compulsory=True), det) is True
    lift = compulsory_override(lambda _u, _d: True, True)
    assert may_fill_compulsory(replace(TSS, compulsory=False), det, [lift]) is True
    assert may_fill_compulsory(replace(TACTICAL_1, compulsory=None), det) is True


def test_dedicated_transports_and_attached_units_fill_no_choice() -> None:
    assert not fills_choice(RHINO)
    assert not fills_choice(replace(TACTICAL_1, attached_to="x"))
    assert fills_choice(TACTICAL_1)


# ------------------------------------------------------------------------------------- slot limits, charts


def test_too_many_hq_choices() -> None:
    hqs = [replace(CENTURION, id=f"hq{i}") for i in range(4)]
    problems = validate_detachment(Detachment("P", ChartKind.CRUSADE, (*hqs, TACTICAL_1, TACTICAL_2)))
    assert [(p.rule, p.slot) for p in problems] == [("FOC-MAX", ForceOrgSlot.HQ)]
    assert "at most 3 HQ choices allowed; the list has 4" in problems[0].text


def test_zone_mortalis_allows_two_hq_and_one_troops() -> None:
    hqs = [replace(CENTURION, id=f"hq{i}") for i in range(2)]
    assert validate_army(_army(*hqs, TACTICAL_1, chart=ChartKind.ZONE_MORTALIS)).valid
    three = [*hqs, replace(CENTURION, id="hq3")]
    verdict = validate_army(_army(*three, TACTICAL_1, chart=ChartKind.ZONE_MORTALIS))
    assert _codes(verdict) == [("FOC-MAX", ForceOrgSlot.HQ, None)]


def test_slot_the_chart_lacks() -> None:
    lord = replace(TACTICAL_2, slot=ForceOrgSlot.LORD_OF_WAR)
    verdict = validate_army(_army(CENTURION, TACTICAL_1, replace(TACTICAL_1, id="t2"), lord))
    assert _codes(verdict) == [("FOC-SLOT", ForceOrgSlot.LORD_OF_WAR, "Tactical Squad")]


def test_army_needs_exactly_one_primary_detachment_and_no_allies_in_zone_mortalis() -> None:
    allied = Detachment("Allies", ChartKind.ALLIED, (CENTURION, TACTICAL_1))
    verdict = validate_army(Army("a", (allied,)))
    assert [p.rule for p in verdict.problems] == ["DET-PRIMARY"]
    zm = Detachment("ZM", ChartKind.ZONE_MORTALIS, (CENTURION, TACTICAL_2))
    verdict = validate_army(Army("b", (zm, allied)))
    assert [p.rule for p in verdict.problems] == ["DET-ALLIED-ZM"]
    crusade = Detachment("C", ChartKind.CRUSADE, (CENTURION, TACTICAL_1, TACTICAL_2))
    verdict = validate_army(Army("c", (crusade, allied, allied)))
    assert [p.rule for p in verdict.problems] == ["DET-COUNT"]


def test_lord_of_war_detachment_needs_one_lord_of_war() -> None:
    crusade = Detachment("C", ChartKind.CRUSADE, (CENTURION, TACTICAL_1, TACTICAL_2))
    empty_low = Detachment("LoW", ChartKind.LORD_OF_WAR, ())
    verdict = validate_army(Army("a", (crusade, empty_low)))
    assert _codes(verdict) == [("FOC-MIN", ForceOrgSlot.LORD_OF_WAR, None)]
