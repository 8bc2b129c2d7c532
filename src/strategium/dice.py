"""Dice: one seeded generator per game, with every roll recorded.

All randomness in a battle comes from one :class:`Dice` object (a ``numpy.random.Generator`` on PCG64,
seeded with a non-negative int). Every roll becomes a frozen :class:`Roll` in ``Dice.log``: who rolled,
why, the dice kind, each die, the dice kept and the total. The same seed and the same sequence of calls
give identical logs (see DESIGN.md, principle 3).

Dice kinds are written in the usual notation: ``D6``, ``D3``, ``2D6``, ``3D6kh2`` (roll three D6, keep the
two highest, i.e. drop the lowest: Destroyer armour penetration, Age of Darkness rulebook p.178) and
``2D6kl1`` (keep the lowest; e.g. Slow vehicles roll an extra die and drop the highest, p.214).

Forced dice
    ``force(6, 1)`` queues exact die faces: the next die rolled (of any roll) shows 6, the one after 1.
    Forced faces are used before the generator, one per die, and each die records whether it was forced.
    Forced dice do **not** advance the generator. When the queue is empty the generator is used again;
    with ``strict=True`` an empty queue raises :class:`DiceError` instead, so a rule test fails loudly if
    the code under test rolls more dice than the test scripted. A forced face must be possible on the die
    it lands on (1-3 for a D3), or :class:`DiceError` is raised.

The Scatter die
    :meth:`Dice.scatter` rolls the Scatter die (Blast markers, rulebook p.234; Scatter, p.152): a six-sided die with
    two Hit faces and four arrows (the Games Workshop die; HH2's text of p.152 was not read). It is drawn from the
    generator as a D6 (1-2: Hit) and, for an arrow, a second draw of the arrow's direction in whole degrees (0-359,
    anticlockwise from +x, the convention of model headings). The roll is recorded as a :class:`ScatterRoll` of kind
    ``Scatter`` (``direction`` None for a Hit). It is forced with a :class:`ScatterFace` in the same queue as the
    other dice (``force(ScatterFace.hit(), 4, 3)``: a Hit, then 4 and 3 for the next dice); a D6 face where the
    Scatter die is rolled, or a Scatter face where a D6 or D3 is rolled, raises :class:`DiceError`.

Snapshots
    ``state()`` returns a frozen :class:`DiceState` (generator state, forced queue, log); ``restore(state)``
    puts it back (undo) and ``from_state(state)`` / ``copy()`` build an independent copy (look-ahead).
"""

from __future__ import annotations

import copy as _copy
import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from strategium.errors import StrategiumError

Keep = Literal["all", "highest", "lowest"]

_SIDES = (3, 6)


@dataclass(frozen=True)
class ScatterFace:
    """A face of the Scatter die to force: ``direction`` None is a Hit, else the arrow's direction in degrees
    (anticlockwise from +x; any number, taken modulo 360)."""

    direction: float | None = None

    @classmethod
    def hit(cls) -> ScatterFace:
        """The Hit face."""
        return cls(None)

    @classmethod
    def arrow(cls, direction: float) -> ScatterFace:
        """An arrow pointing ``direction`` degrees. Raises :class:`DiceError` for a value that is not a number."""
        if isinstance(direction, bool) or not isinstance(direction, int | float) or not math.isfinite(direction):
            raise DiceError(f"a Scatter direction must be a number of degrees, not {direction!r}")
        return cls(float(direction) % 360.0)

    @property
    def is_hit(self) -> bool:
        """True for the Hit face."""
        return self.direction is None

    def __str__(self) -> str:
        return "Hit" if self.direction is None else f"arrow {self.direction:g}°"


Forced = int | ScatterFace
"""A forced die: a face (1-6) of the next D6 or D3, or a face of the next Scatter die."""

SCATTER_HIT_FACES = 2
"""Faces of the six-sided Scatter die that show Hit (the Games Workshop die: two Hits, four arrows)."""


