"""strategium: a rules engine and battle simulator for Warhammer: The Horus Heresy - Age of Darkness (2022)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("strategium")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
