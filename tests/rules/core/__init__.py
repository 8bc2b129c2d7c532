"""Tests of strategium.rules.core (the same layout as the package)."""
