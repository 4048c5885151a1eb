from .ops import cumulative_hazard
