"""``RulesConfig``: every value HH2's available text leaves unknown or disputed, in one validated object.

The engine reads settings as attributes (``config.reserves.target``); a ruling that depends on one cites it
with :meth:`RulesConfig.cite` (``rules configuration `reserves.target` = 3 (unconfirmed default)``).
``describe()`` lists every setting with its value, default, source and confidence. Files of overrides are
read by :func:`strategium.config.load_config`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from strategium.config.groups_combat import (
    ChargeConfig,
    DamageConfig,
    FightConfig,
    MoraleConfig,
    ShootingConfig,
    StatusConfig,
    VehicleConfig,
    VehicleDamageConfig,
)
from strategium.config.groups_movement import (
    BuildingConfig,
    CoverConfig,
    LineOfSightConfig,
    MovementConfig,
    TerrainConfig,
    TransportConfig,
)
from strategium.config.groups_reactions import ReactionConfig
from strategium.config.groups_setup import (
    ArmyConfig,
    DeepStrikeConfig,
    DeploymentConfig,
    FlankingAssaultConfig,
    GameConfig,
    NightFightingConfig,
    ReservesConfig,
    SeizeInitiativeConfig,
)
from strategium.config.groups_templates import TemplateConfig
from strategium.config.groups_weapons import WeaponRulesConfig
from strategium.config.metadata import Confidence, ConfigEntry, ConfigGroup, allowed_values, group


class RulesConfig(BaseModel):
    """The rules configuration: groups of settings, each with a documented default.

    Frozen; unknown keys are errors. ``RulesConfig()`` is the project's defaults. Build a variant with
    ``RulesConfig.model_validate({"reserves": {"target": 4}})`` or :func:`strategium.config.load_config`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    army: ArmyConfig = group(ArmyConfig, "Army building.")
    deployment: DeploymentConfig = group(DeploymentConfig, "Deployment order and the first turn.")
    seize_initiative: SeizeInitiativeConfig = group(SeizeInitiativeConfig, "Seize the Initiative.")
    reserves: ReservesConfig = group(ReservesConfig, "Reserves (rulebook p.309).")
    deep_strike: DeepStrikeConfig = group(DeepStrikeConfig, "Deep Strike Assault (rulebook p.310).")
    flanking_assault: FlankingAssaultConfig = group(FlankingAssaultConfig, "Flanking Assault (rulebook p.311).")
    game: GameConfig = group(GameConfig, "Game length and objectives.")
    night_fighting: NightFightingConfig = group(NightFightingConfig, "Night Fighting (rulebook p.308).")
    movement: MovementConfig = group(MovementConfig, "Movement and coherency.")
    terrain: TerrainConfig = group(TerrainConfig, "Difficult and Dangerous Terrain.")
    line_of_sight: LineOfSightConfig = group(LineOfSightConfig, "What blocks line of sight.")
    cover: CoverConfig = group(CoverConfig, "Cover Saves.")
    transports: TransportConfig = group(TransportConfig, "Embarking and disembarking.")
    buildings: BuildingConfig = group(BuildingConfig, "Buildings.")
    vehicles: VehicleConfig = group(VehicleConfig, "Vehicle speeds and weapons.")
    vehicle_damage: VehicleDamageConfig = group(VehicleDamageConfig, "Vehicle Damage table.")
    damage: DamageConfig = group(DamageConfig, "Wound allocation and Damage Mitigation.")
    shooting: ShootingConfig = group(ShootingConfig, "Shooting Attacks and shooting Reactions.")
    templates: TemplateConfig = group(TemplateConfig, "Template and Blast weapons.")
    weapon_rules: WeaponRulesConfig = group(WeaponRulesConfig, "Weapon special rules: readings of disputed text.")
    charge: ChargeConfig = group(ChargeConfig, "Charges.")
    reactions: ReactionConfig = group(ReactionConfig, "Reactions: the Reaction Allotment and Reaction moves.")
    fight: FightConfig = group(FightConfig, "Fight sub-phase and combat resolution.")
    morale: MoraleConfig = group(MoraleConfig, "Morale, Fall Back, Regroup, Sweeping Advance.")
    statuses: StatusConfig = group(StatusConfig, "Contested readings of the seed rules.")

    def describe(self) -> list[ConfigEntry]:
        """Every setting, in declaration order, as :class:`ConfigEntry` rows (name, value, default, ...)."""
        rows: list[ConfigEntry] = []
        for group_name in type(self).model_fields:
            current: ConfigGroup = getattr(self, group_name)
            defaults = type(current)()
            now = current.model_dump(mode="json")
            base = defaults.model_dump(mode="json")
            for name, info in type(current).model_fields.items():
                extra = info.json_schema_extra
                assert isinstance(extra, dict), f"{group_name}.{name} has no source or confidence"
                rows.append(
                    ConfigEntry(
                        name=f"{group_name}.{name}",
                        value=now[name],
                        default=base[name],
                        overridden=now[name] != base[name],
                        source=str(extra["source"]),
                        confidence=Confidence(str(extra["confidence"])),
                        description=info.description or "",
                        allowed=allowed_values(info),
                        note=str(extra.get("note", "")),
                        not_played=str(extra.get("not_played", "")),
                    )
                )
        return rows

    def entry(self, name: str) -> ConfigEntry:
        """The row of one setting by dotted name. Raises ``KeyError`` for an unknown name."""
        row = _entries(self).get(name)
        if row is None:
            raise KeyError(f"no rules configuration setting named {name!r}")
        return row

    def get(self, name: str) -> Any:
        """A setting's Python value by dotted name (``"reserves.target"``). Raises ``KeyError``."""
        group_name, _, field = name.partition(".")
        current = getattr(self, group_name, None)
        if not isinstance(current, ConfigGroup) or field not in type(current).model_fields:
            raise KeyError(f"no rules configuration setting named {name!r}")
        return getattr(current, field)

    def cite(self, name: str) -> str:
        """How a ruling names a setting: ``rules configuration `reserves.target` = 3 (unconfirmed default)``."""
        return self.entry(name).cite()


_ENTRIES: dict[int, tuple[RulesConfig, dict[str, ConfigEntry]]] = {}


def _entries(config: RulesConfig) -> dict[str, ConfigEntry]:
    """``describe()`` by name, computed once per configuration object (configurations are frozen)."""
    known = _ENTRIES.get(id(config))
    if known is None or known[0] is not config:
        if len(_ENTRIES) > 64:
            _ENTRIES.clear()
        known = (config, {row.name: row for row in config.describe()})
        _ENTRIES[id(config)] = known
    return known[1]
