"""Hostile and broken rosters through the real command line: one error line each, exit code 2, nothing written.

The attack rosters are generated from the real rosters by ``tests/army/roster_attacks.py`` (in ``tmp_path``).
Each runs ``strategium roster FILE`` through :func:`strategium.cli.main.main`; one of each kind also runs
``strategium battle --army FILE ...`` and ``strategium army show FILE``. Variants that are not attacks (byte
order marks, UTF-16, a ``.rosz``, an XInclude element, comments) must import exactly as the original does.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
import zipfile
from pathlib import Path

import pytest

from strategium.cli.main import main
from strategium.limits import limits, using_limits
from tests.army.roster_attacks import BASIC, OGRYN, Attack, attacks, mutations, real, roster_zip, zipped
from tests.conftest import ROSTERS

ATTACKS = attacks()
BY_NAME = {a.name: a for a in ATTACKS}
SECONDS = 5.0
"""The issue's budget for one input file (these runs take well under a second each)."""


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as caught:
        main(list(argv))
    out = capsys.readouterr()
    code = caught.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def _snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _write(folder: Path, attack: Attack) -> Path:
    path = folder / attack.file
    path.write_bytes(attack.data)
    return path


def test_the_generator_gives_distinct_attacks_of_every_kind() -> None:
    assert len(BY_NAME) == len(ATTACKS) > 70
    assert len({a.data for a in ATTACKS}) > 60
    assert all(a.expected.startswith("{path}") for a in ATTACKS)


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.name for a in ATTACKS])
def test_roster_gives_one_error_line_and_exit_code_2(
    attack: Attack, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, attack)
    before = _snapshot(tmp_path)
    started = time.perf_counter()
    with using_limits(**attack.limits):
        code, out, err = _cli(capsys, "roster", str(path), "--json")
    assert time.perf_counter() - started < SECONDS
    assert (code, out) == (2, "")
    assert err == f"strategium: error: {attack.expected.format(path=path)}\n"
    assert _snapshot(tmp_path) == before


ONE_OF_EACH_KIND = [
    "encrypted-entry",
    "corrupt-deflate",
    "corrupt-LZMA",
    "unknown-method",
    "traversal-parent",
    "nested-zip",
    "truncated-half",
    "zip64-entries",
    "unknown-encoding",
    "very-deep-nesting",
    "million-attributes",
    "models-quintillion",
    "points-nan",
    "characteristic-WS",
    "weapon-Type",
    "duplicate-unit-id",
    "unit-id-colon",
    "copies-multiply",
]


@pytest.mark.parametrize("name", ONE_OF_EACH_KIND)
def test_battle_refuses_the_roster_before_playing(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    attack = BY_NAME[name]
    path = _write(tmp_path, attack).resolve()
    record = tmp_path / "record.json"
    before = _snapshot(tmp_path)
    code, out, err = _cli(
        capsys, "battle", "--army", str(path), "--army", "emperors_children", "--quiet", "--json", str(record)
    )
    assert (code, out) == (2, "")
    assert err == f"strategium: error: {attack.expected.format(path=path)}\n"
    assert _snapshot(tmp_path) == before
    assert not record.exists()


@pytest.mark.parametrize("name", ["encrypted-entry", "deep-nesting", "duplicate-unit-id", "utf32-bom"])
def test_army_show_names_the_roster_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, BY_NAME[name])
    before = _snapshot(tmp_path)
    code, out, err = _cli(capsys, "army", "show", str(path))
    size = path.stat().st_size
    message = (  # the UTF-32 copy of a real roster is past the YAML file size before it is seen not to be UTF-8
        f"bytes in the file: {size} is over the limit of {limits().yaml_file_bytes} "
        "(raise it with STRATEGIUM_LIMIT_YAML_FILE_BYTES)"
        if name == "utf32-bom"
        else "this looks like a BattleScribe roster: use `strategium roster FILE`"
    )
    assert (code, out, err) == (2, "", f"strategium: error: {path}: {message}\n")
    assert _snapshot(tmp_path) == before


def test_the_limits_on_file_and_unpacked_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ros = tmp_path / "big.ros"
    ros.write_text(real(), encoding="utf-8")
    size = ros.stat().st_size
    with using_limits(roster_file_bytes=size - 1):
        assert _cli(capsys, "roster", str(ros)) == (
            2,
            "",
            f"strategium: error: {ros}: bytes in the file: {size} is over the limit of {size - 1} "
            "(raise it with STRATEGIUM_LIMIT_ROSTER_FILE_BYTES)\n",
        )
    rosz = tmp_path / "big.rosz"
    rosz.write_bytes(roster_zip())
    with using_limits(zip_uncompressed_bytes=100_000):
        assert _cli(capsys, "roster", str(rosz)) == (
            2,
            "",
            f"strategium: error: {rosz}: bytes the archive would unpack to: {size} is over the limit of 100000 "
            "(raise it with STRATEGIUM_LIMIT_ZIP_UNCOMPRESSED_BYTES)\n",
        )


