"""Special rules of the Age of Darkness rulebook (pp.231-249, Reactions p.309) and the seed rules from other books.

Every paraphrase is the project's own summary; for the wording, see the book and page cited. Pages come from
the BattleScribe game system file's ``page`` attributes (BATTLESCRIBE.md §1.3); ``None`` means the data gives
no page and we have not confirmed one.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.definitions import Book, RuleDef, RuleKind, XKind

_RB = Book.RULEBOOK
_N = XKind.NONE
_NUM = XKind.NUMBER
_TGT = XKind.TARGET
_TXT = XKind.TEXT

SEED_RULES: Final[tuple[RuleDef, ...]] = (
    RuleDef(
        "Support Squad",
        _N,
        _RB,
        248,
        "The unit may fill an optional Force Organisation slot but never a compulsory one.",
    ),
    RuleDef(
        "Infiltrate",
        _N,
        _RB,
        242,
        'The unit may hold back and be placed after all others, beyond 9" of the enemy and out of its sight '
        '(or beyond 12" in the open); it then may not Charge on its first turn.',
        aliases=("Infilitrate", "Infiltrator", "Infiltrators"),
    ),
    RuleDef(
        "Scout",
        _N,
        _RB,
        246,
        'After deployment and before the first turn, the unit may redeploy up to 6" (Infantry and the like) '
        'or 12" (other Unit Types), staying beyond 9" of the enemy; no Charge in the first Game Turn.',
        aliases=("Scouts",),
    ),
    RuleDef(
        "Outflank",
        _N,
        _RB,
        244,
        "A unit wholly made of such models may arrive from Reserves by a Flanking Assault (p.311).",
        aliases=("Outflank (Ambiguous Recon Cohorts)",),
    ),
    RuleDef(
        "Legiones Hereticus (Emperor's Children)",
        _N,
        Book.EXEMPLARY_1,
        107,
        "Lords of Profligacy: after being shot, a unit wholly of such models may choose to become Stupefied "
        "(Snap Shots only, no Reactions, +1 Strength, a 6+ roll against unsaved Wounds) until the end of its "
        "next turn.",
        aliases=("Lords of Profligacy", "Stupefied", "Legiones Hereticus"),
    ),
    RuleDef(
        "Hammer of Wrath",
        _NUM,
        _RB,
        239,
        "A model that ends a Charge touching an enemy makes X extra hits that land automatically at its "
        "unmodified Strength and AP -, struck at Initiative step 10.",
        aliases=("Hammer of Wraith",),
    ),
    RuleDef(
        "Militia Cavalry Mount",
        _N,
        Book.LEGACIES_MILITIA,
        37,
        "A mounted model that Runs is Shrouded (5+) until its controller's next turn begins; an Infantry model "
        "buying the mount turns Cavalry and keeps its Sub-types.",
        kind=RuleKind.WARGEAR,
    ),
    RuleDef(
        "Relentless",
        _N,
        _RB,
        245,
        "The model may move and still fire Heavy or Ordnance weapons as though Stationary, and may Charge after "
        "firing Heavy, Ordnance or Rapid Fire weapons.",
    ),
)

CORE_RULES: Final[tuple[RuleDef, ...]] = (
    RuleDef(
        "Adamantium Will",
        _TGT,
        _RB,
        231,
        "An Invulnerable Save of X against Wounds from Force or Psychic Focus weapons and from Perils of the Warp.",
    ),
    RuleDef(
        "Assault Vehicle",
        _N,
        _RB,
        231,
        "Units leaving this Vehicle through its Access Points may still Charge that turn, unless the Vehicle "
        "came in from Reserves this turn.",
        kind=RuleKind.VEHICLE_RULE,
    ),
    RuleDef(
        "Battle-Hardened",
        _NUM,
        _RB,
        233,
        "Raises the model's Toughness by X only when checking whether Strength double its Toughness causes "
        "Instant Death; X is 1 if no value is given.",
        default_x="1",
    ),
    RuleDef(
        "Battlesmith",
        _TGT,
        _RB,
        233,
        "Instead of shooting, the model may try to repair a touching or carrying damaged Vehicle, Dreadnought "
        "or Automata on a D6 roll of X or more.",
    ),
    RuleDef(
        "Bulky",
        _NUM,
        _RB,
        236,
        "The model counts as X models for Transport Capacity and for deciding who outnumbers whom in combat.",
    ),
    RuleDef(
        "Chosen Warriors",
        _N,
        _RB,
        236,
        "The model may issue and accept Challenges as a Character would, without the other Character rules.",
    ),
    RuleDef(
        "Counter-Attack",
        _NUM,
        _RB,
        236,
        "When the unit is Charged, each such model gets X more Attacks (1 if no X), except against a Charge "
        "met with Hold the Line or when already locked in combat.",
        aliases=("Counterattack", "Counter Attack"),
        default_x="1",
    ),
    RuleDef(
        "Crusader",
        _N,
        _RB,
        236,
        "For Sweeping Advances the unit rolls one extra dice and drops the lowest.",
    ),
    RuleDef(
        "Deadly Cargo",
        _N,
        _RB,
        237,
        "Each time this Vehicle loses Hull Points and survives, a D6 roll of 6 makes it suffer an Explodes result.",
        kind=RuleKind.VEHICLE_RULE,
    ),
    RuleDef(
        "Deep Strike",
        _N,
        _RB,
        237,
        "A unit wholly of such models may arrive from Reserves by a Deep Strike Assault (p.310).",
        aliases=("Deepstrike", "Deepstike", "Deep-Strike"),
    ),
    RuleDef(
        "Duellist's Aegis",
        _NUM,
        Book.UNKNOWN,
        None,
        "In a Challenge the model adds X to its Weapon Skill (Emperor's Children data; source page not given).",
    ),
    RuleDef(
        "Eternal Warrior",
        _N,
        _RB,
        237,
        "An unsaved Wound with Instant Death costs this model only one Wound instead of all of them.",
    ),
    RuleDef(
        "Fear",
        _NUM,
        _RB,
        238,
        'Enemy models within 12" take Morale checks, Regroup tests and Pinning tests at X less Leadership; '
        "Fearless models are unaffected.",
    ),
    RuleDef(
        "Fearless",
        _N,
        _RB,
        238,
        "The unit passes Pinning tests, Regroup tests and Morale checks automatically and ignores Fear, but may "
        "not use rules that need it to fail or choose to fail those tests.",
    ),
    RuleDef(
        "Feel No Pain",
        _TGT,
        _RB,
        238,
        "A Damage Mitigation roll of X against each unsaved Wound; never against Instant Death.",
        aliases=("FNP",),
    ),
    RuleDef(
        "Firing Protocols",
        _NUM,
        _RB,
        239,
        "In one Shooting Attack the model may fire up to X different weapons, each once.",
    ),
    RuleDef(
        "Fleet",
        _NUM,
        _RB,
        238,
        "A unit wholly of such models adds X to Run moves, to distances moved in Reactions and to Charge rolls.",
    ),
    RuleDef(
        "Furious Charge",
        _NUM,
        _RB,
        239,
        "In a turn the model Charges it gains +X Strength until the end of the Assault phase; not after a "
        "Disordered Charge.",
    ),
    RuleDef(
        "Hatred",
        _TXT,
        _RB,
        240,
        "In the first round of a combat the model re-rolls failed hits against the named foe (everyone if no "
        "foe is named).",
    ),
    RuleDef(
        "Hit & Run",
        _N,
        _RB,
        240,
        "At the end of an Assault phase a locked unit may pass an Initiative test to break off, moving 2D6 plus "
        "its Movement in inches.",
        aliases=("Hit and Run",),
    ),
    RuleDef(
        "Independent Character",
        _N,
        _RB,
        241,
        "The model may join or leave other units (not Vehicles, Dreadnoughts, Automata or Monstrous units "
        "unless it shares that type) and acts alone otherwise.",
    ),
    RuleDef(
        "It Will Not Die",
        _TGT,
        _RB,
        242,
        "At the end of each of its controller's turns a damaged survivor regains a Wound or Hull Point on a "
        "D6 roll of X or more.",
    ),
    RuleDef(
        "Legiones Astartes",
        _TXT,
        _RB,
        242,
        "Marks a Space Marine Legion unit; the named Legion's own rules come from the Libers.",
    ),
    RuleDef(
        "Monster Hunter",
        _N,
        _RB,
        243,
        "The unit re-rolls failed To Wound rolls against Dreadnoughts, Automata, Primarchs and Monstrous units.",
    ),
    RuleDef(
        "Move Through Cover",
        _N,
        _RB,
        243,
        "A unit wholly of such models is not slowed when moving or charging through Difficult Terrain.",
    ),
    RuleDef(
        "Night Vision",
        _N,
        _RB,
        243,
        "The unit ignores Night Fighting, and its attacks allow no Shrouded rolls.",
    ),
    RuleDef(
        "Pathfinder",
        _N,
        _RB,
        247,
        "The unit passes Dangerous Terrain tests automatically.",
    ),
    RuleDef(
        "Power of the Machine Spirit",
        _N,
        _RB,
        244,
        "The Vehicle may split its ranged weapons between different targets in one Shooting Attack.",
        kind=RuleKind.VEHICLE_RULE,
    ),
    RuleDef(
        "Precision Shots",
        _TGT,
        _RB,
        244,
        "Shooting hit rolls of X or more are Precision Shots: the firer picks which model in range and sight "
        "takes the Wound. Snap Shots never count.",
    ),
    RuleDef(
        "Precision Strikes",
        _TGT,
        _RB,
        245,
        "Melee hit rolls of X or more are Precision Strikes: the attacker chooses which engaged model takes the Wound.",
    ),
    RuleDef(
        "Preferred Enemy",
        _TXT,
        _RB,
        245,
        "Against the named foe (everyone if none) the unit re-rolls To Hit and To Wound rolls of 1.",
    ),
    RuleDef(
        "Rage",
        _NUM,
        _RB,
        245,
        "When it Charges, the model gains X Attacks instead of the usual +1; nothing after a Disordered Charge.",
    ),
    RuleDef(
        "Rampage",
        _NUM,
        _RB,
        245,
        "At the start of each Fight sub-phase, if its side is outnumbered in the combat (Bulky counts), the "
        "model gains X Attacks.",
    ),
    RuleDef(
        "Shrouded",
        _TGT,
        _RB,
        247,
        "A Damage Mitigation roll of X against unsaved Wounds and Glancing or Penetrating Hits, not against "
        "melee attacks; a Shrouded written without X is taken as 6+.",
        default_x="6+",
    ),
    RuleDef(
        "Slow and Purposeful",
        _N,
        _RB,
        247,
        "The unit cannot Run, make Sweeping Advances or make Reactions, but fires Heavy and Ordnance weapons as "
        "if Stationary after moving.",
    ),
    RuleDef(
        "Split Fire",
        _N,
        _RB,
        247,
        "One model of the unit may shoot at a different target from the rest of its unit.",
    ),
    RuleDef(
        "Strafing Run",
        _NUM,
        _RB,
        248,
        "The Vehicle adds X to its Ballistic Skill when shooting at units that are not Flyers.",
        kind=RuleKind.VEHICLE_RULE,
    ),
    RuleDef(
        "Stubborn",
        _N,
        _RB,
        248,
        "The unit ignores negative Leadership modifiers on Morale checks and Pinning tests (Fearless wins if "
        "it has both).",
    ),
    RuleDef(
        "Swarm",
        _N,
        _RB,
        248,
        "Each unsaved Wound a Blast or Template weapon inflicts on the model counts double, unless it has "
        "Instant Death.",
    ),
    RuleDef(
        "Sudden Strike",
        _NUM,
        Book.ASTARTES_BOTH,
        124,
        "In a turn the model Charges it gains +X Initiative until the end of the Assault phase.",
    ),
    RuleDef(
        "Interceptor",
        _N,
        _RB,
        309,
        "Advanced Reaction: when an enemy unit arrives from Reserves in range and sight, the reacting unit may "
        "shoot it; such shooting causes no Morale checks. (Page from the shared rules notes, not confirmed.)",
        kind=RuleKind.REACTION,
    ),
    RuleDef(
        "Night Fighting",
        _N,
        _RB,
        308,
        "Mission rule: a battle may be fought in darkness, hindering shooting at range (rulebook p.308 as cited "
        "by Night Vision; the data gives no page).",
        kind=RuleKind.ARMY_RULE,
    ),
    RuleDef(
        "Explorator Adaptation",
        _N,
        Book.UNKNOWN,
        None,
        "Named in the project brief as a rule the seeds lean on; neither the data nor the shared notes give its "
        "text or page, so it is registered for recognition only.",
    ),
)
