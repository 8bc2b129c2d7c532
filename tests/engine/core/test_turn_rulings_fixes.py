"""Engine fixes found while playing the turn rulings through `strategium check`: a Fearless granted by an effect
passes Morale checks (RULINGS MIL-03 "from any source"); a Shooting Attack's verdict cites why its shots are Snap
Shots (STU-3) or count as Stationary (REL-1); a choice asked during a Reaction (Stupefied after an Overwatch, STU-13)
makes the interrupted Charge wait for its answer."""

from __future__ import annotations

from strategium.catalogue.citations import Reason
from strategium.catalogue.registry import RuleRef, find_rule
from strategium.engine.assault.charges import DeclareCharge, charge_of
from strategium.engine.core.actions import Choose
from strategium.engine.core.board import Pose
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.morale.leadership import is_fearless
from strategium.engine.shooting.declare import Shoot
from strategium.rules.seed.stupefied import BECOME, become_stupefied
from tests.engine.builders_assault import assault_game, place, squad, to_charge
from tests.engine.builders_combat import BOLTER, HEAVY_BOLTER, battle, to_phase
from tests.engine.builders_combat import place as put
from tests.engine.builders_combat import squad as gun_squad

EC = "Legiones Hereticus (Emperor's Children)"


def test_a_granted_fearless_makes_the_unit_fearless() -> None:
    game = battle([gun_squad("a", 3)], [gun_squad("red", 3)])
    assert not is_fearless(game, "a")
    fearless = find_rule("Fearless")
    assert isinstance(fearless, RuleRef)
    game.add_effect(EffectKind.GRANTS_RULE, "a", Duration.PERMANENT, Reason("test", "granted"), rule=fearless)
    assert is_fearless(game, "a")


def test_the_shooting_verdict_cites_relentless_and_stupefied() -> None:
    shooter = gun_squad("hb", 1, weapons=(HEAVY_BOLTER,), rules=("Relentless",))
    ec = gun_squad("ec", 1, weapons=(BOLTER,), rules=(EC,))
    game = battle([shooter, ec], [gun_squad("red", 5)])
    to_phase(game, Phase.SHOOTING)
    put(game, shooter, 10, 20)
    put(game, ec, 30, 20)
    put(game, game.state.unit("red"), 10, 30)
    game.state.facts.note("hb", Fact.MOVED)
    texts = [r.text[:5] for r in game.check(Shoot(1, "hb", "red")).reasons]
    assert "REL-1" in texts
    become_stupefied(game, "ec")
    assert "STU-3" in [r.text[:5] for r in game.check(Shoot(1, "ec", "red")).reasons]


def test_the_charge_waits_for_a_stupefied_choice_asked_after_an_overwatch() -> None:
    game = assault_game(
        [squad("ec", 1, rules=(EC,))],
        [squad("red", 1, weapons=(BOLTER,))],
        config={"reactions": {"allotment": 1}},
    )
    place(game, "ec", (("ec.1", Pose(20, 20)),))
    place(game, "red", (("red.1", Pose(20, 25)),))
    to_charge(game)
    game.apply(DeclareCharge(1, "ec", ("red",)))
    pending = game.pending
    assert pending is not None and pending.player == 2
    overwatch = next(o for o in pending.options if o.startswith("Overwatch"))
    game.force_dice(1, 1)  # two Snap Shots miss
    events = game.apply(Choose(2, overwatch))
    assert not any(isinstance(e, DiceRolled) and e.roll.reason.startswith("Charge Distance") for e in events)
    pending = game.pending
    assert pending is not None and pending.player == 1 and BECOME in pending.options
    game.force_dice(3, 3)
    events = game.apply(Choose(1, BECOME))
    assert any(isinstance(e, DiceRolled) and e.roll.reason.startswith("Charge Distance") for e in events)
    record = charge_of(game, "ec")
    assert record is not None and [r.text[:6] for r in record.disordered] == ["STU-11"]
