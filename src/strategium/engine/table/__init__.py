"""The state on the table's geometry: where each model stands, the placement checks (overlap, table edge,
impassable terrain, coherency) and the broad phase that keeps them fast."""
