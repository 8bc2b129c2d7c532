"""Unit Type and Sub-type markers that a roster carries as rules ("Line Sub-type", "Cavalry Unit Type").

The BattleScribe data writes some Sub-types only as a rule or category of the unit, not in the profile's Unit
Type text: the Veletaris Storm Section carries "Close-order Sub-type" while its profile reads
``Infantry (Heavy, Line)``; the Domitar carries "Paragon Sub-type" beside ``Automata (Cybernetica)``. The data
puts these Sub-types on the unit, so :func:`add_marker_sub_types` adds them to the model's Unit Type (and the
import notes say so). Unit Type markers ("Cavalry Unit Type") never change the Unit Type here: the profile's
text decides it, and rules such as Militia Cavalry Mount (``strategium.army.militia_cavalry_mount``) change it
where a rule says so.

The markers stay in ``Model.rules`` (the JSON keeps everything the roster said);
``strategium.catalogue.registry.is_type_marker`` lets a report show them with the Unit Type rather than among the
special rules.
"""

from __future__ import annotations

from dataclasses import replace

from strategium.army.army import Model
from strategium.catalogue.registry import RuleEntry, is_type_marker
from strategium.model.unit_types import SubType

_SUFFIX = " Sub-type"
_VEHICLE_ONLY = frozenset(
    {
        SubType.TRANSPORT, SubType.FAST, SubType.SLOW, SubType.FLYER, SubType.HOVER, SubType.LUMBERING,
        SubType.SUPER_HEAVY, SubType.REINFORCED, SubType.BOMBARD, SubType.SKIMMER, SubType.KNIGHT, SubType.TITAN,
    }
)  # fmt: skip
"""Sub-types only a model with a hull can have (rulebook pp.214-219); never added to a model on a base."""


def marker_sub_type(rule: RuleEntry) -> SubType | None:
    """The Sub-type a "<X> Sub-type" marker names, or None (not a marker, or no such Sub-type in the model)."""
    if not is_type_marker(rule) or not rule.name.endswith(_SUFFIX):
        return None
    try:
        return SubType(rule.name.removesuffix(_SUFFIX))
    except ValueError:
        return None


def add_marker_sub_types(model: Model) -> tuple[Model, str | None]:
    """``model`` with the Sub-types named by its "<X> Sub-type" rules added to its Unit Type, and a note naming
    what was added (None when nothing was). Vehicle Sub-types are added only to models with Armour Values."""
    spec = model.profile.unit_type
    hull = model.profile.has_armour_values
    found = {marker_sub_type(rule) for rule in model.rules}
    extra = sorted(
        (s for s in found if s is not None and s not in spec.sub_types and (hull or s not in _VEHICLE_ONLY)),
        key=lambda s: s.value,
    )
    if not extra or spec.unit_type is None:
        return model, None
    added = replace(spec, sub_types=spec.sub_types | frozenset(extra))
    names = ", ".join(s.value for s in extra)
    note = f"{model.name}: Unit Type {spec} read as {added} (the roster gives it the {names} Sub-type as a rule)"
    return replace(model, profile=replace(model.profile, unit_type=added)), note
