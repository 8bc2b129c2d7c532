"""``strategium.army.rule_coverage``: rule instances counted by status and by rule (issue 20's acceptance figure)."""

from __future__ import annotations

from strategium.army.rule_coverage import STATUSES, count_rules
from strategium.catalogue.registry import find_rule, rule_status


def test_count_rules_by_status_and_by_rule() -> None:
    written = ["Rending (6)", "Rending (4+)", "Swarm", "No Such Rule At All", "Twin-linked"]
    entries = [find_rule(text) for text in written]
    statuses = [rule_status(e) for e in entries]
    assert statuses[3] == "unknown"
    count = count_rules(entries)
    assert count.instances == 5
    assert count.by_status == {s: statuses.count(s) for s in STATUSES}
    assert count.by_rule[("Rending", statuses[0])] == 2  # the (X) is not part of the rule's name
    assert count.by_rule[("No Such Rule At All", "unknown")] == 1
    data = count.data()
    assert data["instances"] == 5 and data["by_rule"][0] == {"name": "Rending", "status": statuses[0], "count": 2}
    implemented = statuses.count("implemented")
    assert data["implemented_percent"] == round(100 * implemented / 5, 1)


def test_nothing_counted_has_no_share() -> None:
    count = count_rules([])
    assert count.instances == 0 and count.percent("implemented") is None
    assert count.data()["played_percent"] is None
    words = {"implemented": "implemented", "partial": "partial", "not-yet": "not yet", "unknown": "unknown"}
    assert count.summary(words) == "0 (0 implemented, 0 partial, 0 not yet, 0 unknown)"
