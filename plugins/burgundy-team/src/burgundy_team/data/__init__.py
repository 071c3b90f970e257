"""Data of the team module: board 12a."""
