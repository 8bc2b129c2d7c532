"""Players that answer the engine's decisions through the one loop: scripted (tests, replays), random and
heuristic; :func:`strategium.agents.base.play` runs a whole game with them."""
