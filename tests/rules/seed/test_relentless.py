"""Relentless (p.245) in the engine: REL-1 (Heavy weapons after moving, as if Stationary) and REL-2 (Charge after
firing Heavy, Ordnance or Rapid Fire). RULINGS REL-01, REL-02."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.queries import Query, ask
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot, WeaponFired
from tests.engine.builders_combat import BOLTER, HEAVY_BOLTER, battle, place, squad, to_phase


def fire_after_moving(rules: tuple[str, ...]) -> tuple[WeaponFired, list[DiceRolled]]:
    """One heavy bolter model that moved this turn fires 4 shots at a squad 10" away; To Hit dice 3, 3, 6, 2."""
    shooter = squad("hb", 1, weapons=(HEAVY_BOLTER,), rules=rules, unit_type="Cavalry", base=60)
    game = battle([shooter], [squad("red", 5)])
    to_phase(game, Phase.SHOOTING)
    place(game, shooter, 10, 20)
    place(game, game.state.unit("red"), 10, 30)
    game.state.facts.note("hb", Fact.MOVED)
    game.force_dice(3, 3, 6, 2)
    game.force_dice(*([1] * 4))  # To Wound: every hit fails (S5 v T4 needs 3+)
    events = game.apply(Shoot(1, "hb", "red"))
    [fired] = [e for e in events if isinstance(e, WeaponFired)]
    return fired, [e for e in events if isinstance(e, DiceRolled)]


def test_REL_1_relentless_unit_that_moved_fires_its_heavy_weapon_at_full_bs() -> None:
    """RULINGS REL-02: 4 shots at BS4 (3+): 3, 3, 6 hit, 2 misses."""
    fired, rolls = fire_after_moving(("Relentless",))
    assert fired.summary.startswith("3 hits")
    assert "BS4 (3+)" in rolls[0].roll.reason and rolls[0].roll.results == (3, 3, 6, 2)
    assert any(r.rule == "Relentless" and r.text.startswith("REL-1") for r in _stationary_reasons(True))


def test_REL_1_control_without_relentless_the_heavy_weapon_fires_snap_shots() -> None:
    """RULINGS REL-02 control: the same dice at BS1 (snap) hit only on the 6."""
    fired, rolls = fire_after_moving(())
    assert fired.summary.startswith("1 hits")
    assert "BS1 (6+)" in rolls[0].roll.reason


def _stationary_reasons(relentless: bool) -> tuple[Reason, ...]:
    shooter = squad("hb", 1, weapons=(HEAVY_BOLTER,), rules=("Relentless",) if relentless else ())
    game = battle([shooter], [squad("red", 5)])
    game.state.facts.note("hb", Fact.MOVED)
    answer = ask(game, Query.STATIONARY_FOR_HEAVY, "hb")
    assert answer.allowed is relentless
    return answer.reasons


def test_REL_2_relentless_may_charge_after_firing_rapid_fire() -> None:
    """RULINGS REL-01: Terminators (Relentless) fire Rapid Fire after moving 6", then may Charge; a Tactical Squad
    doing the same may not."""
    for rules, allowed in ((("Relentless",), True), ((), False)):
        shooter = squad("term", 5, weapons=(BOLTER,), rules=rules)
        game = battle([shooter], [squad("red", 5)])
        to_phase(game, Phase.SHOOTING)
        place(game, shooter, 10, 23)
        place(game, game.state.unit("red"), 10, 30)
        game.state.facts.note("term", Fact.MOVED)
        assert plan(game, "term", "red").volleys[0].shots == 10  # 7" away: within half range
        game.force_dice(*([1] * 10))
        game.apply(Shoot(1, "term", "red"))
        answer = ask(game, Query.MAY_CHARGE, "term")
        fired_blocks = [b.id for b in answer.blocks if b.id.startswith("fired-")]
        lifted = [b.id for b, _ in answer.lifted]
        if allowed:
            assert fired_blocks == [] and lifted == ["fired-rapid-fire"]
        else:
            assert fired_blocks == ["fired-rapid-fire"]
            assert answer.blocks[0].reason.page == 245
