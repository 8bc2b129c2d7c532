"""Scenario files: a table with terrain and Buildings, a deployment map, two armies and where their units are.

- :func:`load_scenario` reads and checks a scenario file (YAML, ``docs/scenario-format.md``) and returns a
  frozen :class:`Scenario` (``battlefield``, ``armies``, ``placements``, ``config``, ``source``).
- :func:`demo_scenario_path` is the bundled demo (both demo armies on a 72" x 48" table).
"""

from strategium.scenario.loading import demo_scenario_path, load_scenario, parse_scenario_text
from strategium.scenario.spec import FORMAT_VERSION
from strategium.scenario.values import Placement, Scenario, Status

__all__ = [
    "FORMAT_VERSION",
    "Placement",
    "Scenario",
    "Status",
    "demo_scenario_path",
    "load_scenario",
    "parse_scenario_text",
]
