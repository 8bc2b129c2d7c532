"""Settings for movement, terrain, line of sight and cover, Transports and Buildings.

Distances in inches. Each ``source`` is what a user can look up (book and page, or the convention
followed); each ``note`` names the section of the project's reference files (``CORE_A``, ``CORE_B``) for developers.
"""

from __future__ import annotations

from typing import Literal

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence


class MovementConfig(ConfigGroup):
    """Moving near enemies, coherency, measuring."""

    enemy_distance: float = setting(
        1.0,
        ge=0,
        description="A model may not end a move (other than a Charge) within this distance of an enemy model.",
        source="HH2 rules that refer to it (Jump Pack, Knights and Titans, Flyers)",
        note="CORE_A §5.1 (Jump Pack, Knight and Flyer rules refer to it)",
        confidence=C.LIKELY,
    )
    enemy_distance_during_move: bool = setting(
        True,
        description="The enemy distance also applies while moving, not only at the end of the move.",
        source="7th-edition convention",
        note="CORE_A §5.1 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    premeasuring: bool = setting(
        True,
        description="Players may measure any distance at any time.",
        source="7th-edition convention",
        note="CORE_A §5.13 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
        not_played="players always measure: a game without premeasuring is not implemented yet",
    )
    coherency: float = setting(
        2.0,
        gt=0,
        description="Unit coherency distance (Skirmish-only units use 3, Close-order-only units 1).",
        source="Skirmish Sub-type, Liber Astartes p.95, and Close-order Sub-type, Liber Imperium p.129, "
        'state the 2" baseline',
        note="CORE_A §5.4 (Skirmish and Close-order sub-types state the 2-inch baseline)",
        confidence=C.LIKELY,
    )
    coherency_vertical: float = setting(
        6.0,
        gt=0,
        description="Largest vertical gap allowed between models in coherency.",
        source="7th-edition convention",
        note="CORE_A §5.4 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
        not_played="models all stand at ground level yet: there is no vertical gap to measure",
    )
    squadron_coherency: float = setting(
        4.0,
        gt=0,
        description="Coherency distance for vehicle squadrons.",
        source="7th-edition value",
        note="CORE_A §5.9 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    reaction_moves_count_as_moved: bool = setting(
        False,
        description="Whether a Reaction move (made in the opponent's turn) stops the unit counting as Stationary "
        "in its own next turn.",
        source="no source: project default (the rulebook's Stationary wording leaves it open)",
        note="CORE_A §5.5 (flagged open)",
        confidence=C.UNCONFIRMED,
    )


class TerrainConfig(ConfigGroup):
    """Difficult and Dangerous Terrain (rulebook pp.220-222). Charge penalties are under ``charge``."""

    difficult_move_rule: Literal["flat_penalty", "2d6_highest", "no_effect"] = setting(
        "flat_penalty",
        description="How Difficult Terrain limits a move: lose a flat distance; the 7th-edition roll of 2D6 "
        "taking the highest as the maximum move; or not at all.",
        source="Difficult Terrain, Age of Darkness rulebook p.222 (movement penalty not read); project default",
        note="CORE_A §5.3 (movement penalty not read)",
        confidence=C.UNCONFIRMED,
    )
    difficult_move_penalty: float = setting(
        2.0,
        ge=0,
        description="Distance lost when a move enters or crosses Difficult Terrain (flat_penalty rule only).",
        source="Difficult Terrain, Age of Darkness rulebook p.222 (not read); project default",
        note="CORE_A §5.3",
        confidence=C.UNCONFIRMED,
    )
    dangerous_fails_on: int = setting(
        1,
        ge=1,
        le=6,
        description="Highest D6 result that fails a Dangerous Terrain test (one test per model).",
        source="7th-edition convention",
        note="CORE_A §5.3 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    dangerous_wound_saves: Literal["invulnerable_only", "no_saves", "all"] = setting(
        "invulnerable_only",
        description="Saves allowed against the Wound from a failed Dangerous Terrain test; no_saves also bars "
        "Feel No Pain (a special Saving Throw), never Shrouded or the Stupefied roll.",
        source="7th-edition convention (no armour or cover saves)",
        note="CORE_A §5.3 (7th edition: no armour or cover saves)",
        confidence=C.UNCONFIRMED,
    )
    ruins_difficult: bool = setting(
        True,
        description="Ruins count as Difficult Terrain.",
        source="7th-edition convention",
        note="CORE_A §5.3 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    in_terrain: Literal["wholly_within", "partly_within"] = setting(
        "wholly_within",
        description="When a model counts as in a terrain piece: its base or hull wholly inside, or any part.",
        source="community FAQ (Liber Panoptica)",
        note="CORE_A §5.3 (community Panoptica FAQ only)",
        confidence=C.UNCONFIRMED,
    )


class LineOfSightConfig(ConfigGroup):
    """What blocks line of sight in the engine's top-down table (players agree this before the game)."""

    ruins_block: bool = setting(
        True,
        description="Ruins footprints block line of sight through them.",
        source="terrain is agreed before the game (rulebook pp.220-222); project default",
        note="CORE_A §3.1 step 3, §5.12 (terrain classes are agreed beforehand)",
        confidence=C.UNCONFIRMED,
    )
    woods_block: bool = setting(
        False,
        description="Woods footprints block line of sight through them (otherwise they only give cover).",
        source="terrain is agreed before the game (rulebook pp.220-222); project default",
        note="CORE_A §3.1 step 3, §5.12",
        confidence=C.UNCONFIRMED,
    )
    intervening_models_block: bool = setting(
        False,
        description="Models of other units between firer and target block line of sight "
        "(otherwise they only give cover).",
        source="7th-edition convention (true line of sight)",
        note="CORE_A §5.12 (7th-edition true line of sight)",
        confidence=C.UNCONFIRMED,
        not_played="models do not block line of sight yet",
    )
    firing_unit_blocks: bool = setting(
        False,
        description="Models of the firing unit block line of sight for their own unit.",
        source="7th-edition convention",
        note="CORE_A §5.12 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
        not_played="models do not block line of sight yet",
    )


