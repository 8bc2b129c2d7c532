"""How hard the fuzz suite tries: ``STRATEGIUM_FUZZ_PROFILE=ci`` (the default: fixed, derandomized examples, a
bounded number, no shrinking, so that CI's run is quick and the same every time) or ``long`` (many more examples,
random each run, shrunk to a smallest failing input; for long local runs). ``STRATEGIUM_FUZZ_EXAMPLES=N`` sets the
examples per property, ``STRATEGIUM_FUZZ_MUTANTS=N`` the number of seeded mutants per real file,
``STRATEGIUM_FUZZ_SEED=S`` their seed. (``pytest --runxfail tests/fuzz`` shows what the known failures do.)"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILE = os.environ.get("STRATEGIUM_FUZZ_PROFILE", "ci")
if PROFILE not in ("ci", "long"):
    raise ValueError(f"STRATEGIUM_FUZZ_PROFILE must be ci or long, not {PROFILE!r}")
_QUIET_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
EXAMPLES = os.environ.get("STRATEGIUM_FUZZ_EXAMPLES")
settings.register_profile(
    "strategium-fuzz-ci",
    max_examples=int(EXAMPLES or 12),
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=_QUIET_CHECKS,
)
settings.register_profile(
    "strategium-fuzz-long",
    max_examples=int(EXAMPLES or 500),
    deadline=None,
    suppress_health_check=_QUIET_CHECKS,
)
FUZZ = settings(settings.get_profile(f"strategium-fuzz-{PROFILE}"))
"""The hypothesis settings of the fuzz properties (a decorator); the rest of the suite keeps its own."""
MUTANTS = int(os.environ.get("STRATEGIUM_FUZZ_MUTANTS", "6" if PROFILE == "ci" else "200"))
"""Seeded mutants of each real file."""
SEED = int(os.environ.get("STRATEGIUM_FUZZ_SEED", "18"))
"""The seed of the mutants (the same seed gives the same mutants on any machine)."""
