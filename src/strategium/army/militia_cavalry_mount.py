"""Militia Cavalry Mount (Legacies of the Age of Darkness: Imperialis Militia p.37): clause MCM-2 of SEED_RULES.md.

Paraphrase: an Infantry model that is given this mount as an upgrade is a Cavalry model from then on, and keeps
every Sub-type it had (MCM-2; RULINGS MIL-07: a mounted Force Commander or Discipline Master is
``Cavalry (Character, Militia)``). The other clause, MCM-1 (a mounted model that Runs gains Shrouded (5+) until
the start of its controller's next turn), belongs to the Movement phase and is not implemented here; the
registry marks the rule PARTIAL.

Both army loaders call :func:`mount_model` on every model they build: the roster importer
(``strategium.army.battlescribe``), because the BattleScribe data leaves the mounted model's Unit Type as
Infantry, and the army-file library (``strategium.army.library``), so that a project-authored file may write the
model as Infantry with the mount, as the book presents the upgrade.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from strategium.army.army import Model
from strategium.model.unit_types import UnitType, UnitTypeSpec

RULE: Final = "Militia Cavalry Mount"
CITATION: Final = "Legacies of the Age of Darkness: Imperialis Militia p.37"


def mounted_unit_type(spec: UnitTypeSpec) -> UnitTypeSpec:
    """MCM-2: the Unit Type of a model with the mount. Infantry becomes Cavalry with the same Sub-types;
    any other Unit Type is returned unchanged (the rule only converts Infantry)."""
    if spec.unit_type is not UnitType.INFANTRY:
        return spec
    subs = ", ".join(sorted(s.value for s in spec.sub_types))
    text = f"{UnitType.CAVALRY.value} ({subs})" if subs else UnitType.CAVALRY.value
    return replace(spec, unit_type=UnitType.CAVALRY, text=text)


def mount_model(model: Model) -> tuple[Model, str | None]:
    """Apply MCM-2 to one model: ``(model, None)`` when nothing changes, else the model as Cavalry and a note
    for the army's notes, e.g. ``"Discipline Master: Infantry (Character, Militia) read as Cavalry (Character,
    Militia) (Militia Cavalry Mount, MCM-2, Legacies of the Age of Darkness: Imperialis Militia p.37)"``."""
    spec = model.profile.unit_type
    if not model.has_rule(RULE) or spec.unit_type is not UnitType.INFANTRY:
        return model, None
    mounted = mounted_unit_type(spec)
    note = f"{model.name}: {spec} read as {mounted} ({RULE}, MCM-2, {CITATION})"
    return replace(model, profile=replace(model.profile, unit_type=mounted)), note
