"""Between the game state and the attack pipeline of :mod:`strategium.combat`: Wounds and Hull Points lost,
models removed, Damage Mitigation rolls offered, and the Vehicle Damage results applied."""
