"""What the volley planner keeps of a model (``_fixed``) equals what it would compute each time; two models' shots
of one profile join into one volley."""

from __future__ import annotations

from strategium.engine.shooting.plan import Volley, _fixed, _weapon_limit
from strategium.model.weapons import WeaponClass
from tests.engine.builders_combat import BOLTER, squad


def test_fixed_values_of_a_model() -> None:
    for unit in (squad("a", 1), squad("b", 1, rules=("Night Vision",)), squad("c", 1, unit_type="Vehicle")):
        model = unit.models[0]
        vehicle, primarch, night, weapons, limit = _fixed(model)
        assert _fixed(model) is _fixed(model)  # kept
        assert not primarch
        assert [r.name for r in night] == (["Night Vision"] if unit.id == "b" else [])
        assert limit == _weapon_limit(model)
        assert sorted(weapons, key=lambda w: w.type.weapon_class is WeaponClass.PISTOL) == list(weapons)
        assert set(weapons) == set(model.weapons)
        assert vehicle == (unit.id == "c" or model.profile.has_armour_values)


def test_volleys_of_one_profile_join() -> None:
    a = Volley(BOLTER, 2, 4, 4, False, ("m1",), dice=("D3",), template=1)
    b = Volley(BOLTER, 3, 4, 4, False, ("m2", "m3"), dice=("D6",), template=2)
    assert a.key == b.key
    assert a.joined(b) == Volley(BOLTER, 5, 4, 4, False, ("m1", "m2", "m3"), dice=("D3", "D6"), template=3)
