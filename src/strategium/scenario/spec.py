"""The scenario file's schema (pydantic): what each key may hold, before anything is built from it.

The format is documented in ``docs/scenario-format.md``. Every model forbids unknown keys, so a misspelt key
is an error. Version 1 grew additively: ``seed``, ``start``, ``actions`` (read by
:mod:`strategium.scenario.steps`), ``expect_state``, ``strict``, the per-unit ``infiltrate``, ``mode``, ``joined_to``,
``effects`` and starting state (``wounds_lost``, ``hull_points_lost``, ``damage_results``, ``locked_with``).
Distances are inches; base sizes millimetres; headings degrees anticlockwise from east (+x).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from strategium.catalogue.registry import RuleRef, find_rule
from strategium.limits import check_limit
from strategium.model.characteristics import Facing
from strategium.scenario.aims import ModelRef, ScatterDie

FORMAT_VERSION = 1
"""The version of the scenario format this code reads (``version: 1``)."""


def _no_bool(value: object) -> object:
    """YAML ``true``/``false`` is not a number (pydantic would read it as 1/0)."""
    if isinstance(value, bool):
        raise ValueError("must be a number, not true/false")
    return value


def _on_a_table(value: float) -> float:
    """A distance or coordinate (inches) no larger than the largest table side (input limit ``table_inches``)."""
    check_limit(abs(value), "table_inches", what="inches")
    return value


def _whole_within(name: str, what: str) -> AfterValidator:
    def check(value: int) -> int:
        check_limit(value, name, what=what)
        return value

    return AfterValidator(check)


Number = Annotated[float, BeforeValidator(_no_bool), Field(allow_inf_nan=False), AfterValidator(_on_a_table)]
"""A finite distance or coordinate in inches, between minus and plus the input limit ``table_inches``."""
Positive = Annotated[float, BeforeValidator(_no_bool), Field(gt=0, allow_inf_nan=False), AfterValidator(_on_a_table)]
NonNegative = Annotated[float, BeforeValidator(_no_bool), Field(ge=0, allow_inf_nan=False), AfterValidator(_on_a_table)]
Whole = Annotated[int, BeforeValidator(_no_bool)]
"""A whole number (true/false refused)."""
Player = Annotated[Literal[1, 2], BeforeValidator(_no_bool)]
"""Player 1 or 2 (true is not player 1)."""
Lost = Annotated[Whole, Field(ge=0), _whole_within("profile_value", "the Wounds or Hull Points lost")]
"""Wounds or Hull Points a model has lost: 0 to the input limit ``profile_value``."""
XY = tuple[Number, Number]


def _few_corners(corners: tuple[XY, ...]) -> tuple[XY, ...]:
    check_limit(len(corners), "terrain_vertices", what="corners of this polygon")
    return corners


Polygon = Annotated[tuple[XY, ...], Field(min_length=3), AfterValidator(_few_corners)]


def _few_pieces(pieces: object) -> object:
    """Refuse more terrain pieces (or Buildings) than the input limit ``terrain_pieces``, before reading any."""
    if isinstance(pieces, list | tuple):
        check_limit(len(pieces), "terrain_pieces", what="pieces in this list")
    return pieces


"""``[[x, y], ...]``: at least three corners, at most the input limit ``terrain_vertices``."""
Heading = Annotated[float, BeforeValidator(_no_bool), Field(allow_inf_nan=False)]
"""Degrees anticlockwise from east (+x), any finite number."""


def _listify(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


Coordinate = Annotated[
    tuple[Number, ...],
    BeforeValidator(_listify),
    Field(min_length=2, max_length=3),
]
"""``[x, y]`` or ``[x, y, heading]``."""


class Strict(BaseModel):
    """Frozen, unknown keys forbidden."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class TableSpec(Strict):
    """``table: {width: 72, depth: 48}`` (inches)."""

    width: Positive = 72.0
    depth: Positive = 48.0


DeploymentName = Literal[
    "dawn_of_war", "hammer_and_anvil", "vanguard_strike", "dawn-of-war", "hammer-and-anvil", "vanguard-strike"
]


