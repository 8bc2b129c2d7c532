"""`strategium battle`: the default demo battle as a new user runs it, options, bad input, real rosters."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from strategium.cli.battle_cmd import DEFAULT_SEED
from strategium.report.log import MARK, TAGS
from tests.cli.running import run as run_cli
from tests.conftest import ROSTERS


def strategium(*args: str, hash_seed: str = "0", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command in a fresh interpreter (``PYTHONHASHSEED`` set: the log must not depend on it)."""
    return run_cli(*args, cwd=cwd, hash_seed=hash_seed)


@pytest.fixture(scope="module")
def default_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """`strategium battle` with no battle option (plus where to write the record and report)."""
    folder = tmp_path_factory.mktemp("battle")
    run = strategium("battle", "--json", str(folder / "record.json"), "--report", str(folder / "report"))
    return run, folder


def test_default_battle_plays_the_demo_to_the_end(default_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    run, folder = default_run
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "strategium battle: Demo - Emperor's Children against the Imperialis Militia"
    assert lines[1] == f"seed {DEFAULT_SEED}; 5 Game Turns"
    assert "The battle ends after Game Turn 5" in lines or any("Sudden Death" in line for line in lines)
    assert [line for line in lines if line.startswith("GAME TURN ")][:5] == [f"GAME TURN {n}" for n in range(1, 6)]
    assert (folder / "record.json").is_file() and (folder / "report" / "report.html").is_file()
    assert f"report: {folder / 'report' / 'report.html'}" in run.stderr


def test_every_seed_rule_fires_in_the_default_battle(
    default_run: tuple[subprocess.CompletedProcess[str], Path],
) -> None:
    run, _ = default_run
    tags = {line.split("[")[1].split("]")[0] for line in run.stdout.splitlines() if line.startswith(f"      {MARK} [")}
    # Every seed-rule moment the engine implements; Support Squad is a Force Organisation rule (no battle
    # moment) and the Outflank rule is seen through its Flanking Assault arriving.
    assert (
        tags
        == set(TAGS.values())
        == {
            "Infiltrate",
            "Scout",
            "Flanking Assault",
            "Militia Cavalry Mount",
            "Stupefied",
            "Shrouded",
            "Hammer of Wrath",
            "Relentless",
        }
    )


def test_replay_gives_the_same_log_byte_for_byte(default_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    run, folder = default_run
    again = strategium("replay", str(folder / "record.json"), hash_seed="12345")
    assert again.returncode == 0, again.stderr
    assert again.stdout == run.stdout


def test_same_seed_same_log_and_quiet_summary() -> None:
    a = strategium("battle", "--turns", "1", "--player", "random", "--seed", "3", hash_seed="1")
    b = strategium("battle", "--turns", "1", "--player", "random", "--seed", "3", hash_seed="2")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    quiet = strategium("battle", "--turns", "1", "--player", "random", "--seed", "3", "--quiet")
    lines = quiet.stdout.splitlines()
    assert lines[1] == "seed 3; 1 Game Turn" and "random player" in lines[2]
    assert lines[-2] == "SEED-RULE MOMENTS" and "GAME TURN 1" not in lines and "roll: " not in quiet.stdout
    assert lines[lines.index("RESULT") + 1] in a.stdout.splitlines()


HINT = " (see strategium battle --help)"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("--army", "emperors_children"), "--army: give two armies (--army A --army B), not 1" + HINT),
        (
            ("--army", "nowhere.ros", "--army", "emperors_children"),
            "nowhere.ros: no such file, and no demo army of that name (bundled: emperors_children, imperialis_militia)",
        ),
        (
            ("--player", "clever"),
            "--player: unknown player 'clever' (choose heuristic or random; see strategium battle --help)",
        ),
        (
            ("--runs", "2", "--json", "x.json"),
            "--runs: --report and --json describe one battle: leave out --runs" + HINT,
        ),
        (("--turns", "0"), "--turns: must be 1 to 10, not 0" + HINT),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: tuple[str, ...], line: str, tmp_path: Path) -> None:
    run = strategium("battle", *args, cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"strategium: error: {line}\n")
    assert list(tmp_path.iterdir()) == []


def test_monte_carlo_summary_table() -> None:
    run = strategium("battle", "--runs", "3", "--workers", "2", "--turns", "1", "--player", "random", "--seed", "20")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "3 battles, seeds 20-22, players random and random, 2 worker(s)" in out
    assert "3 battles: count (share; 95% Wilson interval)" in out
    assert "average losses per unit and battle" in out and "P2 Imperial Bunker" in out
    assert "Infiltrators placed" in out and "3 (100.0%; 43.9-100.0%)" in out


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("hhv2.mechanicum_zm.ros", "hhv2.solar_aux_zm.ros"),
        ("hhv2.solar_aux_zm.ros", "emperors_children"),
    ],
)
def test_real_rosters_play_to_the_end(first: str, second: str) -> None:
    army2 = str(ROSTERS / second) if second.endswith(".ros") else second
    run = strategium("battle", "--army", str(ROSTERS / first), "--army", army2, "--quiet")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    gaps = [line for line in lines if "not implemented: " in line]
    assert gaps and all(line.endswith("— the battle goes on without them") for line in gaps)
    result = lines[lines.index("RESULT") + 1]
    assert "Game Turn" in result and ("wins" in result or "draw" in result)


def test_the_issue_roster_pair_plays_to_the_end() -> None:
    run = strategium(
        "battle", "--army", str(ROSTERS / "OgrynChainaxeFix.ros"), "--army", str(ROSTERS / "hhv2.solar_aux_zm.ros"),
        "--quiet",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
