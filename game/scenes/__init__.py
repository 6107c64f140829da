"""The scenes: glue between input, the games' records and the view (see README, Layout)."""
