"""Blast and Template weapons as the attack pipeline sees them: the marker sizes, the scatter distance, and how
their Wounds are allocated (rulebook p.234 Blast, p.248 Template Weapons, p.249 Twin-linked; CORE_B §1.7-1.8).

- :func:`marker_diameter`: the marker a weapon's rules give: Blast (X") X inches (3 unless given), Large Blast 5,
  Massive Blast 7, Apocalyptic Blast 10 (p.234); None for a weapon that is no Blast.
- :func:`scatter_distance`: 2D6 minus the firer's Ballistic Skill, at least 0 (p.234); a Hit on the Scatter die
  does not scatter at all.
- :func:`blast_allocation`: Blast Wounds may be allocated to any model of the unit hit, even out of sight of the
  firers (p.234), closest first from the firing unit or from the marker's centre (``templates.blast_allocation_from``:
  HH2 does not give the order; its Apocalyptic Mega-blast rule allocates from the marker). Template Wounds follow the
  normal allocation (p.248): :func:`template_allocation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef
from strategium.combat.sources import configured, core
from strategium.config import RulesConfig

BLAST_PAGE = 234
TEMPLATE_PAGE = 248

MARKERS: dict[str, float] = {"Blast": 3.0, "Large Blast": 5.0, "Massive Blast": 7.0, "Apocalyptic Blast": 10.0}
"""The marker diameter (inches) of each Blast rule when the weapon gives none (p.234)."""


def marker_diameter(rules: Sequence[object]) -> float | None:
    """The diameter (inches) of the largest Blast marker among ``rules`` (:class:`RuleRef` entries; others are
    skipped), or None if none is a Blast rule."""
    best: float | None = None
    for r in rules:
        if isinstance(r, RuleRef) and r.name in MARKERS:
            size = float(r.value) if r.value else MARKERS[r.name]
            best = size if best is None else max(best, size)
    return best


def is_blast(rules: Sequence[object]) -> bool:
    """True if the rules include any Blast rule (Blast, Large, Massive or Apocalyptic Blast)."""
    return marker_diameter(rules) is not None


def scatter_distance(two_d6: int, ballistic_skill: int) -> int:
    """Inches a Blast marker scatters when the Scatter die shows an arrow: 2D6 minus the firer's BS, at least 0."""
    return max(0, two_d6 - ballistic_skill)


@dataclass(frozen=True)
class Allocation:
    """How the Wounds of an area attack are allocated to a unit it hit: ``from_marker`` closest to the marker's
    centre first (else closest to the firing unit); ``any_model`` every model of the unit may take them (else only
    those the normal rules allow); ``why`` the ruling."""

    from_marker: bool
    any_model: bool
    why: Reason


def blast_allocation(config: RulesConfig) -> Allocation:
    """The allocation of Blast Wounds (see the module docstring), citing the setting it rests on."""
    marker = config.templates.blast_allocation_from == "marker"
    where = "the marker's centre" if marker else "the firing unit"
    why = configured(
        config,
        "templates.blast_allocation_from",
        f"Blast Wounds go to any model of the unit, even out of sight, closest to {where} first (p.{BLAST_PAGE})",
    )
    return Allocation(marker, True, why)


def template_allocation() -> Allocation:
    """Template Wounds are allocated following the normal rules (p.248)."""
    return Allocation(False, False, core("Template", "Wounds are allocated following the normal rules", TEMPLATE_PAGE))
