"""The table of input limits: defaults, environment overrides, and the one-line error past a limit."""

from __future__ import annotations

import pytest

from strategium import limits as lim
from strategium.errors import InputError


def test_environment_variable_raises_one_limit_and_leaves_the_others() -> None:
    got = lim._from_environment({"STRATEGIUM_LIMIT_MODELS_PER_UNIT": "500", "PATH": "/bin"})
    assert got.models_per_unit == 500
    assert got.zip_entries == lim.DEFAULT_LIMITS.zip_entries


@pytest.mark.parametrize("raw", ["0", "-3", "abc", "1e9", "", "9" * 19])
def test_a_limit_that_is_not_a_positive_whole_number_is_refused_naming_the_variable(raw: str) -> None:
    with pytest.raises(InputError, match="STRATEGIUM_LIMIT_ZIP_ENTRIES: must be a positive whole number"):
        lim._from_environment({"STRATEGIUM_LIMIT_ZIP_ENTRIES": raw})


def test_an_unknown_limit_variable_is_refused() -> None:
    with pytest.raises(InputError, match="STRATEGIUM_LIMIT_NOPE: no such input limit"):
        lim._from_environment({"STRATEGIUM_LIMIT_NOPE": "3"})


def test_check_limit_names_file_line_field_and_the_variable_to_raise() -> None:
    with lim.using_limits(models_per_unit=10):
        lim.check_limit(10, "models_per_unit", what="models in this unit")
        with pytest.raises(InputError) as caught:
            lim.check_limit(11, "models_per_unit", what="models in this unit", file="a.yaml", line=4, field="size")
    assert str(caught.value) == (
        "a.yaml:4: size: models in this unit: 11 is over the limit of 10 "
        "(raise it with STRATEGIUM_LIMIT_MODELS_PER_UNIT)"
    )
    assert lim.limits().models_per_unit == lim.DEFAULT_LIMITS.models_per_unit


def test_the_documented_table_is_the_table_in_force() -> None:
    from dataclasses import fields
    from pathlib import Path

    doc = (Path(__file__).parents[1] / "docs" / "input-limits.md").read_text(encoding="utf-8")
    rows = {}
    for row in doc.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`") and cells[1].startswith("`STRATEGIUM_LIMIT_"):
            rows[cells[0].strip("`")] = (cells[1].strip("`"), int(cells[2].replace("_", "").replace(",", "")))
    expected = {
        f.name: (f"{lim.ENV_PREFIX}{f.name.upper()}", getattr(lim.DEFAULT_LIMITS, f.name))
        for f in fields(lim.InputLimits)
    }
    assert rows == expected


def test_a_file_name_too_long_to_read_keeps_its_start_and_its_own_name_in_a_message() -> None:
    name = "/tmp/" + "a" * 5000 + "/army.yaml"
    text = str(InputError("no such file", file=name, line=3))
    assert len(text) < 300
    assert text.startswith("/tmp/aaa") and text.endswith("aaa/army.yaml:3: no such file")
    assert str(InputError("no such file", file="short.yaml")) == "short.yaml: no such file"