class ZoneSpec(Strict):
    """A custom deployment zone: its player, polygon (at least three corners) and battlefield edge(s)."""

    player: Player
    polygon: Polygon
    edges: tuple[Literal["north", "south", "east", "west"], ...] = ()


class DeploymentSpec(Strict):
    """A built-in map with optional numbers (``depth`` for the edge maps, ``centre_exclusion`` for Vanguard
    Strike), or ``zones`` (custom polygons) with an optional ``name``. Exactly one of ``map`` and ``zones``."""

    map: DeploymentName | None = None
    depth: Positive | None = None
    centre_exclusion: NonNegative | None = None
    name: str | None = None
    zones: tuple[ZoneSpec, ...] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> DeploymentSpec:
        if (self.map is None) == (self.zones is None):
            raise ValueError("give either 'map' (a built-in map) or 'zones' (custom polygons)")
        if self.zones is not None and sorted(z.player for z in self.zones) != [1, 2]:
            raise ValueError("custom zones must be one for player 1 and one for player 2")
        return self


class TerrainSpec(Strict):
    """A terrain piece: ``rect: [x, y, width, depth]`` (south-west corner and size) or ``polygon``."""

    id: str = Field(min_length=1)
    name: str | None = None
    kind: Literal["open", "difficult", "dangerous", "impassable", "area", "barricade"]
    feature: Literal["ruins", "woods"] | None = None
    rect: tuple[Number, Number, Positive, Positive] | None = None
    polygon: Polygon | None = None
    height: NonNegative = 0.0
    sight: Literal["clear", "height", "blocks"] | None = None
    difficult: bool | None = None
    dangerous: bool = False

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainSpec:
        if (self.rect is None) == (self.polygon is None):
            raise ValueError("give either 'rect' [x, y, width, depth] or 'polygon' [[x, y], ...]")
        return self


class FirePointSpec(Strict):
    """``{facing: Front, count: 2}``."""

    facing: Facing
    count: Annotated[Whole, Field(ge=1), _whole_within("profile_value", "the Fire Points")]


class ArmourSpec(Strict):
    """Armour Values per Facing."""

    front: Annotated[Whole, Field(ge=0, le=15)]
    side: Annotated[Whole, Field(ge=0, le=15)]
    rear: Annotated[Whole, Field(ge=0, le=15)]


class BuildingSpec(Strict):
    """A Building on the table (rulebook pp.221-226): centre, size (length along the heading x width),
    heading (the way its Front faces), height, Armour, Hull Points, Transport Capacity, Fire and Access
    Points, battlements."""

    id: str = Field(min_length=1)
    name: str | None = None
    at: XY
    size: tuple[Positive, Positive]
    heading: Heading = 0.0
    height: Positive = 4.0
    armour: ArmourSpec = ArmourSpec(front=14, side=14, rear=14)
    hull_points: Annotated[Whole, Field(ge=1), _whole_within("profile_value", "the Hull Points")] = 5
    capacity: Annotated[Whole, Field(ge=0), _whole_within("profile_value", "a Transport Capacity")] = 0
    fire_points: tuple[FirePointSpec, ...] = ()
    access_points: tuple[Facing, ...] = ()
    battlements: bool = False


ReserveModeName = Literal["normal", "flanking_assault"]
"""How a unit in Reserves will arrive: ``normal`` Reserves or a ``flanking_assault`` (Outflank, OUT-1)."""

STATUS_EFFECTS = ("Stupefied", "Pinned", "Falling Back", "Blind", "cannot declare a Charge")
"""The statuses a unit may start under (``effects:`` of a placement); any other name is a special rule it gains."""

DurationName = Literal[
    "until_end_of_phase",
    "until_end_of_turn",
    "until_start_of_controllers_next_turn",
    "until_end_of_controllers_next_turn",
    "until_end_of_game_turn",
    "permanent",
]
"""How long an ``effects:`` entry lasts (``strategium.engine.core.effects.Duration``, written in snake case)."""


