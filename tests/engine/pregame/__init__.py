"""Tests of strategium.engine.pregame (the same layout as the package)."""
