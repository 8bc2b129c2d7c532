"""Untrusted roster files: each hostile or broken file is one clear ``InputError`` naming the file."""

from __future__ import annotations

import random
import time
import zipfile
from pathlib import Path

import pytest

from strategium.army import rosz
from strategium.army.battlescribe import import_roster
from strategium.errors import InputError
from strategium.limits import limits, using_limits
from tests.conftest import ROSTERS

ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"
HH2 = "28d4-bd2e-4858-ece6"


def _fails(path: Path, *fragments: str) -> InputError:
    with pytest.raises(InputError) as caught:
        import_roster(path)
    err = caught.value
    assert err.file == str(path)
    message = str(err)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message
    return err


def _write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def test_billion_laughs_entity_bomb_is_refused(tmp_path: Path) -> None:
    lol = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    bomb = (
        f'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY lol0 "lol">{lol}]>'
        f'<roster xmlns="{ROSTER_NS}" gameSystemId="{HH2}" name="&lol9;"/>'
    )
    started = time.perf_counter()
    _fails(_write(tmp_path, "bomb.ros", bomb), "unsafe XML")
    assert time.perf_counter() - started < 1.0


def test_external_entity_is_refused(tmp_path: Path) -> None:
    xxe = (
        '<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY leak SYSTEM "file:///etc/passwd">]>'
        f'<roster xmlns="{ROSTER_NS}" gameSystemId="{HH2}" name="&leak;"/>'
    )
    _fails(_write(tmp_path, "xxe.ros", xxe), "unsafe XML")


def test_a_doctype_alone_is_refused(tmp_path: Path) -> None:
    _fails(_write(tmp_path, "dtd.ros", f'<!DOCTYPE roster><roster gameSystemId="{HH2}"/>'), "unsafe XML")


def test_zip_bomb_by_declared_size_is_refused_before_decompressing(tmp_path: Path) -> None:
    path = tmp_path / "bomb.rosz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("bomb.ros", b"\0" * (limits().zip_uncompressed_bytes + 1))
    started = time.perf_counter()
    _fails(path, "would unpack to")
    assert time.perf_counter() - started < 0.5


def test_zip_bomb_by_compression_ratio_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ratio.rosz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("ratio.ros", b" " * 4_000_000)
    _fails(path, "ratio limit")


def test_decompression_counts_the_bytes_it_produces(tmp_path: Path) -> None:
    """The limit holds on the output itself, not only on the sizes the archive declares."""
    path = tmp_path / "big.rosz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("big.ros", "".join(random.Random(1).choices("ab", k=200_000)))
    with (
        using_limits(zip_uncompressed_bytes=100_000),
        zipfile.ZipFile(path) as zf,
        pytest.raises(InputError, match="expands beyond 100000 bytes"),
    ):
        rosz._read_bounded(zf, zf.infolist()[0], str(path))


def test_zip_entry_that_lies_about_its_size_is_refused(tmp_path: Path) -> None:
    """A header claiming a small size: reading stops at the claimed size and the checksum fails."""
    path = tmp_path / "liar.rosz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("liar.ros", b" " * 400_000)
    data = bytearray(path.read_bytes())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):
        at = data.find(header)
        size_at = at + (22 if header == b"PK\x03\x04" else 24)
        data[size_at : size_at + 4] = (1000).to_bytes(4, "little")
    liar = _write(tmp_path, "liar2.rosz", bytes(data))
    _fails(liar, "not a readable .rosz")


def test_zip_with_too_many_entries_or_no_roster(tmp_path: Path) -> None:
    many = tmp_path / "many.rosz"
    with zipfile.ZipFile(many, "w") as zf:
        for i in range(limits().zip_entries + 1):
            zf.writestr(f"{i}.txt", "x")
    _fails(many, "entries")
    none = tmp_path / "none.rosz"
    with zipfile.ZipFile(none, "w") as zf:
        zf.writestr("readme.txt", "no roster here")
    _fails(none, "no .ros roster")


def test_corrupt_zip_is_refused(tmp_path: Path) -> None:
    _fails(_write(tmp_path, "corrupt.rosz", b"PK\x03\x04" + b"\x00garbage" * 50), "not a readable .rosz")


def test_empty_and_blank_files(tmp_path: Path) -> None:
    _fails(_write(tmp_path, "empty.ros", b""), "empty")
    _fails(_write(tmp_path, "blank.ros", b"  \n\t "), "empty")


def test_roster_of_another_game_system_is_refused_by_id(tmp_path: Path) -> None:
    text = (ROSTERS / "Basic Marines Validate.ros").read_text(encoding="utf-8")
    forty_k = text.replace(f'gameSystemId="{HH2}"', 'gameSystemId="sys-352e-adc2-7639-d6a9"')
    forty_k = forty_k.replace("Horus Heresy (2022)", "Warhammer 40,000 10th Edition")
    _fails(_write(tmp_path, "40k.ros", forty_k), "not a Horus Heresy 2nd edition roster", "sys-352e-adc2-7639-d6a9")


def test_the_game_system_name_is_not_trusted(tmp_path: Path) -> None:
    """A Horus Heresy name with another id is still refused; the id decides."""
    text = (ROSTERS / "Basic Marines Validate.ros").read_text(encoding="utf-8")
    _fails(_write(tmp_path, "hh3.ros", text.replace(HH2, "8dd7-4f4b-4ba8-b8d6")), "gameSystemId")


def test_random_bytes(tmp_path: Path) -> None:
    noise = random.Random(2026).randbytes(4096)
    _fails(_write(tmp_path, "noise.ros", noise), "XML")


def test_truncated_roster(tmp_path: Path) -> None:
    data = (ROSTERS / "OgrynChainaxeFix.ros").read_bytes()
    err = _fails(_write(tmp_path, "cut.ros", data[: len(data) // 2]), "not well-formed XML")
    assert err.line is not None and err.line > 100


def test_xml_that_is_not_a_roster(tmp_path: Path) -> None:
    _fails(_write(tmp_path, "cat.ros", '<catalogue xmlns="x"/>'), "not a BattleScribe roster")


def test_bad_number_in_a_roster(tmp_path: Path) -> None:
    text = (ROSTERS / "Basic Marines Validate.ros").read_text(encoding="utf-8")
    _fails(_write(tmp_path, "nan.ros", text.replace('value="260"', 'value="lots"')), "not a number", "lots")
    _fails(_write(tmp_path, "count.ros", text.replace('number="9"', 'number="-9"', 1)), "bad number")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    _fails(tmp_path / "nowhere.ros", "no such file")
    _fails(tmp_path, "directory")
