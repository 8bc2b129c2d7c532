"""The Reaction framework (CORE_B §4.1-4.2): the Reaction Allotment per phase (base 1, raised by rules, at most 3),
one Reaction per unit per phase, who may not react (each blocker with its cited reason), the offer as a
``BattleChoice`` and declining it.

Shooting phase of player 1 (Blue); each Blue squad ``aN`` stands 20" south of the Red squad ``rN`` it shoots
(bolters, 24": in range both ways). Reactions are offered to player 2 (Red).
"""

from __future__ import annotations

import pytest

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Choose
from strategium.engine.core.board import Location
from strategium.engine.core.decisions import DecisionKind
from strategium.engine.core.effects import Duration, EffectKind
from strategium.engine.core.events import Ruling
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.questions.choices import BattleChoice
from strategium.engine.questions.queries import Query, ask
from strategium.engine.reactions import registry
from strategium.engine.reactions import windows as reactions
from strategium.engine.reactions.registry import ReactionMade, ReactionOption, ReactionWindow, Trigger
from strategium.engine.reactions.windows import reaction_verdict
from strategium.engine.shooting.declare import Shoot, ShootingAttackResolved
from strategium.rules.seed.stupefied import become_stupefied
from tests.engine.builders_combat import battle, place, squad, to_phase


def shooting_game(pairs: int = 2, allotment: int = 1) -> Game:
    """``pairs`` Blue squads a1.. and Red squads r1.., each pair 20" apart, in Blue's Shooting phase."""
    blue = [squad(f"a{i}", 5) for i in range(1, pairs + 1)]
    red = [squad(f"r{i}", 5) for i in range(1, pairs + 1)]
    game = battle(blue, red, overrides={"reactions": {"allotment": allotment}})
    to_phase(game, Phase.SHOOTING)
    for i, (b, r) in enumerate(zip(blue, red, strict=True)):
        place(game, b, 2 + 14 * i, 20)
        place(game, r, 2 + 14 * i, 40)
    return game


def shot_at(n: int) -> Trigger:
    """The window a1.. shooting r1.. opens for player 2."""
    return Trigger(ReactionWindow.SHOOTING_ATTACK_DECLARED, 2, (f"a{n}",), (f"r{n}",))


def evade(game: Game, n: int) -> None:
    """Blue's a``n`` shoots r``n``; Red answers with Evade."""
    game.apply(Shoot(1, f"a{n}", f"r{n}"))
    pending = game.pending
    assert isinstance(pending, BattleChoice) and pending.player == 2 and pending.topic == "Reaction"
    game.apply(Choose(2, f"Evade with r{n} (a{n})"))


def refusals(game: Game, unit_id: str) -> list[str]:
    """The texts of the last 'makes no Reaction' ruling logged for a unit."""
    name = game.state.unit(unit_id).name
    last = [e for e in game.state.events if isinstance(e, Ruling) and e.what == f"{name} makes no Reaction"][-1]
    return [r.text for r in last.why]


def test_the_offer_lists_every_legal_reaction_of_the_targeted_unit_and_decline() -> None:
    game = shooting_game(1)
    events = game.apply(Shoot(1, "a1", "r1"))
    pending = game.pending
    assert isinstance(pending, BattleChoice)
    assert pending.options == ("Return Fire with r1 (a1)", "Evade with r1 (a1)", "decline")
    assert pending.reason is not None and "(0 of 1 left)" not in pending.reason.text
    assert "1 of 1 left" in pending.reason.text
    assert not any(isinstance(e, ShootingAttackResolved) for e in events)  # the attack waits for the answer
    assert not game.check(Shoot(1, "a1", "r1")).legal  # player 1 may not act meanwhile


def test_declining_logs_the_ruling_and_the_attack_goes_on() -> None:
    game = shooting_game(1)
    game.apply(Shoot(1, "a1", "r1"))
    events = game.apply(Choose(2, "decline"))
    assert (
        isinstance(events[0], Ruling)
        and events[0].what == "player 2 makes no Reaction (a Shooting Attack was declared)"
    )
    assert [e.target_id for e in events if isinstance(e, ShootingAttackResolved)] == ["r1"]
    assert not any(isinstance(e, ReactionMade) for e in game.state.events)
    pending = game.pending
    assert pending is not None and pending.kind is DecisionKind.ACT and pending.player == 1


