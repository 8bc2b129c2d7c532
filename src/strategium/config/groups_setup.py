"""Settings for the pre-game and arrivals: army limits, deployment, Seize the Initiative, Reserves,
Deep Strike Assault, Flanking Assault, game length, Night Fighting.

Distances in inches. Every default is documented in ``docs/rules-configuration.md``. Each ``source`` is what a
user can look up (book and page, or the convention followed); each ``note`` names the section of the project's
reference files (``CORE_A``, ``CORE_B``, ``RULINGS``) for developers.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from strategium.config.metadata import Confidence, ConfigGroup, setting

C = Confidence


class ArmyConfig(ConfigGroup):
    """Army building values the available text leaves open."""

    lords_of_war_min_points: int = setting(
        2000,
        ge=0,
        description="Smallest points limit at which Lords of War and Primarchs may be taken (0: no minimum).",
        source="event pack summary and recollection (rulebook page unknown)",
        note="CORE_A §1.3 (event summary and recollection; rulebook page unknown)",
        confidence=C.UNCONFIRMED,
    )


class DeploymentConfig(ConfigGroup):
    """Who deploys first, how deployment alternates, who takes the first turn."""

    first_deployer: Literal["roll_off_winner_chooses", "roll_off_winner"] = setting(
        "roll_off_winner_chooses",
        description="How the side that deploys first is found: the roll-off winner chooses, or simply deploys first.",
        source="7th-edition convention (HH2 missions, Age of Darkness rulebook pp.280-312, not read)",
        note="CORE_A §3.1 step 6 (7th-edition convention; HH2 mission chapter pp.280-312 not read)",
        confidence=C.UNCONFIRMED,
    )
    alternation: Literal["by_army", "by_unit"] = setting(
        "by_army",
        description="Normal deployment: each side sets up its whole army in turn, or the sides alternate unit by unit.",
        source="7th-edition convention",
        note="CORE_A §3.1 step 8 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    first_turn: Literal["first_deployer", "roll_off_winner_chooses"] = setting(
        "first_deployer",
        description="Who takes the first turn (before Seize the Initiative): the side that deployed first, "
        "or the winner of a separate roll-off, who chooses.",
        source="HH2 decides it with a roll whose form is unknown; project default",
        note="CORE_A §3.1 step 6, §3.8 (a roll decides it in HH2; its form is unknown)",
        confidence=C.UNCONFIRMED,
    )
    transports_carry_only_own_unit: bool = setting(
        True,
        description="At deployment a Dedicated Transport may carry only the unit that bought it (and Independent "
        "Characters joined to it).",
        source="7th-edition and HH1 convention",
        note="CORE_A §1.4 (7th-edition / HH1 convention)",
        confidence=C.UNCONFIRMED,
    )
    infiltrators_left_place_consecutively: bool = setting(
        True,
        description="When one side runs out of Infiltrate units during the alternation, the other side places "
        "its remaining ones one after another.",
        source="Infiltrate, Age of Darkness rulebook p.242; the common reading",
        note="RULINGS INF-08 (consensus); Infiltrate, rulebook p.242",
        confidence=C.LIKELY,
        not_played="the engine plays only the default reading yet",
    )
    scouts_check_current_positions: bool = setting(
        True,
        description="Each Scout redeployment is measured against enemy units where they stand at that moment, "
        "including enemy Scouts that have already redeployed.",
        source="Scout, Age of Darkness rulebook p.246; the common reading",
        note="RULINGS SCT-07 (consensus); Scout, rulebook p.246",
        confidence=C.LIKELY,
        not_played="the engine plays only the default reading yet",
    )


class SeizeInitiativeConfig(ConfigGroup):
    """The second player's roll to take the first turn."""

    enabled: bool = setting(
        True,
        description="Whether the second player may try to Seize the Initiative.",
        source="HH2 rules that modify the roll",
        note="CORE_A §3.1 step 13 (several HH2 rules modify the roll)",
        confidence=C.LIKELY,
    )
    target: int = setting(
        6,
        ge=2,
        le=6,
        description="D6 result needed to Seize the Initiative.",
        source="7th-edition and HH1 value",
        note="CORE_A §3.1 step 13, §3.8 (7th edition / HH1 value)",
        confidence=C.UNCONFIRMED,
    )


