"""Settings for Template and Blast weapons (rulebook p.234 Blast, p.248 Template Weapons; CORE_B §1.8).

Distances in inches. Each ``source`` is what a user can look up; each ``note`` names the section of the project's
reference files for developers.
"""

from __future__ import annotations

from typing import Literal

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence


class TemplateConfig(ConfigGroup):
    """The teardrop template's size and how Blast hits are allocated."""

    length: float = setting(
        8.0,
        gt=0,
        description="Length of the teardrop template from its narrow tip to the far edge of its wide end.",
        source="no source: the template's usual size (8\", as Wall of Death's 8\", rulebook p.248); HH2's diagram "
        "not read",
        note="CORE_B §1.8 (template shape not in the reference files)",
        confidence=C.LIKELY,
    )
    narrow_width: float = setting(
        0.75,
        gt=0,
        description="Width of the teardrop template's narrow end (the diameter of its rounded tip).",
        source="no source: project default (the template's usual measured size)",
        note="CORE_B §1.8 (template shape not in the reference files)",
        confidence=C.UNCONFIRMED,
    )
    wide_width: float = setting(
        3.5,
        gt=0,
        description="Width of the teardrop template's wide end (the diameter of its rounded far end).",
        source="no source: project default (the template's usual measured size)",
        note="CORE_B §1.8 (template shape not in the reference files)",
        confidence=C.UNCONFIRMED,
    )
    blast_allocation_from: Literal["firer", "marker"] = setting(
        "firer",
        description="Where Blast Wounds are allocated from (closest models first, any model of the unit, even out "
        "of sight): the firing unit, or the centre of the Blast marker (as the Apocalyptic Mega-blast rule says).",
        source="Blast, rulebook p.234 (any model, even out of sight; the order is not given); Apocalyptic "
        "Mega-blast (p.234) allocates from the marker",
        note="CORE_B §1.7-1.8",
        confidence=C.UNCONFIRMED,
    )
