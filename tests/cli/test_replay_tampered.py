"""`strategium replay` on tampered and broken game records (issue 18): a mutator over a real record.

A short battle (`battle --turns 1 --json`) writes the record once; each test changes one thing in it, runs the real
command line (`strategium.cli.main.main`) and checks the one error line, exit code 2, nothing on stdout and the
record file unchanged. The expected line and place are worked out here from the mutated text (where the changed
value stands), not from the reader's own line finder.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from strategium.army.library import demo_army_names
from strategium.cli.main import main
from strategium.limits import using_limits
from strategium.scenario import demo_scenario_path

RANKS = "(its seed, dice, armies or scenario are not the battle's)"
WAITING = "the engine is waiting for another player's decision [Turn sequence (Age of Darkness rulebook)]"


def run_main(*argv: str) -> tuple[int, str, str]:
    """``strategium ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """(the record's text, the battle's log) of `battle --turns 1 --seed 3 --json`."""
    path = tmp_path_factory.mktemp("battle") / "record.json"
    code, log, err = run_main("battle", "--turns", "1", "--seed", "3", "--json", str(path))
    assert code == 0, err
    return path.read_text(encoding="utf-8"), log


@pytest.fixture
def base(battle: tuple[str, str]) -> dict[str, Any]:
    """A fresh copy of the record's data, to mutate."""
    data: dict[str, Any] = json.loads(battle[0])
    return data


def first(data: dict[str, Any], kind: str) -> int:
    """The index of the first history entry of type ``kind``."""
    return next(i for i, e in enumerate(data["history"]) if e["type"] == kind)


def dumped(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1)


def line_with(text: str, needle: str, occurrence: int = 1) -> int:
    """The line of the ``occurrence``-th appearance of ``needle``."""
    at = -1
    for _ in range(occurrence):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1


def key_line(text: str, key: str, occurrence: int = 1) -> int:
    """The line of the ``occurrence``-th key (or text) ``"key"``."""
    return line_with(text, f'"{key}"', occurrence)


def entry_line(text: str, index: int) -> int:
    """The line where history entry ``index`` opens (only history entries have a ``type``)."""
    return line_with(text, '"type"', index + 1) - 1


def refused(folder: Path, content: str | bytes, expected: str, name: str = "record.json") -> str:
    """Write ``content``, replay it, and check the one error line ``strategium: error: FILE:expected``; returns
    the file's path (``expected`` may use ``{F}`` for it)."""
    path = folder / name
    raw = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
    path.write_bytes(raw)
    code, out, err = run_main("replay", str(path))
    assert (code, out) == (2, ""), err
    assert err == f"strategium: error: {expected.format(F=path)}\n"
    assert path.read_bytes() == raw  # the user's file is untouched
    return str(path)


def replays(folder: Path, content: str | bytes, log: str) -> None:
    path = folder / "record.json"
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    code, out, err = run_main("replay", str(path))
    assert (code, err) == (0, "")
    assert out == log


# -- the file itself ---------------------------------------------------------------------------------------------


def test_a_missing_record_a_folder_and_a_device_are_one_line(tmp_path: Path) -> None:
    for path, why in (
        (tmp_path / "nothere.json", "no such game record"),
        (tmp_path, "is a directory, not a game record"),
        (Path("/dev/zero"), "is not a regular file (a device, pipe or socket), so not a game record"),
    ):
        code, out, err = run_main("replay", str(path))
        assert (code, out, err) == (2, "", f"strategium: error: {path}: {why}\n")


def test_a_record_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path, battle: tuple[str, str]) -> None:
    size = len(battle[0].encode())
    with using_limits(record_file_bytes=1000):
        refused(
            tmp_path,
            battle[0],
            f"{{F}}: bytes in this game record: {size} is over the limit of 1000 "
            "(raise it with STRATEGIUM_LIMIT_RECORD_FILE_BYTES)",
        )


