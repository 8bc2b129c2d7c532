"""The lines before a battle say what is not played yet of each rule played in part (``status_gaps.GAPS``)."""

from __future__ import annotations

from strategium.battle.coverage import RuleGap, gaps_text, rule_gaps
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.catalogue.status_gaps import GAPS


def test_partial_rules_of_the_demo_carry_what_is_not_played() -> None:
    gaps = rule_gaps(build_scenario(BattleSetup()).armies)
    partial = [g for g in gaps if g.status == "partial"]
    assert partial
    for gap in partial:
        assert gap.not_played == GAPS[gap.rule.split(" (")[0]], gap.rule
    assert all(g.not_played is None for g in gaps if g.status == "unknown")


def test_gaps_text_adds_a_not_played_yet_line_per_player() -> None:
    gaps = (
        RuleGap(1, "Fleet (2)", "partial", ("Scouts",), "Its lowest (X) is not used."),
        RuleGap(1, "Swarm", "not-yet", ("Rats",)),
        RuleGap(2, "Swarm", "not-yet", ("Rats",)),
    )
    lines = gaps_text(gaps)
    assert lines == [
        "P1 not implemented: Swarm (not yet; Rats) — the battle goes on without them",
        "P1 implemented in part: Fleet (2) (in part only; Scouts) — the battle plays only what is implemented",
        "P1 not played yet: Fleet (2): Its lowest (X) is not used.",
        "P2 not implemented: Swarm (not yet; Rats) — the battle goes on without them",
    ]
