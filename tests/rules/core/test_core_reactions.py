"""The Core Reactions and Interceptor (CORE_B §4.3-4.4; RULINGS MIL-03), with forced dice and exact positions.

Legionaries: I4, BS4, S4, T4, Sv3+, Ld7, bolters (24", Rapid Fire); 32 mm bases.
"""

from __future__ import annotations

import pytest

from strategium.engine.assault.charges import ChargeRolled, DeclareCharge, charge_of, disordered
from strategium.engine.attacks.damage import granted_rules
from strategium.engine.core.actions import Choose, DeclareReserves, EndStep
from strategium.engine.core.board import Pose, ReserveMode
from strategium.engine.core.effects import EffectKind
from strategium.engine.core.events import DiceRolled, EffectEnded
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.morale.checks import MoraleCheckTaken
from strategium.engine.movement.move import Move, UnitMoved
from strategium.engine.movement.reserves import Arrive, ChooseEntryEdge
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.reactions.registry import ReactionMade, ReactionWindow, Trigger
from strategium.engine.reactions.windows import reaction_verdict
from strategium.engine.shooting.declare import Shoot, ShootingAttackResolved, WeaponFired
from strategium.rules.core.reactions import reaction_distance
from tests.engine.builders import line, unit
from tests.engine.builders_assault import assault_game, to_charge
from tests.engine.builders_assault import place as put
from tests.engine.builders_combat import battle, place, squad, to_phase
from tests.engine.moving import start, to_step

REACT: dict[str, object] = {"reactions": {"allotment": 1}}


# -- Advance and Withdraw ------------------------------------------------------------------------------------------


def moved_near(red_type: str = "Infantry (Line)", red_rules: tuple[str, ...] = ()) -> Game:
    """Blue's squad a moves 6" north (y 5 to 11), ending 11" (centres) south of Red's squad r at y 22, same x."""
    a = unit("a")
    r = unit("r", unit_type=red_type, rules=red_rules)
    game = start([a], [r], {"a": line(a, 10, 5), "r": line(r, 10, 43)}, overrides=REACT)
    place(game, r, 10, 22)
    game.apply(Move(1, "a", line(a, 10, 11)))
    return game


def red_rows(game: Game) -> set[float]:
    return {round(p.y, 6) for p in game.state.units["r"].poses.values()}


def test_an_enemy_move_ending_within_12_inches_in_sight_offers_advance_and_withdraw() -> None:
    game = moved_near()
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.player == 2
    assert pending.options == ("Advance with r (a)", "Withdraw with r (a)", "decline")


def test_advance_moves_initiative_inches_straight_toward_the_enemy() -> None:
    game = moved_near()
    events = game.apply(Choose(2, "Advance with r (a)"))
    assert red_rows(game) == {18.0}  # I4: 22 -> 18
    assert [p.x for p in game.state.units["r"].poses.values()] == pytest.approx([10, 11.5, 13, 14.5, 16])
    [moved] = [e for e in events if isinstance(e, UnitMoved)]
    assert moved.longest == 4.0 and moved.how == "Advance (Reaction) toward a"
    assert [e.reaction for e in events if isinstance(e, ReactionMade)] == ["Advance"]


def test_withdraw_moves_initiative_inches_straight_away() -> None:
    game = moved_near()
    game.apply(Choose(2, "Withdraw with r (a)"))
    assert red_rows(game) == {26.0}


@pytest.mark.parametrize(
    ("red_type", "rules", "inches"),
    [
        ("Infantry (Light)", (), 5.0),  # Light +1
        ("Infantry (Heavy)", (), 3.0),  # Heavy -1
        ("Infantry (Line)", ("Fleet (2)",), 6.0),  # Fleet (X) +X
        ("Infantry (Line)", ("Jet Pack",), 10.0),  # Jet Packs +6"
    ],
)
def test_reaction_move_distance_modifiers(red_type: str, rules: tuple[str, ...], inches: float) -> None:
    game = moved_near(red_type, rules)
    distance, _ = reaction_distance(game, "r")
    assert distance == inches
    game.apply(Choose(2, "Withdraw with r (a)"))
    assert red_rows(game) == {22.0 + inches}


def test_an_advance_stops_short_of_1_inch_from_the_enemy() -> None:
    """Red at y 15 (4" centres from Blue at 11): a 4" Advance would end in base contact; it stops at the farthest
    step that keeps more than 1" between the bases (centres 2.5" apart: y 13.5)."""
    a, r = unit("a"), unit("r")
    game = start([a], [r], {"a": line(a, 10, 5), "r": line(r, 10, 43)}, overrides=REACT)
    place(game, r, 10, 15)
    game.apply(Move(1, "a", line(a, 10, 11)))
    game.apply(Choose(2, "Advance with r (a)"))
    assert red_rows(game) == {13.5}


def test_a_move_ending_more_than_12_inches_away_offers_nothing() -> None:
    a, r = unit("a"), unit("r")
    game = start([a], [r], {"a": line(a, 10, 5), "r": line(r, 10, 43)}, overrides=REACT)
    place(game, r, 10, 25)
    game.apply(Move(1, "a", line(a, 10, 11)))  # 14" centres, 12.74" between bases
    assert not isinstance(game.pending, BattleChoice)


