"""Pure data for HH2 models, units and weapons (no game state here)."""