class EffectSpec(Strict):
    """One effect in force on a unit when the scenario starts: a status of :data:`STATUS_EFFECTS` (Stupefied,
    Pinned, Falling Back, Blind, cannot declare a Charge) or the name of a special rule the unit gains (e.g.
    ``Shrouded (5+)``, ``Fearless``), with an optional ``duration`` (default: the status's usual one; for a gained
    rule ``permanent``). Short form: the name alone. It counts as made in the Player Turn before the start."""

    effect: str = Field(min_length=1)
    duration: DurationName | None = None

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        return {"effect": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _known(self) -> EffectSpec:
        if self.effect not in STATUS_EFFECTS and not isinstance(find_rule(self.effect), RuleRef):
            known = ", ".join(STATUS_EFFECTS)
            raise ValueError(f"{self.effect!r} is neither a status ({known}) nor a known special rule")
        return self


DamageResultName = Literal["Crew Shaken", "Crew Stunned", "Weapon Destroyed", "Immobilised"]
"""The Vehicle Damage results a unit may start under (``damage_results:``; names of
``strategium.combat.vehicles.VehicleDamageResult``; Explodes leaves no vehicle to start with)."""


class DamageResultSpec(Strict):
    """One Vehicle Damage result in force when the scenario starts: ``result`` and, for Weapon Destroyed, the
    ``weapon`` lost. Short form: the result's name alone."""

    result: DamageResultName
    weapon: str | None = Field(default=None, min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        return {"result": value} if isinstance(value, str) else value

    @model_validator(mode="after")
    def _weapon_for_weapon_destroyed(self) -> DamageResultSpec:
        if self.weapon is not None and self.result != "Weapon Destroyed":
            raise ValueError("'weapon' goes with Weapon Destroyed")
        return self


class PlacementSpec(Strict):
    """Where one unit is: ``models`` (one ``[x, y]`` or ``[x, y, heading]`` per model, in the unit's model
    order), ``embarked_in`` (a Transport of the same army or a Building), ``reserves: true`` (with an
    optional ``mode``), or ``infiltrate: true`` (held back to Infiltrate; with ``embarked_in`` inside its
    Dedicated Transport, INF-6); none of these: not deployed yet. ``joined_to`` names the unit an Independent
    Character has joined. ``base`` overrides the base of every model ("40mm", "60x35mm" or a number of mm);
    ``hull`` the hull size (length, width in inches). Starting state (``strategium check``): ``effects``;
    ``wounds_lost`` (one number per model, in model order, or one number for the first model) and
    ``hull_points_lost`` (the same for vehicles); ``damage_results`` (Vehicle Damage results in force, see
    :data:`DamageResultName`); ``locked_with`` (enemy unit ids it is locked in combat with)."""

    models: tuple[Coordinate, ...] | None = Field(default=None, min_length=1)
    embarked_in: str | None = Field(default=None, min_length=1)
    reserves: bool = False
    mode: ReserveModeName | None = None
    infiltrate: bool = False
    joined_to: str | None = Field(default=None, min_length=1)
    base: Annotated[str | None, BeforeValidator(lambda v: f"{v}" if isinstance(v, int | float) else v)] = None
    hull: tuple[Positive, Positive] | None = None
    effects: tuple[EffectSpec, ...] = ()
    wounds_lost: tuple[Lost, ...] | None = None
    hull_points_lost: tuple[Lost, ...] | None = None
    damage_results: tuple[DamageResultSpec, ...] = ()
    locked_with: tuple[str, ...] = ()

    @field_validator("wounds_lost", "hull_points_lost", "locked_with", mode="before")
    @classmethod
    def _one_or_list(cls, value: object) -> object:
        return [value] if isinstance(value, int | str) and not isinstance(value, bool) else value

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        if isinstance(value, list):  # a bare list of coordinates
            return {"models": value}
        return value

    @model_validator(mode="after")
    def _one_place(self) -> PlacementSpec:
        given = [self.models is not None, self.embarked_in is not None and not self.infiltrate, self.reserves]
        if sum(given) > 1:
            raise ValueError("give only one of 'models' (positions), 'embarked_in' or 'reserves: true'")
        if self.infiltrate and (self.models is not None or self.reserves):
            raise ValueError("a unit held back to Infiltrate has no positions and is not in Reserves")
        if self.mode is not None and not self.reserves:
            raise ValueError("'mode' is for a unit in Reserves ('reserves: true')")
        if self.base is not None and self.hull is not None:
            raise ValueError("give 'base' or 'hull', not both")
        return self


class ArmyEntrySpec(Strict):
    """One side: the army (exactly one of ``demo``, ``army``, ``roster``) and its units' placements by unit
    id. Units not named are not yet deployed (e.g. Infiltrators waiting for their turn to deploy)."""

    demo: str | None = None
    army: str | None = None
    roster: str | None = None
    positions: dict[str, PlacementSpec] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_source(self) -> ArmyEntrySpec:
        if sum(v is not None for v in (self.demo, self.army, self.roster)) != 1:
            raise ValueError("give exactly one of 'demo', 'army' or 'roster'")
        return self


StepName = Literal["deployment", "infiltrate", "scout", "seize", "turn"]
"""Where a scenario's game begins (``start:``): a pre-game step, or the start of a Player Turn."""


class StartSpec(Strict):
    """``start:``: the step the game begins at, with the scenario's placements as the state.

    ``deployment``: ``player`` deploys next and is the first deployer (default 1). ``infiltrate``, ``scout``,
    ``seize``: ``first_deployer`` (default 1) matters for who takes the first turn. ``turn``: the start of
    ``player``'s turn (default 1) in Game Turn ``game_turn`` (default 1); ``first_player`` (default ``player``)
    took the first turn of each Game Turn.
    """

    step: StepName
    player: Player | None = None
    first_deployer: Player | None = None
    first_player: Player | None = None
    game_turn: Annotated[Whole, Field(ge=1), _whole_within("game_turns", "the Game Turn")] = 1

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        return {"step": value} if isinstance(value, str) else value


class UnitStateSpec(Strict):
    """What ``expect_state.units`` says of one unit: where it is, and optionally what it is in or joined to."""

    location: Literal["table", "embarked", "reserves", "held", "undeployed", "destroyed"] | None = None
    embarked_in: str | None = None
    mode: ReserveModeName | None = None
    joined_to: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        return {"location": value} if isinstance(value, str) else value


class ExpectStateSpec(Strict):
    """``expect_state:``: the state a scenario must end in (tests). ``step`` is the pre-game step (reserves,
    deployment, infiltrate, scout, seize) or ``battle`` once Game Turn 1 has begun; ``pending`` the player the
    engine waits for; ``units`` unit → location; ``positions`` unit → one ``[x, y]`` (or ``[x, y, heading]``) per
    model, in order, compared to 0.000001"; ``effects`` unit → the effects in force on it, as
    ``"KIND, DURATION"`` texts (e.g. ``"cannot declare a Charge, until the end of the Game Turn"``; a gained rule
    as ``"gains Shrouded (5+), DURATION"``). Turn expectations: ``clock`` the step of the battle as the log
    names it (``"Game Turn 1, player 1's turn, Assault phase, Resolution sub-phase"``); ``casualties`` unit →
    models removed; ``wounds_lost`` unit → Wounds (or Hull Points) lost by its models still in play; ``locked``
    unit → the enemy units it is locked in combat with (``[]``: none)."""

    step: Literal["reserves", "deployment", "infiltrate", "scout", "seize", "battle"] | None = None
    clock: str | None = Field(default=None, min_length=1)
    pending: Player | None = None
    units: dict[str, UnitStateSpec] = Field(default_factory=dict)
    positions: dict[str, tuple[Coordinate, ...]] = Field(default_factory=dict)
    effects: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    casualties: dict[str, Annotated[Whole, Field(ge=0)]] = Field(default_factory=dict)
    wounds_lost: dict[str, Annotated[Whole, Field(ge=0)]] = Field(default_factory=dict)
    locked: dict[str, tuple[str, ...]] = Field(default_factory=dict)


VERBS = ("deploy", "infiltrate", "scout", "hold", "reserves", "join", "choose", "end_step", "force_dice", "may_charge",
         "force_org", "move", "run", "embark", "disembark", "arrive", "entry_edge", "shoot", "charge", "charge_move",
         "fight", "consolidate", "has_rule")  # fmt: skip
"""The keys that say what an ``actions:`` entry does; each entry has exactly one."""

_EXTRAS = {
    "positions": ("deploy", "infiltrate", "scout", "move", "run", "disembark", "arrive", "charge_move", "consolidate"),
    "embark_in": ("deploy", "embark", "arrive"),
    "joining": ("move",),
    "edge": ("arrive",),
    "as_run": ("arrive",),
    "target": ("shoot", "charge"),
    "blast_at": ("shoot",),
    "template_at": ("shoot",),
    "building": ("infiltrate",),
    "transport": ("hold",),
    "mode": ("reserves",),
    "to": ("join",),
    "compulsory_allowed": ("force_org",),
    "compulsory_forbidden": ("force_org",),
    "weapons": ("shoot",),
    "mitigation": ("shoot",),
}
QUESTIONS = ("may_charge", "force_org", "has_rule")
"""The verbs that ask a question (answered yes or no) instead of making an action."""

RollKind = Literal["to_hit", "to_hit_reroll", "to_wound", "save", "mitigation", "armour_penetration",
                   "vehicle_damage", "shots", "charge", "dangerous_terrain", "leadership", "any"]  # fmt: skip
"""The kinds of roll ``expect_rolls`` counts dice of (:mod:`strategium.check.checks`)."""
ROLL_KINDS: tuple[str, ...] = get_args(RollKind)

CountName = Literal["hits", "wounds", "unsaved", "mitigated", "removed", "glancing", "penetrating", "hull_points_lost",
                    "saves_taken", "saves_failed", "mitigation_rolls", "casualties"]  # fmt: skip
"""What ``expect_counts`` counts (:mod:`strategium.check.checks`)."""
COUNT_NAMES: tuple[str, ...] = get_args(CountName)
Count = Annotated[int, BeforeValidator(_no_bool), Field(ge=0)]

MitigationName = Literal["Feel No Pain", "Shrouded", "Stupefied", "none"]
"""Which Damage Mitigation roll the target's controller takes when several are offered (``none``: makes none)."""


class HasRuleSpec(Strict):
    """``has_rule: {unit: UNIT, rule: NAME}``: does the unit have the special rule now?"""

    unit: str = Field(min_length=1)
    rule: str = Field(min_length=1)

    @model_validator(mode="after")
    def _known(self) -> HasRuleSpec:
        if not isinstance(find_rule(self.rule), RuleRef):
            raise ValueError(f"{self.rule!r} is not a known special rule")
        return self


def _weapon_choices(value: object) -> object:
    """``weapons: Bolter`` (every model) or ``{1: Bolter, 3: [Heavy Bolter, Bolter]}`` (model number or id)."""
    if isinstance(value, str):
        return {"*": (value,)}
    if isinstance(value, dict):
        return {str(k): (v,) if isinstance(v, str) else v for k, v in value.items()}
    return value


Die = Annotated[int, BeforeValidator(_no_bool), Field(ge=1, le=6)]


class ActionSpec(Strict):
    """One entry of ``actions:``: an action of a player, dice to force, or a question, with optional
    expectations (tests). Exactly one of :data:`VERBS`:

    ``deploy: UNIT`` with ``positions`` or ``embark_in``; ``infiltrate: UNIT`` with ``positions`` (the
    Transport's when it infiltrates inside one) or ``building``; ``scout: UNIT`` with ``positions``;
    ``hold: UNIT`` (hold back to Infiltrate, optional ``transport``); ``reserves: UNIT`` (optional ``mode``);
    ``join: CHARACTER`` with ``to: UNIT``; ``choose: OPTION``; ``end_step: true``; ``force_dice: [faces]``;
    questions: ``may_charge: UNIT`` (may it declare a Charge now?) and ``force_org: true`` (is the player's
    army list valid? ``compulsory_allowed`` / ``compulsory_forbidden`` name units a rule such as a Rite of
    War lets or forbids to fill compulsory choices). Turn actions: ``move: UNIT`` / ``run: UNIT`` with
    ``positions`` (a ``move`` may end ``joining`` a unit), ``embark: UNIT`` with ``embark_in``, ``disembark:
    UNIT`` with ``positions``, ``arrive: UNIT`` from Reserves with ``positions`` or ``embark_in`` (optional
    ``edge``, ``as_run``), ``entry_edge: EDGE`` (a Flanking Assault's edge), ``shoot: UNIT`` with ``target``,
    ``charge: UNIT`` with ``target`` (one unit or a list), ``charge_move: UNIT`` with ``positions`` (the Charge
    or Surge Move), ``fight: UNIT`` (fight its combat), ``consolidate: UNIT`` with ``positions`` (its
    Consolidation move). Every entry but ``force_dice`` needs ``player``.
    ``has_rule: {unit, rule}`` (does the unit have the rule now?). A ``shoot`` may carry ``weapons`` (model number
    or id, or ``*`` → weapon names) and ``mitigation`` (the Damage Mitigation roll the target takes when several are
    offered). ``expect``: ``legal`` or ``illegal`` (a question: ``true``/``false`` too); ``expect_reason``: what the
    first reason's clause id, rule or text starts with; ``expect_state`` (checked after this entry),
    ``expect_rolls`` (roll kind → dice rolled), ``expect_counts`` (count name → number) and ``strict`` (every die of
    this entry forced, and the dice forced for it used up) on actions.
    """

    player: Player | None = None
    deploy: str | None = None
    infiltrate: str | None = None
    scout: str | None = None
    hold: str | None = None
    reserves: str | None = None
    join: str | None = None
    choose: str | None = None
    end_step: Literal[True] | None = None
    force_dice: tuple[Die | ScatterDie, ...] | None = Field(default=None, min_length=1)
    may_charge: str | None = None
    force_org: Literal[True] | None = None
    move: str | None = None
    run: str | None = None
    embark: str | None = None
    disembark: str | None = None
    arrive: str | None = None
    entry_edge: Literal["north", "south", "east", "west"] | None = None
    shoot: str | None = None
    charge: str | None = None
    charge_move: str | None = None
    fight: str | None = None
    consolidate: str | None = None
    positions: tuple[Coordinate, ...] | None = Field(default=None, min_length=1)
    embark_in: str | None = None
    joining: str | None = None
    edge: Literal["north", "south", "east", "west"] | None = None
    as_run: bool | None = None
    target: tuple[str, ...] | None = Field(default=None, min_length=1)
    blast_at: tuple[ModelRef, ...] | None = Field(default=None, min_length=1)  # scenario/aims.py
    template_at: dict[ModelRef, Heading] | None = None  # scenario/aims.py
    building: str | None = None
    transport: str | None = None
    mode: ReserveModeName | None = None
    to: str | None = None
    compulsory_allowed: tuple[str, ...] | None = None
    compulsory_forbidden: tuple[str, ...] | None = None
    has_rule: HasRuleSpec | None = None
    weapons: Annotated[
        dict[str, tuple[Annotated[str, Field(min_length=1)], ...]] | None, BeforeValidator(_weapon_choices)
    ] = None
    mitigation: MitigationName | None = None
    expect: Literal["legal", "illegal"] | bool | None = None
    expect_reason: str | None = Field(default=None, min_length=1)
    expect_state: ExpectStateSpec | None = None
    expect_rolls: dict[RollKind, Count] | None = None
    expect_counts: dict[CountName, Count] | None = None
    strict: bool | None = None

    @field_validator("target", mode="before")
    @classmethod
    def _one_target(cls, value: object) -> object:
        return (value,) if isinstance(value, str) else value

    @property
    def verb(self) -> str:
        """Which of :data:`VERBS` this entry is."""
        return next(v for v in VERBS if getattr(self, v) is not None)

    @property
    def subject(self) -> str | None:
        """The unit (or option) the verb names; None for ``end_step``, ``force_dice`` and ``force_org``."""
        value = getattr(self, self.verb)
        return value if isinstance(value, str) else None

    @model_validator(mode="after")
    def _one_verb(self) -> ActionSpec:
        verbs = [v for v in VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise ValueError(f"give exactly one of: {', '.join(VERBS)}")
        verb = verbs[0]
        for key, owners in _EXTRAS.items():
            if getattr(self, key) is not None and verb not in owners:
                raise ValueError(f"'{key}' goes with {' or '.join(owners)}, not {verb}")
        if verb == "force_dice":
            extras = (self.player, self.expect, self.expect_reason, self.expect_state, self.expect_rolls,
                      self.expect_counts, self.strict)  # fmt: skip
            if any(x is not None for x in extras):
                raise ValueError("force_dice takes no player and no expectation")
        elif self.player is None:
            raise ValueError("'player' (1 or 2) is required")
        if verb == "join" and self.to is None:
            raise ValueError("join needs 'to' (the unit the character joins)")
        if verb == "deploy" and (self.positions is None) == (self.embark_in is None):
            raise ValueError("deploy needs either 'positions' or 'embark_in'")
        if verb == "infiltrate" and (self.positions is None) == (self.building is None):
            raise ValueError("infiltrate needs either 'positions' or 'building'")
        for needs_positions in ("scout", "move", "run", "disembark", "charge_move", "consolidate"):
            if verb == needs_positions and self.positions is None:
                raise ValueError(f"{verb} needs 'positions'")
        if verb == "embark" and self.embark_in is None:
            raise ValueError("embark needs 'embark_in' (the Transport or Building)")
        if verb == "arrive" and (self.positions is None) == (self.embark_in is None):
            raise ValueError("arrive needs either 'positions' or 'embark_in'")
        if verb in ("shoot", "charge") and self.target is None:
            raise ValueError(f"{verb} needs 'target' (the enemy unit{'s' if verb == 'charge' else ''})")
        if verb == "shoot" and self.target is not None and len(self.target) != 1:
            raise ValueError("a Shooting Attack has one target unit")
        if isinstance(self.expect, bool) and verb not in QUESTIONS:
            raise ValueError(
                f"expect: true/false answers a question ({', '.join(QUESTIONS)}); an action is legal or illegal"
            )
        if verb in QUESTIONS and (self.expect_rolls or self.expect_counts or self.strict is not None):
            raise ValueError("a question rolls no dice: no expect_rolls, expect_counts or strict")
        return self


class ScenarioSpec(Strict):
    """A whole scenario file (version 1). ``armies`` holds player 1's side, then player 2's. ``seed``,
    ``start``, ``actions``, ``expect_state`` and ``strict`` (every die forced, none left over) are the additions
    read by ``strategium check``."""

    version: Annotated[Literal[1], BeforeValidator(_no_bool)]
    name: str = Field(min_length=1)
    description: str = ""
    table: TableSpec = TableSpec()
    deployment: DeploymentName | DeploymentSpec | None = None
    terrain: Annotated[tuple[TerrainSpec, ...], BeforeValidator(_few_pieces)] = ()
    buildings: Annotated[tuple[BuildingSpec, ...], BeforeValidator(_few_pieces)] = ()
    rules_config: dict[str, object] | str | None = None
    armies: tuple[ArmyEntrySpec, ArmyEntrySpec]
    seed: Annotated[Whole, Field(ge=0, le=2**63 - 1)] = 0
    start: StartSpec | None = None
    actions: tuple[ActionSpec, ...] = ()
    expect_state: ExpectStateSpec | None = None
    strict: bool = False
