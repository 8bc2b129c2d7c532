"""The Scatter die (Blast, rulebook p.234; Scatter, p.152): recorded, forceable as a Hit or a direction."""

from __future__ import annotations

import pytest

from strategium.dice import SCATTER_HIT_FACES, Dice, DiceError, ScatterFace, ScatterRoll
from strategium.engine.core.record import ForcedDice, entry_from_json, entry_to_json


def test_scatter_die_forced_hit_and_arrow_are_recorded_in_the_log() -> None:
    dice = Dice(3)
    dice.force(ScatterFace.hit(), ScatterFace.arrow(450), 5)
    first, second = dice.scatter("Scatter die", who="gun"), dice.scatter("Scatter die")
    assert first.is_hit and first.forced == (True,) and str(first) == "Scatter die (gun): Scatter [Hit*]"
    assert second.direction == 90.0 and second.as_dict()["scatter"] == 90.0
    assert dice.d6("next").results == (5,)
    assert [r.kind for r in dice.log] == ["Scatter", "Scatter", "D6"]


def test_scatter_die_from_the_generator_shows_hit_on_two_faces_of_six() -> None:
    dice = Dice(7)
    rolls = [dice.scatter("s") for _ in range(600)]
    for roll in rolls:
        assert isinstance(roll, ScatterRoll) and len(roll.results) == 1
        assert roll.is_hit == (roll.results[0] <= SCATTER_HIT_FACES)
        assert roll.direction is None or 0 <= roll.direction < 360
    hits = sum(r.is_hit for r in rolls)
    assert 150 < hits < 250  # about a third
    again = Dice(7)
    assert [again.scatter("s").direction for _ in range(600)] == [r.direction for r in rolls]  # same seed, same dice


def test_scatter_die_mismatched_forced_faces_are_errors() -> None:
    dice = Dice(1)
    dice.force(4)
    with pytest.raises(DiceError):
        dice.scatter("s")
    strict = Dice(1, strict=True)
    with pytest.raises(DiceError):
        strict.scatter("s")
    with pytest.raises(DiceError):
        ScatterFace.arrow(float("nan"))


def test_scatter_faces_survive_rewind_and_the_game_record() -> None:
    dice = Dice(2)
    dice.force(ScatterFace.arrow(45))
    mark = dice.mark()
    assert dice.scatter("s").direction == 45.0
    dice.rewind(mark)
    assert dice.pending_forced == (ScatterFace.arrow(45),)
    entry = ForcedDice((ScatterFace.hit(), 3, ScatterFace.arrow(10)))
    assert entry_from_json(entry_to_json(entry)) == entry
