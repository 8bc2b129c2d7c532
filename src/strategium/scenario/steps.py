"""Checks of a scenario's ``actions:`` and ``expect_state:`` against its armies and table, at load time.

The schema (:class:`~strategium.scenario.spec.ActionSpec`) has already been applied; here every unit id an
entry names must belong to the acting player's army, every Building id must exist, and every position must
lie on the table. Each mistake is one :class:`~strategium.errors.InputError` naming file, line and field, e.g.
``s.yaml:31: actions[2].positions[0]: [80, 4] is off the 72" x 48" table``. Whether an action is *legal* is
not decided here: that is the engine's ruling (``strategium check``).
"""

from __future__ import annotations

from collections.abc import Mapping

from strategium.army.army import Army
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


def check_expect_state(expect: ExpectStateSpec | None, armies: tuple[Army, Army], where: Where) -> None:
    """Every unit ``expect_state`` names exists (``UNIT_ID``, or ``PLAYER:UNIT_ID`` when both armies use it)."""
    if expect is None:
        return
    for section in ("units", "positions", "effects", "casualties", "wounds_lost", "locked"):
        for ref in getattr(expect, section):
            problem = reference_problem(ref, armies)
            if problem is not None:
                raise where.error(("expect_state", section, ref), problem)
    for ref, others in expect.locked.items():
        for k, other in enumerate(others):
            problem = reference_problem(other, armies)
            if problem is not None:
                raise where.error(("expect_state", "locked", ref, k), problem)


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
