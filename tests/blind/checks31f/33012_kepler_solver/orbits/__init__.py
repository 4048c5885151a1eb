"""Kepler equation solver: host bracket search, optional refinement."""
