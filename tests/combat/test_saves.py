"""strategium.combat.saves: AP against Armour Saves, Invulnerable and Cover Saves, the one best save."""

from __future__ import annotations

import pytest

from strategium.combat.saves import SaveKind, SaveOption, armour_save_allowed, best_save
from strategium.errors import InputError


@pytest.mark.parametrize(
    ("save", "ap", "allowed"),
    [(3, 5, True), (3, 3, False), (3, 2, False), (2, 2, False), (2, 3, True), (3, None, True), (None, 5, False)],
)
def test_ap_against_armour(save: int | None, ap: int | None, allowed: bool) -> None:
    assert armour_save_allowed(save, ap) is allowed


def test_best_of_armour_invulnerable_cover() -> None:
    choice = best_save(armour=3, invulnerable=4, cover=5, ap=5, ignores_cover=False)
    assert choice.option == SaveOption(SaveKind.ARMOUR, 3)
    assert "the best save available" in choice.reasons[-1].text


def test_ap_denies_armour_so_invulnerable_is_taken() -> None:
    choice = best_save(armour=2, invulnerable=4, cover=None, ap=2, ignores_cover=False)
    assert choice.option == SaveOption(SaveKind.INVULNERABLE, 4)
    assert choice.reasons[0].text == "Armour Save 2+ denied by AP2"


def test_ignores_cover_denies_cover_and_cites_page_242() -> None:
    choice = best_save(armour=None, invulnerable=None, cover=4, ap=None, ignores_cover=True)
    assert choice.option is None
    assert choice.reasons[0].rule == "Ignores Cover"
    assert choice.reasons[0].page == 242
    assert choice.reasons[-1].text == "no save is allowed"


def test_cover_better_than_denied_armour() -> None:
    choice = best_save(armour=3, invulnerable=None, cover=4, ap=3, ignores_cover=False)
    assert choice.option == SaveOption(SaveKind.COVER, 4)


def test_tie_goes_to_armour_and_preference_is_honoured() -> None:
    assert best_save(armour=4, invulnerable=4, cover=4, ap=None, ignores_cover=False).option == SaveOption(
        SaveKind.ARMOUR, 4
    )
    preferred = best_save(
        armour=3, invulnerable=5, cover=None, ap=None, ignores_cover=False, prefer=SaveKind.INVULNERABLE
    )
    assert preferred.option == SaveOption(SaveKind.INVULNERABLE, 5)
    assert "the controller's choice" in preferred.reasons[-1].text


@pytest.mark.parametrize(("armour", "ap"), [(1, None), (7, None), (3, 0), (3, 7)])
def test_bad_values_are_input_errors(armour: int, ap: int | None) -> None:
    with pytest.raises(InputError):
        best_save(armour=armour, invulnerable=None, cover=None, ap=ap, ignores_cover=False)
