"""An attack remembers, per model of its target, the Instant Death reason, the save and the Damage Mitigation rolls
offered (``attack._Known``): the result is the one worked out afresh for every Wound."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.catalogue.registry import RuleRef
from strategium.combat import attack as attack_module
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.attack import AttackMode, AttackResult, AttackSpec, resolve_attack
from strategium.config import RulesConfig
from strategium.dice import Dice


class _Forgetful(dict):  # type: ignore[type-arg]
    """A dict that never keeps what is put in it: every Wound works everything out again."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


class _Afresh(attack_module._Known):
    def __init__(self) -> None:
        self.saves = _Forgetful()
        self.offers = _Forgetful()


_RULES = [
    (),
    (RuleRef("Fearless"),),
    (RuleRef("Feel No Pain", 5),),
    (RuleRef("Eternal Warrior"), RuleRef("Feel No Pain", 4)),
    (RuleRef("Shrouded", 5),),
    (RuleRef("Battle-Hardened", 1),),
]

_models = st.builds(
    TargetModel,
    name=st.sampled_from(["Legionary", "Sergeant", "Champion"]),
    toughness=st.integers(min_value=3, max_value=6),
    wounds=st.integers(min_value=1, max_value=3),
    lost=st.just(0),
    save=st.one_of(st.none(), st.integers(min_value=2, max_value=6)),
    invulnerable_save=st.one_of(st.none(), st.integers(min_value=3, max_value=6)),
    cover_save=st.one_of(st.none(), st.integers(min_value=4, max_value=6)),
    weapon_skill=st.just(4),
    rules=st.sampled_from(_RULES),
)


def _resolve(seed: int, spec: AttackSpec, unit: TargetUnit, known: type[attack_module._Known]) -> AttackResult:
    saved = attack_module._Known
    attack_module._Known = known  # type: ignore[misc]
    try:
        return resolve_attack(Dice(seed), spec, unit, config=RulesConfig())
    finally:
        attack_module._Known = saved  # type: ignore[misc]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    models=st.lists(_models, min_size=1, max_size=6),
    stupefied=st.booleans(),
    count=st.integers(min_value=1, max_value=20),
    strength=st.integers(min_value=3, max_value=10),
    ap=st.one_of(st.none(), st.integers(min_value=1, max_value=6)),
    melee=st.booleans(),
    death=st.booleans(),
)
def test_remembered_rulings_give_the_same_result(
    seed: int,
    models: list[TargetModel],
    stupefied: bool,
    count: int,
    strength: int,
    ap: int | None,
    melee: bool,
    death: bool,
) -> None:
    unit = TargetUnit("Squad", tuple(models), stupefied=stupefied, stupefied_bonus=1 if stupefied else 0)
    spec = AttackSpec(
        "Blade" if melee else "Bolter",
        count,
        strength,
        ap,
        mode=AttackMode.MELEE if melee else AttackMode.SHOOTING,
        skill=4,
        rules=(RuleRef("Instant Death"),) if death else (),
        attacker="a",
    )
    remembered = _resolve(seed, spec, unit, attack_module._Known)
    afresh = _resolve(seed, spec, unit, _Afresh)
    assert remembered == afresh
    assert [r.reasons for r in remembered.records] == [r.reasons for r in afresh.records]
    assert remembered.rolls == afresh.rolls


def test_the_unit_stops_being_fearless_when_its_fearless_model_is_removed() -> None:
    fearless = TargetModel("Sergeant", 4, 1, rules=(RuleRef("Fearless"),))
    others = tuple(TargetModel("Legionary", 4, 1) for _ in range(3))
    unit = TargetUnit("Squad", (fearless, *others), stupefied=True)
    spec = AttackSpec("Bolter", 12, 8, 1, skill=5, attacker="a")
    for seed in range(40):
        remembered = _resolve(seed, spec, unit, attack_module._Known)
        assert remembered == _resolve(seed, spec, unit, _Afresh)


@pytest.mark.parametrize("seed", range(5))
def test_known_is_fresh_for_every_attack(seed: int) -> None:
    unit = TargetUnit("Squad", tuple(TargetModel("Legionary", 4, 1, save=3) for _ in range(5)))
    spec = AttackSpec("Bolter", 10, 4, 5, skill=4, attacker="a")
    assert _resolve(seed, spec, unit, attack_module._Known) == _resolve(seed, spec, unit, _Afresh)
