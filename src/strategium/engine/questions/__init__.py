"""What the rules ask and answer: queries (may this unit shoot, run, react...?) with their blockers and
exemptions, player choices, Characteristics as modified now, and who is locked in combat."""
