"""Sudden Strike (X) (Liber Astartes/Hereticus p.124): on the turn a model Charges into combat its Initiative is X
higher until the end of the Assault phase (its Initiative step, a Sweeping Advance read at the modified Initiative,
its Consolidation); an X that is a dice roll (D3) is rolled once that turn. Forced dice, exact results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from strategium.catalogue.citations import Reason
from strategium.catalogue.definitions import ImplementationStatus
from strategium.catalogue.registry import get_rule_def
from strategium.catalogue.status_gaps import GAPS
from strategium.engine.assault.charges import ChargeMove, DeclareCharge, charge_of, mark_disordered
from strategium.engine.assault.consolidation import allowance
from strategium.engine.assault.fighter import initiative_now, initiative_step
from strategium.engine.assault.resolution import sweep_initiative
from strategium.engine.core.board import Pose
from strategium.engine.core.events import DiceRolled
from strategium.engine.core.game import Game
from strategium.engine.morale.checks import blind_test
from strategium.model.characteristics import Characteristics
from strategium.model.weapons import WeaponClass
from tests.engine.builders_assault import TOUCH, assault_game, place, squad, to_charge, weapon

SABRE = weapon("charnabal sabre", WeaponClass.MELEE, "User", 4, ("Sudden Strike (2)",))
LEGATE = Characteristics(6, 5, 5, 3, 3, 4, 4, 3, 10, 3)


def charged(rules: Sequence[str] = (), weapons: Sequence[Any] = (), config: Mapping[str, Any] | None = None) -> Game:
    """Unit "a" (one Legate: I4) has made a successful Charge at "b" (one Legionary: I4)."""
    game = assault_game(
        [squad("a", weapons=weapons, chars=LEGATE, rules=rules)], [squad("b", rules=rules)], config=config
    )
    place(game, "a", (("a.1", Pose(20, 20)),))
    place(game, "b", (("b.1", Pose(20, 25)),))
    to_charge(game)
    game.force_dice(3, 3)
    game.apply(DeclareCharge(1, "a", ("b",)))
    game.apply(ChargeMove(1, "a", (("a.1", Pose(20, 25 - TOUCH)),)))
    return game


def model(game: Game, unit_id: str = "a") -> Any:
    return game.state.unit(unit_id).models[0]


def test_sudden_strike_is_implemented_without_a_gap() -> None:
    assert get_rule_def("Sudden Strike").status is ImplementationStatus.IMPLEMENTED
    assert "Sudden Strike" not in GAPS


def test_sudden_strike_d3_is_rolled_once_and_kept_for_the_phase() -> None:
    game = charged(rules=("Sudden Strike (D3)",))
    game.force_dice(3)  # the D3: +3 Initiative
    got, why = initiative_step(game, "a", model(game))
    assert (got, [r.text for r in why]) == (7, ["Sudden Strike (3) on the turn it charged"])
    # read again (another Initiative use, no die forced): the same roll, not a new one
    assert initiative_now(game, "a", model(game))[0] == 7
    assert initiative_step(game, "a", model(game))[0] == 7
    record = charge_of(game, "a")
    assert record is not None and record.rolled_x == {"a.1/model": 3}
    rolls = [e.roll for e in game.state.events if isinstance(e, DiceRolled) and "Sudden Strike" in e.roll.reason]
    assert [(r.total, r.reason) for r in rolls] == [(3, "Sudden Strike (D3) of a (Liber p.124)")]


def test_sudden_strike_d3_of_one_counts_as_one() -> None:
    game = charged(rules=("Sudden Strike (D3)",))
    game.force_dice(1)
    assert initiative_step(game, "a", model(game))[0] == 5


def test_sudden_strike_raises_the_initiative_of_a_sweeping_advance_when_modified() -> None:
    game = charged(rules=("Sudden Strike (2)",), config={"morale": {"sweeping_advance_initiative": "modified"}})
    assert sweep_initiative(game, "a") == 6
    # the charged unit did not charge: no bonus
    assert sweep_initiative(game, "b") == 4


def test_sudden_strike_does_not_change_the_unmodified_sweeping_advance_initiative() -> None:
    game = charged(rules=("Sudden Strike (2)",))
    assert sweep_initiative(game, "a") == 4


def test_sudden_strike_of_the_weapon_raises_the_consolidation_allowance() -> None:
    game = charged(weapons=(SABRE,))
    assert allowance(game, "a", "a", model(game)) == 6.0
    assert allowance(game, "b", "b", model(game, "b")) == 4.0


def test_sudden_strike_after_a_disordered_charge_gives_nothing_to_any_initiative_use() -> None:
    game = charged(rules=("Sudden Strike (2)",), config={"morale": {"sweeping_advance_initiative": "modified"}})
    record = charge_of(game, "a")
    assert record is not None
    mark_disordered(game, record, Reason.of("Grav Wave", "a test's Disordered Charge"))
    assert initiative_now(game, "a", model(game)) == (4, None)
    assert sweep_initiative(game, "a") == 4
    assert allowance(game, "a", "a", model(game)) == 4.0


def test_sudden_strike_initiative_is_at_most_ten() -> None:
    game = charged(rules=("Sudden Strike (8)",))
    assert initiative_now(game, "a", model(game))[0] == 10


def test_sudden_strike_counts_in_a_blind_test_of_the_assault_phase() -> None:
    game = charged(rules=("Sudden Strike (2)",))
    game.force_dice(6, 6)  # a's test at I6 passes on a 6; b's (I4, did not charge) fails
    assert blind_test(game, "a") is True
    assert blind_test(game, "b") is False
