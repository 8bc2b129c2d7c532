"""``_may_fire`` (a weapon may fire at a reach, without making the reason) is ``_cannot_fire(...) is None`` for
every weapon of the demo armies and a few more kinds, at every reach and Snap Shot / Stationary / vehicle state."""

from __future__ import annotations

import itertools

from strategium.battle.setup import BattleSetup, build_scenario
from strategium.engine.shooting.plan import _cannot_fire, _may_fire
from strategium.model.weapons import WeaponProfile
from tests.engine.builders_combat import BOLTER, HEAVY_BOLTER, LASCANNON, LASPISTOL, MELTA, weapon

EXTRA = (
    weapon("Flamer", "Template", "4", "5", "Assault 1"),
    weapon("Battle cannon", '12"-48"', "8", "3", 'Ordnance 1, Blast (5")'),
    weapon("Frag missile", '48"', "4", "6", 'Heavy 1, Blast (3")'),
    weapon("Chainsword", "-", "User", "-", "Melee"),
)


def _weapons() -> list[WeaponProfile]:
    scenario = build_scenario(BattleSetup())
    found = {w for army in scenario.armies for unit in army.units for m in unit.models for w in m.weapons}
    return sorted(found | {BOLTER, HEAVY_BOLTER, LASCANNON, LASPISTOL, MELTA, *EXTRA}, key=lambda w: w.name)


def test_may_fire_is_cannot_fire_none() -> None:
    weapons = _weapons()
    assert len(weapons) > 10
    fired = refused = 0
    for w in weapons:
        for reach, snap, still, vehicle in itertools.product(
            (0.0, 5.0, 8.0, 11.9, 12.0, 12.1, 24.0, 36.0, 48.0, 60.0), (False, True), (False, True), (False, True)
        ):
            expected = _cannot_fire(w, reach, snap, still, vehicle) is None
            assert _may_fire(w, reach, snap, still, vehicle) == expected, (w.name, reach, snap, still, vehicle)
            fired += expected
            refused += not expected
    assert fired > 100 and refused > 100
