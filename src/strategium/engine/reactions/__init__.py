"""Reactions: the windows that open in the opponent's turn, the Reaction Allotment, and the blockers that
stop a unit reacting. ``registry`` (what a Reaction is, the registries, the allotment), ``windows`` (verdicts,
options, the offer, making a Reaction), ``blockers`` (who may not react), ``triggers`` (when each window opens)."""
