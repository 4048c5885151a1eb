from .grid import evaluate_grid
from .objective import rosenbrock

__all__ = ["evaluate_grid", "rosenbrock"]