class CoverConfig(ConfigGroup):
    """Cover Saves from terrain and models."""

    obscured_fraction: float = setting(
        0.25,
        gt=0,
        le=1,
        description="Share of a model that must be hidden from the firer for it to be in cover.",
        source="Barricade Sub-type, Legacies: Legiones Astartes p.104, uses a quarter; general value not read",
        note="CORE_A §5.12; CORE_B §1.6 (the Barricade sub-type uses a quarter; general value not read)",
        confidence=C.UNCONFIRMED,
    )
    intervening_models_save: int | None = setting(
        5,
        ge=2,
        le=6,
        description="Cover Save from intervening models of other units (none: they give no cover).",
        source="7th-edition value",
        note="CORE_A §5.12 (7th-edition value)",
        confidence=C.UNCONFIRMED,
    )
    ruins_save: int = setting(
        5,
        ge=2,
        le=6,
        description="Cover Save from ruins.",
        source="Battlefield Terrain, Age of Darkness rulebook pp.220-222 (partly read)",
        note="CORE_A §5.3 (rulebook pp.220-222, text only partly read)",
        confidence=C.LIKELY,
    )
    other_terrain_save: int = setting(
        5,
        ge=2,
        le=6,
        description="Cover Save from a terrain piece or Building with no Cover Save of its own that obscures a model "
        "(rocks, Impassable pieces, Buildings; not ruins or Barricades).",
        source="not read (Barricades and Walls 5+, p.221, and Ruins 5+ are the values known); project default",
        note="CORE_A §5.3; CORE_B §1.6",
        confidence=C.UNCONFIRMED,
    )


class TransportConfig(ConfigGroup):
    """Embarking and disembarking (rulebook pp.211-212, not read)."""

    embark_range: float = setting(
        2.0,
        gt=0,
        description="Every model must be able to reach this distance of an Access Point to Embark.",
        source="7th-edition convention",
        note="CORE_A §5.10 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    disembark_range: float = setting(
        2.0,
        gt=0,
        description="Disembarking models are placed within this distance of an Access Point (7th edition: 6).",
        source='recollection of the HH2 rulebook, not confirmed (7th edition: 6")',
        note="CORE_A §5.10 (recollection of HH2)",
        confidence=C.UNCONFIRMED,
    )
    disembark_then_move: bool = setting(
        True,
        description="A unit that disembarks from a Transport that has not moved may then move normally.",
        source="no source: project default (Transports, Age of Darkness rulebook pp.211-212, not read)",
        note="CORE_A §5.10",
        confidence=C.UNCONFIRMED,
    )
    disembark_after_cruising_speed: bool = setting(
        False,
        description="Whether a unit may disembark after its Transport moved at Cruising Speed.",
        source="7th-edition convention (only up to Combat Speed)",
        note="CORE_A §5.10 (7th edition: only up to Combat Speed)",
        confidence=C.UNCONFIRMED,
    )
    embark_and_disembark_same_turn: bool = setting(
        False,
        description="Whether a unit may both Embark and Disembark in one turn.",
        source="7th-edition convention",
        note="CORE_A §5.10 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    disembarked_may_charge: bool = setting(
        False,
        description="Whether a unit that disembarked this turn from a Transport without Assault Vehicle may Charge.",
        source="implied by Assault Vehicle, Age of Darkness rulebook p.231",
        note="CORE_A §5.10 (implied by Assault Vehicle, rulebook p.231)",
        confidence=C.LIKELY,
    )
    embarked_may_react: bool = setting(
        False,
        description="Whether embarked units may make Reactions.",
        source="no source: project default (Reactions, rulebook, not read on this point)",
        note="CORE_B §4.2",
        confidence=C.UNCONFIRMED,
    )


class BuildingConfig(ConfigGroup):
    """Buildings (rulebook pp.223-226)."""

    single_unit_occupancy: bool = setting(
        True,
        description="A Building without a Garrison Vault or similar holds one unit at a time.",
        source="7th-edition convention",
        note="CORE_A §5.11 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    neutral_claimed_by_first_occupant: bool = setting(
        True,
        description="A terrain Building belongs to the first side to occupy it (bought Fortifications always "
        "belong to their owner).",
        source="Fortifications, Age of Darkness rulebook p.223 (bought Fortifications); otherwise 7th-edition "
        "convention",
        note="CORE_A §5.11 (rulebook p.223 for bought Fortifications; the rest 7th edition)",
        confidence=C.UNCONFIRMED,
        not_played="who controls a terrain Building is not played yet",
    )
    shaken_expiry: Literal["end_of_next_player_turn", "end_of_controllers_next_turn"] = setting(
        "end_of_next_player_turn",
        description="When Building Shaken and Structural Tremor end: after the next Player Turn of either side, "
        "or after the Building's controller's next turn (the two results are worded differently).",
        source="Building Damage Table, Age of Darkness rulebook p.226",
        note="CORE_A §4.2; Building Damage Table, rulebook p.226",
        confidence=C.UNCONFIRMED,
        not_played="Building Shaken and Structural Tremor are not played yet",
    )
