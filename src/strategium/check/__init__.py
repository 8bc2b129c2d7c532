"""The scenario runner of ``strategium check``: builds a game from a scenario file, plays its actions and
compares the result with the expected state. It sits above the engine, the scenario files and the battles."""
