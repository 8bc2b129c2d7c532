"""Usage errors: for every command, an unknown command or option, a bad, missing or out-of-range value is ONE
line on stderr ending in a hint to ``--help``, exit code 2, nothing on stdout and no file written."""

from __future__ import annotations

from pathlib import Path

import pytest

from strategium.cli.main import main
from strategium.cli.options import MAX_SEED, MAX_TURNS, one_of, whole_number
from strategium.cli.usage import OptionError, one_line
from strategium.config import RulesConfig
from strategium.limits import using_limits
from tests.cli.running import run


def strategium(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``strategium ARGS`` in this process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    out, err = capsys.readouterr()
    code = caught.value.code
    return (code if isinstance(code, int) else 0), out, err


def refused(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> str:
    """Run a command that must be refused: exit code 2, nothing on stdout, nothing written in ``folder`` (the
    current folder); returns its one stderr line without the ``strategium: error: `` prefix."""
    code, out, err = strategium(capsys, *args)
    assert (code, out) == (2, ""), err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("strategium: error: ")
    assert list(folder.iterdir()) == []
    return err.removeprefix("strategium: error: ").removesuffix("\n")


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty current folder (so a test can see that nothing was written)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


COMMANDS = "army, battle, check, map, replay, roster, rules"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["bogus"], f"no such command 'bogus'; the commands are {COMMANDS} (see strategium --help)"),
        (["rules", "bogus"], "no such command 'bogus'; the commands are config, list (see strategium rules --help)"),
        (["army", "bogus"], "no such command 'bogus'; the commands are list, show (see strategium army --help)"),
        (["--bogus"], "--bogus: no such option (see strategium --help)"),
        (["battle", "--sed", "3"], "--sed: no such option; did you mean --seed? (see strategium battle --help)"),
        (["battle", "--bogus"], "--bogus: no such option (see strategium battle --help)"),
        (["roster", "x.ros", "--jsn"], "--jsn: no such option; did you mean --json? (see strategium roster --help)"),
        (["army", "show", "x", "--bogus"], "--bogus: no such option (see strategium army show --help)"),
        (["army", "list", "--bogus"], "--bogus: no such option (see strategium army list --help)"),
        (["map", "--bogus"], "--bogus: no such option (see strategium map --help)"),
        (["check", "s.yaml", "--bogus"], "--bogus: no such option (see strategium check --help)"),
        (["replay", "r.json", "--bogus"], "--bogus: no such option (see strategium replay --help)"),
        (["rules", "list", "--bogus"], "--bogus: no such option (see strategium rules list --help)"),
        (["rules", "config", "--bogus"], "--bogus: no such option (see strategium rules config --help)"),
        (["replay"], "RECORD: is required (see strategium replay --help)"),
        (["check"], "SCENARIO: is required (see strategium check --help)"),
        (["roster"], "FILE: is required (see strategium roster --help)"),
        (["army", "show"], "FILE_OR_DEMO_NAME: is required (see strategium army show --help)"),
        (["map"], "--out: is required (see strategium map --help)"),
        (["battle", "--seed"], "--seed: needs a value (see strategium battle --help)"),
        (["rules", "config", "--file"], "--file: needs a value (see strategium rules config --help)"),
        (["battle", "--quiet=yes"], "--quiet: takes no value (see strategium battle --help)"),
        (
            ["army", "list", "extra", "more"],
            "unexpected extra argument(s): extra more (see strategium army list --help)",
        ),
        (["roster", "a.ros", "b.ros"], "unexpected extra argument(s): b.ros (see strategium roster --help)"),
    ],
)
def test_parser_errors_are_one_line_with_a_hint(
    capsys: pytest.CaptureFixture[str], here: Path, args: list[str], line: str
) -> None:
    assert refused(capsys, here, *args) == line


BATTLE = " (see strategium battle --help)"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--seed", "abc"], "--seed: 'abc' is not a whole number" + BATTLE),
        (["--seed", "1e3"], "--seed: '1e3' is not a whole number" + BATTLE),
        (["--seed", "0x10"], "--seed: '0x10' is not a whole number" + BATTLE),
        (["--seed", "٣"], "--seed: '٣' is not a whole number" + BATTLE),
        (["--seed", ""], "--seed: '' is not a whole number" + BATTLE),
        (["--seed", "-1"], f"--seed: must be 0 to {MAX_SEED}, not -1" + BATTLE),
        (["--seed", str(MAX_SEED + 1)], f"--seed: must be 0 to {MAX_SEED}, not {MAX_SEED + 1}" + BATTLE),
        (["--seed", "9" * 5000], f"--seed: '{'9' * 35}...' is far past {MAX_SEED}" + BATTLE),
        (["--runs", "-3"], "--runs: must be at least 1, not -3" + BATTLE),
        (["--runs", "0"], "--runs: must be at least 1, not 0" + BATTLE),
        (
            ["--runs", "1000001"],
            "--runs: battles: 1000001 is over the limit of 1000000 (raise it with STRATEGIUM_LIMIT_BATTLE_RUNS; see "
            "strategium battle --help)",
        ),
        (["--runs", "2.5"], "--runs: '2.5' is not a whole number" + BATTLE),
        (["--turns", "0"], "--turns: must be 1 to 10, not 0" + BATTLE),
        (["--turns", "11"], "--turns: must be 1 to 10, not 11" + BATTLE),
        (
            ["--turns", "101"],
            "--turns: Game Turns: 101 is over the limit of 100 (raise it with STRATEGIUM_LIMIT_GAME_TURNS; see "
            "strategium battle --help)",
        ),
        (["--workers", "0", "--runs", "2"], "--workers: must be at least 1, not 0" + BATTLE),
        (
            ["--workers", "65", "--runs", "2"],
            "--workers: worker processes: 65 is over the limit of 64 (raise it with STRATEGIUM_LIMIT_BATTLE_WORKERS; "
            "see strategium battle --help)",
        ),
        (
            ["--player", "clever"],
            "--player: unknown player 'clever' (choose heuristic or random; see strategium battle --help)",
        ),
        (["--player2", ""], "--player2: unknown player '' (choose heuristic or random; see strategium battle --help)"),
        (["--army", "a", "--army", "b", "--army", "c"], "--army: give two armies (--army A --army B), not 3" + BATTLE),
        (
            ["--runs", "2", "--report", "out"],
            "--runs: --report and --json describe one battle: leave out --runs" + BATTLE,
        ),
        (
            ["--seed", str(MAX_SEED), "--runs", "2"],
            f"--runs: the last seed, {MAX_SEED + 1}, is past the largest seed, {MAX_SEED}" + BATTLE,
        ),
    ],
)
def test_bad_battle_values_are_one_line_with_a_hint(
    capsys: pytest.CaptureFixture[str], here: Path, args: list[str], line: str
) -> None:
    assert refused(capsys, here, "battle", *args) == line