class ReservesConfig(ConfigGroup):
    """Reserves rolls and arrival (rulebook p.309)."""

    target: int = setting(
        3,
        ge=2,
        le=6,
        description="D6 result a Reserves roll needs to succeed.",
        source="7th-edition and HH1 value (Reserves, Age of Darkness rulebook p.309, not read)",
        note="CORE_A §3.4 (7th edition / HH1 value; rulebook p.309 not read)",
        confidence=C.UNCONFIRMED,
    )
    first_turn: int = setting(
        2,
        ge=1,
        le=10,
        description="First Game Turn in which Reserves rolls are made.",
        source="HH2 rules that refer to Reserves rolls from Game Turn 2",
        note="CORE_A §3.4 (rules that refer to Reserves rolls from Game Turn 2)",
        confidence=C.CONFIRMED,
    )
    automatic_from_turn: int | None = setting(
        None,
        ge=1,
        le=10,
        description="Game Turn from which units still in Reserve arrive without a roll (none: never automatic).",
        source="an HH2 rule suggests no automatic arrival (7th edition used Game Turn 5)",
        note="CORE_A §3.4 (7th edition used Game Turn 5; an HH2 rule suggests no automatic arrival)",
        confidence=C.UNCONFIRMED,
    )
    max_fraction: float | None = setting(
        0.5,
        gt=0,
        le=1.0,
        description="Largest fraction of the army's units that may be placed in Reserve, rounded down "
        "(none: no limit).",
        source="7th-edition value (half the army)",
        note="CORE_A §3.1 step 7 (7th-edition limit of half the army)",
        confidence=C.UNCONFIRMED,
    )
    unarrived_count_as_destroyed: bool = setting(
        True,
        description="Units still in Reserve when the game ends count as destroyed.",
        source="7th-edition convention",
        note="CORE_A §3.4 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    arrivals_may_run: bool = setting(
        True,
        description="A unit arriving from ordinary Reserves may Run in the Movement phase it arrives.",
        source="7th-edition convention",
        note="CORE_A §3.4 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
    )
    arrivals_may_charge: bool = setting(
        True,
        description="A unit arriving from ordinary Reserves may declare a Charge that turn.",
        source="Assault Vehicle, Age of Darkness rulebook p.231, adds a specific ban only",
        note="CORE_A §3.4 (Assault Vehicle, rulebook p.231, adds a specific ban only)",
        confidence=C.LIKELY,
    )


