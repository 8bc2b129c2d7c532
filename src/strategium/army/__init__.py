"""Armies: units, models, detachments, Force Organisation; importers (BattleScribe rosters, demo library)."""
