"""`strategium army show` and `strategium army list`."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.running import run


def test_army_list_names_the_demo_armies() -> None:
    result = run("army", "list")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["emperors_children", "imperialis_militia"]


def test_army_show_demo_mentions_the_units() -> None:
    result = run("army", "show", "emperors_children")
    assert result.returncode == 0, result.stderr
    for name in ("Centurion", "Tactical Squad", "Tactical Support Squad", "Rhino Transport", "Reconnaissance Squad"):
        assert name in result.stdout
    assert "Javelin Squadron" in result.stdout and "Contemptor Dreadnought Talon" in result.stdout


def test_army_show_json_uses_the_roster_schema_with_the_verdict() -> None:
    result = run("army", "show", "imperialis_militia", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["schema"] == "strategium.roster/1"
    assert data["points"] == 1495
    assert data["force_org"] == {"valid": True, "problems": []}
    units = data["detachments"][0]["units"]
    assert [u["id"] for u in units][:2] == ["force-commander", "infantry-1"]
    recon = next(u for u in units if u["id"] == "recon")
    support = next(r for r in recon["rules"] if r["name"] == "Support Squad")
    assert (support["status"], support["implemented"]) == ("implemented", True)
    statuses = {r["status"] for u in units for r in u["rules"]}
    assert statuses <= {"implemented", "partial", "not-yet", "unknown"} and "not-yet" in statuses


def test_army_show_prints_the_force_organisation_verdict() -> None:
    result = run("army", "show", "emperors_children")
    assert result.returncode == 0, result.stderr
    assert "Force Organisation: valid" in result.stdout


def test_army_list_json() -> None:
    from strategium.army.library import load_demo_army

    result = run("army", "list", "--json")
    assert result.returncode == 0, result.stderr
    armies = json.loads(result.stdout)["armies"]
    assert [(a["name"], a["title"], a["points"]) for a in armies] == [
        ("emperors_children", "Emperor's Children demo", 1565),
        ("imperialis_militia", "Imperialis Militia demo", 1495),
    ]
    assert [a["faction"] for a in armies] == [load_demo_army(a["name"]).faction for a in armies]


def test_directory_and_roster_get_precise_messages(tmp_path: Path) -> None:
    result = run("army", "show", str(tmp_path))
    assert (result.returncode, result.stderr) == (
        2,
        f"strategium: error: {tmp_path}: is a directory, not an army file\n",
    )
    roster = tmp_path / "list.ros"
    roster.write_text('<?xml version="1.0"?>\n<roster/>\n', encoding="utf-8")
    result = run("army", "show", str(roster))
    assert result.returncode == 2
    assert result.stderr == (
        f"strategium: error: {roster}: this looks like a BattleScribe roster: use `strategium roster FILE`\n"
    )


def test_army_show_file(tmp_path: Path) -> None:
    from strategium.army.library import demo_army_paths

    path = tmp_path / "copy.yaml"
    path.write_text(demo_army_paths()["imperialis_militia"].read_text(encoding="utf-8"), encoding="utf-8")
    result = run("army", "show", str(path))
    assert result.returncode == 0, result.stderr
    assert "source: copy.yaml" in result.stdout


def test_malformed_file_is_one_line_exit_2_nothing_written(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: X\nunits:\n  - id: a\n    slot: Troops\n", encoding="utf-8")
    result = run("army", "show", str(bad), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "strategium: error: bad.yaml:4: units[0].name: is required\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


def test_bad_yaml_is_exit_2() -> None:
    result = run("army", "show", "no-such-army")
    assert result.returncode == 2
    assert result.stderr.startswith("strategium: error: no-such-army: no such file, and no demo army")
