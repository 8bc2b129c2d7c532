"""Force Organisation charts and the validation of an ``Army`` against them, with Support Squad (SUP-1).

The charts are those of the HH2 BattleScribe game system (``forceEntries`` of ``2022 - Horus Heresy.gst``;
shared BATTLESCRIBE.md §2.4, CORE_A §1.1):

=================  ==========  ==============  ======  ===========  =============  ===================
chart              HQ          Troops          Elites  Fast Attack  Heavy Support  other
=================  ==========  ==============  ======  ===========  =============  ===================
Crusade            1-3 (1 c.)  2-6 (2 c.)      0-4     0-3          0-3            Fortification 0-1,
                                                                                   Primarch 0-1
Allied             1 (1 c.)    1-4 (1 c.)      0-2     0-1          0-1
Zone Mortalis      1-2 (1 c.)  1-6 (1 c.)      0-4     0-2          0-2            Primarch 0-1
Lord of War        -           -               -       -            -              Lord of War 1
=================  ==========  ==============  ======  ===========  =============  ===================

("c." = compulsory.) Army-wide: one primary detachment (Crusade, or Zone Mortalis in that mode of play), at
most one Allied and one Lord of War detachment, no Allied detachment in Zone Mortalis (the data forbids it).
The Lord of War detachment's "at most 1" comes from CORE_A §1.1; the game system itself only demands at least
one Lord of War in it and caps the number of such detachments, so that maximum is not confirmed.

Counting: a unit fills a choice of its chart unless it is a Dedicated Transport (``dedicated_transport_for``)
or was bought with another unit (``attached_to``: retinues, Tercio sections). Units with slot ``NONE`` fill
nothing.

**SUP-1** (Support Squad, Age of Darkness rulebook p.248): a unit with Support Squad never fills a compulsory
choice. Which units may fill compulsory choices is decided, in order, by (1) ``CompulsoryOverride`` functions
passed to the validator (how a Rite of War or other rule lifts or imposes the restriction), (2) the unit's own
``Unit.compulsory`` (set by the importer from the roster's compulsory marks, or by an army file; False marks
a unit "non-compulsory only"), (3) the default: not if any of its models has Support Squad. When a slot has
enough choices but too few that may be compulsory, each unit that cannot be is named in a problem.

**LOW-POINTS**: Lords of War and Primarchs (units in those slots, or in a Lord of War detachment) are for games
of at least ``army.lords_of_war_min_points`` points (rules configuration, 2,000 by default: an event pack summary
and recollection, CORE_A §1.1, page unknown). The game's size is the list's points limit, or, when the list
states none, the army's points; an army of neither is not judged, nor is any army when the setting is 0.

Pages: the Crusade chart is on p.281 of the rulebook (CORE_A §1.1, confirmed only indirectly); the pages of
the Allied and Lord of War detachments and of the Zone Mortalis chart are not in our sources and are given as
unknown rather than guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from strategium.army.army import Army, ChartKind, Detachment, ForceOrgSlot, Unit
from strategium.catalogue.definitions import Book
from strategium.config import RulesConfig

SUPPORT_SQUAD: Final = "Support Squad"
RULEBOOK: Final = Book.RULEBOOK.value
CRUSADE_CITATION: Final = f"{RULEBOOK} p.281"
SUPPORT_SQUAD_CITATION: Final = f"{RULEBOOK} p.248"
UNKNOWN_PAGE: Final = f"{RULEBOOK} (page unknown)"
ZONE_MORTALIS_CITATION: Final = "Zone Mortalis chart of the BSData HH2 game system (book page unknown)"


@dataclass(frozen=True)
class SlotLimit:
    """How many choices of one slot a chart allows: at least ``minimum``, at most ``maximum`` (None: no
    limit), of which ``compulsory`` must be units that may fill compulsory choices."""

    slot: ForceOrgSlot
    minimum: int
    maximum: int | None
    compulsory: int = 0


@dataclass(frozen=True)
class Chart:
    """A Force Organisation chart: its kind, name, slot limits, and where it is written."""

    kind: ChartKind
    name: str
    limits: tuple[SlotLimit, ...]
    citation: str

    def limit(self, slot: ForceOrgSlot) -> SlotLimit | None:
        """The limit for ``slot``, or None if the chart has no such slot (no choice of it allowed)."""
        return next((lim for lim in self.limits if lim.slot is slot), None)


_S = ForceOrgSlot
CHARTS: Final[dict[ChartKind, Chart]] = {
    ChartKind.CRUSADE: Chart(
        ChartKind.CRUSADE,
        "Crusade Force Organisation Chart",
        (
            SlotLimit(_S.HQ, 1, 3, compulsory=1),
            SlotLimit(_S.TROOPS, 2, 6, compulsory=2),
            SlotLimit(_S.ELITES, 0, 4),
            SlotLimit(_S.FAST_ATTACK, 0, 3),
            SlotLimit(_S.HEAVY_SUPPORT, 0, 3),
            SlotLimit(_S.FORTIFICATION, 0, 1),
            SlotLimit(_S.PRIMARCH, 0, 1),
        ),
        CRUSADE_CITATION,
    ),
    ChartKind.ALLIED: Chart(
        ChartKind.ALLIED,
        "Allied Detachment",
        (
            SlotLimit(_S.HQ, 1, 1, compulsory=1),
            SlotLimit(_S.TROOPS, 1, 4, compulsory=1),
            SlotLimit(_S.ELITES, 0, 2),
            SlotLimit(_S.FAST_ATTACK, 0, 1),
            SlotLimit(_S.HEAVY_SUPPORT, 0, 1),
        ),
        UNKNOWN_PAGE,
    ),
    ChartKind.ZONE_MORTALIS: Chart(
        ChartKind.ZONE_MORTALIS,
        "Mortalis Assault Force Organisation Chart",
        (
            SlotLimit(_S.HQ, 1, 2, compulsory=1),
            SlotLimit(_S.TROOPS, 1, 6, compulsory=1),
            SlotLimit(_S.ELITES, 0, 4),
            SlotLimit(_S.FAST_ATTACK, 0, 2),
            SlotLimit(_S.HEAVY_SUPPORT, 0, 2),
            SlotLimit(_S.PRIMARCH, 0, 1),
        ),
        ZONE_MORTALIS_CITATION,
    ),
    ChartKind.LORD_OF_WAR: Chart(
        ChartKind.LORD_OF_WAR,
        "Lord of War Detachment",
        (SlotLimit(_S.LORD_OF_WAR, 1, 1),),
        UNKNOWN_PAGE,
    ),
}
"""The charts the HH2 game system defines, by kind (``ChartKind.OTHER`` has none and is not checked)."""

PRIMARY_CHARTS: Final = (ChartKind.CRUSADE, ChartKind.ZONE_MORTALIS)


@dataclass(frozen=True)
class ForceOrgProblem:
    """One reason an army breaks the Force Organisation rules.

    ``rule`` is a short code (``FOC-MIN``, ``FOC-MAX``, ``FOC-SLOT``, ``FOC-COMP``, ``SUP-1``, ``DET-PRIMARY``,
    ``DET-COUNT``, ``DET-ALLIED-ZM``), ``page`` the book and page it rests on, ``text`` a one-line paraphrase
    naming the detachment, slot and unit concerned.
    """

    rule: str
    page: str
    text: str
    detachment: str | None = None
    slot: ForceOrgSlot | None = None
    unit: str | None = None


@dataclass(frozen=True)
class ForceOrgVerdict:
    """The result of validating an army: valid when there is no problem."""

    problems: tuple[ForceOrgProblem, ...]

    @property
    def valid(self) -> bool:
        """True if the army breaks no Force Organisation rule checked here."""
        return not self.problems


CompulsoryOverride = Callable[[Unit, Detachment], bool | None]
"""A rule's say on whether a unit may fill compulsory choices: True lifts the restriction (e.g. a Rite of War
that lets a Support Squad unit be compulsory), False imposes it ("non-compulsory only"), None: no opinion."""


def compulsory_override(applies: Callable[[Unit, Detachment], bool], allowed: bool) -> CompulsoryOverride:
    """A ``CompulsoryOverride`` that answers ``allowed`` for the units ``applies`` selects, and no opinion else."""

    def override(unit: Unit, detachment: Detachment) -> bool | None:
        return allowed if applies(unit, detachment) else None

    return override


def has_support_squad(unit: Unit) -> bool:
    """True if the unit or any of its models has the Support Squad special rule."""
    return any(str(r) == SUPPORT_SQUAD for r in unit.rules) or unit.any_model_has(SUPPORT_SQUAD)


def may_fill_compulsory(unit: Unit, detachment: Detachment, overrides: Sequence[CompulsoryOverride] = ()) -> bool:
    """Whether ``unit`` may fill a compulsory choice of ``detachment`` (SUP-1, rulebook p.248): the first
    override with an opinion, else ``unit.compulsory`` when set, else "not if it has Support Squad"."""
    for override in overrides:
        verdict = override(unit, detachment)
        if verdict is not None:
            return verdict
    if unit.compulsory is not None:
        return unit.compulsory
    return not has_support_squad(unit)


def fills_choice(unit: Unit) -> bool:
    """True if the unit takes up a choice of its detachment's chart (see the module docstring)."""
    return unit.dedicated_transport_for is None and unit.attached_to is None and unit.slot is not ForceOrgSlot.NONE


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def validate_detachment(
    detachment: Detachment, overrides: Sequence[CompulsoryOverride] = ()
) -> tuple[ForceOrgProblem, ...]:
    """The problems of one detachment against its chart (none for ``ChartKind.OTHER``, which is not checked)."""
    chart = CHARTS.get(detachment.chart)
    if chart is None:
        return ()
    name = detachment.name
    problems: list[ForceOrgProblem] = []
    choices = [u for u in detachment.units if fills_choice(u)]
    for slot in dict.fromkeys(u.slot for u in choices if u.slot is not ForceOrgSlot.DEDICATED_TRANSPORT):
        if chart.limit(slot) is None:
            for unit in (u for u in choices if u.slot is slot):
                problems.append(
                    ForceOrgProblem(
                        "FOC-SLOT",
                        chart.citation,
                        f"{name}: this chart has no {slot.value} slot, so {unit.name} cannot be taken in it",
                        name,
                        slot,
                        unit.name,
                    )
                )
    for limit in chart.limits:
        in_slot = [u for u in choices if u.slot is limit.slot]
        count = len(in_slot)
        if count < limit.minimum:
            problems.append(
                ForceOrgProblem(
                    "FOC-MIN",
                    chart.citation,
                    f"{name}: at least {_plural(limit.minimum, limit.slot.value + ' choice')} required"
                    f"{f' ({limit.compulsory} compulsory)' if limit.compulsory else ''}; the list has {count}",
                    name,
                    limit.slot,
                )
            )
        if limit.maximum is not None and count > limit.maximum:
            problems.append(
                ForceOrgProblem(
                    "FOC-MAX",
                    chart.citation,
                    f"{name}: at most {_plural(limit.maximum, limit.slot.value + ' choice')} allowed;"
                    f" the list has {count}",
                    name,
                    limit.slot,
                )
            )
        if limit.compulsory:
            problems.extend(_compulsory_problems(detachment, chart, limit, in_slot, overrides))
    return tuple(problems)


