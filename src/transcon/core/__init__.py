"""Game-agnostic core: hex geometry, boards and map files, the engine (actions, log, replay,
undo, seeded randomness, save files). Nothing in here imports a title."""
