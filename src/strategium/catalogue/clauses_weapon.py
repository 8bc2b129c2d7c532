"""Declared clauses of weapon special rules (bearer: the weapon), by canonical rule name.

Each clause is data in the vocabulary of :mod:`strategium.catalogue.declared`, played by
:mod:`strategium.combat.declared`; book, page and paraphrase are the rule's ``RuleDef``. Sources and confidence of
each reading are beside the rule.
"""

from __future__ import annotations

from typing import Final

from strategium.catalogue.declared import Clause

WEAPON_CLAUSES: Final[dict[str, tuple[Clause, ...]]] = {}
"""Rule name → its clauses."""
