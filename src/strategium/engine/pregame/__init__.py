"""The pre-game: the sequence of steps before the first turn (deployment, the Infiltrate and Scout steps,
the first turn's roll-off) and deployment itself."""
