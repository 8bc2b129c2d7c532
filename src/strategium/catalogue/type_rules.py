"""Unit Type and Sub-type markers as the data copies them in as rules ("Infantry Unit Type", "Line Sub-type").

Decision (documented in ``registry``): these are recognised, with canonical names "<Type> Unit Type" and
"<Sub-type> Sub-type", so that roster imports do not report them as unknown. A bare "Infantry" (the game
system's own rule title) is accepted for Unit Types; a bare Sub-type word ("Heavy", "Light", "Fast") is not,
because it would clash with weapon classes. The model's Unit Type itself is read from its Unit Type
characteristic by ``strategium.model.unit_types``.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.definitions import Book, RuleDef, RuleKind, XKind

_RB = Book.RULEBOOK


def _unit_type(name: str, book: Book, page: int | None, paraphrase: str, *extra: str) -> RuleDef:
    aliases = (name, f"{name} Unit-type", f"{name} Type", *extra)
    return RuleDef(f"{name} Unit Type", XKind.NONE, book, page, paraphrase, kind=RuleKind.UNIT_TYPE, aliases=aliases)


def _sub_type(name: str, book: Book, page: int | None, paraphrase: str, *extra: str) -> RuleDef:
    aliases = (f"{name} Unit Sub-type", f"{name} Subtype", *extra)
    return RuleDef(f"{name} Sub-type", XKind.NONE, book, page, paraphrase, kind=RuleKind.SUB_TYPE, aliases=aliases)


UNIT_TYPE_RULES: Final[tuple[RuleDef, ...]] = (
    _unit_type("Infantry", _RB, 195, "Foot troops: the baseline Unit Type that most rules are written for."),
    _unit_type("Cavalry", _RB, 195, "Mounted or fast-moving troops with a longer move.", "Cavalry Sub-type"),
    _unit_type("Dreadnought", _RB, 195, "Armoured walkers fought like models with Wounds but hard to hurt."),
    _unit_type("Automata", _RB, 195, "Robotic war machines with their own limits on Reactions and morale."),
    _unit_type("Primarch", _RB, 196, "The demigod sons of the Emperor; the mightiest single models."),
    _unit_type("Daemon", Book.UNKNOWN, None, "Warp entities; the data gives no page for this Unit Type."),
    _unit_type("Daemon Primarch", Book.EXEMPLARY_1, 102, "A Primarch transformed by the warp."),
    _unit_type("Armiger", Book.LIBER_MECHANICUM, 90, "Small Knight-class walkers."),
    _unit_type("Fortification", Book.LEGACIES_ASTARTES, 103, "Static defences bought as part of an army."),
    _unit_type(
        "Vehicle",
        _RB,
        None,
        "Models with Armour Values and Hull Points instead of Toughness and Wounds (page not in the data).",
    ),
    RuleDef(
        "Knights and Titans",
        XKind.NONE,
        _RB,
        216,
        "Super-heavy walkers: a bundle of rules for measuring, moving and shooting with the largest engines.",
        kind=RuleKind.UNIT_TYPE,
        aliases=("Knight Unit Type", "Titan Unit Type", "Knight Unit-type", "Titan Unit-type"),
    ),
)

SUB_TYPE_RULES: Final[tuple[RuleDef, ...]] = (
    _sub_type("Line", _RB, 196, "Troops that hold ground: they score objectives and fill Troops slots."),
    _sub_type("Heavy", _RB, 197, "Heavily armoured troops with their own movement and morale adjustments."),
    _sub_type("Light", _RB, 197, "Fast, lightly equipped troops that move more freely."),
    _sub_type("Skirmish", Book.LIBER_ASTARTES, 95, "Loose-formation troops with wider coherency."),
    _sub_type("Monstrous", _RB, 197, "Huge creatures or constructs, hard to shift and restricted in what joins them."),
    _sub_type("Artillery", _RB, 197, "Guns with crew, using the artillery rules."),
    _sub_type("Antigrav", _RB, 196, "Models that skim over terrain and other models when moving."),
    _sub_type("Hover", _RB, 219, "Vehicles that can switch between hovering and flying."),
    _sub_type("Reinforced", Book.LIBER_ASTARTES, 95, "Tougher vehicles that shrug off some damage results."),
    _sub_type("Bombard", Book.LIBER_ASTARTES, 95, "Siege vehicles with heavy indirect-fire weapons."),
    _sub_type("Corrupted", Book.LIBER_HERETICUS, 307, "Warp-tainted models with their own morale effects."),
    _sub_type("Corrupted Engine", Book.MARTIAN_CIVIL_WAR, 126, "Dark Mechanicum engines touched by the warp."),
    _sub_type("Cybernetica", Book.LIBER_MECHANICUM, 90, "Automata driven by battle protocols."),
    _sub_type("Paragon", Book.LIBER_MECHANICUM, 91, "Elite Mechanicum champions."),
    _sub_type("Guardian", Book.LIBER_MECHANICUM, 91, "Mechanicum protectors bound to a master."),
    _sub_type("Assassin", Book.LIBER_IMPERIUM, 128, "Officio Assassinorum operatives who work alone."),
    _sub_type("Close-order", Book.LIBER_IMPERIUM, 129, "Massed Auxilia ranks fighting shoulder to shoulder."),
    _sub_type("Automated Artillery", Book.LIBER_IMPERIUM, 128, "Crewless guns that cannot Run or Charge."),
    _sub_type("Anathema", Book.LIBER_IMPERIUM, 129, "Psychic blanks that unsettle those nearby."),
    _sub_type("Bound", Book.OHMN_MAT, 11, "Daemons shackled to a mortal master's service."),
    _sub_type("Gargantuan", Book.OHMN_MAT, 21, "The largest daemonic creatures."),
    _sub_type("Militia", Book.LEGACIES_MILITIA, 5, "Imperialis Militia troops."),
    _sub_type("Third-line", Book.LEGACIES_MILITIA, 5, "The least reliable militia levies."),
    _sub_type("Mechanised", Book.LEGACIES_MILITIA, 5, "Militia riding into battle on vehicles or bikes."),
    _sub_type("Building", Book.LEGACIES_ASTARTES, 103, "A Fortification that units can occupy."),
    _sub_type("Emplacement", Book.LEGACIES_ASTARTES, 103, "A fixed weapon position."),
    _sub_type("Barricade", Book.LEGACIES_ASTARTES, 104, "A defensive wall giving cover."),
    _sub_type("Massive", Book.LEGACIES_ASTARTES, 104, "A very large Fortification."),
    _sub_type("Slow", _RB, 214, "Slow Vehicles move less but shrug off some damage.", "Slow Vehicles"),
    _sub_type("Fast", _RB, 214, "Fast Vehicles move further and still fire.", "Fast Vehicles"),
    _sub_type("Skimmer", _RB, 214, "Vehicles on flying bases, measured from the hull.", "Skimmers"),
)
