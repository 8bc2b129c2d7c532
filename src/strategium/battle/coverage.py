"""Which special rules of the armies the engine does not play (listed before a battle, which goes on without them).

A rule is *missing* when the registry marks it not yet implemented, or does not know it at all (``UnknownRule``);
*partial* when only some of its clauses are played. Unit Type and Sub-type markers are not rules here. Rules are
gathered from units, models, weapons and detachments. Each gap carries what of the rule is not played yet (or why it
is blocked), from :data:`strategium.catalogue.status_gaps.GAPS`; :func:`gaps_text` lists those after each player's
lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from strategium.army.army import Army
from strategium.catalogue.registry import RuleEntry, is_type_marker, rule_status
from strategium.catalogue.status_gaps import gap_of

GAP_STATUSES = ("partial", "not-yet", "unknown")
"""Statuses listed (``implemented`` rules are not)."""


@dataclass(frozen=True)
class RuleGap:
    """One rule of one player's army the engine does not (fully) play: its name, status (``partial``,
    ``not-yet``, ``unknown``), the units (or detachments) that carry it, in army order, and what of it is not
    played yet (or why it is blocked), when the registry's gaps say (``status_gaps.GAPS``)."""

    player: int
    rule: str
    status: str
    carriers: tuple[str, ...]
    not_played: str | None = None

    def text(self) -> str:
        """E.g. ``Feel No Pain (5+) (not yet; Ogryn Brute Squad, Medicae Detachment)``."""
        words = {"partial": "in part only", "not-yet": "not yet", "unknown": "not in the registry"}[self.status]
        return f"{self.rule} ({words}; {', '.join(self.carriers)})"


def _entries(army: Army) -> Iterator[tuple[str, RuleEntry]]:
    for d in army.detachments:
        for r in d.rules:
            yield d.name, r
        for unit in d.units:
            for r in unit.rules:
                yield unit.name, r
            for m in unit.models:
                for r in m.rules:
                    yield unit.name, r
                for w in m.weapons:
                    for r in w.type.rules:
                        yield unit.name, r


def rule_gaps(armies: tuple[Army, Army]) -> tuple[RuleGap, ...]:
    """Every rule the engine does not fully play, per player in army order (first appearance), then by name."""
    out: list[RuleGap] = []
    for player, army in enumerate(armies, start=1):
        found: dict[str, tuple[str, list[str]]] = {}
        gaps: dict[str, str | None] = {}
        for carrier, rule in _entries(army):
            if is_type_marker(rule):
                continue
            status = rule_status(rule)
            if status not in GAP_STATUSES:
                continue
            name = str(rule)
            _, carriers = found.setdefault(name, (status, []))
            gaps.setdefault(name, gap_of(rule.name) if status != "unknown" else None)
            if carrier not in carriers:
                carriers.append(carrier)
        out.extend(RuleGap(player, name, status, tuple(c), gaps[name]) for name, (status, c) in sorted(found.items()))
    return tuple(out)


def gaps_text(gaps: tuple[RuleGap, ...]) -> list[str]:
    """The lines printed before a battle (empty when every rule is played)."""
    lines: list[str] = []
    for player in (1, 2):
        missing = [g for g in gaps if g.player == player and g.status != "partial"]
        partial = [g for g in gaps if g.player == player and g.status == "partial"]
        if missing:
            lines.append(
                f"P{player} not implemented: {'; '.join(g.text() for g in missing)} — the battle goes on without them"
            )
        if partial:
            lines.append(
                f"P{player} implemented in part: {'; '.join(g.text() for g in partial)} — "
                "the battle plays only what is implemented"
            )
        written = [g for g in gaps if g.player == player and g.not_played]
        if written:
            lines.append(f"P{player} not played yet: {'; '.join(f'{g.rule}: {g.not_played}' for g in written)}")
    return lines
