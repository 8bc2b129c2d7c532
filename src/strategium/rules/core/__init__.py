"""Core-rule plug-ins: the core Reactions of the rulebook, the reaction screens and Reactions that let a
unit move and count as stationary."""
