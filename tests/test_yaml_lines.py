"""Reading YAML files: size, kind of file and encoding checked before parsing; the bundled files read as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from strategium import limits as lim
from strategium.errors import InputError
from strategium.yaml_lines import load_yaml, read_yaml_file

REPO = Path(__file__).resolve().parents[1]
BUNDLED = sorted([*REPO.glob("src/strategium/**/*.yaml"), *REPO.glob("tests/scenarios/**/*.yaml")])


def over(what: str, value: object, name: str) -> str:
    """The end of ``check_limit``'s message for the limit ``name`` in force."""
    limit = getattr(lim.limits(), name)
    return f"{what}: {value} is over the limit of {limit} (raise it with STRATEGIUM_LIMIT_{name.upper()})"


def refused(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        read_yaml_file(path, "army file")
    message = str(caught.value)
    assert "\n" not in message and "Errno" not in message
    return message


def test_a_missing_file_a_folder_and_a_pipe_are_named(tmp_path: Path) -> None:
    assert refused(tmp_path / "none.yaml") == f"{tmp_path / 'none.yaml'}: no such file"
    assert refused(tmp_path) == f"{tmp_path}: is a directory, not an army file"
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert refused(fifo) == f"{fifo}: is not a regular file (a device or a pipe?), not an army file"


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(10 * 1024**3)  # a sparse 10 GiB file: reading it would take minutes
    assert refused(big) == (
        f"{big}: bytes in the file: 10737418240 is over the limit of 1048576 "
        "(raise it with STRATEGIUM_LIMIT_YAML_FILE_BYTES)"
    )
    small = tmp_path / "small.yaml"
    small.write_text("a: 1\n" * 30, encoding="utf-8")
    with lim.using_limits(yaml_file_bytes=100):
        assert refused(small).endswith(
            "bytes in the file: 150 is over the limit of 100 (raise it with STRATEGIUM_LIMIT_YAML_FILE_BYTES)"
        )


def test_encodings_other_than_utf8_are_named(tmp_path: Path) -> None:
    cases = {
        "utf16.yaml": ("a: 1\n".encode("utf-16"), "the file is UTF-16 text; save the army file as UTF-8"),
        "utf32.yaml": ("a: 1\n".encode("utf-32"), "the file is UTF-32 text; save the army file as UTF-8"),
    }
    for name, (data, message) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert refused(tmp_path / name) == f"{tmp_path / name}: {message}"
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: a\nfaction: Impérialis\n".encode("latin-1"))
    assert refused(latin) == f"{latin}:2: the file is not UTF-8 text (byte 21); save the army file as UTF-8"


def test_a_utf8_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert read_yaml_file(path, "army file") == "a: 1\n"


def test_the_input_file_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    data = b"a: &a [x, x]\nb: [" + b", ".join([b"*a"] * 300) + b"]\n"
    path.write_bytes(data)
    with pytest.raises(InputError):
        load_yaml(read_yaml_file(path, "army file"), path.name)
    assert path.read_bytes() == data


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(REPO)))
def test_the_bundled_and_test_files_read_as_pyyaml_reads_them(path: Path) -> None:
    text = read_yaml_file(path, "file")
    data, lines = load_yaml(text, path.name)
    assert data == yaml.safe_load(text)
    assert lines[()] >= 1
