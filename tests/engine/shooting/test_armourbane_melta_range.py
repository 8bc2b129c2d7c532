"""Armourbane (Melta) (rulebook p.231) in the Shooting phase: the plan keeps a multi-melta's firers within and beyond
half its range apart (``Volley.half_range``); only the near firer's volley rolls the extra D6 (ARB-7). Forced dice,
exact events."""

from __future__ import annotations

from strategium.dice import ScatterFace
from strategium.engine.core.board import Pose
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot, WeaponFired
from tests.engine.builders_combat import armoured, battle, squad, to_phase, weapon

MULTI_MELTA = weapon("Multi-melta", '24"', "8", "1", "Heavy 1, Armourbane (Melta)")


def _game(near_y: float = 20.0, far_y: float = 8.0) -> Game:
    """Two multi-melta Legionaries south of a Rhino at (30, 30) facing east (its Side Armour 11): one at ``near_y``,
    one at ``far_y``."""
    rhino = armoured("rhino")
    melta = squad("mm", 2, weapons=(MULTI_MELTA,))
    game = battle([melta], [rhino])
    to_phase(game, Phase.SHOOTING)
    game.state.units["rhino"].poses = {"rhino.1": Pose(30, 30, 0.0)}
    game.state.units["mm"].poses = {"mm.1": Pose(30, near_y, 0.0), "mm.2": Pose(31.5, far_y, 0.0)}
    return game


def test_armourbane_melta_the_plan_splits_the_firers_by_half_range() -> None:
    game = _game()
    volleys = plan(game, "mm", "rhino").volleys
    assert [(v.firers, v.half_range) for v in volleys] == [(("mm.1",), True), (("mm.2",), False)]
    together = plan(_game(far_y=19.0), "mm", "rhino").volleys  # both within 12": one volley of two shots
    assert [(v.firers, v.shots, v.half_range) for v in together] == [(("mm.1", "mm.2"), 2, True)]


def test_armourbane_melta_only_the_near_firer_rolls_the_extra_d6() -> None:
    game = _game()
    # near: hit 5 (3+), penetration 2 + S8 + extra D6 2 = 12 against Side 11: Penetrating, damage roll 1 (+1 AP1)
    # far: hit 5, penetration 2 + S8 = 10 against 11: no effect (no extra D6)
    game.force_dice(5, 2, 2, 1, 5, 2)
    events = game.apply(Shoot(1, "mm", "rhino"))
    fired = [e for e in events if isinstance(e, WeaponFired)]
    assert len(fired) == 2
    near, far = fired
    assert "1 Penetrating" in near.summary and "0 Glancing" in near.summary
    assert [r.text for r in near.reasons if r.rule == "Armourbane"] == [
        "ARB-7: at half range or less, an extra D6 is rolled for Armour Penetration: the roll adds 2"
    ]
    assert far.summary.startswith("1 hits, 0 Glancing, 0 Penetrating, 0 Hull Points lost")
    assert not [r for r in far.reasons if r.rule == "Armourbane"]
    extra = [e.roll for e in events if isinstance(e, DiceRolled) and str(e.roll).startswith("Armourbane")]
    assert [r.results for r in extra] == [(2,)]
    assert game.state.units["rhino"].wounds_lost == {"rhino.1": 1}


BLAST_MELTA = weapon("Melta blast", '24"', "8", "1", 'Heavy 1, Blast (3"), Armourbane (Melta)')


def _blast_game() -> Game:
    """A Blast melta Legionary at (30, 20), 12.5" south of the centre of a Rhino at (30, 32.5) facing east."""
    rhino = armoured("rhino")
    gun = squad("gun", 1, weapons=(BLAST_MELTA,))
    game = battle([gun], [rhino])
    to_phase(game, Phase.SHOOTING)
    game.state.units["rhino"].poses = {"rhino.1": Pose(30, 32.5, 0.0)}
    game.state.units["gun"].poses = {"gun.1": Pose(30, 20, 0.0)}
    return game


def test_armourbane_melta_blast_measured_to_the_marker_centre_within_half_range() -> None:
    game = _blast_game()
    assert [v.half_range for v in plan(game, "gun", "rhino").volleys] == [False]  # decided per marker
    # the Scatter die shows Hit: the centre stays on the Rhino, 12.5 - 0.63 = 11.87" from the firer: within 12"
    game.force_dice(ScatterFace.hit(), 3, 1, 1)  # 3 + S8 + extra D6 1 = 12 against 11: Penetrating; damage 1
    events = game.apply(Shoot(1, "gun", "rhino"))
    (fired,) = [e for e in events if isinstance(e, WeaponFired)]
    assert "1 Penetrating" in fired.summary
    assert any("within half range (Armourbane (Melta), p.231)" in r.text for r in fired.reasons)
    assert [r.text for r in fired.reasons if r.rule == "Armourbane"] == [
        "ARB-7: at half range or less, an extra D6 is rolled for Armour Penetration: the roll adds 1"
    ]


def test_armourbane_melta_blast_scattered_beyond_half_range_rolls_as_normal() -> None:
    game = _blast_game()
    game.state.dice._strict = True
    # scatter 2 + 3 - BS 4 = 1" north: the centre 12.87" from the firer, beyond 12"; 2 + S8 = 10: no effect
    game.force_dice(ScatterFace.arrow(90), 2, 3, 2)
    events = game.apply(Shoot(1, "gun", "rhino"))
    (fired,) = [e for e in events if isinstance(e, WeaponFired)]
    assert fired.summary.startswith("1 hits, 0 Glancing, 0 Penetrating")
    assert any("beyond half range (Armourbane (Melta), p.231)" in r.text for r in fired.reasons)
    assert not [r for r in fired.reasons if r.rule == "Armourbane"]
    assert game.state.dice.pending_forced == ()


def test_armourbane_melta_blast_volleys_are_one_per_firer() -> None:
    rhino = armoured("rhino")
    guns = squad("gun", 2, weapons=(BLAST_MELTA,))
    game = battle([guns], [rhino])
    to_phase(game, Phase.SHOOTING)
    game.state.units["rhino"].poses = {"rhino.1": Pose(30, 32.5, 0.0)}
    game.state.units["gun"].poses = {"gun.1": Pose(30, 20, 0.0), "gun.2": Pose(31.5, 20, 0.0)}
    assert [v.firers for v in plan(game, "gun", "rhino").volleys] == [("gun.1",), ("gun.2",)]