def test_bytes_that_are_not_utf8_name_their_line(tmp_path: Path, base: dict[str, Any]) -> None:
    text = dumped(base)
    at = text.index('"unit_id"')
    raw = text[:at].encode() + b"\xff" + text[at:].encode()
    refused(tmp_path, raw, f"{{F}}:{key_line(text, 'unit_id')}: not UTF-8 text (byte 0xff at offset {at})")


def test_a_byte_order_mark_is_allowed(tmp_path: Path, battle: tuple[str, str]) -> None:
    replays(tmp_path, "\ufeff" + battle[0], battle[1])


@pytest.mark.parametrize("inside_the_text", [False, True])
def test_a_truncated_record_names_the_place_it_stops(
    tmp_path: Path, base: dict[str, Any], inside_the_text: bool
) -> None:
    text = dumped(base)
    k = first(base, "Move")
    cut_after = '"unit_id": ' + (f'"{base["history"][k]["unit_id"][:2]}' if inside_the_text else "")
    cut = text[: text.index(cut_after, text.index('"type": "Move"')) + len(cut_after)]
    why = "Unterminated string starting at" if inside_the_text else "Expecting value"
    refused(
        tmp_path,
        cut,
        f"{{F}}:{cut.count(chr(10)) + 1}: history[{k}].unit_id: not valid JSON: {why} "
        "(the file ends too soon: cut short?)",
    )


def test_an_empty_file_and_other_json_are_not_records(tmp_path: Path) -> None:
    refused(tmp_path, "", "{F}:1: not valid JSON: Expecting value (the file ends too soon: cut short?)")
    refused(tmp_path, "[1, 2]", "{F}:1: not a strategium game record (expected format strategium.record/1)")
    refused(tmp_path, "{}", "{F}:1: not a strategium game record (expected format strategium.record/1)")


# -- format, version, seed and the record's keys --------------------------------------------------------------------


def test_wrong_and_missing_format_versions(tmp_path: Path, base: dict[str, Any]) -> None:
    base["format"] = "strategium.record/2"
    refused(
        tmp_path,
        dumped(base),
        "{F}:2: format: 'strategium.record/2' is not a record format this strategium reads (strategium.record/1)",
    )
    del base["format"]
    refused(tmp_path, dumped(base), "{F}:1: not a strategium game record (expected format strategium.record/1)")


def test_a_version_that_is_not_a_text_is_refused(tmp_path: Path, base: dict[str, Any]) -> None:
    base["version"] = 7
    refused(tmp_path, dumped(base), "{F}:3: version: must be a text, not 7")


def test_another_versions_record_replays_when_it_fits_and_says_so_when_it_does_not(
    tmp_path: Path, base: dict[str, Any], battle: tuple[str, str]
) -> None:
    base["version"] = "0.0.1"
    replays(tmp_path, dumped(base), battle[1])
    base["history"][0]["player"] = 2
    refused(
        tmp_path,
        dumped(base),
        f"{{F}}:{entry_line(dumped(base), 0)}: history[0]: decision 0: illegal: {WAITING} "
        "(the record was written by strategium 0.0.1; this is 0.1.0)",
    )


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        ("3", "'3'"),
        (-1, "-1"),
        (2**64, "18446744073709551616"),
        (10**30, "1000000000000000000000000000000"),
        (True, "true"),
    ],
)
def test_a_seed_out_of_range_or_of_the_wrong_type(tmp_path: Path, base: dict[str, Any], seed: Any, shown: str) -> None:
    base["seed"] = seed
    refused(tmp_path, dumped(base), f"{{F}}:4: seed: must be a whole number from 0 to 2**64 - 1, not {shown}")


def test_unknown_and_missing_keys(tmp_path: Path, base: dict[str, Any]) -> None:
    base["cheat"] = True
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{key_line(text, 'cheat')}: cheat: a game record has no key 'cheat' "
        "(its keys: format, version, seed, setup, overrides, history, result)",
    )
    del base["cheat"], base["seed"]
    refused(tmp_path, dumped(base), "{F}:1: a game record needs its 'seed'")
    base["seed"], base["history"] = 3, {"a": 1}
    refused(tmp_path, dumped(base), f"{{F}}:{key_line(dumped(base), 'history')}: history: must be a list, "
            "not a mapping")  # fmt: skip


