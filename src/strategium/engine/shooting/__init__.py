"""The Shooting phase: the shooting plan (who may fire what at whom), line of fire and the obscured share,
the shooting attack and its results, and blast and template markers."""
