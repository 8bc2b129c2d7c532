"""Actions: small frozen values with a text form (STYLE item 2).

Each action is what one player does at one moment. The engine checks it (``Game.check``) and applies it
(``Game.apply``); an illegal action raises :class:`IllegalActionError` and leaves the state unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass

from strategium.catalogue.citations import Reason
from strategium.engine.core.board import Placement, ReserveMode
from strategium.engine.core.timing import PlayerId
from strategium.errors import StrategiumError


@dataclass(frozen=True)
class Action:
    """Base of all actions; ``player`` is who takes it."""

    player: PlayerId

    def text(self) -> str:
        """A short readable form, e.g. ``P1 end step``."""
        raise NotImplementedError


@dataclass(frozen=True)
class EndStep(Action):
    """The player has nothing more to do in the current step (phase or sub-phase)."""

    def text(self) -> str:
        return f"P{self.player} end step"


@dataclass(frozen=True)
class Choose(Action):
    """Answer the pending decision with one of its options."""

    option: str

    def text(self) -> str:
        return f"P{self.player} choose {self.option}"


class Verdict:
    """Whether an action is legal, and why (each reason cites its rule and page). An immutable value: compared,
    hashed, shown and pickled by ``legal`` and ``reasons`` as the frozen dataclass ``Verdict(legal, reasons=())``.

    ``reasons`` may be given as ``later`` instead, a function of no argument that finds them when first asked (a
    legal Shoot's: the plan's reasons need the sight of models that fire nothing); it must depend on immutable
    values only, and give the same reasons whenever it is called.
    """

    __slots__ = ("_later", "_reasons", "legal")
    __match_args__ = ("legal", "reasons")

    legal: bool
    _reasons: tuple[Reason, ...]
    _later: Callable[[], tuple[Reason, ...]] | None

    def __init__(
        self, legal: bool, reasons: tuple[Reason, ...] = (), later: Callable[[], tuple[Reason, ...]] | None = None
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "legal", legal)
        setattr_(self, "_reasons", reasons)
        setattr_(self, "_later", later)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Why the action is (or is not) legal, each reason citing its rule and page."""
        later = self._later
        if later is not None:
            object.__setattr__(self, "_reasons", later())
            object.__setattr__(self, "_later", None)
        return self._reasons

    def __bool__(self) -> bool:
        return self.legal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.legal, self.reasons) == (other.legal, other.reasons)

    def __hash__(self) -> int:
        return hash((self.legal, self.reasons))

    def __repr__(self) -> str:
        return f"Verdict(legal={self.legal!r}, reasons={self.reasons!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Verdict], tuple[bool, tuple[Reason, ...]]]:
        return (Verdict, (self.legal, self.reasons))


class IllegalActionError(StrategiumError):
    """An action the rules do not allow; carries the verdict with its reasons. The state is unchanged."""

    def __init__(self, action: Action, verdict: Verdict) -> None:
        self.action = action
        self.verdict = verdict
        why = "; ".join(str(r) for r in verdict.reasons) or "not allowed now"
        super().__init__(f"illegal action '{action.text()}': {why}")


def _placement_text(positions: Placement) -> str:
    return ", ".join(f"{model_id}@{pose}" for model_id, pose in positions)


@dataclass(frozen=True)
class DeclareReserves(Action):
    """Place a unit in Reserves before deployment, normally or as part of a Flanking Assault (OUT-1)."""

    unit_id: str
    mode: ReserveMode = ReserveMode.NORMAL

    def text(self) -> str:
        return f"P{self.player} {self.unit_id} to {self.mode.value}"


@dataclass(frozen=True)
class JoinUnit(Action):
    """An Independent Character joins a unit before deployment (rulebook p.241); they deploy together."""

    character_id: str
    unit_id: str

    def text(self) -> str:
        return f"P{self.player} {self.character_id} joins {self.unit_id}"


@dataclass(frozen=True)
class HoldToInfiltrate(Action):
    """Hold a unit back to deploy it by Infiltrate after all other units (INF-1). With ``transport_id`` it will
    infiltrate inside that Dedicated Transport, which is held back with it (INF-6)."""

    unit_id: str
    transport_id: str | None = None

    def text(self) -> str:
        inside = f" in {self.transport_id}" if self.transport_id else ""
        return f"P{self.player} hold {self.unit_id}{inside} to Infiltrate"


@dataclass(frozen=True)
class Deploy(Action):
    """Deploy a unit: its models at ``positions``, or embarked in ``embark_in`` (a Transport unit or a
    Building id), in which case ``positions`` is empty."""

    unit_id: str
    positions: Placement = ()
    embark_in: str | None = None

    def text(self) -> str:
        where = f"embarked in {self.embark_in}" if self.embark_in else _placement_text(self.positions)
        return f"P{self.player} deploy {self.unit_id}: {where}"


@dataclass(frozen=True)
class Infiltrate(Action):
    """Place a held-back unit by Infiltrate (INF-3/INF-5), or inside a Building (INF-4, ``building_id``), or
    inside its Dedicated Transport (INF-6: ``positions`` are then the Transport's)."""

    unit_id: str
    positions: Placement = ()
    building_id: str | None = None

    def text(self) -> str:
        where = f"in {self.building_id}" if self.building_id else _placement_text(self.positions)
        return f"P{self.player} infiltrate {self.unit_id}: {where}"


@dataclass(frozen=True)
class ScoutRedeploy(Action):
    """Redeploy a unit with Scout (SCT-1..3): every model of it (or of the Transport carrying it) to
    ``positions``."""

    unit_id: str
    positions: Placement

    def text(self) -> str:
        return f"P{self.player} Scout {self.unit_id}: {_placement_text(self.positions)}"