# -- history entries: wrong types, unknown and missing fields ----------------------------------------------------


def test_wrong_types_in_entries_name_the_value(tmp_path: Path, base: dict[str, Any]) -> None:
    m, r, s = first(base, "Move"), first(base, "DeclareReserves"), first(base, "Shoot")
    cases: list[tuple[str, Any, str, str]] = [
        # (what to change, its new value, the text that locates it, the message)
        ("positions-x", "12", '"12"', f"history[{m}].positions[0][1]: must be a number, not '12'"),
        ("player", 3, '"player": 3', f"history[{m}].player: must be 1 or 2 (the player), not 3"),
        ("player-bool", True, '"player": true', f"history[{m}].player: must be a whole number, not true"),
        ("unit_id", 7, '"unit_id": 7', f"history[{m}].unit_id: must be a text, not 7"),
        (
            "mode",
            "Teleport",
            '"Teleport"',
            f"history[{r}].mode: must be one of 'Reserves', 'Flanking Assault', not 'Teleport'",
        ),
        ("weapons", "all", '"all"', f"history[{s}].weapons: must be a list, not 'all'"),
        (
            "short-pose",
            ["p", 1.0, 2.0],
            '"p"',
            f"history[{m}].positions[0]: a placement must be [model id, x, y, heading], not a list of 3",
        ),
    ]
    for what, value, needle, message in cases:
        data = json.loads(json.dumps(base))
        if what == "positions-x":
            data["history"][m]["positions"][0][1] = value
        elif what == "short-pose":
            data["history"][m]["positions"][0] = value
        elif what == "mode":
            data["history"][r]["mode"] = value
        elif what == "weapons":
            data["history"][s]["weapons"] = value
        else:
            data["history"][m][what.removesuffix("-bool")] = value
        text = dumped(data)
        line = line_with(text, needle) - (1 if what == "short-pose" else 0)
        refused(tmp_path, text, f"{{F}}:{line}: {message}")


def test_an_entry_that_is_not_a_mapping_or_of_an_unknown_type(tmp_path: Path, base: dict[str, Any]) -> None:
    base["history"][5] = ["sentinel-entry"]
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{line_with(text, 'sentinel-entry') - 1}: history[5]: each history entry must be "
            "a mapping with a 'type'")  # fmt: skip
    base["history"][5] = {"type": "Teleport", "player": 1}
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{entry_line(text, 5)}: history[5]: unknown action type 'Teleport'")


def test_unknown_and_missing_fields(tmp_path: Path, base: dict[str, Any]) -> None:
    m = first(base, "Move")
    base["history"][m]["teleport"] = True
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{key_line(text, 'teleport')}: history[{m}].teleport: a Move has no field 'teleport' "
        "(its fields: player, unit_id, positions, join)",
    )
    del base["history"][m]["teleport"], base["history"][m]["unit_id"]
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{entry_line(text, m)}: history[{m}]: a Move entry needs its 'unit_id'")


def test_texts_too_long_with_control_characters_or_lone_surrogates(tmp_path: Path, base: dict[str, Any]) -> None:
    m = first(base, "Move")
    base["history"][m]["unit_id"] = "x" * 10_001
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{line_with(text, 'x' * 100)}: history[{m}].unit_id: characters in this text: 10001 is over the limit "
        "of 10000 (raise it with STRATEGIUM_LIMIT_STRING_CHARS)",
    )
    for value, needle, shown in (("a\nb", '"a\\nb"', "'a\\nb'"), ("\ud800", '"\\ud800"', "'\\ud800'")):
        base["history"][m]["unit_id"] = value
        text = dumped(base)
        refused(
            tmp_path,
            text,
            f"{{F}}:{line_with(text, needle)}: history[{m}].unit_id: must be a text without control characters or "
            f"lone surrogates, not {shown}",
        )


