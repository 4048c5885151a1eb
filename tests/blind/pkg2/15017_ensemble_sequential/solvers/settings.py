from dataclasses import dataclass


@dataclass
class SolverSettings:
    t_end: float = 1.5
    rtol: float = 1e-6
    batching: str = "sequential"
