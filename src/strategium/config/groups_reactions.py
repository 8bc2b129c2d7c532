"""Settings for Reactions: the Reaction Allotment and the Reaction moves (CORE_B §4).

Distances in inches. Each ``source`` is what a user can look up; each ``note`` names the section of the project's
reference files for developers.
"""

from __future__ import annotations

from typing import Literal

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence


class ReactionConfig(ConfigGroup):
    """The Reaction Allotment and how far Reaction moves go."""

    allotment: int = setting(
        1,
        ge=0,
        le=3,
        description="Reactions the reactive player may make in each phase of the opponent's turn, before rules "
        "that raise it.",
        source="Warhammer Community preview of the Reactions (2022); Goonhammer tactics article (2022)",
        note="CORE_B §4.1 (secondary sources agree)",
        confidence=C.LIKELY,
    )
    allotment_cap: int = setting(
        3,
        ge=1,
        le=10,
        description="Most Reactions a player may make in one phase, whatever raises the allotment (rules that let "
        "a Reaction cost nothing may still exceed it).",
        source="Goonhammer tactics article (2022); augury scanner text in the game system data",
        note="CORE_B §4.1 (Zone Mortalis games use 1)",
        confidence=C.LIKELY,
    )
    move_initiative: Literal["lowest", "highest"] = setting(
        "lowest",
        description="Whose Initiative sets an Advance or Withdraw distance: the unit's lowest or highest.",
        source="no source: project default (the Reaction's wording for mixed units was not read)",
        note="CORE_B §4.3, §9 item 7",
        confidence=C.UNCONFIRMED,
    )
    vehicle_move: float = setting(
        6.0,
        gt=0,
        description="How far a Vehicle moves in an Advance or Withdraw, after pivoting up to 90 degrees.",
        source="Warhammer Community preview of the Reactions (2022)",
        note="CORE_B §4.3 (secondary sources)",
        confidence=C.LIKELY,
    )