def test_a_forced_die_that_is_no_face(tmp_path: Path, base: dict[str, Any]) -> None:
    base["history"].insert(3, {"type": "ForceDice", "faces": [7]})
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{key_line(text, 'faces') + 1}: history[3].faces[0]: a forced die must be a face from 1 to 6 or a "
        "Scatter face, not 7",
    )


# -- numbers ---------------------------------------------------------------------------------------------------


def test_huge_numbers(tmp_path: Path, base: dict[str, Any]) -> None:
    m = first(base, "Move")
    base["history"][m]["positions"][0][1] = 1_000_000.5
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{line_with(text, '1000000.5')}: history[{m}].positions[0][1]: size of this number (inches or "
        "degrees): 1e+06 is over the limit of 1000 (raise it with STRATEGIUM_LIMIT_TABLE_INCHES)",
    )
    for literal, why in (("1e999", "1e999 is too large a number"), ("9" * 5000, "a number of more than 40 "
                         "characters (999999999999...)")):  # fmt: skip
        text = dumped(base).replace("1000000.5", literal)
        refused(tmp_path, text, f"{{F}}:{line_with(text, literal)}: history[{m}].positions[0][1]: {why}")
    text = dumped(base).replace('"seed": 3', '"seed": 1' + "0" * 5000)
    refused(tmp_path, text, "{F}:4: seed: a number of more than 40 characters (100000000000...)")


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(tmp_path: Path, base: dict[str, Any], literal: str) -> None:
    m = first(base, "Move")
    base["history"][m]["positions"][0][2] = 123456.25
    text = dumped(base).replace("123456.25", literal)
    refused(tmp_path, text, f"{{F}}:{line_with(text, literal)}: history[{m}].positions[0][2]: {literal} is not a "
            "JSON number")  # fmt: skip


# -- structure: nesting, duplicate keys, sizes -------------------------------------------------------------------


def test_deep_nesting_is_one_line_not_a_recursion_error(tmp_path: Path, base: dict[str, Any]) -> None:
    base["history"][0] = "sentinel"
    text = dumped(base).replace('"sentinel"', "[" * 100_000 + "]" * 100_000)
    refused(tmp_path, text, f"{{F}}:{line_with(text, '[[[')}: history[0]: lists and mappings nested more than 100 deep")


def test_duplicate_keys_name_the_second(tmp_path: Path, base: dict[str, Any]) -> None:
    text = dumped(base).replace("{\n", '{\n "seed": 1,\n', 1)
    refused(tmp_path, text, f"{{F}}:{key_line(text, 'seed', 2)}: seed: the key 'seed' is given twice in this "
            "mapping")  # fmt: skip
    m = first(base, "Move")
    text = dumped(base)
    at = text.index('"unit_id"', text.index('"type": "Move"'))
    text = text[:at] + '"unit_id": "x",\n   ' + text[at:]
    refused(tmp_path, text, f"{{F}}:{key_line(text[at + 5 :], 'unit_id') + text.count(chr(10), 0, at + 5)}: "
            f"history[{m}].unit_id: the key 'unit_id' is given twice in this mapping")  # fmt: skip


def test_too_many_values_or_entries(tmp_path: Path, battle: tuple[str, str]) -> None:
    text = battle[0]
    values = text.count(",") + text.count("[") + text.count("{") + 1
    with using_limits(record_values=100):
        refused(
            tmp_path,
            text,
            f"{{F}}: values (numbers, texts, lists, mappings) in this file: {values} is over the limit of 100 "
            "(raise it with STRATEGIUM_LIMIT_RECORD_VALUES)",
        )
    entries = len(json.loads(text)["history"])
    with using_limits(record_entries=10):
        refused(
            tmp_path,
            text,
            f"{{F}}:{key_line(text, 'history')}: history: items in this list: {entries} is over the limit of 10 "
            "(raise it with STRATEGIUM_LIMIT_RECORD_ENTRIES)",
        )