def _compulsory_problems(
    detachment: Detachment,
    chart: Chart,
    limit: SlotLimit,
    in_slot: list[Unit],
    overrides: Sequence[CompulsoryOverride],
) -> list[ForceOrgProblem]:
    eligible = [u for u in in_slot if may_fill_compulsory(u, detachment, overrides)]
    if len(eligible) >= limit.compulsory:
        return []
    name = detachment.name
    slot = limit.slot.value
    problems = []
    for unit in (u for u in in_slot if u not in eligible):
        if has_support_squad(unit) and not any(o(unit, detachment) is False for o in overrides):
            problems.append(
                ForceOrgProblem(
                    "SUP-1",
                    SUPPORT_SQUAD_CITATION,
                    f"{name}: {unit.name} has Support Squad and may not fill a compulsory {slot} choice; "
                    f"{len(eligible)} of the {limit.compulsory} compulsory {slot} choices are filled",
                    name,
                    limit.slot,
                    unit.name,
                )
            )
        else:
            problems.append(
                ForceOrgProblem(
                    "FOC-COMP",
                    chart.citation,
                    f"{name}: {unit.name} may only fill a non-compulsory {slot} choice (as the list or a rule marks"
                    f" it); {len(eligible)} of the {limit.compulsory} compulsory {slot} choices are filled",
                    name,
                    limit.slot,
                    unit.name,
                )
            )
    return problems


