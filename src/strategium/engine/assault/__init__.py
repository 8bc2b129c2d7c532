"""The Assault phase (HH2 rulebook, the Assault phase): Charges (eligibility, the Charge roll, the charge
move), the fight by Initiative step, pile-in, close combat against Vehicles, combat resolution, Sweeping
Advance and consolidation."""
