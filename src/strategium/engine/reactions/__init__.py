"""Reactions: the windows that open in the opponent's turn, the Reaction Allotment, and the blockers that
stop a unit reacting."""
