"""Tests of strategium.rules.unit (the same layout as the package)."""
