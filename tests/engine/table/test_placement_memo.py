"""A model's last footprint is kept in its memo: the same answers as building the footprint again."""

from __future__ import annotations

from strategium.engine.core.board import Pose
from strategium.engine.table.placement import _footprint, _shape_of, footprint
from tests.engine.builders_combat import squad


def test_the_last_footprint_is_reused_and_a_new_pose_gets_its_own() -> None:
    model = squad("m", 1).models[0]
    a = footprint(model, Pose(10.0, 20.0))
    assert footprint(model, Pose(10.0, 20.0)) is a  # an equal pose: the kept one
    b = footprint(model, Pose(11.0, 20.0, 45.0))
    assert b.key != a.key and b.centre == (11.0, 20.0)
    assert b.key == _footprint(_shape_of(model), 11.0, 20.0, 45.0).key
    assert footprint(model, Pose(10.0, 20.0)).key == a.key


def test_a_placed_unit_is_kept_while_its_poses_stay_the_same() -> None:
    from strategium.engine.core.board import Location, UnitStatus
    from strategium.engine.table.placement import placed_unit

    unit = squad("u", 3)
    poses = {m.id: Pose(10.0 + i, 20.0) for i, m in enumerate(unit.models)}
    status = UnitStatus(unit.id, 1, Location.TABLE, poses)
    first = placed_unit(unit, status)
    assert placed_unit(unit, UnitStatus(unit.id, 1, Location.TABLE, dict(poses))) is first
    moved = dict(poses)
    moved[unit.models[1].id] = Pose(30.0, 30.0)
    again = placed_unit(unit, UnitStatus(unit.id, 1, Location.TABLE, moved))
    assert again is not first and again.models[1].footprint.centre == (30.0, 30.0)
    assert placed_unit(unit, UnitStatus(unit.id, 2, Location.TABLE, moved)).player == 2
    fresh = placed_unit(unit, status, tuple(poses.items()))  # given poses: built, not kept
    assert [m.footprint.key for m in fresh.models] == [m.footprint.key for m in first.models]


def test_feet_are_kept_while_the_party_and_its_poses_stay_the_same() -> None:
    from dataclasses import replace

    from strategium.engine.assault import charges
    from strategium.engine.core.board import Location
    from tests.agents.games import heuristic_game

    game = heuristic_game(2)[0]
    s = game.state

    def fresh(unit_id: str) -> list[tuple[str, str, tuple[float, float, float, bytes]]]:
        members = charges.party(game, unit_id)
        return [(u, m.id, fp.key) for u, m, fp in charges._feet(members, s.units)]

    def kept(unit_id: str) -> list[tuple[str, str, tuple[float, float, float, bytes]]]:
        return [(u, m.id, fp.key) for u, m, fp in charges.feet(game, unit_id)]

    on_table = [uid for uid, st in s.units.items() if st.location is Location.TABLE and st.poses]
    assert len(on_table) >= 2
    for uid in on_table:
        assert kept(uid) == fresh(uid)
        assert kept(uid) == fresh(uid)  # asked again: the kept answer
    mover, other = on_table[0], on_table[1]
    before_other = kept(other)
    mid, pose = next(iter(s.units[mover].poses.items()))
    s.units[mover].poses[mid] = replace(pose, x=pose.x + 0.25)  # a change in place: a new version
    assert kept(mover) == fresh(mover) and kept(mover) != [] and kept(other) == before_other
    s.units[mover].poses = {m: p for m, p in s.units[mover].poses.items() if m != mid}  # a new dict
    assert kept(mover) == fresh(mover) and mid not in [m for _, m, _ in kept(mover)]
    listed = charges.feet(game, other)
    listed.clear()  # a caller's list is its own
    assert kept(other) == before_other


def test_the_table_snapshot_joins_its_units_parts_into_the_index_of_all_its_models() -> None:
    from dataclasses import replace

    from strategium.engine.core.board import Location
    from strategium.engine.table.placement import table_models
    from strategium.geometry.index import FootprintIndex
    from tests.agents.games import heuristic_game

    game = heuristic_game(2)[0]
    s = game.state

    def check() -> None:
        table = table_models(s)
        expected = [
            (st.unit_id, st.player, m.id, m, st.poses[m.id])
            for st in s.units.values()
            if st.location is Location.TABLE
            for m in s.unit(st.unit_id).models
            if m.id in st.poses
        ]
        got = list(
            zip(table.unit_ids, table.players, [i for i, _ in table.items], table.models, table.poses, strict=True)
        )
        assert got == expected
        assert [fp.key for _, fp in table.items] == [footprint(m, p).key for _, _, _, m, p in expected]
        whole = FootprintIndex(table.items)
        assert table.index.items == whole.items and table.index._reach == whole._reach
        assert table.index._bounds.tobytes() == whole._bounds.tobytes()
        assert all(a is b for a, b in zip(table.index._cores.tolist(), whole._cores.tolist(), strict=True))

    check()
    mover = next(uid for uid, st in s.units.items() if st.location is Location.TABLE and st.poses)
    mid, pose = next(iter(s.units[mover].poses.items()))
    s.units[mover].poses[mid] = replace(pose, x=pose.x + 0.25)  # one unit moves: the others' parts are kept
    check()
    s.units[mover].poses = {}  # on the table with no model left: an empty part
    check()


def test_the_snapshot_is_kept_while_every_units_part_compares_equal_and_shares_unchanged_parts() -> None:
    from dataclasses import replace

    from strategium.engine.core.board import Location
    from strategium.engine.table import placement
    from strategium.engine.table.placement import TableModels, table_models
    from tests.agents.games import heuristic_game

    s = heuristic_game(2)[0].state
    table = table_models(s)
    assert [e[:5] for part in table.parts for e in part] == list(
        zip(table.unit_ids, table.players, [i for i, _ in table.items], table.models, table.poses, strict=True)
    )
    assert [e[5] for part in table.parts for e in part] == [fp for _, fp in table.items]
    assert [p[0][0] for p in table.parts] == [
        u for u, st in s.units.items() if st.location is Location.TABLE and st.poses
    ]
    rebuilt = TableModels([e for part in table.parts for e in part])  # parts found by unit id when not given
    assert rebuilt.parts == table.parts
    placement._unchanged.clear()  # asked again without the clock's shortcut: compared unit by unit
    assert table_models(s) is table
    mover = next(uid for uid, st in s.units.items() if st.location is Location.TABLE and st.poses)
    mid, pose = next(iter(s.units[mover].poses.items()))
    s.units[mover].poses[mid] = replace(pose, y=pose.y + 0.5)  # changed in place: seen by value
    moved = table_models(s)
    assert moved is not table
    assert [fp.centre for m, fp in moved.items if m == mid] == [(pose.x, pose.y + 0.5)]
    for old, new in zip(table.parts, moved.parts, strict=True):
        assert (old is new) == (old[0][0] != mover)
    s.units[mover].poses[mid] = pose  # back where it stood: equal to the first snapshot, a new one all the same
    back = table_models(s)
    assert [fp.key for _, fp in back.items] == [fp.key for _, fp in table.items]
    placement._unchanged.clear()
    assert table_models(s) is back