class DiceError(StrategiumError):
    """A bad dice request: impossible forced face, strict queue exhausted, bad count or keep, bad seed."""


@dataclass(frozen=True)
class Roll:
    """One recorded roll.

    ``results`` are every die in the order rolled; ``kept`` the dice that count, in roll order (all of them
    unless the roll keeps only the highest or lowest); ``total`` the sum of ``kept``. ``forced`` has one flag
    per die, true where the face came from the forced queue. ``seq`` is the roll's index in its log.
    """

    seq: int
    who: str | None
    reason: str
    kind: str
    sides: int
    results: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    forced: tuple[bool, ...]

    @property
    def is_forced(self) -> bool:
        """True if any die of this roll was forced."""
        return any(self.forced)

    @property
    def dropped(self) -> tuple[int, ...]:
        """The dice that do not count (empty unless the roll keeps only the highest or lowest)."""
        remaining = list(self.results)
        for value in self.kept:
            remaining.remove(value)
        return tuple(remaining)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the record (for game records and ``--json`` output)."""
        return {
            "seq": self.seq,
            "who": self.who,
            "reason": self.reason,
            "kind": self.kind,
            "results": list(self.results),
            "kept": list(self.kept),
            "total": self.total,
            "forced": list(self.forced),
        }

    def __str__(self) -> str:
        pairs = zip(self.results, self.forced, strict=True)
        faces = ", ".join(f"{value}*" if flag else str(value) for value, flag in pairs)
        who = f" ({self.who})" if self.who is not None else ""
        return f"{self.reason}{who}: {self.kind} [{faces}] = {self.total}"


@dataclass(frozen=True)
class ScatterRoll(Roll):
    """A roll of the Scatter die: ``direction`` None for a Hit, else the arrow's direction (degrees anticlockwise
    from +x). ``results`` holds the D6 face drawn (1-2 Hit), empty when forced; ``total`` is 0."""

    direction: float | None

    @property
    def is_hit(self) -> bool:
        """True if the die shows Hit."""
        return self.direction is None

    def as_dict(self) -> dict[str, Any]:
        out = super().as_dict()
        out["scatter"] = "hit" if self.direction is None else self.direction
        return out

    def __str__(self) -> str:
        who = f" ({self.who})" if self.who is not None else ""
        face = "Hit" if self.direction is None else f"arrow {self.direction:g}°"
        return f"{self.reason}{who}: Scatter [{face}{'*' if self.is_forced else ''}]"


@dataclass(frozen=True)
class RollOff:
    """The outcome of a roll-off: each player rolls a D6, the higher wins, ties are rolled again.

    ``rounds`` holds one ``(first player's roll, second player's roll)`` pair per round, ties included.
    """

    winner: str
    loser: str
    rounds: tuple[tuple[Roll, Roll], ...]


@dataclass(frozen=True)
class DiceState:
    """A snapshot of a :class:`Dice`: enough to restore it exactly (generator, forced queue, log)."""

    seed: int
    strict: bool
    generator: dict[str, Any] = field(hash=False)
    forced: tuple[Forced, ...]
    log: tuple[Roll, ...]


@dataclass(frozen=True)
class DiceMark:
    """A cheap mark of a :class:`Dice` to go back to (:meth:`Dice.rewind`): the generator's state (filled in when
    the generator is next used or replaced; empty while it has not been), the forced queue, and the roll log as the
    list it was with its length then (a log list only ever grows: what it held at the mark is its first ``length``
    entries)."""

    seed: int
    strict: bool
    generator: dict[str, Any] = field(hash=False)
    forced: tuple[Forced, ...]
    log: list[Roll] = field(hash=False, compare=False, repr=False)
    length: int


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DiceError(f"dice seed must be a non-negative whole number, not {seed!r}")
    return seed


_ONE_BY_ONE = 2
"""Rolls of at most this many dice draw them one at a time from the generator: ``integers(low, high)`` (no size) and
``integers(low, high, size=n)`` fill their dice by the same routine of numpy's (one 32-bit Lemire draw per die, from
the generator's own 32-bit buffer; the fill keeps nothing between dice), so n single draws give the n values of one
draw of size n and leave the generator in the same state (``tests/test_dice_draws.py`` checks it); a single draw
skips the array (and its ``numpy.prod`` of the size), about a third of the cost for one die."""

_MAX_WAITING = 64
"""At most this many marks wait for the generator's state (:meth:`Dice.mark`); then they get it at once."""


