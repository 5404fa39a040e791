"""Guard rails: the project's one-way rules and size limits, read from the source."""
