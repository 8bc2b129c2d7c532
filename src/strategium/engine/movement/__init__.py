"""The Movement phase: moves and Runs, the movement shared by other phases (difficult and dangerous
terrain, coherency), Reserves arriving, Transports (embark, disembark) and the fire allowed to moving Vehicles."""