def validate_army(
    army: Army, overrides: Sequence[CompulsoryOverride] = (), config: RulesConfig | None = None
) -> ForceOrgVerdict:
    """Check every detachment against its chart and the army's set of detachments (see the module docstring).

    ``overrides`` let rules lift or impose the compulsory restriction (SUP-1); ``config`` (default: the project's
    defaults) gives ``army.lords_of_war_min_points`` (LOW-POINTS). Returns a ``ForceOrgVerdict``; never raises for
    an illegal army.
    """
    problems: list[ForceOrgProblem] = []
    kinds = [d.chart for d in army.detachments]
    primaries = [k for k in kinds if k in PRIMARY_CHARTS]
    if len(primaries) != 1:
        found = "none" if not primaries else ", ".join(k.value for k in primaries)
        problems.append(
            ForceOrgProblem(
                "DET-PRIMARY",
                CRUSADE_CITATION,
                f"an army has exactly one primary detachment (a Crusade or a Zone Mortalis chart); found {found}",
            )
        )
    for kind in (ChartKind.ALLIED, ChartKind.LORD_OF_WAR):
        if kinds.count(kind) > 1:
            problems.append(
                ForceOrgProblem(
                    "DET-COUNT",
                    CRUSADE_CITATION,
                    f"an army may include at most one {kind.value} detachment; found {kinds.count(kind)}",
                )
            )
    if ChartKind.ZONE_MORTALIS in kinds and ChartKind.ALLIED in kinds:
        problems.append(
            ForceOrgProblem(
                "DET-ALLIED-ZM",
                ZONE_MORTALIS_CITATION,
                "a Zone Mortalis army may not include an Allied detachment",
            )
        )
    for detachment in army.detachments:
        problems.extend(validate_detachment(detachment, overrides))
    problems.extend(_lords_of_war_points(army, config or RulesConfig()))
    return ForceOrgVerdict(tuple(problems))


_GRAND = (ForceOrgSlot.LORD_OF_WAR, ForceOrgSlot.PRIMARCH)


def _lords_of_war_points(army: Army, config: RulesConfig) -> list[ForceOrgProblem]:
    """LOW-POINTS: one problem per Lord of War or Primarch in a game smaller than the configured minimum."""
    least = config.army.lords_of_war_min_points
    size = army.points_limit if army.points_limit is not None else army.points
    if least <= 0 or size <= 0 or size >= least:
        return []
    problems: list[ForceOrgProblem] = []
    for detachment in army.detachments:
        for unit in detachment.units:
            if unit.slot in _GRAND or detachment.chart is ChartKind.LORD_OF_WAR:
                text = (
                    f"{unit.name}: Lords of War and Primarchs are for games of at least {least} points; this army is "
                    f"{size} points ({config.cite('army.lords_of_war_min_points')})"
                )
                problems.append(ForceOrgProblem("LOW-POINTS", UNKNOWN_PAGE, text, detachment.name, unit.slot, unit.id))
    return problems
