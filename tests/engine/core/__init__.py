"""Tests of strategium.engine.core (the same layout as the package)."""