# -- setup: scenario, armies, game length ------------------------------------------------------------------------


def test_a_setup_naming_what_is_not_there(tmp_path: Path, base: dict[str, Any]) -> None:
    for scenario in ("nothere.yaml", "/dev/zero"):
        base["setup"]["scenario"] = scenario
        refused(tmp_path, dumped(base), f"{{F}}:6: setup.scenario: not an existing scenario file: {scenario!r}")
    base["setup"]["scenario"] = "demo"
    base["setup"]["armies"] = ["emperors_children", "nope"]
    bundled = ", ".join(demo_army_names())
    refused(
        tmp_path,
        dumped(base),
        f"{{F}}:{key_line(dumped(base), 'nope')}: setup.armies[1]: 'nope': no such file, and no demo army of "
        f"that name (bundled: {bundled})",
    )


def test_a_setup_with_other_armies_than_the_battle_had(tmp_path: Path, base: dict[str, Any]) -> None:
    base["setup"]["armies"] = ["imperialis_militia", "emperors_children"]
    refused(tmp_path, dumped(base), "{F}:5: setup: demo.yaml: player 1's Imperial Bunker is a Building: give a "
            "scenario (--scenario) that places it")  # fmt: skip
    base["setup"]["armies"] = ["emperors_children", "emperors_children"]
    k = first(base, "DeclareReserves")
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), k)}: history[{k}]: decision {k}: illegal: "
            "there is no unit 'javelins' [Pre-game (Age of Darkness rulebook)]")  # fmt: skip


def test_a_setup_with_a_bad_game_length_or_key(tmp_path: Path, base: dict[str, Any]) -> None:
    base["setup"]["turns"] = 101
    refused(tmp_path, dumped(base), "{F}:8: setup.turns: Game Turns: 101 is over the limit of 100 (raise it with "
            "STRATEGIUM_LIMIT_GAME_TURNS)")  # fmt: skip
    base["setup"]["turns"] = 1
    base["setup"]["extra"] = 1
    refused(tmp_path, dumped(base), "{F}:5: setup: a battle setup has no 'extra' (its keys: scenario, armies, turns, "
            "players)")  # fmt: skip


def test_a_record_naming_another_scenario_than_its_battles(
    tmp_path: Path, base: dict[str, Any], battle: tuple[str, str]
) -> None:
    copy = tmp_path / "copy.yaml"
    shutil.copy(demo_scenario_path(), copy)
    base["setup"]["scenario"] = str(copy)
    replays(tmp_path, dumped(base), battle[1])  # a copy of the battle's scenario: the same battle
    changed = copy.read_text(encoding="utf-8").replace("rect: [40, 16, 3, 3]", "rect: [36, 20, 10, 8]")
    copy.write_text(changed, encoding="utf-8")  # the Rock spire moved: a decision no longer fits the table
    text = dumped(base)
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_main("replay", str(path))
    assert (code, out) == (2, "")
    found = re.fullmatch(
        rf"strategium: error: {re.escape(str(path))}:(\d+): history\[(\d+)\]: decision \2: illegal: .+\n", err
    )
    assert found is not None, err
    assert int(found[1]) == entry_line(text, int(found[2]))
    assert path.read_text(encoding="utf-8") == text


# -- rules configuration -----------------------------------------------------------------------------------------


def test_overrides_the_scenario_does_not_have(tmp_path: Path, base: dict[str, Any]) -> None:
    base["overrides"] = {"reserves": {"target": 4}}
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{key_line(text, 'target')}: overrides.reserves.target: the record was played "
            "with 4, but its scenario's rules configuration gives the default")  # fmt: skip
    base["overrides"] = {"reserves": 1}
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{key_line(text, 'reserves')}: overrides.reserves: must be a mapping of "
            "settings, not 1")  # fmt: skip


# -- decisions: illegal, too few, too many; seed and dice ----------------------------------------------------------


