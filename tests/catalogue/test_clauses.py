"""The declared clause tables (``catalogue/clauses_weapon.py``, ``clauses_unit.py``) are sound: every rule exists
under its canonical name, (X) is used only by rules that have one, ids are unique, each effect is one the interpreter
plays at its trigger, a bearer its table allows (a weapon rule may be the model's too), and a rule with clauses is not
"not yet"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategium.catalogue import clauses as clauses_module
from strategium.catalogue.clauses import TABLES, clause_problems, clauses_of, declared_rules
from strategium.catalogue.declared import (
    PLAYED,
    AddDice,
    AutoWound,
    Bearer,
    Clause,
    Natural,
    Reroll,
    Situation,
    TargetMatches,
    Trigger,
    X,
)
from strategium.catalogue.definitions import ImplementationStatus, XKind
from strategium.catalogue.registry import get_rule_def
from strategium.catalogue.status import STATUS


def test_the_tables_have_no_problem() -> None:
    assert clause_problems() == ()


def test_every_rule_with_clauses_is_registered_played_and_uses_its_x_only_if_it_has_one() -> None:
    ids: list[str] = []
    for bearer, table in TABLES:
        for name, clauses in table.items():
            rule = get_rule_def(name)
            assert rule.name == name
            assert STATUS.get(name, ImplementationStatus.NOT_YET) is not ImplementationStatus.NOT_YET, name
            for clause in clauses:
                ids.append(clause.id)
                assert clause.bearer is bearer or (bearer, clause.bearer) == (Bearer.WEAPON, Bearer.WEAPON_OR_MODEL)
                assert not clause.uses_x() or rule.x_kind is not XKind.NONE
                assert all(isinstance(e, PLAYED[clause.trigger]) for e in clause.effect)
    assert len(ids) == len(set(ids))
    assert set(declared_rules()) == {name for _, table in TABLES for name in table}


def test_hatred_is_one_clause_at_the_to_hit_roll() -> None:
    (hatred,) = clauses_of("Hatred")
    assert (hatred.id, hatred.trigger, hatred.bearer) == ("HAT-1", Trigger.TO_HIT_ROLL, Bearer.MODEL)
    assert clauses_of("Fearless") == ()


def test_a_model_that_has_rending_bears_its_close_combat_clauses_not_the_shooting_one() -> None:
    """Rending, p.246: a model that has it rends with its close combat attacks (and against Vehicles, "in either
    case"); a Shooting Attack rends only with a weapon that has it."""
    bearers = {c.id: c.bearer for c in clauses_of("Rending")}
    assert bearers == {"REN-1": Bearer.WEAPON, "REN-2": Bearer.WEAPON_OR_MODEL, "REN-3": Bearer.WEAPON_OR_MODEL}
    assert [b.model_bears for b in Bearer] == [False, True, True]


def test_the_ruling_fills_in_the_x() -> None:
    clause = Clause("T-1", Trigger.TO_WOUND_ROLL, (Natural(X),), (AutoWound(),), "a roll of {x} wounds")
    assert clause.uses_x()
    assert clause.ruling("5+") == "T-1: a roll of 5+ wounds"
    assert clause.ruling(None) == "T-1: a roll of X wounds"
    plain = Clause("T-2", Trigger.TO_HIT_ROLL, (Situation.MELEE,), (Reroll(),), "re-rolls misses")
    assert not plain.uses_x()


def _problems(monkeypatch: pytest.MonkeyPatch, weapon: dict[str, tuple[Clause, ...]]) -> tuple[str, ...]:
    monkeypatch.setattr(clauses_module, "TABLES", ((Bearer.WEAPON, weapon), (Bearer.MODEL, {})))
    return clause_problems()


def test_each_kind_of_problem_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    wound = Clause("W-1", Trigger.TO_WOUND_ROLL, (Natural(X),), (AutoWound(),), "a roll of {x} wounds")
    assert _problems(monkeypatch, {"Not A Rule": (wound,)}) == ("Not A Rule: not a registered rule",)
    # Fearless takes no (X); Hallucinations is "not yet", and the id is used twice
    assert _problems(monkeypatch, {"Fearless": (wound,), "Hallucinations": (wound,)}) == (
        "Fearless W-1: uses the (X) of a rule that has none",
        "Fearless W-1: Natural(X) needs an (X) that is a number or a D6 target, not none",
        "Hallucinations: has clauses but is 'not yet' in catalogue/status.py",
        "Hallucinations W-1: id already used by Fearless",
        "Hallucinations W-1: uses the (X) of a rule that has none",
        "Hallucinations W-1: Natural(X) needs an (X) that is a number or a D6 target, not none",
    )
    assert _problems(monkeypatch, {"Hatred": ()}) == ("Hatred: an empty tuple of clauses",)


def test_effects_must_be_played_at_their_trigger_and_bearers_match(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = Clause("S-1", Trigger.TO_HIT_ROLL, (Natural(X),), (AddDice(1, 3), Reroll()), "{x}", bearer=Bearer.MODEL)
    assert _problems(monkeypatch, {"Shrouded": (wrong,)}) == (
        "Shrouded S-1: bearer model in the weapon table",
        "Shrouded S-1: AddDice is not played at the To Hit roll",
        "Shrouded S-1: a Reroll takes attack conditions only, not Natural",
    )
    hates = Clause("S-2", Trigger.TO_HIT_ROLL, (TargetMatches(X),), (Reroll(),), "against {x}")
    assert _problems(monkeypatch, {"Shrouded": (hates,)}) == (
        "Shrouded S-2: TargetMatches(X) needs an (X) that is a word, not target",
    )


def test_a_rule_the_model_bears_has_no_weapon_only_clause_that_acts_in_close_combat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    either = Clause("B-1", Trigger.TO_WOUND_ROLL, (Natural(X), Situation.MELEE), (AutoWound(),), "{x}")
    gun = Clause("B-2", Trigger.TO_WOUND_ROLL, (Natural(X), Situation.SHOOTING), (AutoWound(),), "{x}")
    weapon = Clause("B-3", Trigger.TO_WOUND_ROLL, (Natural(X),), (AutoWound(),), "{x}")
    model = Clause("B-4", Trigger.TO_WOUND_ROLL, (Natural(X),), (AutoWound(),), "{x}", bearer=Bearer.WEAPON_OR_MODEL)
    assert _problems(monkeypatch, {"Rending": (replace(either, bearer=Bearer.WEAPON_OR_MODEL), gun)}) == ()
    assert _problems(monkeypatch, {"Rending": (weapon, model)}) == (
        "Rending B-3: a clause of a rule the model may bear, borne by the weapon only, must ask Situation.SHOOTING",
    )
    assert _problems(monkeypatch, {"Rending": (weapon, either)}) == ()  # the model bears none of it


def test_a_table_names_the_rule_canonically(monkeypatch: pytest.MonkeyPatch) -> None:
    hates = Clause("H-1", Trigger.TO_HIT_ROLL, (TargetMatches(X),), (Reroll(),), "against {x}")
    assert _problems(monkeypatch, {"hatred": (hates,)}) == ("hatred: write the canonical name 'Hatred'",)
