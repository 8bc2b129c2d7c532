"""The heuristic's target views kept across decisions (``expected.target_view``) and the Characteristics now
(``profiles_now.current``, fast when no modifier source is active): each the same as worked out afresh, at every
decision of demo battles."""

from __future__ import annotations

from strategium.agents import expected
from strategium.agents import options as opt
from strategium.agents.base import play
from strategium.agents.heuristic import HeuristicPlayer
from strategium.agents.setup import demo_battle
from strategium.engine.assault.melee_vehicles import armour_map
from strategium.engine.attacks import damage
from strategium.engine.core.actions import Action
from strategium.engine.core.game import Game
from strategium.engine.questions.profiles_now import apply_modifiers, current, modifiers
from strategium.model.characteristics import Characteristics


def _fresh_view(game: Game, target_id: str) -> expected.TargetView | None:
    """The target view as it was worked out before it was kept (at each decision, from the state alone)."""
    s = game.state
    living = damage.living(game, target_id)
    if not living:
        return None
    total_models = sum(len(s.unit(uid).models) for uid in damage.members(game, target_id))
    per_model = (s.unit(target_id).points or 10 * total_models) / max(total_models, 1)
    uid, model = living[0]
    if damage.is_vehicle_target(game, target_id):
        hp: int = getattr(model.profile.characteristics, "hp", None) or 1
        return expected.TargetView(
            living[0],
            len(living),
            per_model,
            True,
            armour=min(armour_map(model).values(), default=10),
            left=max(1, hp - s.units[uid].wounds_lost.get(model.id, 0)),
        )
    base = model.profile.characteristics
    now = apply_modifiers(base, modifiers(game, uid, model)) if isinstance(base, Characteristics) else None
    chars = now if isinstance(now, Characteristics) else model.profile.characteristics
    return expected.TargetView(
        living[0],
        len(living),
        per_model,
        False,
        toughness=getattr(chars, "t", None) or 4,
        wounds=getattr(chars, "w", None) or 1,
        sv=getattr(chars, "sv", None),
        invulnerable=model.profile.invulnerable_save,
    )


class _Auditing(HeuristicPlayer):
    """A heuristic player that, before each of its decisions, compares every enemy's kept view with a fresh one
    and every model's Characteristics now with the modifiers applied to its profile."""

    views = 0
    profiles = 0

    def decide(self, game: Game) -> Action:
        s = game.state
        for enemy in opt.enemies(game, self.player):
            assert expected.target_view(game, enemy.id) == _fresh_view(game, enemy.id)
            assert expected.target_view(game, enemy.id) == _fresh_view(game, enemy.id)  # found again
            type(self).views += 1
        for uid, status in s.units.items():
            for model in s.unit(uid).models:
                if model.id in status.poses:
                    base = model.profile.characteristics
                    now = current(game, uid, model)
                    if isinstance(base, Characteristics):
                        assert now == apply_modifiers(base, modifiers(game, uid, model))
                        type(self).profiles += 1
        return super().decide(game)


def test_kept_views_and_profiles_are_the_fresh_ones_in_demo_battles() -> None:
    for seed in (0, 1):
        game = demo_battle(seed)
        play(game, {1: _Auditing(1), 2: _Auditing(2)})
    assert _Auditing.views > 500
    assert _Auditing.profiles > 5000
