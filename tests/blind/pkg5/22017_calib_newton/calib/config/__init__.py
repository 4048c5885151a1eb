from .options import SolverConfig
