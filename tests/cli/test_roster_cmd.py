"""``strategium roster FILE [--json]``: human output, the JSON schema, and exit code 2 for bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from strategium.cli.main import main
from tests.cli.running import run
from tests.conftest import ROSTERS


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as caught:
        main(["roster", *args])
    out = capsys.readouterr()
    code = caught.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def _json(capsys: pytest.CaptureFixture[str], name: str) -> dict[str, Any]:
    code, out, _ = _run(capsys, str(ROSTERS / name), "--json")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


def test_json_top_level_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "OgrynChainaxeFix.ros")
    assert data["schema"] == "strategium.roster/1"
    assert data["name"] == "1500pts July Doubles"
    assert data["points"] == 1451
    assert data["points_limit"] == 1500
    assert data["allegiance"] == "Loyalist"
    assert data["force_org"] == {"valid": True, "problems": []}
    (det,) = data["detachments"]
    assert det["chart"] == "Crusade"
    assert sum(u["points"] for u in det["units"]) == 1451
    assert len(det["units"]) == 10


def test_json_unit_models_weapons_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    det = _json(capsys, "OgrynChainaxeFix.ros")["detachments"][0]
    cavalry = next(u for u in det["units"] if u["name"] == "IM - Cavalry Squad")
    assert cavalry["slot"] == "Fast Attack"
    assert cavalry["points"] == 170
    assert cavalry["model_count"] == 10
    assert cavalry["unit_type"] == "Cavalry (Character, Light, Militia) / Cavalry (Light, Militia)"
    outrider = cavalry["models"][1]
    assert outrider["unit_type"]["type"] == "Cavalry"
    assert outrider["unit_type"]["sub_types"] == ["Light", "Militia"]
    chars = outrider["characteristics"]
    assert chars["kind"] == "Characteristics"
    assert (chars["m"], chars["ws"], chars["t"], chars["sv"]) == (13, 3, 3, 5)
    lance = next(w for w in outrider["weapons"] if w["name"] == "Militia Lance")
    assert set(lance) == {"name", "range", "strength", "ap", "type", "class", "shots", "rules"}
    mount = next(r for r in cavalry["rules"] if r["name"] == "Militia Cavalry Mount")
    assert mount["known"] is True
    assert isinstance(mount["implemented"], bool)
    assert mount["status"] in {"implemented", "partial", "not yet"}
    assert cavalry["unknown_rules"] == sorted(r["text"] for r in cavalry["rules"] if not r["known"])


def test_json_lists_unknown_rules_with_implemented_false(capsys: pytest.CaptureFixture[str]) -> None:
    det = _json(capsys, "OgrynChainaxeFix.ros")["detachments"][0]
    commander = next(u for u in det["units"] if u["name"] == "IM - Force Commander")
    assert "The Muster of Worlds" in commander["unknown_rules"]
    muster = next(r for r in commander["rules"] if r["text"] == "The Muster of Worlds")
    assert (muster["known"], muster["implemented"], muster["status"]) == (False, False, "unknown")


def test_json_dedicated_transport_link_and_force_org_problems(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "Dedicated Transport Squad Costs.ros")
    squad, rhino = data["detachments"][0]["units"]
    assert rhino["dedicated_transport_for"] == squad["id"]
    assert rhino["slot"] == "Dedicated Transport"
    assert data["force_org"]["valid"] is False
    problems = data["force_org"]["problems"]
    assert [(p["rule"], p["slot"], p["unit"]) for p in problems] == [
        ("FOC-MIN", "HQ", None),
        ("FOC-MIN", "Troops", None),
        ("SUP-1", "Troops", "Tactical Support Squad"),
    ]
    assert all({"rule", "page", "text"} <= set(p) for p in problems)
    assert problems[2]["page"] == "Age of Darkness rulebook p.248"


def test_human_output_shows_tables_and_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, str(ROSTERS / "Empty Validation Test.ros"))
    assert code == 0
    assert err == ""
    assert "Force Organisation: INVALID (2 problems)" in out
    assert "FOC-MIN" in out
    code, out, _ = _run(capsys, str(ROSTERS / "Basic Marines Validate.ros"))
    assert "Tactical Squad" in out
    assert "Force Organisation: valid" in out


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("empty.ros", b"", "the file is empty"),
        ("noise.ros", bytes(range(256)) * 4, "XML"),
        ("bomb.ros", b'<!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>', "unsafe XML"),
        ("notzip.rosz", b"just some text\n", "not a zip archive (a .rosz roster is a ZIP file holding one .ros)"),
        ("army.ros", b"format: 1\nname: X\nunits: []\n", "this looks like a strategium army file (YAML): use"),
    ],
)
def test_bad_file_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, content: bytes, fragment: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    code, out, err = _run(capsys, str(path))
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"strategium: error: {path}")
    assert fragment in lines[0]


def test_installed_entry_point_exits_2_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "40k.ros"
    path.write_text('<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" gameSystemId="sys-40k"/>')
    result = run("roster", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "not a Horus Heresy 2nd edition roster" in result.stderr


def test_directory_is_named_as_such(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = _run(capsys, str(tmp_path))
    assert (code, out, err) == (2, "", f"strategium: error: {tmp_path}: is a directory, not a roster file\n")


def test_human_output_has_import_notes_under_a_heading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, str(ROSTERS / "OgrynChainaxeFix.ros"))
    assert code == 0
    notes = " ".join(out.split("Notes from the import:")[1].split())
    assert "IM - Discipline Master Cadre: Discipline Master: Infantry (Character, Militia) read as Cavalry" in notes
    assert "use '-'" not in out
