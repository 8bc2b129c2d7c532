"""The heuristic's cheap upper bound of a Shooting Attack's expected value (``expected.shooting_bound``) and the
lazy best-first ranking built on it (``heuristic.best_first``): same order as ranking every exact value."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from strategium.agents import expected
from strategium.agents import options as opt
from strategium.agents.base import play
from strategium.agents.heuristic import HeuristicPlayer, best_first
from strategium.agents.setup import demo_battle
from strategium.combat.saves import armour_save_allowed
from strategium.combat.tables import effective_bs, shooting_hit_target, success_chance, wound_target
from strategium.config import RulesConfig
from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game


class _Auditing(HeuristicPlayer):
    """A heuristic player that, at each Shooting decision, compares the bound with the exact value of every
    possible (shooter, target) pair."""

    pairs: list[tuple[float, float]]
    tighter = 0

    def shoot(self, game: Game) -> Action | None:
        for unit in opt.shooters(game, self.player):
            armoury = expected.guns(game, unit.id)
            for enemy in opt.enemies(game, self.player):
                gap = self._gap(game, unit.id, enemy.id)
                if gap is not None:
                    exact = expected.shooting_value(game, unit.id, enemy.id)
                    loose = expected.shooting_bound(game, armoury, enemy.id, gap)
                    reaches = self._model_gaps(game, unit.id, enemy.id)
                    tight = expected.shooting_bound(game, armoury, enemy.id, gap, reaches)
                    assert tight <= loose
                    self.tighter += tight < loose
                    self.pairs.append((tight, exact))
                    self.pairs.append((loose, exact))
        return super().shoot(game)


def test_bound_never_below_the_exact_value_in_a_demo_battle() -> None:
    game = demo_battle(1)
    players = {1: _Auditing(1), 2: _Auditing(2)}
    found: list[tuple[float, float]] = []
    for p in players.values():
        p.pairs = found
    play(game, players)
    assert sum(p.tighter for p in players.values()) > 20  # each model's own distance narrows the bound
    assert len(found) > 500
    assert sum(1 for _, exact in found if exact > 0) > 100
    assert all(bound >= exact for bound, exact in found)


def test_bound_is_zero_without_weapons() -> None:
    game = demo_battle(0)
    some = next(iter(game.state.units))
    assert expected.shooting_bound(game, (), some, 0.0) == 0.0


@given(
    st.lists(
        st.tuples(st.floats(0, 10), st.floats(0, 1)),
        max_size=12,
    ),
    st.randoms(use_true_random=False),
)
def test_best_first_gives_the_sorted_order(pairs: list[tuple[float, float]], rng: object) -> None:
    # exact values, bounds at or above them (sometimes equal, to exercise ties), ids in any order
    values = {f"u{i}": round(v, 1) for i, (v, _) in enumerate(pairs)}
    bounds = [(values[k] + (0.0 if f < 0.3 else f * 5), k) for k, (_, f) in zip(values, pairs, strict=True)]
    rng.shuffle(bounds)  # type: ignore[attr-defined]
    asked: list[str] = []

    def value(ident: str) -> float:
        asked.append(ident)
        return values[ident]

    expected_order = [k for v, k in sorted((-v, k) for k, v in values.items()) if -v > 0]
    assert list(best_first(bounds, value)) == expected_order
    assert len(asked) == len(set(asked))  # each value computed at most once


def test_best_first_stops_computing_once_the_best_is_certain() -> None:
    asked: list[str] = []
    values = {"a": 5.0, "b": 1.0, "c": 0.5}

    def value(ident: str) -> float:
        asked.append(ident)
        return values[ident]

    ranking = best_first([(6.0, "a"), (4.0, "b"), (1.0, "c")], value)
    assert next(ranking) == "a"
    assert asked == ["a"]  # b's bound (4) cannot beat a's value (5)
    assert list(ranking) == ["b", "c"]


def test_the_kept_hit_chance_is_the_tables() -> None:
    """``_hit_chance`` gives what the combat tables give for every Ballistic Skill, Snap Shots, Primarchs and
    configured Snap Shot BS."""
    for snap_bs in range(1, 11):
        config = RulesConfig.model_validate({"shooting": {"snap_shot_bs": snap_bs}})
        for bs in range(1, 11):
            for snap in (False, True):
                for primarch in (False, True):
                    used, _ = effective_bs(bs, snap_shots=snap, primarch=primarch, config=config)
                    want = float(shooting_hit_target(used).chance)
                    assert expected._hit_chance(bs, snap, primarch, snap_bs) == want


def test_the_kept_wound_and_save_chances_are_the_tables() -> None:
    """``_wound_and_unsaved`` gives the chance to wound and the chance a wound is not saved as the tables give
    them, for every Strength, Toughness, AP, armour save and invulnerable save."""
    for strength in range(1, 11):
        for toughness in range(1, 11):
            for ap in (None, *range(1, 7)):
                for sv in (None, *range(2, 7)):
                    for invulnerable in (None, *range(3, 7)):
                        saves = [x for x in (invulnerable,) if x is not None]
                        if armour_save_allowed(sv, ap):
                            assert sv is not None
                            saves.append(sv)
                        p_save = float(success_chance(min(saves))) if saves else 0.0
                        want = (float(success_chance(wound_target(strength, toughness))), 1 - p_save)
                        assert expected._wound_and_unsaved(strength, toughness, ap, sv, invulnerable) == want
