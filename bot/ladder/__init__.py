"""The strength ladder: every pair of computer players, an Elo fit, and docs/strength.md."""
