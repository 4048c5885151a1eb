"""Defaults shared by the old and new call paths."""
VECTORIZED_DEFAULT = None   # let each caller decide
VMAP_METHOD = "expand_dims"
ANTOINE = {"water": (8.07131, 1730.63, 233.426), "ethanol": (8.20417, 1642.89, 230.300)}
