"""Whole battles: the setup (scenario, armies, players), playing one to the end, replaying a record, victory,
casualties and Monte Carlo runs. ``strategium battle`` and ``strategium replay`` are built on it."""

# The engine's modules import each other; loading them through the game module first keeps that order sound.
import strategium.engine.core.game  # noqa: F401
