"""History entries read by their fields' types (strategium.engine.core.record_entries)."""

from __future__ import annotations

import json

import pytest

from strategium.dice import ScatterFace
from strategium.engine.core.actions import DeclareReserves, Deploy
from strategium.engine.core.board import Pose, ReserveMode
from strategium.engine.core.record_entries import ForcedDice, RecordError, entry_from_json, entry_to_json
from strategium.engine.movement.move import Move
from strategium.engine.shooting.declare import Shoot

ENTRIES = [
    Shoot(1, "tac", "foe", (("tac/1", ("Bolter", "Frag grenade")),), "Shrouded", ("foe/2",), (("tac/2", 45.5),)),
    Move(2, "squad", (("squad/1", Pose(1.5, 2.0, 90.0)), ("squad/2", Pose(-3.0, 4.25, 0.0))), join="ic"),
    DeclareReserves(1, "javelins", ReserveMode.FLANKING_ASSAULT),
    Deploy(1, "tac", (), embark_in="rhino"),
    ForcedDice((ScatterFace.hit(), 3, ScatterFace.arrow(10))),
]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: type(e).__name__)
def test_an_entry_reads_back_equal_and_hashable_through_json(entry: object) -> None:
    data = json.loads(json.dumps(entry_to_json(entry)))  # type: ignore[arg-type]
    again = entry_from_json(data, ("history", 4))
    assert again == entry
    hash(again)  # lists became tuples: the engine may keep its verdict


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ({"type": "Shoot", "player": 1, "unit_id": "a", "target_id": "b", "weapons": [["m", "Bolter"]]},
         ("history", 4, "weapons", 0, 1), "must be a list, not 'Bolter'"),
        ({"type": "Shoot", "player": 1, "unit_id": "a", "target_id": "b", "template_at": [["m", 1, 2]]},
         ("history", 4, "template_at", 0), "must be a list of 2, not a list of 3"),
        ({"type": "Move", "player": 1, "unit_id": "a", "positions": [["m", 1, 2, 1e300]]},
         ("history", 4, "positions", 0, 3),
         "size of this number (inches or degrees): 1e+300 is over the limit of 1000 "
         "(raise it with STRATEGIUM_LIMIT_TABLE_INCHES)"),
        ({"type": "ForceDice", "faces": [{"scatter": "left"}]}, ("history", 4, "faces", 0, "scatter"),
         "must be 'hit' or degrees, not 'left'"),
        ({"type": "ForceDice", "faces": [3], "extra": 1}, ("history", 4),
         "a ForceDice entry has exactly 'type' and 'faces'"),
        ({"type": "EndStep", "player": 0}, ("history", 4, "player"), "must be 1 or 2 (the player), not 0"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_shape_is_refused_at_its_place(data: object, path: tuple, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        entry_from_json(data, ("history", 4))
    assert (caught.value.path, caught.value.message) == (path, message)