class Dice:
    """The game's dice: a seeded PCG64 generator, a queue of forced faces, and the roll log.

    ``Dice(seed)`` falls back to the generator when no forced face is queued; ``Dice(seed, strict=True)``
    raises :class:`DiceError` instead. Raises :class:`DiceError` for a negative or non-int seed.
    """

    def __init__(self, seed: int, *, strict: bool = False) -> None:
        self._seed = _check_seed(seed)
        self._strict = strict
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self._forced: deque[Forced] = deque()
        self._log: list[Roll] = []
        self._waiting: list[dict[str, Any]] = []  # the generator states of marks not yet taken (see mark())

    # -- configuration -------------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        """The seed the generator started from."""
        return self._seed

    @property
    def strict(self) -> bool:
        """True if running out of forced faces raises instead of using the generator."""
        return self._strict

    def force(self, *faces: Forced) -> None:
        """Queue exact die faces (each 1-6, or a :class:`ScatterFace` for a Scatter die) for the next dice rolled,
        in order. Raises :class:`DiceError`."""
        for face in faces:
            if isinstance(face, ScatterFace):
                continue
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise DiceError(f"a forced die face must be a whole number from 1 to 6, not {face!r}")
        self._forced.extend(faces)

    @property
    def pending_forced(self) -> tuple[Forced, ...]:
        """Forced faces queued but not yet used."""
        return tuple(self._forced)

    def clear_forced(self) -> None:
        """Drop every queued forced face."""
        self._forced.clear()

    @property
    def log(self) -> tuple[Roll, ...]:
        """Every roll made so far, oldest first."""
        return tuple(self._log)

    # -- rolling -------------------------------------------------------------------------------------

    def roll(
        self,
        count: int = 1,
        sides: int = 6,
        *,
        reason: str,
        who: str | None = None,
        keep: Keep = "all",
        keep_count: int | None = None,
    ) -> Roll:
        """Roll ``count`` dice of ``sides`` (3 or 6) and record it.

        ``keep="highest"``/``"lowest"`` with ``keep_count`` keeps only that many dice (e.g. 3D6, keep the
        2 highest). Ties between equal faces make no difference to the kept values. Raises
        :class:`DiceError` on a bad count, side count or keep request, an impossible forced face, or an
        empty forced queue in strict mode.
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise DiceError(f"dice count must be at least 1, not {count!r}")
        if sides not in _SIDES:
            raise DiceError(f"only D3 and D6 are rolled, not D{sides}")
        if keep == "all":
            if keep_count is not None:
                raise DiceError("keep_count needs keep='highest' or keep='lowest'")
            kind = f"D{sides}" if count == 1 else f"{count}D{sides}"
            kept_n = count
        else:
            if keep_count is None or not 1 <= keep_count <= count:
                raise DiceError(f"keep_count must be from 1 to {count}, not {keep_count!r}")
            kind = f"{count}D{sides}{'kh' if keep == 'highest' else 'kl'}{keep_count}"
            kept_n = keep_count
        results, forced = self._draw(count, sides)
        if keep == "all":
            kept = results
        else:
            order = sorted(range(count), key=lambda i: (-results[i] if keep == "highest" else results[i], i))
            kept = tuple(results[i] for i in sorted(order[:kept_n]))
        # the frozen Roll's fields filled at once (its constructor sets them one by one; a roll is made per die group)
        record = object.__new__(Roll)
        record.__dict__.update(
            seq=len(self._log),
            who=who,
            reason=reason,
            kind=kind,
            sides=sides,
            results=results,
            kept=kept,
            total=sum(kept),
            forced=forced,
        )
        self._log.append(record)
        return record

    def d6(self, reason: str, *, who: str | None = None) -> Roll:
        """Roll one D6."""
        return self.roll(1, 6, reason=reason, who=who)

    def d3(self, reason: str, *, who: str | None = None) -> Roll:
        """Roll one D3 (results 1-3; the game's D6 halved, rounded up)."""
        return self.roll(1, 3, reason=reason, who=who)

    def nd6(self, count: int, reason: str, *, who: str | None = None) -> Roll:
        """Roll ``count`` D6 and sum them (2D6 for Leadership tests, 3D6 for Cavalry Fall Back, ...)."""
        return self.roll(count, 6, reason=reason, who=who)

    def two_d6(self, reason: str, *, who: str | None = None) -> Roll:
        """Roll 2D6 and sum them."""
        return self.roll(2, 6, reason=reason, who=who)

    def scatter(self, reason: str, *, who: str | None = None) -> ScatterRoll:
        """Roll the Scatter die (see the module docstring) and record it. Raises :class:`DiceError` when the next
        forced die is a D6 face, or in strict mode with no forced die left."""
        forced = False
        face: tuple[int, ...] = ()
        direction: float | None
        if self._forced:
            head = self._forced[0]
            if not isinstance(head, ScatterFace):
                raise DiceError(f"forced face {head} is a D6's, but the Scatter die is rolled")
            self._forced.popleft()
            direction, forced = head.direction, True
        elif self._strict:
            raise DiceError("no forced die face left (strict dice)")
        else:
            self._capture()
            drawn = int(self._rng.integers(1, 7))
            face = (drawn,)
            direction = None if drawn <= SCATTER_HIT_FACES else float(self._rng.integers(0, 360))
        record = ScatterRoll(
            seq=len(self._log),
            who=who,
            reason=reason,
            kind="Scatter",
            sides=6,
            results=face,
            kept=face,
            total=0,
            forced=(forced,),
            direction=direction,
        )
        self._log.append(record)
        return record

    def roll_off(self, first: str, second: str, reason: str) -> RollOff:
        """Both players roll a D6; the higher wins; ties are rolled again until one is higher.

        Each die is recorded with the player as ``who`` and ``reason`` followed by ``": roll-off"``.
        """
        if first == second:
            raise DiceError(f"a roll-off needs two different players, not {first!r} twice")
        rounds: list[tuple[Roll, Roll]] = []
        label = f"{reason}: roll-off"
        while True:
            a = self.d6(label, who=first)
            b = self.d6(label, who=second)
            rounds.append((a, b))
            if a.total != b.total:
                winner, loser = (first, second) if a.total > b.total else (second, first)
                return RollOff(winner=winner, loser=loser, rounds=tuple(rounds))

    def _draw(self, count: int, sides: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        if not self._forced and not self._strict:  # every die from the generator (the same draw as below)
            self._capture()
            if count <= _ONE_BY_ONE:  # the same values, drawn without building an array (see _ONE_BY_ONE)
                integers = self._rng.integers
                return tuple(int(integers(1, sides + 1)) for _ in range(count)), (False,) * count
            return tuple(self._rng.integers(1, sides + 1, size=count).tolist()), (False,) * count
        values: list[int | None] = []
        for _ in range(count):
            if self._forced:
                face = self._forced[0]
                if isinstance(face, ScatterFace):
                    raise DiceError(f"a Scatter die face ({face}) is forced, but a D{sides} is rolled")
                if face > sides:
                    raise DiceError(f"forced face {face} cannot be rolled on a D{sides}")
                values.append(face)
                self._forced.popleft()
            elif self._strict:
                raise DiceError("no forced die face left (strict dice)")
            else:
                values.append(None)
        missing = sum(1 for v in values if v is None)
        if missing:
            self._capture()
        drawn = iter(int(x) for x in self._rng.integers(1, sides + 1, size=missing)) if missing else iter(())
        results = tuple(v if v is not None else next(drawn) for v in values)
        forced = tuple(v is not None for v in values)
        return results, forced

    # -- snapshots -----------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Two ``Dice`` are equal when they would roll the same from here and have the same log."""
        return isinstance(other, Dice) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def state(self) -> DiceState:
        """A frozen snapshot of the generator, the forced queue and the log."""
        return DiceState(
            seed=self._seed,
            strict=self._strict,
            generator=dict(self._rng.bit_generator.state),  # the getter builds new dicts: nothing to deep-copy
            forced=tuple(self._forced),
            log=tuple(self._log),
        )

    def restore(self, state: DiceState) -> None:
        """Put this object back exactly as it was when ``state`` was taken (undo)."""
        self._capture()
        self._seed = _check_seed(state.seed)
        self._strict = state.strict
        bit_generator = np.random.PCG64(0)  # seeded: no draw on the operating system's entropy (then overwritten)
        bit_generator.state = _copy.deepcopy(state.generator)  # type: ignore[assignment]
        self._rng = np.random.Generator(bit_generator)
        self._forced = deque(state.forced)
        self._log = list(state.log)

    def mark(self) -> DiceMark:
        """A mark to :meth:`rewind` to (an undo within one action): like :meth:`state`, without copying the log.

        The generator's state is taken only when the generator is next used or replaced (:meth:`_capture`): most
        marks are never rewound, and a mark with no draw since has nothing of the generator to put back."""
        generator: dict[str, Any] = {}
        self._waiting.append(generator)
        if len(self._waiting) > _MAX_WAITING:
            self._capture()
        return DiceMark(
            seed=self._seed,
            strict=self._strict,
            generator=generator,
            forced=tuple(self._forced),
            log=self._log,
            length=len(self._log),
        )

    def _capture(self) -> None:
        """The generator is about to draw or be replaced: the marks taken since it last did get its state now (the
        state it had when they were taken)."""
        waiting = self._waiting
        if waiting:
            state = self._rng.bit_generator.state
            for generator in waiting:
                generator.update(state)
            waiting.clear()

    def rewind(self, mark: DiceMark) -> None:
        """Put this object back exactly as it was when ``mark`` was taken (as :meth:`restore` of the state then)."""
        self._seed = _check_seed(mark.seed)
        self._strict = mark.strict
        if mark.generator:  # the generator drew (or was replaced) since the mark
            self._capture()
            bit_generator = np.random.PCG64(0)
            bit_generator.state = _copy.deepcopy(mark.generator)  # type: ignore[assignment]
            self._rng = np.random.Generator(bit_generator)
        # else it stands where it stood at the mark (which still waits for its state: it may be rewound to again)
        self._forced = deque(mark.forced)
        if self._log is mark.log:
            del self._log[mark.length :]
        else:  # the log was replaced since (restore): the marked list still starts with the log as it was
            self._log = mark.log[: mark.length]

    @classmethod
    def from_state(cls, state: DiceState) -> Dice:
        """A new, independent :class:`Dice` in the state ``state`` describes."""
        dice = cls(state.seed, strict=state.strict)
        dice.restore(state)
        return dice

    def copy(self) -> Dice:
        """An independent copy (for look-ahead): rolling on it leaves this object unchanged.

        The generator's state is copied onto a fresh generator (no seeding from the operating system's entropy,
        no deep copy of a snapshot): the copy rolls exactly what :meth:`from_state` of :meth:`state` would."""
        dice = Dice.__new__(Dice)
        dice._seed = self._seed
        dice._strict = self._strict
        bit_generator = np.random.PCG64(0)
        bit_generator.state = self._rng.bit_generator.state  # type: ignore[assignment]
        dice._rng = np.random.Generator(bit_generator)
        dice._forced = deque(self._forced)
        dice._log = list(self._log)
        dice._waiting = []
        return dice
