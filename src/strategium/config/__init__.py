"""The rules configuration: every value HH2's available text leaves unknown or disputed.

- :class:`RulesConfig`: the validated, frozen settings object (groups such as ``config.reserves.target``).
- :func:`load_config`: read partial overrides from a YAML or TOML file.
- :class:`ConfigEntry` / :class:`Confidence`: what ``RulesConfig.describe()`` returns.

See ``docs/rules-configuration.md`` for every setting, its default, source and confidence.
"""

from strategium.config.loading import load_config, parse_overrides
from strategium.config.metadata import Confidence, ConfigEntry
from strategium.config.rules_config import RulesConfig

__all__ = ["Confidence", "ConfigEntry", "RulesConfig", "load_config", "parse_overrides"]
