"""What a battle is played on: a scenario's table and deployment map, two armies, a game length and two players.

A :class:`BattleSetup` is a small JSON-ready value (it is stored in the game record's ``setup`` field, so a
replay rebuilds exactly the same game). :func:`build_scenario` turns it into a :class:`~strategium.scenario.Scenario`
and :func:`new_game` into a :class:`~strategium.engine.core.game.Game` at the start of its pre-game, with nothing
deployed (:func:`strategium.agents.setup.battle_from_scenario`).

Armies are named as ``strategium battle --army`` takes them: a roster file (``.ros``/``.rosz``), an army file
(``.yaml``/``.yml``), or the name of a bundled demo army (``emperors_children``). When armies are given, the
scenario's table, terrain, Buildings and deployment map are kept and its armies replaced; a Building unit of a
bundled demo army keeps the place the scenario gives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

import strategium.rules  # noqa: F401  (the rule plug-ins: a game needs them)
from strategium.agents.setup import battle_from_scenario
from strategium.army.army import Army, Unit
from strategium.army.library import demo_army_names
from strategium.battle.playable import LEFT_OUT, playable_scenario
from strategium.engine.core.game import Game
from strategium.errors import InputError
from strategium.limits import check_limit, limits
from strategium.scenario import Scenario, Status, demo_scenario_path, load_scenario, parse_scenario_text
from strategium.yaml_lines import is_regular_file, load_yaml, read_yaml_file

DEMO = "demo"
"""The name of the bundled demo scenario in a setup."""

PLAYER_KINDS = ("heuristic", "random")
"""The AI players ``--player`` may name."""

ROSTER_SUFFIXES = (".ros", ".rosz")
ARMY_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class BattleSetup:
    """Where a battle comes from.

    ``scenario``: ``"demo"`` or a scenario file's path (as given on the command line). ``armies``: None to use
    the scenario's own armies, else two army references (player 1's first; see the module docstring).
    ``turns``: the number of Game Turns (None: the rules configuration's ``game.turns``). ``players``: the kind
    of AI player of each side (``heuristic`` or ``random``).
    """

    scenario: str = DEMO
    armies: tuple[str, str] | None = None
    turns: int | None = None
    players: tuple[str, str] = ("heuristic", "heuristic")

    def to_json(self) -> dict[str, Any]:
        """The JSON form stored in a game record's ``setup``."""
        return {
            "scenario": self.scenario,
            "armies": list(self.armies) if self.armies is not None else None,
            "turns": self.turns,
            "players": list(self.players),
        }

    @classmethod
    def from_json(cls, data: Any, file: str = "<record>") -> BattleSetup:
        """Read the form :meth:`to_json` writes. Raises :class:`InputError` naming ``file`` and the field."""
        if not isinstance(data, dict) or not isinstance(data.get("scenario"), str):
            raise InputError("the record has no battle setup (setup.scenario)", file=file, field="setup")
        for key in data:
            if key not in _SETUP_KEYS:
                raise InputError(f"a battle setup has no {str(key)[:40]!r} (its keys: {', '.join(_SETUP_KEYS)})",
                                 file=file, field="setup")  # fmt: skip
        if not _reference(data["scenario"]):
            raise InputError("must be 'demo' or a scenario file's path", file=file, field="setup.scenario")
        armies = data.get("armies")
        if armies is not None and (
            not isinstance(armies, list) or len(armies) != 2 or not all(map(_reference, armies))
        ):
            raise InputError("must be two army references", file=file, field="setup.armies")
        turns = data.get("turns")
        if turns is not None and (isinstance(turns, bool) or not isinstance(turns, int) or turns < 1):
            raise InputError("must be a whole number of Game Turns, at least 1", file=file, field="setup.turns")
        if turns is not None:
            check_limit(turns, "game_turns", what="Game Turns", file=file, field="setup.turns")
        players = data.get("players", ["heuristic", "heuristic"])
        if not isinstance(players, list) or len(players) != 2 or any(p not in PLAYER_KINDS for p in players):
            raise InputError(f"must be two of {', '.join(PLAYER_KINDS)}", file=file, field="setup.players")
        return cls(
            data["scenario"],
            (armies[0], armies[1]) if armies is not None else None,
            turns,
            (players[0], players[1]),
        )


_SETUP_KEYS = ("scenario", "armies", "turns", "players")


def _reference(value: object) -> bool:
    """Whether ``value`` may name a scenario or an army: a non-empty text of printable characters, not too long."""
    return isinstance(value, str) and 0 < len(value) <= limits().string_chars and value.isprintable()


def scenario_path(setup: BattleSetup) -> Path:
    """The scenario file of the setup (the bundled demo for ``"demo"``)."""
    return demo_scenario_path() if setup.scenario == DEMO else Path(setup.scenario)


def army_entry(reference: str) -> dict[str, str]:
    """A scenario ``armies:`` entry for an army reference: ``{"roster": path}``, ``{"army": path}`` or
    ``{"demo": name}``; paths are made absolute. Raises :class:`InputError` when the reference is neither an
    existing file nor a demo army's name."""
    path = Path(reference)
    if is_regular_file(path):
        suffix = path.suffix.lower()
        if suffix in ROSTER_SUFFIXES:
            return {"roster": str(path.resolve())}
        if suffix in ARMY_SUFFIXES:
            return {"army": str(path.resolve())}
        raise InputError("an army must be a roster (.ros, .rosz) or an army file (.yaml)", file=reference)
    if reference in demo_army_names():
        return {"demo": reference}
    known = ", ".join(demo_army_names())
    raise InputError(f"no such file, and no demo army of that name (bundled: {known})", file=reference)


def _read_yaml(path: Path) -> dict[str, Any]:
    """The scenario file's data (read again, under the same limits, after :func:`load_scenario` accepted it)."""
    data, _ = load_yaml(read_yaml_file(path, "scenario file"), path.name)
    return data if isinstance(data, dict) else {}


def build_scenario(setup: BattleSetup) -> Scenario:
    """The scenario of the setup, its armies replaced when ``setup.armies`` names them.

    Units the battle cannot play (no models, or a model with no Toughness or Wounds) are left out of both armies
    and named in the army's notes (:mod:`strategium.battle.playable`).

    Raises :class:`InputError` for a bad scenario or army file, an unknown demo army, an army with no unit (left),
    or an army whose Building unit the scenario does not place.
    """
    path = scenario_path(setup)
    base = load_scenario(path)
    if setup.armies is None:
        base = playable_scenario(base)
        check_armies(base)
        return base
    data = _read_yaml(path)
    kept = {(p.player, p.unit.id): p for p in base.with_status(Status.BUILDING)}
    raw = data.get("armies")
    old: list[Any] = raw if isinstance(raw, list) else []
    armies: list[dict[str, Any]] = []
    for index, reference in enumerate(setup.armies):
        entry: dict[str, Any] = dict(army_entry(reference))
        before = old[index] if index < len(old) and isinstance(old[index], dict) else {}
        if "demo" in entry and before.get("demo") == entry["demo"]:
            positions = before.get("positions") or {}
            entry["positions"] = {k: v for k, v in positions.items() if (index + 1, k) in kept}
        armies.append(entry)
    data["armies"] = armies
    for key in ("start", "actions", "expect_state"):
        data.pop(key, None)
    text = yaml.safe_dump(data, sort_keys=False)
    scenario = playable_scenario(parse_scenario_text(text, file=path.name, folder=path.parent, source=str(path)))
    check_armies(scenario)
    return scenario


def check_armies(scenario: Scenario) -> None:
    """Raises :class:`InputError` when an army has no unit (naming the units left out, if any) or a Building
    unit the scenario does not place."""
    for player, army in enumerate(scenario.armies, start=1):
        if not army.units:
            left = [n[len(LEFT_OUT) :] for n in army.notes if n.startswith(LEFT_OUT)]
            why = f" (left out: {'; '.join(left)})" if left else ""
            raise InputError(f"player {player}'s army has no unit to play{why}", file=army.source or None)
    for p in scenario.placements:
        if _is_building(p.unit) and p.status is not Status.BUILDING:
            raise InputError(
                f"player {p.player}'s {p.unit.name} is a Building: give a scenario (--scenario) that places it",
                file=scenario.file,
            )


def _is_building(unit: Unit) -> bool:
    kind = unit.models[0].profile.unit_type.unit_type if unit.models else None
    return kind is not None and kind.value in ("Building", "Fortification")


def new_game(setup: BattleSetup, seed: int, scenario: Scenario | None = None) -> Game:
    """The setup's game at the start of its pre-game with ``seed`` (``scenario``: the already built one)."""
    return battle_from_scenario(scenario or build_scenario(setup), seed, setup.turns)


def army_label(army: Army) -> str:
    """A short name for an army in headings: its name, and its faction when the name does not say it."""
    if army.faction and army.faction.lower() not in army.name.lower():
        return f"{army.name} ({army.faction})"
    return army.name
