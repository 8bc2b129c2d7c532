"""`strategium replay RECORD`: bad records are one line and exit code 2 (the byte-identical replay of a whole
battle is tested with the default battle in test_battle_cmd.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_battle_cmd import strategium


def test_a_short_random_battle_replays_identically(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    run = strategium("battle", "--turns", "1", "--player", "random", "--seed", "8", "--json", str(record))
    assert run.returncode == 0, run.stderr
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["format"] == "strategium.record/1" and data["seed"] == 8
    assert data["setup"] == {"scenario": "demo", "armies": None, "turns": 1, "players": ["random", "random"]}
    again = strategium("replay", str(record), hash_seed="99")
    assert again.returncode == 0 and again.stdout == run.stdout


def test_bad_records(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    run = strategium("replay", str(bad))
    assert run.returncode == 2 and "not valid JSON" in run.stderr
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps({"format": "strategium.record/1", "seed": 1, "history": []}), encoding="utf-8")
    run = strategium("replay", str(bare))
    assert run.returncode == 2 and "bare.json:1: setup: the record has no battle setup" in run.stderr
    short = tmp_path / "short.json"
    setup = {"scenario": "demo", "armies": None, "turns": 1, "players": ["random", "random"]}
    short.write_text(json.dumps({"format": "strategium.record/1", "seed": 1, "setup": setup, "history": []}))
    run = strategium("replay", str(short))
    assert run.returncode == 2 and "the record ends before the battle does" in run.stderr
    assert strategium("replay", str(tmp_path / "missing.json")).returncode == 2