class DeepStrikeConfig(ConfigGroup):
    """Deep Strike Assault (rulebook p.310)."""

    one_per_player: bool = setting(
        True,
        description="Each player may make at most one Deep Strike Assault.",
        source="Deep Strike Assault, Age of Darkness rulebook p.310 (as quoted by players)",
        note="CORE_A §3.5 step 1 (fan copy of the rule)",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    reposition_range: float = setting(
        18.0,
        gt=0,
        description="A first model that scatters too close to an enemy, an edge or Impassable terrain is moved "
        "by the opponent to a legal spot within this distance.",
        source="Drop Pod and Subterranean Assault rules use the same distance",
        note="CORE_A §3.5 step 3 (parallel Drop Pod and Subterranean wording)",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    formation: Literal["coherency", "rings"] = setting(
        "coherency",
        description="How the rest of the first unit is placed around its first model: anywhere in coherency, "
        "or in base-contact rings (7th edition).",
        source="no source: project default (Deep Strike Assault, Age of Darkness rulebook p.310, not read)",
        note="CORE_A §3.5 step 4",
        confidence=C.UNCONFIRMED,
        not_played="Deep Strike Assault is not implemented yet",
    )
    disordered_on: int = setting(
        1,
        ge=1,
        le=6,
        description="Highest D6 result that makes the Deep Strike Assault Disordered (before modifiers).",
        source="HH2 rules that modify the Disordered roll",
        note="CORE_A §3.5 step 5 (rules that modify the Disordered roll)",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    placement_range: float = setting(
        12.0,
        gt=0,
        description="When not Disordered, the owner places each further unit within this distance of the first.",
        source="Deep Strike Assault, Age of Darkness rulebook p.310 (as quoted by players)",
        note="CORE_A §3.5 step 5",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    disordered_placement_range: float = setting(
        24.0,
        gt=0,
        description="When Disordered, the opponent places each further unit within this distance of the first.",
        source="Deep Strike Assault, Age of Darkness rulebook p.310 (as quoted by players)",
        note="CORE_A §3.5 step 5",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    pinning_range: float = setting(
        6.0,
        gt=0,
        description="Enemy units with a model within this distance of an arriving unit take a Pinning test.",
        source="Raven Guard and Drop Pod rules use the same distance",
        note="CORE_A §3.5 step 6 (Raven Guard and Drop Pod rules)",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    arrivals_may_charge: bool = setting(
        True,
        description="Units arriving by Deep Strike Assault may declare Charges that turn (they may not Move or Run).",
        source="Area Denial Drop wording implies it",
        note="CORE_A §3.5 step 8 (Area Denial Drop wording); CORE_B §5.2 lists it as unconfirmed",
        confidence=C.LIKELY,
        not_played="Deep Strike Assault is not implemented yet",
    )
    difficult_is_dangerous: bool = setting(
        True,
        description="Models arriving by Deep Strike treat Difficult Terrain as Dangerous Terrain.",
        source="7th-edition convention",
        note="CORE_A §3.5 step 8 (7th-edition convention)",
        confidence=C.UNCONFIRMED,
        not_played="Deep Strike Assault is not implemented yet",
    )


class FlankingAssaultConfig(ConfigGroup):
    """Flanking Assault (rulebook p.311), the way Outflank units arrive. Its procedure was not read."""

    entry_edges: Literal["flank_edges", "any_but_enemy_edge", "hh1_roll"] = setting(
        "flank_edges",
        description="Where the group enters: either short edge beside the owner's edge; any edge but the enemy's; "
        "or the HH1 roll (1-2 left, 3-4 right, 5-6 owner's choice).",
        source="no source: project default (Flanking Assault, Age of Darkness rulebook p.311, not read; the roll is "
        "the HH1 rule)",
        note="CORE_A §3.6 (HH1 roll confirmed for HH1 only)",
        confidence=C.UNCONFIRMED,
    )
    edge_chooser: Literal["controller", "opponent"] = setting(
        "controller",
        description="Who picks the entry edge when the Flanking Assault is not Disordered.",
        source="no source: project default (Flanking Assault, Age of Darkness rulebook p.311, not read)",
        note="CORE_A §3.6",
        confidence=C.UNCONFIRMED,
    )
    disordered_on: int = setting(
        1,
        ge=1,
        le=6,
        description="Highest D6 result that makes the Flanking Assault Disordered (before modifiers).",
        source="HH2 rules that modify the Disordered roll; base value as for Deep Strike Assault",
        note="CORE_A §3.6 (rules that modify the Disordered roll; base value by analogy with Deep Strike)",
        confidence=C.LIKELY,
    )
    disordered_effect: Literal["opponent_chooses_edge", "no_effect"] = setting(
        "opponent_chooses_edge",
        description="What a Disordered result changes: the opponent picks the entry edge, or nothing.",
        source="no source: project default (Flanking Assault, Age of Darkness rulebook p.311, not read)",
        note="CORE_A §3.6",
        confidence=C.UNCONFIRMED,
    )
    single_entry_point: bool = setting(
        False,
        description="Whether all units of the group must enter near one point of the chosen edge.",
        source="no source: project default (Flanking Assault, Age of Darkness rulebook p.311, not read)",
        note="CORE_A §3.6",
        confidence=C.UNCONFIRMED,
        not_played="where in an edge each unit of a Flanking Assault enters is not checked yet",
    )
    pinning_range: float = setting(
        6.0,
        gt=0,
        description="Enemy units with a model within this distance of an arriving unit take a Pinning test.",
        source="community FAQ (Liber Panoptica) quoting the procedure",
        note="CORE_A §3.6 (community FAQ quoting the procedure)",
        confidence=C.LIKELY,
    )
    arrivals_may_charge: bool = setting(
        True,
        description="Units that move onto the table by Flanking Assault may declare Charges that turn.",
        source="both FAQs on Flanking Assaults (Games Workshop's and the later Liber Panoptica) rule only on "
        "passengers of an Assault Vehicle, which presumes the units that move on may Charge",
        note="CORE_A §3.6 (the FAQ's Step 5 paragraph and Panoptica's change of it); CORE_B §5.2",
        confidence=C.LIKELY,
    )
    assault_vehicle_passengers_may_charge: bool = setting(
        False,
        description="Units disembarking from an Assault Vehicle in the last step (Step 5) of a Flanking Assault may "
        "Charge that turn (true: the Games Workshop FAQ on Flanking Assaults; false: the later community Liber "
        "Panoptica, which changes that FAQ paragraph to forbid it, as the Assault Vehicle rule, p.231, does for a "
        "Vehicle that arrived from Reserves).",
        source="community FAQ (Liber Panoptica, errata to Performing a Flanking Assault, p.311), the most recent; it "
        "reverses the Games Workshop FAQ on Flanking Assaults",
        note="CORE_A §3.6, §5.10 (GW FAQ on Flanking Assaults; Panoptica replaces its final paragraph)",
        confidence=C.CONTESTED,
    )
    conferred_outflank_reaches_joined_ic: bool = setting(
        False,
        description="Whether Outflank gained from Infiltrate or Scout in Reserves also covers a joined Independent "
        "Character without those rules (false: the unit cannot make a Flanking Assault).",
        source="Outflank, Age of Darkness rulebook p.244; readings differ",
        note="RULINGS OUT-01 (contested); Outflank, rulebook p.244",
        confidence=C.CONTESTED,
    )


class GameConfig(ConfigGroup):
    """Game length, Sudden Death and objective control."""

    turns: int = setting(
        5,
        ge=1,
        le=10,
        description="Game Turns always played.",
        source="7th-edition value (HH2 missions not read; games can pass turn 6)",
        note="CORE_A §3.9 (7th-edition value; HH2 missions not read, games can pass turn 6)",
        confidence=C.UNCONFIRMED,
    )
    extra_turn_targets: tuple[Annotated[int, Field(ge=2, le=6)], ...] = setting(
        (3, 4),
        description="After the last fixed turn, one D6 per entry: meeting the target adds a Game Turn and moves "
        "to the next entry; failing ends the game (empty: fixed length).",
        source="7th-edition value (3+ for turn 6, 4+ for turn 7)",
        note="CORE_A §3.9 (7th edition: 3+ for turn 6, 4+ for turn 7)",
        confidence=C.UNCONFIRMED,
        not_played="variable game length is not implemented yet: a game lasts game.turns Game Turns",
    )
    sudden_death: bool = setting(
        True,
        description="A side with no units left on the battlefield loses at once.",
        source="HH2 has the rule; its wording was not read",
        note="CORE_A §3.9 (the rule exists; its wording was not read)",
        confidence=C.UNCONFIRMED,
    )
    non_line_units_deny: bool = setting(
        False,
        description="Whether units without a Line model may deny objectives (they never score).",
        source="Line Sub-type, Age of Darkness rulebook p.196",
        note="CORE_A §3.9 (Line sub-type, rulebook p.196)",
        confidence=C.UNCONFIRMED,
        not_played="objectives are not implemented yet",
    )


class NightFightingConfig(ConfigGroup):
    """Night Fighting (rulebook p.308)."""

    first_turn_target: int = setting(
        2,
        ge=2,
        le=6,
        description="D6 result for Night Fighting to be in effect on Game Turn 1 (the community Panoptica "
        "document uses 4).",
        source="Night Fighting, Age of Darkness rulebook p.308",
        note="CORE_A §3.1 step 5; rulebook p.308",
        confidence=C.CONFIRMED,
        not_played="Night Fighting is not implemented yet",
    )
    second_turn_target: int = setting(
        4,
        ge=2,
        le=6,
        description="D6 result for Night Fighting to continue into Game Turn 2.",
        source="Night Fighting, Age of Darkness rulebook p.308",
        note="CORE_A §3.1 step 5; rulebook p.308",
        confidence=C.CONFIRMED,
        not_played="Night Fighting is not implemented yet",
    )