def test_a_pipe_a_folder_a_missing_or_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A named pipe is refused without being opened: a roster that is a pipe would otherwise wait forever."""
    fifo = tmp_path / "pipe.ros"
    os.mkfifo(fifo)
    done: list[tuple[int, str, str]] = []
    worker = threading.Thread(target=lambda: done.append(_cli(capsys, "roster", str(fifo))), daemon=True)
    worker.start()
    worker.join(SECONDS)
    if worker.is_alive():  # let the blocked open() return, then fail
        with fifo.open("wb"):
            pass
        pytest.fail("strategium roster waited on a named pipe")
    assert done == [
        (2, "", f"strategium: error: {fifo}: is not a regular file (a device, pipe or socket), so not a roster file\n")
    ]
    empty = tmp_path / "empty.ros"
    empty.write_bytes(b" \n")
    for path, message in (
        (tmp_path, "is a directory, not a roster file"),
        (tmp_path / "nowhere.ros", "no such roster file"),
        (empty, "the file is empty"),
    ):
        assert _cli(capsys, "roster", str(path)) == (2, "", f"strategium: error: {path}: {message}\n")


# -- variants that are not attacks: they import exactly as the original ----------------------------------------


def _json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code, out, err = _cli(capsys, "roster", str(path), "--json")
    assert (code, err) == (0, "")
    data: dict[str, object] = json.loads(out.replace(json.dumps(str(path))[1:-1], "SOURCE"))
    return data


@pytest.mark.parametrize("name", [OGRYN, BASIC])
def test_byte_order_marks_utf16_rosz_xinclude_and_comments_import_as_the_original(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = real(name)
    original = tmp_path / "original.ros"
    original.write_text(text, encoding="utf-8")
    expected = _json(capsys, original)
    utf16 = text.replace('encoding="UTF-8"', 'encoding="UTF-16"', 1)
    xinclude = (
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/>'
        "<!-- a comment --><?pi data?>"
    )
    head = text.index(">", text.index("<roster ")) + 1
    variants = {
        "bom8.ros": b"\xef\xbb\xbf" + text.encode(),
        "utf16le.ros": b"\xff\xfe" + utf16.encode("utf-16-le"),
        "utf16be.ros": b"\xfe\xff" + utf16.encode("utf-16-be"),
        "deflated.rosz": roster_zip(text),
        "stored.rosz": roster_zip(text, method=zipfile.ZIP_STORED),
        "mac.rosz": zipped(("roster.ros", text.encode()), ("__MACOSX/._roster.ros", b"\0\5\26\7")),
        "xinclude.ros": (text[:head] + xinclude + text[head:]).encode(),
    }
    for file, data in variants.items():
        path = tmp_path / file
        path.write_bytes(data)
        assert _json(capsys, path) == expected, file


def test_the_real_rosters_are_inside_every_limit() -> None:
    """The defaults leave room: each real roster imports with the count limits at a tenth of their defaults and
    the lengths and numbers at half."""
    from strategium.army.battlescribe import import_roster

    tight = {
        "xml_nodes": 20_000,
        "items_per_army": 5_000,
        "roster_texts": 200,
        "detachments_per_army": 10,
        "units_per_army": 50,
        "models_per_army": 300,
        "models_per_unit": 30,
        "string_chars": 5_000,
        "roster_number": 500,
        "xml_depth": 128,
    }
    with using_limits(**tight):
        for path in sorted(ROSTERS.glob("*.ros")):
            assert import_roster(path).source == str(path)


def test_random_damage_to_real_rosters_is_an_army_or_one_input_error(tmp_path: Path) -> None:
    """400 seeded mutations (``roster_attacks.mutations``): each imports or gives one ``InputError`` naming the
    file, in well under a second; both outcomes occur."""
    from strategium.army.battlescribe import import_roster
    from strategium.errors import InputError

    outcomes = {"army": 0, "error": 0}
    for name, data in mutations(18, 400):
        path = tmp_path / name
        path.write_bytes(data)
        started = time.perf_counter()
        try:
            import_roster(path)
            outcomes["army"] += 1
        except InputError as err:
            assert err.file == str(path) and "\n" not in str(err), name
            outcomes["error"] += 1
        assert time.perf_counter() - started < SECONDS, name
        path.unlink()
    assert outcomes["army"] > 100 and outcomes["error"] > 150


def test_names_that_look_like_rich_markup_print_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A unit, model or wargear name is text, never rich markup: "[/]" used to raise a ``MarkupError``, and
    "[link=...]" to make a terminal hyperlink."""
    text = real()
    for old, new in (
        ('name="IM - Force Commander"', 'name="[link=file:///etc/passwd]Cmd[/link]"'),
        ('name="1) Force Commander"', 'name="[/]"'),
        ('name="Flak Armour"', 'name="[b]F[/]"'),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "markup.ros"
    path.write_text(text, encoding="utf-8")
    code, out, err = _cli(capsys, "roster", str(path))
    assert (code, err) == (0, "")
    lines = [line.strip() for line in out.splitlines()]
    assert "[link=file:///etc/passwd]Cmd[/link]" in lines  # the unit's table title
    assert any(line.startswith("│ [/] ") for line in lines)  # the model's row
    assert "[b]F[/]" in out  # its wargear
