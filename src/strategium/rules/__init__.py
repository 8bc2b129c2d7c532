"""Special rules: the registry (canonical names, (X) values, pages, status) and one module per rule."""
