"""``status_gaps.GAPS``: what is not played yet of each rule played in part, or why a not-yet rule is blocked."""

from __future__ import annotations

from strategium.catalogue.registry import ImplementationStatus, all_rule_defs, get_rule_def
from strategium.catalogue.status_gaps import BLOCKED, GAPS, gap_of


def test_every_partial_rule_has_a_gap() -> None:
    partial = [r.name for r in all_rule_defs() if r.status is ImplementationStatus.PARTIAL]
    assert partial, "no partial rule: the test would prove nothing"
    assert [name for name in partial if not GAPS.get(name, "").strip()] == []


def test_every_gap_names_a_registered_rule_by_its_canonical_name() -> None:
    for name in GAPS:
        assert get_rule_def(name).name == name


def test_a_gap_is_for_a_partial_rule_or_a_blocked_not_yet_rule() -> None:
    for name, gap in GAPS.items():
        status = get_rule_def(name).status
        assert status is not ImplementationStatus.IMPLEMENTED, f"{name} is implemented: its gap should go"
        if status is ImplementationStatus.NOT_YET:
            assert gap.startswith(BLOCKED) and gap.removeprefix(BLOCKED).strip(), name
        else:
            assert not gap.startswith(BLOCKED), f"{name} is played in part, not blocked"


def test_a_gap_is_one_sentence() -> None:
    for name, gap in GAPS.items():
        assert gap.endswith(".") and "\n" not in gap, name
        assert gap.rstrip(".").count(". ") == 0, name


def test_gap_of_reads_the_table() -> None:
    assert gap_of("Barrage") == GAPS["Barrage"]
    assert "Multiple Barrage" in (gap_of("Barrage") or "")
    assert gap_of("Armourbane") is None
    assert gap_of("Rending") is None
