"""The battlefield: table, deployment maps, terrain, Buildings, bases and hulls, measuring, line of sight, SVG maps."""
