"""The engine's core: the game state, the game loop, actions and their handlers, events, effects, decisions,
the hooks and registries that rules plug into, and the battle record."""
