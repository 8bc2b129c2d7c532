"""MCM-1 (Militia Cavalry Mount, Legacies: Imperialis Militia p.37): a mounted unit that Runs is Shrouded (5+)
until the start of its controller's next turn (RULINGS MIL-01)."""

from __future__ import annotations

from strategium.catalogue.registry import RuleRef
from strategium.combat.mitigation import MitigationContext, MitigationPolicy, mitigation_options, roll_mitigation
from strategium.config import RulesConfig
from strategium.dice import Dice
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase, SubPhase
from strategium.engine.movement.move import Move, Run
from tests.engine.builders import line, unit
from tests.engine.moving import start, to_step

MOUNTED = "Cavalry (Light, Militia)"


def cavalry_game() -> Game:
    m1 = unit("m1", 3, rules=("Militia Cavalry Mount",), unit_type=MOUNTED)
    m2 = unit("m2", 3, rules=("Militia Cavalry Mount",), unit_type=MOUNTED)
    r1 = unit("r1")
    return start([m1, m2], [r1], {"m1": line(m1, 10, 5), "m2": line(m2, 40, 5), "r1": line(r1, 10, 43)})


def ahead(game: Game, uid: str, dy: float) -> tuple[tuple[str, Pose], ...]:
    return tuple((m, Pose(p.x, p.y + dy)) for m, p in game.state.units[uid].poses.items())


def shrouded(game: Game, uid: str) -> list[RuleRef]:
    return [e.rule for e in game.effects_on(uid, EffectKind.GRANTS_RULE) if e.rule is not None]


def test_MCM_1_a_run_gives_shrouded_5_until_the_start_of_its_controllers_next_turn() -> None:
    game = cavalry_game()
    game.apply(Run(1, "m1", ahead(game, "m1", 12)))  # all Light: 7 + 4 + 1
    game.apply(Move(1, "m2", ahead(game, "m2", 7)))
    (effect,) = game.effects_on("m1", EffectKind.GRANTS_RULE)
    assert effect.rule is not None and (effect.rule.name, effect.rule.value) == ("Shrouded", 5)
    assert effect.duration is Duration.UNTIL_START_OF_CONTROLLERS_NEXT_TURN
    assert (effect.reason.rule, effect.reason.page) == ("Militia Cavalry Mount", 37)
    assert shrouded(game, "m2") == []  # moved, did not Run
    to_step(game, 2, Phase.SHOOTING, SubPhase.NONE, game_turn=1)
    assert [(r.name, r.value) for r in shrouded(game, "m1")] == [("Shrouded", 5)]  # through the enemy's turn
    to_step(game, 2, Phase.ASSAULT, SubPhase.RESOLUTION, game_turn=1)
    assert shrouded(game, "m1")
    to_step(game, 1, Phase.MOVEMENT, SubPhase.RESERVES, game_turn=2)
    assert shrouded(game, "m1") == []  # gone as player 1's Game Turn 2 turn begins


def test_MCM_1_a_unit_without_the_mount_gains_nothing_by_running() -> None:
    c1, r1 = unit("c1", 3, unit_type=MOUNTED), unit("r1")
    game = start([c1], [r1], {"c1": line(c1, 10, 5), "r1": line(r1, 10, 43)})
    game.apply(Run(1, "c1", ahead(game, "c1", 12)))
    assert game.effects_on("c1", EffectKind.GRANTS_RULE) == ()


def test_MIL_01_four_unsaved_wounds_rolls_5_2_6_4_leave_two() -> None:
    """RULINGS MIL-01: the granted Shrouded (5+) is a Damage Mitigation roll; 5 and 6 ignore their Wounds."""
    game = cavalry_game()
    game.apply(Run(1, "m1", ahead(game, "m1", 12)))
    to_step(game, 2, Phase.SHOOTING, SubPhase.NONE, game_turn=1)
    model = game.state.unit("m1").models[0]
    rules = [r for r in model.rules if isinstance(r, RuleRef)] + shrouded(game, "m1")
    offer = mitigation_options(rules, MitigationContext(), RulesConfig())
    dice = Dice(0, strict=True)
    dice.force(5, 2, 6, 4)
    outcomes = [roll_mitigation(dice, offer, MitigationPolicy(), label=f"Wound {i}") for i in range(1, 5)]
    assert [o.success for o in outcomes] == [True, False, True, False]
    assert sum(not o.success for o in outcomes) == 2
