"""Independent Characters joined to a unit (rulebook p.241): they fire in its Shooting Attack, and what their
shooting does to the unit's Charge (Relentless p.245, ``charge.fired_weapon_exemption``); Fearless carried by a
character or by some models (p.238); a mounted Militia character joining Infantry
(``statuses.mounted_ic_may_join_infantry``).

Blue's Tactical Squad ``tac`` (two Legionaries with an Assault bolter) stands at y 20 with the Centurion ``cap``
joined to it; Red's three Legionaries stand 7" north (bases' gap)."""

from __future__ import annotations

from typing import Any

from strategium.army.army import ForceOrgSlot, Model, Unit
from strategium.config import RulesConfig, parse_overrides
from strategium.engine.assault.charges import DeclareCharge
from strategium.engine.core.board import Pose
from strategium.engine.core.game import Game
from strategium.engine.core.timing import Phase
from strategium.engine.core.watchers import Fact
from strategium.engine.morale.leadership import is_fearless, pinning_test
from strategium.engine.shooting.attack import plan
from strategium.engine.shooting.declare import Shoot, WeaponFired
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from strategium.rules.unit.independent_character import join_problem
from tests.engine.builders import line, unit
from tests.engine.builders_assault import MARINE, TOUCH, assault_game, at, place, squad, to_charge, weapon

BOLTER = weapon("bolter", WeaponClass.ASSAULT, "4", 5)
TOUGH = Characteristics(7, 4, 4, 4, 8, 1, 4, 1, 7, 2)  # T8: Strength 4 and 5 cannot wound it


def joined(
    cap_rules: tuple[str, ...] = (),
    cap_gun: str = "volkite",
    kind: WeaponClass = WeaponClass.ASSAULT,
    red: Characteristics = MARINE,
    config: dict[str, Any] | None = None,
) -> Game:
    """``cap`` (an Infantry Independent Character with ``cap_rules`` and one gun) joined to ``tac``, at Blue's
    Shooting phase of Game Turn 1."""
    gun = weapon(cap_gun, kind, "5", 5)
    tac = squad("tac", 2, weapons=(BOLTER,))
    cap = squad("cap", 1, unit_type="Infantry (Character)", rules=("Independent Character", *cap_rules), weapons=(gun,))
    game = assault_game([tac, cap], [squad("red", 3, chars=red)], config=config)
    place(game, "tac", line(tac, 20, 20))
    place(game, "cap", (("cap.1", Pose(23, 20)),))
    place(game, "red", line(game.state.unit("red"), 20, 20 + TOUCH + 7))
    game.state.units["cap"].joined_to = "tac"  # as a JoinUnit before deployment leaves it
    at(game, 1, Phase.SHOOTING)
    return game


def test_joined_independent_character_fires_with_its_unit() -> None:
    """The squad's Shooting Attack fires the character's volkite too: the bolters miss (1, 1); the volkite hits
    (6), wounds (6, S5 against T4) and the Legionary fails its 3+ save (1): one Red model removed."""
    game = joined()
    planned = plan(game, "tac", "red")
    assert [(v.weapon.name, v.firers) for v in planned.volleys] == [
        ("bolter", ("tac.1", "tac.2")),
        ("volkite", ("cap.1",)),
    ]
    assert not game.check(Shoot(1, "cap", "red")).legal  # the character makes no Shooting Attack of its own
    game.force_dice(1, 1, 6, 6, 1)
    events = game.apply(Shoot(1, "tac", "red"))
    fired = [(e.unit_name, e.weapon) for e in events if isinstance(e, WeaponFired)]
    assert fired == [("tac", "bolter"), ("tac", "volkite")]
    assert len(game.state.units["red"].casualties) == 1
    assert game.state.facts.has("tac", Fact.SHOT)


def test_rapid_fire_by_one_model_stops_the_whole_unit_charging() -> None:
    """The character fires a Rapid Fire weapon (two shots at 7": 1, 1 miss; the bolters 1, 1 too): the squad,
    whose own models fired only Assault weapons, may not Charge; the ruling names the character."""
    game = joined(kind=WeaponClass.RAPID_FIRE, red=TOUGH)
    game.force_dice(1, 1, 1, 1)
    game.apply(Shoot(1, "tac", "red"))
    assert game.state.facts.has("cap", Fact.FIRED_RAPID_FIRE) and not game.state.facts.has("tac", Fact.FIRED_RAPID_FIRE)
    to_charge(game)
    refused = game.check(DeclareCharge(1, "tac", ("red",)))
    assert not refused.legal
    assert refused.reasons[0].text == "cap, joined to the unit, fired a Rapid Fire weapon this turn: it may not Charge"
    assert refused.reasons[0].page == 245