# -- Return Fire and Evade ---------------------------------------------------------------------------------------


def shooting(red_rules: tuple[str, ...] = ()) -> Game:
    """Blue's squad a (y 20) and Red's squad r (y 40), bolters, in Blue's Shooting phase; a shoots r."""
    a, r = squad("a", 5), squad("r", 5, rules=red_rules)
    game = battle([a], [r], overrides=REACT)
    to_phase(game, Phase.SHOOTING)
    place(game, a, 10, 20)
    place(game, r, 10, 40)
    game.apply(Shoot(1, "a", "r"))
    return game


def test_return_fire_is_resolved_before_the_attackers_to_hit_rolls_and_a_slain_attacker_does_not_fire() -> None:
    """Return Fire: 5 shots, 5 hits (6s), one wound (6, then 1s), the save fails (1): a.1 is removed. Then a fires
    with its 4 remaining models: 4 To Hit dice, all 1s."""
    game = shooting()
    game.force_dice(6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    events = game.apply(Choose(2, "Return Fire with r (a)"))
    resolved = [(e.unit_id, e.target_id, e.casualties) for e in events if isinstance(e, ShootingAttackResolved)]
    assert resolved == [("r", "a", 1), ("a", "r", 0)]
    first = next(i for i, e in enumerate(events) if isinstance(e, DiceRolled))
    assert isinstance(events[0], ReactionMade) and first > 0
    hit_rolls = [e.roll.results for e in events if isinstance(e, DiceRolled)]
    assert hit_rolls[0] == (6, 6, 6, 6, 6) and hit_rolls[-1] == (1, 1, 1, 1)
    assert len(game.state.units["a"].poses) == 4
    fired = [e.summary for e in events if isinstance(e, WeaponFired) and e.unit_name == "a"]
    assert fired == ["0 hits, 0 wounds, 0 unsaved, 0 mitigated, 0 removed"]


def test_evade_gives_shrouded_5_against_that_attack_only() -> None:
    """5 hits, 5 wounds; each Wound's save fails (1) and its Shrouded (5+) roll follows: 5, 6, 4, 1, 2, so two
    Wounds are ignored and three models lost. The Morale check (3 of 5 lost) rolls 1, 1 and passes. Afterwards the
    Shrouded is gone."""
    game = shooting()
    game.force_dice(*[6] * 10, 1, 5, 1, 6, 1, 4, 1, 1, 1, 2, 1, 1)
    events = game.apply(Choose(2, "Evade with r (a)"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.unsaved_wounds, resolved.casualties) == (3, 3)
    assert [e.summary for e in events if isinstance(e, WeaponFired)] == [
        "5 hits, 5 wounds, 5 unsaved, 2 mitigated, 3 removed"
    ]
    ended = [e for e in events if isinstance(e, EffectEnded)]
    assert [(e.effect.kind, str(e.effect.rule)) for e in ended] == [(EffectKind.GRANTS_RULE, "Shrouded (5+)")]
    assert granted_rules(game, "r") == ()


def test_evade_for_the_phase_when_so_configured() -> None:
    a, r = squad("a", 5), squad("r", 5)
    game = battle([a], [r], overrides={**REACT, "shooting": {"evade_scope": "phase"}})
    to_phase(game, Phase.SHOOTING)
    place(game, a, 10, 20)
    place(game, r, 10, 40)
    game.apply(Shoot(1, "a", "r"))
    game.apply(Choose(2, "Evade with r (a)"))
    assert [str(x) for x in granted_rules(game, "r")] == ["Shrouded (5+)"]


def test_MIL_03_a_fearless_unit_cannot_evade() -> None:
    game = shooting(("Fearless",))
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.options == ("Return Fire with r (a)", "decline")
    trigger = Trigger(ReactionWindow.SHOOTING_ATTACK_DECLARED, 2, ("a",), ("r",))
    verdict = reaction_verdict(game, trigger, "Evade", "r", "a")
    assert not verdict.legal
    [why] = verdict.reasons
    assert (why.rule, why.page) == ("Shrouded", 247) and "MIL-03" in why.text


# -- Interceptor ---------------------------------------------------------------------------------------------------


def test_interceptor_shoots_a_flanking_assault_arrival_and_causes_no_morale_check() -> None:
    """Blue's o1 and o2 arrive by Flanking Assault on the east edge (Reserves roll 4, not Disordered: 2); Red's
    bolter squad r1 at (50, 30) is more than 6" away (no Pinning test) and in range. It intercepts o2: 5 shots
    hit, two wound, both saves fail: two of five models lost, and no Morale check follows."""
    a1 = unit("a1")
    o1, o2 = unit("o1", rules=("Outflank",)), unit("o2", rules=("Outflank",))
    r1 = squad("r1", 5)
    declarations = [
        DeclareReserves(1, "o1", ReserveMode.FLANKING_ASSAULT),
        DeclareReserves(1, "o2", ReserveMode.FLANKING_ASSAULT),
    ]
    places = {"a1": line(a1, 10, 5), "r1": line(r1, 10, 43)}
    overrides = {"reserves": {"max_fraction": None}, **REACT}
    game = start([a1, o1, o2], [r1], places, overrides=overrides, reserves=declarations)
    place(game, r1, 50, 30)
    to_step(game, 2, Phase.ASSAULT, SubPhase.RESOLUTION, game_turn=1)
    game.force_dice(4, 2)
    game.apply(EndStep(2))
    game.apply(ChooseEntryEdge(1, "east"))
    game.apply(Arrive(1, "o1", column("o1", 70, 30)))
    game.apply(Arrive(1, "o2", column("o2", 70, 20)))
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.player == 2
    assert pending.options == ("Interceptor with r1 (o1)", "Interceptor with r1 (o2)", "decline")
    game.force_dice(*[6] * 5, 6, 6, 1, 1, 1, 1, 1)
    events = game.apply(Choose(2, "Interceptor with r1 (o2)"))
    [resolved] = [e for e in events if isinstance(e, ShootingAttackResolved)]
    assert (resolved.target_id, resolved.casualties, resolved.morale) == ("o2", 2, False)
    assert not any(isinstance(e, MoraleCheckTaken) for e in events)
    [made] = [e for e in events if isinstance(e, ReactionMade)]
    assert (made.reaction, made.phase) == ("Interceptor", Phase.MOVEMENT)


def column(uid: str, x: float, y: float, n: int = 5) -> tuple[tuple[str, Pose], ...]:
    return tuple((f"{uid}.{i}", Pose(x, y + 1.5 * (i - 1))) for i in range(1, n + 1))


# -- Overwatch and Hold the Line -----------------------------------------------------------------------------------


def charge() -> Game:
    """Blue's marine a 5" (centres) south of Red's marine b, both with bolters; a declares a Charge at b."""
    game = assault_game([squad("a", 1)], [squad("b", 1)], config=REACT)
    put(game, "a", (("a.1", Pose(20, 20)),))
    put(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.apply(DeclareCharge(1, "a", ("b",)))
    return game


def test_the_charged_unit_is_offered_overwatch_and_hold_the_line_before_the_charge_roll() -> None:
    game = charge()
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.player == 2
    assert pending.options == ("Overwatch with b (a)", "Hold the Line with b (a)", "decline")
    assert not any(isinstance(e, ChargeRolled) for e in game.state.events)


def test_hold_the_line_makes_the_charge_disordered_then_the_charge_is_rolled() -> None:
    game = charge()
    game.force_dice(3, 3)
    events = game.apply(Choose(2, "Hold the Line with b (a)"))
    assert [r.rule for r in disordered(game, "a")] == ["Hold the Line"]
    [rolled] = [e for e in events if isinstance(e, ChargeRolled)]
    assert rolled.distance == 6 and rolled.success


def test_overwatch_fires_snap_shots_at_the_charger_before_the_roll() -> None:
    """Two Rapid Fire shots at 3.7": 5s miss as Snap Shots (BS1 hits on 6 only); then the Charge rolls 3, 3."""
    game = charge()
    game.force_dice(5, 5, 3, 3)
    events = game.apply(Choose(2, "Overwatch with b (a)"))
    fired = [e for e in events if isinstance(e, WeaponFired)]
    assert [e.summary for e in fired] == ["0 hits, 0 wounds, 0 unsaved, 0 mitigated, 0 removed"]
    assert any("Snap" in r.text for r in fired[0].why)
    order = [type(e).__name__ for e in events if isinstance(e, WeaponFired | ChargeRolled)]
    assert order == ["WeaponFired", "ChargeRolled"]


def test_a_charger_slain_by_overwatch_charges_no_more() -> None:
    game = charge()
    game.force_dice(6, 6, 6, 6, 1, 1)  # two hits, two wounds, both saves fail: the lone marine dies
    events = game.apply(Choose(2, "Overwatch with b (a)"))
    assert not any(isinstance(e, ChargeRolled) for e in events)
    record = charge_of(game, "a")
    assert record is not None and record.stage.value == "done"
    pending = game.pending
    assert pending is not None and pending.player == 1


def test_reaction_weapons_filter_only_a_unit_with_armour_values_and_agree_with_defensive_only() -> None:
    from strategium.engine.shooting.attack import plan
    from strategium.rules.core.reactions import defensive_only, reaction_weapons
    from tests.engine.builders_combat import MELTA, armoured

    tac, red, tank = squad("tac", 3, weapons=(MELTA,)), squad("red", 3), armoured("tank", (MELTA,))
    game = battle([tac, tank], [red])
    to_phase(game, Phase.SHOOTING)
    place(game, tac, 10, 20)
    place(game, tank, 20, 20)
    place(game, red, 10, 26)
    assert reaction_weapons(game, "tac") is None and reaction_weapons(game, "tank") is not None
    for uid in ("tac", "tank"):
        filtered = plan(game, uid, "red", weapons=defensive_only(game))
        assert plan(game, uid, "red", weapons=reaction_weapons(game, uid)) == filtered
    assert plan(game, "tac", "red").volleys and not plan(game, "tank", "red", weapons=defensive_only(game)).volleys