def test_rules_list_status_must_be_a_status(capsys: pytest.CaptureFixture[str], here: Path) -> None:
    assert refused(capsys, here, "rules", "list", "--status", "bogus") == (
        "--status: unknown status 'bogus' (choose implemented, partial, not-yet or unknown; see strategium rules "
        "list --help)"
    )
    code, out, _ = strategium(capsys, "rules", "list", "--status", "NOT-YET", "--json")
    assert code == 0 and '"status": "not-yet"' in out


def test_a_lowered_limit_is_the_bound(capsys: pytest.CaptureFixture[str], here: Path) -> None:
    with using_limits(game_turns=3, battle_runs=5):
        assert refused(capsys, here, "battle", "--turns", "4") == (
            "--turns: Game Turns: 4 is over the limit of 3 (raise it with STRATEGIUM_LIMIT_GAME_TURNS; see strategium "
            "battle --help)"
        )
        assert refused(capsys, here, "battle", "--runs", "6").startswith("--runs: battles: 6 is over the limit of 5")


def test_control_characters_stay_on_the_one_line(capsys: pytest.CaptureFixture[str], here: Path) -> None:
    assert refused(capsys, here, "battle", "--seed", "1\n2") == r"--seed: '1\n2' is not a whole number" + BATTLE
    assert refused(capsys, here, "roster", "a\nb\r.ros\x1b[2J") == r"a\nb\r.ros\x1b[2J: no such roster file"
    assert refused(capsys, here, "bo\u2028gus").startswith(r"no such command 'bo\u2028gus'")
    assert one_line("tab\there") == r"tab\there"


def test_the_help_itself_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = strategium(capsys, "battle", "--help")
    assert (code, err) == (0, "")
    assert "Usage: strategium battle [OPTIONS]" in out and "--seed" in out and "Game Turns to play, 1 to 10" in out
    code, out, err = strategium(capsys, "rules")  # a group without its command shows its help, as before
    assert (code, err) == (2, "") and "Usage: strategium rules [OPTIONS] COMMAND [ARGS]..." in out


def test_a_bad_limit_variable_is_refused_before_the_command(
    capsys: pytest.CaptureFixture[str], here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import strategium.limits as lim

    monkeypatch.setattr(lim, "_active", None)
    monkeypatch.setenv("STRATEGIUM_LIMIT_BATTLE_RUNS", "lots")
    assert refused(capsys, here, "rules", "list") == (
        "STRATEGIUM_LIMIT_BATTLE_RUNS: must be a positive whole number, not 'lots'"
    )
    monkeypatch.setattr(lim, "_active", None)


def test_the_installed_entry_point_prints_one_line(tmp_path: Path) -> None:
    result = run("battle", "--seed", "abc", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "strategium: error: --seed: 'abc' is not a whole number (see strategium battle --help)\n"
    result = run("bogus", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr
        == f"strategium: error: no such command 'bogus'; the commands are {COMMANDS} (see strategium --help)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_whole_number_reads_only_plain_digits() -> None:
    parse = whole_number("--n", minimum=1, maximum=9)
    assert [parse("1"), parse(" 9 "), parse("007"), parse(4)] == [1, 9, 7, 4]
    for text, message in [
        ("+3", "'+3' is not a whole number"),
        ("1_000", "'1_000' is not a whole number"),
        ("10", "must be 1 to 9, not 10"),
        ("0", "must be 1 to 9, not 0"),
    ]:
        with pytest.raises(OptionError) as caught:
            parse(text)
        assert (caught.value.param_hint, caught.value.message) == ("--n", message)


def test_one_of_accepts_any_letter_case_and_lists_the_choices() -> None:
    parse = one_of("--colour", "colour", ("red", "green", "blue"))
    assert [parse("Red"), parse(" blue ")] == ["red", "blue"]
    with pytest.raises(OptionError) as caught:
        parse("mauve")
    assert caught.value.message == "unknown colour 'mauve' (choose red, green or blue)"


def test_the_turns_bound_is_the_rules_configuration_range() -> None:
    assert RulesConfig.model_validate({"game": {"turns": MAX_TURNS}}).game.turns == MAX_TURNS
    with pytest.raises(ValueError, match="less than or equal to 10"):
        RulesConfig.model_validate({"game": {"turns": MAX_TURNS + 1}})
