from calib.config import SolverConfig
from calib.solvers import invert_response

__all__ = ["SolverConfig", "invert_response"]
