"""The one place where a registered rule's implementation status is set.

A rule not named here is ``ImplementationStatus.NOT_YET``. When the engine implements a rule (or part of it),
add or change its line here, keyed by canonical name; ``tests/rules/test_status.py`` checks every key is a
registered rule.
"""

from __future__ import annotations

from typing import Final

from strategium.rules.definitions import ImplementationStatus

STATUS: Final[dict[str, ImplementationStatus]] = {
    # Nothing is implemented yet. Example of a future line:
    # "Relentless": ImplementationStatus.IMPLEMENTED,
}
