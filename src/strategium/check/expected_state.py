"""What a scenario's ``expect_state`` compares (docs/scenario-format.md, "expect_state"): the pre-game step, who
must act, each unit's location, transport, Reserves mode, joined unit, model positions (inches, degrees) and
effects, and the turn records, against the game as it stands."""

from __future__ import annotations

from strategium.check.actions import effect_text, turn_state_failures
from strategium.engine.core.board import Location, ReserveMode
from strategium.engine.core.game import Game
from strategium.engine.core.pregame_track import PreGameStep
from strategium.engine.core.timing import Phase
from strategium.scenario.armies import Ids
from strategium.scenario.spec import ExpectStateSpec
from strategium.scenario.values import Scenario

STEP_NAMES: dict[PreGameStep, str] = {
    PreGameStep.DEPLOYMENT_ROLL: "reserves",
    PreGameStep.RESERVES: "reserves",
    PreGameStep.DEPLOY: "deployment",
    PreGameStep.INFILTRATE: "infiltrate",
    PreGameStep.SCOUT: "scout",
    PreGameStep.SEIZE: "seize",
    PreGameStep.DONE: "battle",
}
"""How ``expect_state.step`` names the pre-game steps (``battle``: Game Turn 1 has begun)."""

LOCATION_NAMES: dict[Location, str] = {
    Location.TABLE: "table",
    Location.EMBARKED: "embarked",
    Location.RESERVES: "reserves",
    Location.HELD_FOR_INFILTRATE: "held",
    Location.UNDEPLOYED: "undeployed",
    Location.DESTROYED: "destroyed",
}
"""How scenario files name a unit's location."""

MODES = {"normal": ReserveMode.NORMAL, "flanking_assault": ReserveMode.FLANKING_ASSAULT}
TOLERANCE = 1e-6
"""Inches (and degrees) within which an expected position matches."""


def compare_state(game: Game, ids: Ids, scenario: Scenario | ExpectStateSpec) -> list[str]:
    """Where the game differs from the scenario's ``expect_state`` (or the one given: an action's), one text per
    difference."""
    expect = scenario.expect_state if isinstance(scenario, Scenario) else scenario
    if expect is None:
        return []
    s = game.state
    out: list[str] = []
    if expect.step is not None:
        now = STEP_NAMES[s.pregame.step] if s.clock.phase is Phase.PRE_GAME else "battle"
        if now != expect.step:
            out.append(f"step: expected {expect.step}, is {now}")
    if expect.pending is not None:
        who = game.pending.player if game.pending is not None else None
        if who != expect.pending:
            out.append(f"pending: expected player {expect.pending}, is {who}")
    for ref, want in expect.units.items():
        uid = ids.ref(ref)
        status = s.units[uid]
        player = status.player
        checks = [
            ("location", want.location, LOCATION_NAMES[status.location]),
            ("embarked_in", want.embarked_in and ids.place(player, want.embarked_in), status.embarked_in),
            ("mode", want.mode and MODES[want.mode].value, status.reserve_mode and status.reserve_mode.value),
            ("joined_to", want.joined_to and ids.unit(player, want.joined_to), status.joined_to),
        ]
        out.extend(f"{ref}.{key}: expected {w}, is {h}" for key, w, h in checks if w is not None and w != h)
    for ref, coords in expect.positions.items():
        uid = ids.ref(ref)
        status = s.units[uid]
        models = [m.id for m in s.unit(uid).models]
        if len(coords) != len(models):
            out.append(f"{ref}: {len(coords)} positions expected, the unit has {len(models)} models")
            continue
        for mid, c in zip(models, coords, strict=True):
            pose = status.poses.get(mid)
            if pose is None:
                out.append(f"{ref}: model {mid} is not on the table")
                continue
            got = (pose.x, pose.y, pose.heading)
            if any(abs(a - b) > TOLERANCE for a, b in zip(c, got, strict=False)):
                out.append(f"{ref}: model {mid} expected at {list(c)}, is at {pose}")
    for ref, texts in expect.effects.items():
        uid = ids.ref(ref)
        have = [effect_text(e.kind, e.rule, e.duration) for e in game.effects_on(uid)]
        if list(texts) != have:
            out.append(f"{ref}: effects expected {list(texts)}, are {have}")
    out.extend(turn_state_failures(game, ids, expect))
    return out
