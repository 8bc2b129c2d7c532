"""Checks of a scenario's ``actions:`` and ``expect_state:`` against its armies and table, at load time.

The schema (:class:`~strategium.scenario.spec.ActionSpec`) has already been applied; here every unit id an
entry names must belong to the acting player's army, every Building id must exist, and every position must
lie on the table. Each mistake is one :class:`~strategium.errors.InputError` naming file, line and field, e.g.
``s.yaml:31: actions[2].positions[0]: [80, 4] is off the 72" x 48" table``. Whether an action is *legal* is
not decided here: that is the engine's ruling (``strategium check``).
"""

from __future__ import annotations

from collections.abc import Mapping

from strategium.army.army import Army, Model, Unit
from strategium.geometry.terrain import Battlefield, Building
from strategium.scenario.locate import Where
from strategium.scenario.spec import ActionSpec, ExpectStateSpec
from strategium.yaml_lines import YamlPath

UNIT_VERBS = ("deploy", "infiltrate", "scout", "hold", "reserves", "join", "may_charge", "move", "run", "embark",
              "disembark", "arrive", "shoot", "charge", "charge_move", "fight", "consolidate")  # fmt: skip
"""Verbs whose value is a unit id of the acting player's army."""


def _unit_ids(army: Army) -> list[str]:
    return [u.id for u in army.units]


def _check_unit(where: Where, path: YamlPath, value: str | None, player: int, ids: list[str]) -> None:
    if value is not None and value not in ids:
        raise where.error(path, f"no unit {value!r} in player {player}'s army (unit ids: {', '.join(ids)})")


def check_actions(
    actions: tuple[ActionSpec, ...],
    armies: tuple[Army, Army],
    battlefield: Battlefield,
    building_ids: Mapping[str, Building],
    where: Where,
) -> None:
    """Raise :class:`InputError` at the first entry that names an unknown unit or Building, or puts a model
    centre off the table."""
    table = battlefield.table
    for n, action in enumerate(actions):
        here: YamlPath = ("actions", n)
        if action.player is None:
            continue
        ids = _unit_ids(armies[action.player - 1])
        if action.verb in UNIT_VERBS:
            _check_unit(where, (*here, action.verb), action.subject, action.player, ids)
        _check_unit(where, (*here, "to"), action.to, action.player, ids)
        _check_unit(where, (*here, "joining"), action.joining, action.player, ids)
        enemy = 3 - action.player
        for k, value in enumerate(action.target or ()):
            _check_unit(where, (*here, "target", k), value, enemy, _unit_ids(armies[enemy - 1]))
        _check_unit(where, (*here, "transport"), action.transport, action.player, ids)
        for key in ("compulsory_allowed", "compulsory_forbidden"):
            for k, value in enumerate(getattr(action, key) or ()):
                _check_unit(where, (*here, key, k), value, action.player, ids)
        if action.has_rule is not None:
            _check_rule_unit(where, (*here, "has_rule", "unit"), action.has_rule.unit, action.player, armies)
        if action.weapons is not None and action.subject is not None:
            unit = next(u for u in armies[action.player - 1].units if u.id == action.subject)
            _check_weapons(where, (*here, "weapons"), action.weapons, unit)
        if action.expect_state is not None:
            check_expect_state(action.expect_state, armies, where, (*here, "expect_state"))
        if action.embark_in is not None and action.embark_in not in ids and action.embark_in not in building_ids:
            raise where.error((*here, "embark_in"), f"no Transport of this army and no Building {action.embark_in!r}")
        if action.building is not None and action.building not in building_ids:
            known = ", ".join(building_ids) or "none"
            raise where.error((*here, "building"), f"no Building with id {action.building!r} (Buildings: {known})")
        for k, coord in enumerate(action.positions or ()):
            x, y = coord[0], coord[1]
            if not (0 <= x <= table.width and 0 <= y <= table.depth):
                raise where.error(
                    (*here, "positions", k),
                    f'[{x:g}, {y:g}] is off the {table.width:g}" x {table.depth:g}" table',
                )


def _check_rule_unit(where: Where, path: YamlPath, ref: str, player: int, armies: tuple[Army, Army]) -> None:
    """``has_rule.unit``: a unit of the asking player's army, or ``PLAYER:UNIT_ID`` of either."""
    if ":" in ref:
        problem = reference_problem(ref, armies)
        if problem is not None:
            raise where.error(path, problem)
        return
    _check_unit(where, path, ref, player, _unit_ids(armies[player - 1]))


def model_of(unit: Unit, key: str) -> Model | None:
    """The model a ``weapons:`` key names: its number in the unit (from 1) or its id; None if neither."""
    if key.isdigit():
        n = int(key)
        return unit.models[n - 1] if 1 <= n <= len(unit.models) else None
    return next((m for m in unit.models if m.id == key), None)


def _check_weapons(where: Where, path: YamlPath, weapons: Mapping[str, tuple[str, ...]], unit: Unit) -> None:
    """Every model a ``weapons:`` entry names exists, and has every weapon named for it (``*``: every model)."""
    for key, names in weapons.items():
        models = list(unit.models) if key == "*" else [m for m in [model_of(unit, key)] if m is not None]
        if not models:
            raise where.error(
                (*path, key), f"no model {key!r} in {unit.name} (give its number, 1 to {len(unit.models)}, or its id)"
            )
        for model in models:
            have = [w.name for w in model.weapons]
            for name in names:
                if name not in have:
                    raise where.error((*path, key), f"{model.name} has no weapon {name!r} (weapons: {', '.join(have)})")


def check_expect_state(
    expect: ExpectStateSpec | None, armies: tuple[Army, Army], where: Where, at: YamlPath = ("expect_state",)
) -> None:
    """Every unit ``expect_state`` names exists (``UNIT_ID``, or ``PLAYER:UNIT_ID`` when both armies use it);
    ``at`` is where the expectation is in the file (the top-level one, or an action's)."""
    if expect is None:
        return
    for section in ("units", "positions", "effects", "casualties", "wounds_lost", "locked"):
        for ref in getattr(expect, section):
            problem = reference_problem(ref, armies)
            if problem is not None:
                raise where.error((*at, section, ref), problem)
    for ref, others in expect.locked.items():
        for k, other in enumerate(others):
            problem = reference_problem(other, armies)
            if problem is not None:
                raise where.error((*at, "locked", ref, k), problem)


def reference_problem(ref: str, armies: tuple[Army, Army]) -> str | None:
    """Why ``ref`` (``UNIT_ID`` or ``PLAYER:UNIT_ID``) names no single unit of the two armies, or None."""
    player_text, sep, unit_id = ref.rpartition(":")
    if sep and player_text not in ("1", "2"):
        return f"cannot read unit reference {ref!r} (UNIT_ID or PLAYER:UNIT_ID)"
    found = [p for p in (1, 2) if unit_id in _unit_ids(armies[p - 1]) and (not sep or p == int(player_text))]
    if not found:
        return f"no unit {ref!r} in either army"
    if len(found) > 1:
        return f"both armies have a unit {unit_id!r}: write 1:{unit_id} or 2:{unit_id}"
    return None