def test_allotment_1_a_second_reaction_in_the_same_phase_is_refused() -> None:
    game = shooting_game(2)
    evade(game, 1)
    made = [e for e in game.state.events if isinstance(e, ReactionMade)]
    assert [(e.player, e.reaction, e.unit_id, e.enemy_id, e.free) for e in made] == [(2, "Evade", "r1", "a1", False)]
    assert game.state.facts.has("r1", Fact.REACTED)
    game.apply(Shoot(1, "a2", "r2"))
    pending = game.pending
    assert pending is not None and not isinstance(pending, BattleChoice) and pending.player == 1  # nothing offered
    assert "the Reaction Allotment of this phase is spent (1 of 1)" in refusals(game, "r2")
    verdict = reaction_verdict(game, shot_at(2), "Evade", "r2", "a2")
    assert not verdict.legal and verdict.reasons[0].text == "the Reaction Allotment of this phase is spent (1 of 1)"
    assert verdict.reasons[1].rule == "reactions.allotment"


def test_the_allotment_is_per_phase_it_is_whole_again_in_the_next_phase() -> None:
    game = shooting_game(1)
    evade(game, 1)
    assert registry.spent(game, 2) == 1
    to_phase(game, Phase.ASSAULT)
    assert registry.spent(game, 2) == 0


def test_a_raised_allotment_allows_three_and_refuses_a_fourth(monkeypatch: pytest.MonkeyPatch) -> None:
    def warlord(game: Game, player: int, phase: Phase) -> list[tuple[int, Reason]]:
        return [(5, Reason("Test Warlord Trait", "+5 Reactions in every phase"))] if player == 2 else []

    monkeypatch.setattr(registry, "_SOURCES", [warlord])
    game = shooting_game(4)
    total, why = registry.allotment(game, 2)
    assert total == 3
    assert [r.rule for r in why] == ["reactions.allotment", "Test Warlord Trait", "reactions.allotment_cap"]
    for n in (1, 2, 3):
        evade(game, n)
    assert registry.spent(game, 2) == 3
    game.apply(Shoot(1, "a4", "r4"))
    assert not isinstance(game.pending, BattleChoice)
    assert "the Reaction Allotment of this phase is spent (3 of 3)" in refusals(game, "r4")


def test_a_free_reaction_spends_nothing_and_may_exceed_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    def scanner(game: Game, unit_id: str, reaction: str) -> Reason | None:
        return Reason("Test augury scanner", "free") if unit_id == "r2" else None

    monkeypatch.setattr(registry, "_FREE", [scanner])
    game = shooting_game(2)
    evade(game, 1)
    evade(game, 2)
    made = [e for e in game.state.events if isinstance(e, ReactionMade)]
    assert [(e.unit_id, e.free) for e in made] == [("r1", False), ("r2", True)]
    assert registry.spent(game, 2) == 1


def test_one_reaction_per_unit_per_phase() -> None:
    game = shooting_game(2, allotment=2)
    evade(game, 1)
    game.apply(Shoot(1, "a2", "r1"))
    assert not isinstance(game.pending, BattleChoice)
    assert refusals(game, "r1") == ["a unit makes at most one Reaction in each phase"]


def blocked(game: Game, unit_id: str) -> list[tuple[str, str, int | None]]:
    answer = ask(game, Query.MAY_REACT, unit_id)
    assert not answer.allowed
    return [(b.id, b.reason.rule, b.reason.page) for b in answer.blocks]


def test_who_may_not_react_each_blocker_cites_its_rule() -> None:
    units = [
        squad("plain"),
        squad("pinned"),
        squad("stupefied", rules=("Legiones Hereticus (Emperor's Children)",)),
        squad("falling"),
        squad("guns", unit_type="Infantry (Artillery)"),
        squad("robots", unit_type="Automata"),
        squad("slow", rules=("Slow and Purposeful",)),
    ]
    game = battle([squad("a1")], units, overrides={"reactions": {"allotment": 1}})
    to_phase(game, Phase.SHOOTING)
    why = Reason("test", "set-up")
    game.add_effect(EffectKind.PINNED, "pinned", Duration.UNTIL_END_OF_CONTROLLERS_NEXT_TURN, why)
    become_stupefied(game, "stupefied")
    game.add_effect(EffectKind.FALLING_BACK, "falling", Duration.PERMANENT, why)
    assert ask(game, Query.MAY_REACT, "plain").allowed
    assert blocked(game, "pinned") == [("pinned", "Pinning", 244)]
    stupefied = ask(game, Query.MAY_REACT, "stupefied").blocks
    assert [(b.id, b.reason.page) for b in stupefied] == [("stupefied", 107)]
    assert stupefied[0].reason.text.startswith("STU-3:")
    assert blocked(game, "falling") == [("falling-back", "Fall Back", None)]
    assert blocked(game, "guns") == [("artillery", "Artillery Sub-type", 197)]
    assert blocked(game, "robots") == [("automata", "Automata Unit Type", 195)]
    assert blocked(game, "slow") == [("slow-and-purposeful", "Slow and Purposeful", 247)]
    verdict = reaction_verdict(
        game, Trigger(ReactionWindow.SHOOTING_ATTACK_DECLARED, 2, ("a1",), ("guns",)), "Evade", "guns", "a1"
    )
    assert not verdict.legal and [r.page for r in verdict.reasons] == [197]


