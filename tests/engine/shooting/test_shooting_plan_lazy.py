"""The volley planner tests the sight only of models that could fire a weapon, and the sight of the others only
when the reasons are asked for: its plans equal, volley for volley and reason for reason in order, those of the
planner that tests every model's sight first (kept here as the reference)."""

from __future__ import annotations

import pytest

from strategium.battle.run import play_battle
from strategium.battle.setup import BattleSetup, build_scenario
from strategium.catalogue.citations import Reason
from strategium.engine.attacks import damage
from strategium.engine.core.game import Game
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting import plan as shooting_plan
from strategium.engine.shooting.plan import (
    SEQUENCE,
    Plan,
    Volley,
    WeaponFilter,
    _model_volleys,
    closest,
    rule_of,
    target_placed,
)
from strategium.engine.table.placement import placed_unit
from strategium.geometry.pieces import PlacedUnit
from strategium.model.weapons import WeaponClass


def _reference(
    game: Game,
    unit_id: str,
    target_id: str,
    snap_shots: bool,
    weapons: WeaponFilter | None,
    placed: tuple[PlacedUnit, PlacedUnit] | None = None,
) -> Plan:
    """The planner as it was: every model's sight first, then the weapons of those that see."""
    s = game.state
    full = ask(game, Query.FULL_BALLISTIC_SKILL, unit_id)
    snap_all = snap_shots or not full
    still = ask(game, Query.STATIONARY_FOR_HEAVY, unit_id)
    stationary = bool(still)
    status = s.units[unit_id]
    if placed is None:
        placed = (placed_unit(s.unit(unit_id), status), target_placed(game, target_id))
    target = placed[1]
    mine = {pm.name: pm for pm in placed[0].models}
    sight = damage.sight_map(s.battlefield)
    volleys: dict[tuple[object, ...], Volley] = {}
    reasons: dict[str, Reason] = {}
    for why in full.reasons:
        reasons.setdefault(f"snap:{why.text}", why)
    shooters = [model for model in s.unit(unit_id).models if model.id in status.poses]
    placed_shooters = [mine[model.id] for model in shooters]
    sees = sight.sees_each(placed_shooters, target)
    reaches = closest(placed_shooters, target.models, sees)
    for model, pm, seen, reach in zip(shooters, placed_shooters, sees, reaches, strict=True):
        if not seen:
            reasons.setdefault(f"sight:{model.id}", rule_of(SEQUENCE, f"{model.name} cannot see the target", 166))
            continue
        for v in _model_volleys(
            game, unit_id, model, reach, snap_all, stationary, target, pm.footprint, reasons, weapons
        ):
            old = volleys.get(v.key)
            volleys[v.key] = v if old is None else old.joined(v)
    if any(v.weapon.type.weapon_class in (WeaponClass.HEAVY, WeaponClass.ORDNANCE) for v in volleys.values()):
        for why in still.reasons:
            reasons.setdefault(f"stationary:{why.text}", why)
    return Plan(tuple(volleys.values()), tuple(reasons.values()))


def test_plan_keeps_its_reasons_until_asked() -> None:
    calls: list[int] = []

    def later() -> tuple[Reason, ...]:
        calls.append(1)
        return (rule_of(SEQUENCE, "x"),)

    p = Plan((), later=later)
    assert calls == []
    assert p.reasons == (rule_of(SEQUENCE, "x"),)
    assert p.reasons == (rule_of(SEQUENCE, "x"),)
    assert calls == [1]
    assert p == Plan((), (rule_of(SEQUENCE, "x"),))
    assert hash(p) == hash(Plan((), (rule_of(SEQUENCE, "x"),)))
    assert "reasons=" in repr(p)


@pytest.mark.parametrize("players", [("heuristic", "heuristic"), ("random", "random")])
def test_plans_equal_the_reference_over_a_battle(players: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = shooting_plan._plan
    checked: list[int] = []

    def checking(
        game: Game,
        unit_id: str,
        target_id: str,
        snap_shots: bool,
        weapons: WeaponFilter | None,
        placed: tuple[PlacedUnit, PlacedUnit] | None = None,
    ) -> Plan:
        got = real(game, unit_id, target_id, snap_shots, weapons, placed)
        want = _reference(game, unit_id, target_id, snap_shots, weapons, placed)
        assert got.volleys == want.volleys
        assert got.reasons == want.reasons
        checked.append(1)
        return got

    monkeypatch.setattr(shooting_plan, "_plan", checking)
    setup = BattleSetup(players=players)
    for seed in range(3):  # battles until more than 20 plans were compared (a battle may shoot little)
        play_battle(setup, seed, scenario=build_scenario(setup))
        if len(checked) > 20:
            break
    assert len(checked) > 20
