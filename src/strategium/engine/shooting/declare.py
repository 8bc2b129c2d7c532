"""A Shooting Attack declared and resolved: the ``Shoot`` action and the events of the attack (rulebook p.166,
CORE_B §1.1). What applying it does is :mod:`strategium.engine.shooting.attack`; who may shoot,
:mod:`strategium.engine.shooting.blockers`.

- :class:`Shoot`: a unit makes a Shooting Attack against one enemy unit, with the player's optional choices
  (weapons, Damage Mitigation, where Blast markers and templates go).
- :class:`ShootingAttackDeclared`: declared, before any To Hit roll (the window of the shooting Reactions).
- :class:`WeaponFired`: one volley resolved, with every ruling.
- :class:`ShootingAttackResolved`: the attack resolved, with what the tests it causes need (casualties, Pinning,
  Blind, Concussive; rules hook it: STU-1 offers the Stupefied choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from strategium.catalogue.citations import Reason
from strategium.engine.core.actions import Action
from strategium.engine.core.events import Event
from strategium.engine.core.timing import PlayerId
from strategium.engine.shooting.choices import ChosenWeapons


@dataclass(frozen=True)
class Shoot(Action):
    """The unit ``unit_id`` makes a Shooting Attack against the enemy unit ``target_id``. Optional choices
    (:mod:`strategium.engine.shooting.choices`): ``weapons`` (model id, the names of the weapons it fires) per model
    that does not fire as the plan picks; ``mitigation`` the Damage Mitigation roll the target's models take when
    several are offered (``Feel No Pain``, ``Shrouded``, ``Stupefied``, ``none``; None: the best chance).

    ``blast_at``: the target models the Blast markers go over, one per marker in the order they are fired (the last
    is used again; empty: the engine places them); ``template_at``: (firing model id, direction in degrees
    anticlockwise from +x) for each template the player lays (the others the engine lays). Lists are kept as tuples.
    """

    unit_id: str
    target_id: str
    weapons: tuple[tuple[str, tuple[str, ...]], ...] = ()
    mitigation: str | None = None
    blast_at: tuple[str, ...] = ()
    template_at: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:  # a game record's JSON gives lists
        object.__setattr__(self, "weapons", tuple((m, tuple(names)) for m, names in self.weapons))
        object.__setattr__(self, "blast_at", tuple(self.blast_at))
        object.__setattr__(self, "template_at", tuple((str(m), float(d)) for m, d in self.template_at))

    def text(self) -> str:
        chosen = "; ".join(f"{m} fires {', '.join(names)}" for m, names in self.weapons)
        extra = f" ({chosen})" if chosen else ""
        if self.mitigation is not None:
            extra += f" (Damage Mitigation: {self.mitigation})"
        return f"P{self.player} {self.unit_id} shoots {self.target_id}{extra}"

    def chosen_weapons(self) -> ChosenWeapons | None:
        """The weapon choices as the plan's filter (None: none made)."""
        return ChosenWeapons(self.weapons) if self.weapons else None


@dataclass(frozen=True)
class ShootingAttackDeclared(Event):
    """A Shooting Attack has been declared against a unit, before any To Hit roll (the Reaction window)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    target_id: str
    target_name: str
    attack: Shoot | None = None  # the declared action, with its choices (resolved after the Reaction window)

    def text(self) -> str:
        return f"P{self.player} {self.unit_name} declares a Shooting Attack at {self.target_name}"


@dataclass(frozen=True)
class WeaponFired(Event):
    """One volley (one weapon profile) was resolved: ``summary`` in words, ``why`` every ruling."""

    unit_name: str
    weapon: str
    target_name: str
    summary: str
    why: tuple[Reason, ...] = ()

    def text(self) -> str:
        return f"{self.unit_name} fires {self.weapon} at {self.target_name}: {self.summary}"

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.why


@dataclass(frozen=True)
class ShootingAttackResolved(Event):
    """A Shooting Attack has been resolved. ``casualties``: models of the target (and its joined characters)
    removed; ``wounded``: the target suffered at least one Wound, saved or not (Concussive); ``pinning``: the Ld
    modifier of the Pinning test it caused (None: no unsaved Wound from a Pinning weapon); ``blind``: it was hit
    by a Blind weapon; ``concussive``: the largest Concussive (X) among weapons that wounded it; ``morale``:
    whether its casualties count toward Morale checks (Interceptor fire does not); ``others``: the other units a
    Blast marker hit, each with whether a Blind weapon hit it and its largest Concussive (X) (Blind and Concussive
    tests, p.236)."""

    player: PlayerId
    unit_id: str
    unit_name: str
    target_id: str
    target_name: str
    casualties: int = 0
    unsaved_wounds: int = 0
    hull_points_lost: int = 0
    wounded: bool = False
    pinning: int | None = None
    blind: bool = False
    concussive: int | None = None
    morale: bool = True
    others: tuple[tuple[str, bool, int | None], ...] = ()

    def text(self) -> str:
        lost = f", {self.hull_points_lost} Hull Points lost" if self.hull_points_lost else ""
        return (
            f"P{self.player} {self.unit_name}'s Shooting Attack at {self.target_name} is resolved: "
            f"{self.unsaved_wounds} unsaved Wounds, {self.casualties} models removed{lost}"
        )
