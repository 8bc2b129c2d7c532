"""Untrusted JSON (strategium.json_input): the place and line of every refusal, and what ``json`` would let by."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from strategium.errors import InputError
from strategium.json_input import decode_utf8, line_of, parse_json, read_json_file, walk
from strategium.limits import using_limits


def refusal(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse_json(text, "f.json", "record_values")
    return str(caught.value)


def test_walk_gives_every_key_and_value_with_its_path() -> None:
    text = '{"a": [1, {"b": "x,\\"]y"}], "c": null, "a": 2}'
    got = [(t.kind, t.path, t.repeated) for t in walk(text)]
    assert got == [
        ("open", (), False),
        ("key", ("a",), False),
        ("open", ("a",), False),
        ("value", ("a", 0), False),
        ("open", ("a", 1), False),
        ("key", ("a", 1, "b"), False),
        ("value", ("a", 1, "b"), False),
        ("key", ("c",), False),
        ("value", ("c",), False),
        ("key", ("a",), True),
        ("value", ("a",), False),
    ]


def test_line_of_a_place_or_of_the_nearest_enclosing_one() -> None:
    text = '{\n "h": [\n  {"t": 1},\n  {\n   "t": 2\n  }\n ]\n}'
    assert line_of(text, ("h", 1, "t")) == 5
    assert line_of(text, ("h", 1)) == 4
    assert line_of(text, ("h", 1, "missing")) == 4
    assert line_of(text, ("h", 0, "t")) == 3


def test_what_json_would_accept_or_crash_on_is_one_line_with_its_place() -> None:
    assert refusal('{"a": {"b": 1,\n "b": 2}}') == "f.json:2: a.b: the key 'b' is given twice in this mapping"
    assert refusal('{"a": [1,\n NaN]}') == "f.json:2: a[1]: NaN is not a JSON number"
    assert refusal('{"a": [1e999]}') == "f.json:1: a[0]: 1e999 is too large a number"
    assert refusal('{"a": ' + "7" * 5000 + "}") == "f.json:1: a: a number of more than 40 characters (777777777777...)"
    assert (
        refusal('{"a": ' + "[" * 5000 + "]" * 5000 + "}")
        == "f.json:1: a[0]: lists and mappings nested more than 100 deep"
    )
    assert refusal('{"a": [1,\n 2,,]}') == "f.json:2: a[1]: not valid JSON: Expecting value"
    assert (
        refusal('{"a": "x')
        == "f.json:1: a: not valid JSON: Unterminated string starting at (the file ends too soon: cut short?)"
    )


def test_the_values_limit_is_checked_before_parsing() -> None:
    with using_limits(record_values=10):
        assert refusal("[" + "[]," * 20 + "[]]") == (
            "f.json: values (numbers, texts, lists, mappings) in this file: 43 is over the limit of 10 "
            "(raise it with STRATEGIUM_LIMIT_RECORD_VALUES)"
        )


def test_utf8_with_a_byte_order_mark_and_a_bad_byte() -> None:
    assert decode_utf8("\ufeff{}".encode(), "f.json") == "{}"
    with pytest.raises(InputError, match=r"^f.json:4: not UTF-8 text \(byte 0xc3 at offset 4\)$"):
        decode_utf8(b"{\n\n\n\xc3(}", "f.json")


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match=r"pipe.json: not a regular file \(the game record to read\)$"):
        read_json_file(fifo, "record_file_bytes", "record_values", "game record")
