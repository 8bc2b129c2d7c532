"""The attack pipeline's quick copies agree with the dataclass constructors and ``dataclasses.replace``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import Book
from strategium.catalogue.registry import RuleRef
from strategium.combat.allocation import TargetModel, TargetUnit
from strategium.combat.sources import core
from strategium.errors import InputError

_models = st.builds(
    TargetModel,
    name=st.sampled_from(["Legionary", "Sergeant", "Praetor"]),
    toughness=st.integers(min_value=1, max_value=10),
    wounds=st.just(3),
    lost=st.integers(min_value=0, max_value=3),
    save=st.one_of(st.none(), st.integers(min_value=2, max_value=6)),
    invulnerable_save=st.one_of(st.none(), st.integers(min_value=2, max_value=6)),
    cover_save=st.one_of(st.none(), st.integers(min_value=2, max_value=6)),
    weapon_skill=st.one_of(st.none(), st.integers(min_value=1, max_value=10)),
    rules=st.just((RuleRef("Fearless"),)),
)


def _same(a: object, b: object) -> None:
    assert a == b
    assert type(a) is type(b)
    assert vars(a) == vars(b)


@settings(max_examples=200, deadline=None)
@given(models=st.lists(_models, min_size=1, max_size=8), data=st.data())
def test_with_model_is_replace(models: list[TargetModel], data: st.DataObject) -> None:
    unit = TargetUnit("Squad", tuple(models), stupefied=data.draw(st.booleans()), stupefied_bonus=2)
    index = data.draw(st.integers(min_value=0, max_value=len(models) - 1))
    new = data.draw(_models)
    fast = unit.with_model(index, new)
    slow = replace(unit, models=tuple(new if i == index else m for i, m in enumerate(models)))
    _same(fast, slow)
    assert fast.alive_indices == slow.alive_indices


@settings(max_examples=200, deadline=None)
@given(model=_models, lost=st.integers(min_value=0, max_value=5))
def test_with_lost_is_replace(model: TargetModel, lost: int) -> None:
    _same(model.with_lost(lost), replace(model, lost=lost))


def test_with_lost_refuses_a_negative_loss() -> None:
    with pytest.raises(InputError):
        TargetModel("Legionary", 4).with_lost(-1)


@settings(max_examples=200, deadline=None)
@given(model=_models)
def test_made_is_the_constructor(model: TargetModel) -> None:
    fields = (model.name, model.toughness, model.wounds, model.lost, model.save, model.invulnerable_save)
    made = TargetModel.made(*fields, model.cover_save, model.weapon_skill, model.rules)
    _same(made, model)


@pytest.mark.parametrize(("toughness", "wounds", "lost"), [(0, 1, 0), (4, 0, 0), (4, 1, -1), (True, 1, 0), (4.0, 1, 0)])
def test_made_refuses_what_the_constructor_refuses(toughness: object, wounds: object, lost: object) -> None:
    with pytest.raises(InputError):
        TargetModel.made("Legionary", toughness, wounds, lost, None, None, None, None, ())  # type: ignore[arg-type]


@pytest.mark.parametrize("page", [None, 166])
def test_core_is_the_reason_constructor(page: int | None) -> None:
    made = core("To Hit", "3 shots BS4 (3+): 2 hit", page)
    _same(made, Reason("To Hit", "3 shots BS4 (3+): 2 hit", page, Book.RULEBOOK))
    assert str(made) == str(Reason("To Hit", "3 shots BS4 (3+): 2 hit", page))
