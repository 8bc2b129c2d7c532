"""The game engine: one state, explicit decisions, recorded dice, effects with Durations, typed events."""