def test_rapid_fire_by_a_relentless_character_lets_the_unit_charge_by_default() -> None:
    """``charge.fired_weapon_exemption: firing_models`` (default): only the character fired Rapid Fire and it is
    Relentless, so the squad may Charge, citing the setting; ``whole_unit``: the squad is not all Relentless."""
    for setting, legal in (("firing_models", True), ("whole_unit", False)):
        game = joined(
            ("Relentless",),
            kind=WeaponClass.RAPID_FIRE,
            red=TOUGH,
            config={"charge": {"fired_weapon_exemption": setting}},
        )
        game.force_dice(1, 1, 1, 1)
        game.apply(Shoot(1, "tac", "red"))
        to_charge(game)
        verdict = game.check(DeclareCharge(1, "tac", ("red",)))
        assert verdict.legal is legal, setting
        if legal:
            assert any(r.rule.endswith("charge.fired_weapon_exemption") for r in verdict.reasons)


def test_relentless_character_fires_heavy_at_full_ballistic_skill_after_moving() -> None:
    """REL-1 names Relentless models: the Relentless character joined to a squad that moved fires its Heavy weapon
    as if Stationary (not Snap Shots); without Relentless it fires Snap Shots."""
    for rules, snap in ((("Relentless",), False), ((), True)):
        game = joined(rules, kind=WeaponClass.HEAVY, red=TOUGH)
        for uid in ("tac", "cap"):
            game.state.facts.note(uid, Fact.MOVED)
        [volley] = [v for v in plan(game, "tac", "red").volleys if v.weapon.name == "volkite"]
        assert volley.snap is snap


def _mixed(uid: str, fearless: int, n: int) -> Unit:
    """A squad of ``n`` Legionaries, the first ``fearless`` of them with Fearless."""
    plain = squad(uid, n)
    brave = squad(uid, 1, rules=("Fearless",)).models[0]
    models = tuple(
        Model(m.id, m.name, m.profile, m.weapons, m.wargear, brave.rules if i < fearless else m.rules, m.base_mm)
        for i, m in enumerate(plain.models)
    )
    return Unit(uid, uid, ForceOrgSlot.TROOPS, models)


def test_unit_with_a_fearless_character_joined_is_fearless() -> None:
    """Fearless p.238: "units with one or more models with" it pass Pinning tests and Morale checks, so a Fearless
    character joined to a squad makes it pass (no dice); once it has left, the squad tests (6, 6 fails)."""
    game = joined(("Fearless",))
    rolls = len(game.state.dice.log)
    assert is_fearless(game, "tac") and pinning_test(game, "tac", "test") is True
    assert len(game.state.dice.log) == rolls
    game.state.units["cap"].joined_to = None
    assert not is_fearless(game, "tac")
    game.force_dice(6, 6)
    assert pinning_test(game, "tac", "test") is False


def test_partly_fearless_unit_counts_as_fearless() -> None:
    """One Fearless model of three is enough (p.238); with none the squad is not Fearless."""
    game = assault_game([_mixed("part", 1, 3), _mixed("none", 0, 3)], [squad("red")])
    assert is_fearless(game, "part") and not is_fearless(game, "none")
    rolls = len(game.state.dice.log)
    assert pinning_test(game, "part", "test") is True and len(game.state.dice.log) == rolls


def test_mounted_independent_character_joining_infantry_follows_the_setting() -> None:
    """RULINGS MIL-07 (contested): a Force Commander made Cavalry by a Militia Cavalry Mount may not join an
    Infantry squad by default (the refusal cites ``statuses.mounted_ic_may_join_infantry``); flipped, it may."""
    commander = unit("fc", 1, rules=("Independent Character", "Militia Cavalry Mount"), unit_type="Cavalry (Character)")
    infantry = unit("inf", 5)
    refusal = join_problem(commander, infantry, RulesConfig())
    assert refusal is not None and refusal.rule == "statuses.mounted_ic_may_join_infantry"
    allowed = parse_overrides({"statuses": {"mounted_ic_may_join_infantry": True}})
    assert join_problem(commander, infantry, allowed) is None
    plain = unit("bikes", 1, rules=("Independent Character",), unit_type="Cavalry (Character)")
    assert join_problem(plain, infantry, allowed) is not None  # a Cavalry character without the mount: still not
