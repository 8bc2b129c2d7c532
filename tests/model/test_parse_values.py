"""Characteristic values: numbers, inch marks, dashes, saves as target numbers, and how problems are reported."""

from __future__ import annotations

import pytest

from strategium.errors import InputError
from strategium.model.parsing import ParseProblem, Severity, parse_characteristic, parse_leading_number, parse_save


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        ('7"', 7),
        ("7”", 7),
        (" 10 ", 10),
        ("0", 0),
        ("-", None),
        ("–", None),
        ("—", None),
    ],
)
def test_characteristic_values_read_without_problems(text: str, expected: int | None) -> None:
    problems: list[ParseProblem] = []
    assert parse_characteristic(text, field="Move", problems=problems) == expected
    assert problems == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "blank value (use '-' for a missing Characteristic)"),
        ("*", "only a footnote mark: the value is given by a special rule"),
        ("2+", "a target number ('N+') where a plain number belongs"),
        ("four", "not a whole number"),
        ("4/5", "not a whole number"),
    ],
)
def test_unreadable_characteristic_is_none_with_one_error(text: str, message: str) -> None:
    problems: list[ParseProblem] = []
    assert parse_characteristic(text, field="T", problems=problems) is None
    assert problems == [ParseProblem("T", text, message, Severity.ERROR)]


def test_unreadable_characteristic_raises_input_error_naming_the_field_without_a_list() -> None:
    with pytest.raises(InputError) as caught:
        parse_characteristic("", field="T")
    assert caught.value.field == "T"
    assert str(caught.value) == "T: blank value (use '-' for a missing Characteristic) (got '')"


def test_footnote_beside_a_number_is_read_with_a_note_and_never_raises() -> None:
    assert parse_characteristic("5*", field="S") == 5
    problems: list[ParseProblem] = []
    assert parse_characteristic("5*", field="S", problems=problems) == 5
    assert [p.severity for p in problems] == [Severity.NOTE]


@pytest.mark.parametrize(("text", "expected"), [("3+", 3), ("2+", 2), ("6+", 6), (" 4 + ", 4), ("-", None)])
def test_saves_are_target_numbers(text: str, expected: int | None) -> None:
    problems: list[ParseProblem] = []
    assert parse_save(text, problems=problems) == expected
    assert problems == []


def test_save_without_plus_is_read_with_a_note() -> None:
    problems: list[ParseProblem] = []
    assert parse_save("2", problems=problems) == 2
    assert problems == [ParseProblem("Save", "2", "save written without '+': read as 2+", Severity.NOTE)]


@pytest.mark.parametrize("text", ["", "1+", "7+", "good", "*"])
def test_bad_saves_are_errors(text: str) -> None:
    problems: list[ParseProblem] = []
    assert parse_save(text, problems=problems) is None
    assert [p.severity for p in problems] == [Severity.ERROR]
    with pytest.raises(InputError):
        parse_save(text)


@pytest.mark.parametrize(
    ("text", "number", "prose", "notes"),
    [
        ("12", 12, "", 0),
        ("-", None, "", 0),
        ("", None, "", 0),
        ("10, Two Access Points at the Rear", 10, "Two Access Points at the Rear", 1),
        ("* No capacity; see the unit's rules.", None, "* No capacity; see the unit's rules.", 1),
    ],
)
def test_leading_number_keeps_the_prose(text: str, number: int | None, prose: str, notes: int) -> None:
    problems: list[ParseProblem] = []
    assert parse_leading_number(text, field="Transport Capacity", problems=problems) == (number, prose)
    assert [p.severity for p in problems] == [Severity.NOTE] * notes


def test_problem_converts_to_an_input_error_with_file_and_line() -> None:
    problem = ParseProblem("Save", "x", "not a save target such as '3+'")
    err = problem.to_error(file="army.ros", line=12)
    assert str(err) == "army.ros:12: Save: not a save target such as '3+' (got 'x')"
    assert str(problem) == "error: Save: not a save target such as '3+' (got 'x')"
