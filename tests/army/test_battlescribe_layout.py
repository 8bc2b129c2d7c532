"""Sharing wargear out between models (``strategium.army.bs_models``) on small hand-made selection trees."""

from __future__ import annotations

from strategium.army.bs_layout import is_nested_unit, model_groups
from strategium.army.bs_models import build_models, display_name
from strategium.army.bs_profiles import ParsedProfiles
from strategium.army.roster_tree import RawProfile, RawSelection, last_id
from strategium.errors import InputError

UNIT_PROFILE = "4bb2-cb95-e6c8-5a21"
VEHICLE_PROFILE = "2fae-b053-3f78-e7b2"
WEAPON_PROFILE = "1a1a-e592-2849-a5c0"


STATS = (
    ("Move", "7"), ("WS", "4"), ("BS", "4"), ("S", "4"), ("T", "4"),
    ("W", "1"), ("I", "4"), ("A", "1"), ("Ld", "7"), ("Save", "3+"),
)  # fmt: skip


def _trooper(name: str, unit_type: str = "Infantry (Line)") -> RawProfile:
    return RawProfile(name, UNIT_PROFILE, "Unit", (("Unit Type", unit_type), *STATS))


def _gun(name: str) -> RawProfile:
    return RawProfile(
        name, WEAPON_PROFILE, "Weapon", (("Range", '24"'), ("Strength", "4"), ("AP", "5"), ("Type", "Assault 1"))
    )


def _sel(
    name: str,
    kind: str,
    number: int = 1,
    profiles: tuple[RawProfile, ...] = (),
    children: tuple[RawSelection, ...] = (),
) -> RawSelection:
    return RawSelection(name, name, name, kind, number, 0.0, profiles, (), (), children)


def _item(name: str, number: int, weapon: bool = True) -> RawSelection:
    return _sel(name, "upgrade", number, (_gun(name),) if weapon else ())


def _models(unit: RawSelection) -> list[list[str]]:
    models = build_models(unit, model_groups(unit), (), ParsedProfiles("test"), lambda m: InputError(m))
    return [sorted([w.name for w in m.weapons] + list(m.wargear)) for m in models]


def test_collective_counts_under_a_model_group() -> None:
    group = _sel("Trooper", "model", 4, (_trooper("Trooper"),), (_item("Gun", 4), _item("Plasma", 2)))
    unit = _sel("Squad", "unit", children=(group,))
    assert _models(unit) == [["Gun", "Plasma"], ["Gun", "Plasma"], ["Gun"], ["Gun"]]


def test_unit_level_items_go_to_a_group_of_that_size_else_non_characters_first() -> None:
    sergeant = _sel("Sergeant", "model", 1, (_trooper("Sergeant", "Infantry (Character, Line)"),))
    troopers = _sel("Trooper", "model", 3, (_trooper("Trooper"),))
    unit = _sel("Squad", "unit", children=(sergeant, troopers, _item("Shield", 3, weapon=False), _item("Axe", 2)))
    assert _models(unit) == [[], ["Axe", "Shield"], ["Axe", "Shield"], ["Shield"]]


def test_single_unit_level_item_is_squad_wide_but_never_doubled() -> None:
    group = _sel("Trooper", "model", 2, (_trooper("Trooper"),), (_item("Gun", 2),))
    unit = _sel("Squad", "unit", children=(group, _item("Gun", 1), _item("Armour", 1, weapon=False)))
    assert _models(unit) == [["Armour", "Gun"], ["Armour", "Gun"]]


def test_a_unit_without_model_children_is_its_own_model() -> None:
    tank = _sel("Tank", "unit", 1, (RawProfile("Tank", VEHICLE_PROFILE, "Vehicle", ()),), (_item("Cannon", 1),))
    assert model_groups(tank) == (tank,)
    rhino = _sel("Rhino", "upgrade", 1, (RawProfile("Rhino", VEHICLE_PROFILE, "Vehicle", ()),))
    assert is_nested_unit(rhino)
    assert not is_nested_unit(_sel("Trooper", "model", 1, (_trooper("Trooper"),)))


def test_names_and_ids() -> None:
    assert display_name("1) Ogryn Brute") == "Ogryn Brute"
    assert display_name("2.1) Handlers") == "Handlers"
    assert display_name("Legionary") == "Legionary"
    assert last_id("cc30-a::25a2-b::9f-c") == "9f-c"