def test_an_illegal_decision_is_reported_with_the_engines_reason(tmp_path: Path, base: dict[str, Any]) -> None:
    s = first(base, "Shoot")
    base["history"][s]["player"] = 2
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), s)}: history[{s}]: decision {s}: illegal: "
            f"{WAITING}")  # fmt: skip
    base["history"][s]["player"] = 1
    m = first(base, "Move")
    base["history"][m]["unit_id"] = "nobody"
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), m)}: history[{m}]: decision {m}: illegal: "
            "there is no unit 'nobody' [Movement phase (Age of Darkness rulebook)]")  # fmt: skip


def test_a_record_longer_or_shorter_than_its_battle(tmp_path: Path, base: dict[str, Any]) -> None:
    n = len(base["history"])
    base["history"].append({"type": "EndStep", "player": 1})
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), n)}: history[{n}]: decision {n}: the battle "
            "was over before it (Game over); the record goes on for 1 more entry")  # fmt: skip
    del base["history"][-2:]
    path = tmp_path / "short.json"
    path.write_text(dumped(base), encoding="utf-8")
    code, out, err = run_main("replay", str(path))
    assert (code, out) == (2, "")
    head = f"strategium: error: {path}:{key_line(dumped(base), 'history')}: history: the record ends before the "
    assert err.startswith(head + "battle does (Game Turn 1, player 2's turn, ") and err.count("\n") == 1


def test_a_record_whose_seed_is_not_the_battles(tmp_path: Path, base: dict[str, Any]) -> None:
    base["seed"] = 1  # player 2 wins the roll-off for deployment: player 1's choice is out of turn
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), 0)}: history[0]: decision 0: illegal: {WAITING}")


def test_a_record_whose_dice_are_not_the_battles(tmp_path: Path, base: dict[str, Any]) -> None:
    s = first(base, "Shoot")
    base["history"].insert(s, {"type": "ForceDice", "faces": [6]})  # a different roll, every decision still legal
    path = tmp_path / "record.json"
    path.write_text(dumped(base), encoding="utf-8")
    code, out, err = run_main("replay", str(path))
    recorded = base["result"]["log_sha256"][:12]
    assert (code, out) == (2, "")
    assert err.startswith(f"strategium: error: {path}:{key_line(dumped(base), 'log_sha256')}: result.log_sha256: "
                          "the replayed log is not the recorded one (SHA-256 ")  # fmt: skip
    assert err.endswith(f"..., recorded {recorded}...), though the outcome is the same {RANKS}\n")
    base["history"].append({"type": "ForceDice", "faces": [6]})
    del base["history"][s]
    n = len(base["history"]) - 1
    refused(tmp_path, dumped(base), f"{{F}}:{entry_line(dumped(base), n)}: history[{n}]: decision {n}: the battle "
            "was over before it (Game over); the record goes on for 1 more entry")  # fmt: skip


def test_a_tampered_result(tmp_path: Path, base: dict[str, Any]) -> None:
    result = dict(base["result"])
    outcome = result["outcome"] if len(result["outcome"]) <= 100 else result["outcome"][:97] + "..."
    base["result"]["events"] += 1
    text = dumped(base)
    refused(
        tmp_path,
        text,
        f"{{F}}:{key_line(text, 'result')}: result: the replay does not reach the recorded result: recorded "
        f"{outcome!r} after {result['events'] + 1} events, replayed {outcome!r} after {result['events']} events "
        f"{RANKS}",
    )
    base["result"] = dict(result, log_sha256="0" * 64)
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{key_line(text, 'log_sha256')}: result.log_sha256: the replayed log is not "
            f"the recorded one (SHA-256 {result['log_sha256'][:12]}..., recorded 000000000000...), though the outcome "
            f"is the same {RANKS}")  # fmt: skip
    base["result"] = 7
    text = dumped(base)
    refused(tmp_path, text, f"{{F}}:{key_line(text, 'result')}: result: must be a mapping of outcome, events, "
            "log_sha256, not 7")  # fmt: skip