def test_reactions_belong_to_the_reactive_player_in_the_opponents_turn() -> None:
    game = shooting_game(1)
    mine = Trigger(ReactionWindow.SHOOTING_ATTACK_DECLARED, 1, ("r1",), ("a1",))
    verdict = reaction_verdict(game, mine, "Evade", "a1", "r1")
    assert not verdict.legal and verdict.reasons[0].text == "Reactions are made in the opponent's turn"
    wrong_phase = Trigger(ReactionWindow.CHARGE_DECLARED, 2, ("a1",), ("r1",))
    verdict = reaction_verdict(game, wrong_phase, "Hold the Line", "r1", "a1")
    assert not verdict.legal and "Assault phase" in verdict.reasons[0].text


def test_embarked_units_do_not_react_by_default() -> None:
    game = shooting_game(1)
    game.state.units["r1"].location = game.state.units["r1"].location.EMBARKED
    [block] = ask(game, Query.MAY_REACT, "r1").blocks
    assert block.id == "embarked" and block.reason.rule == "transports.embarked_may_react"


def test_unit_type_blocks_follow_the_models_standing() -> None:
    from strategium.engine.questions.queries import Query, ask
    from tests.engine.builders_combat import battle, squad

    game = battle([squad("tac", 2), squad("guns", 2, unit_type="Infantry (Artillery)")], [squad("red", 1)])
    assert ask(game, Query.MAY_REACT, "tac").allowed
    for _ in range(2):  # the second answer comes from the models' memo
        answer = ask(game, Query.MAY_REACT, "guns")
        assert not answer.allowed and [b.id for b in answer.blocks] == ["artillery"]


def test_the_may_react_blockers_keep_their_order() -> None:
    """In a fresh process (a test session imports the modules in another order), as a battle registers them."""
    import subprocess
    import sys

    code = (
        "import strategium.rules\n"
        "from strategium.engine.questions.queries import _BLOCKERS, Query\n"
        "print(' '.join(f.__name__ for f in _BLOCKERS[Query.MAY_REACT]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [
        "_pinned_no_reaction", "_locked_no_reaction", "_not_on_table", "_falling_back", "_unit_types",
        "_no_reactions", "_stu_3_no_reactions",
    ]  # fmt: skip


def brute_options(game: Game, trigger: Trigger) -> list[ReactionOption]:
    """Every (Reaction, unit, enemy) whose full :func:`reaction_verdict` is legal, in the order of ``options``."""
    s = game.state
    units = trigger.targets or tuple(u.id for u in s.units_of(trigger.player, Location.TABLE))
    return [
        ReactionOption(d.name, uid, enemy)
        for d in registry.registered()
        if d.window is trigger.window and d.phase is s.clock.phase
        for uid in units
        for enemy in trigger.enemies
        if reaction_verdict(game, trigger, d.name, uid, enemy)
    ]


@pytest.mark.parametrize(
    ("players", "seed", "free"), [("heuristic", 0, False), ("random", 1, False), ("heuristic", 2, True)]
)
def test_the_options_are_the_legal_verdicts(
    players: str, seed: int, free: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over real battles, each window's options (asked cheapest first, stopping at the allotment) are exactly the
    Reactions the full ruling allows; ``free``: a rule makes the Reactions of the units with an even-length id free."""
    from strategium.battle.run import play_battle
    from strategium.battle.setup import BattleSetup

    if free:

        def scanner(game: Game, unit_id: str, reaction: str) -> Reason | None:
            return Reason("Test augury scanner", "free") if len(unit_id) % 2 == 0 else None

        monkeypatch.setattr(registry, "_FREE", [scanner])
    real = reactions._options
    seen = {"windows": 0, "offered": 0, "spent": 0, "offered spent": 0}

    def checked(window: reactions._Window) -> tuple[ReactionOption, ...]:
        found = real(window)
        assert list(found) == brute_options(window.game, window.trigger)
        seen["windows"] += 1
        seen["offered"] += bool(found)
        spent = window.spent() >= window.total()
        seen["spent"] += spent
        seen["offered spent"] += spent and bool(found)
        return found

    monkeypatch.setattr(reactions, "_options", checked)
    play_battle(BattleSetup(players=(players, players)), seed)
    assert seen["windows"] > seen["offered"] > 0 and seen["spent"] > 0
    assert (seen["offered spent"] > 0) is free
