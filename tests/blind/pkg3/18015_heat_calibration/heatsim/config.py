from dataclasses import dataclass


@dataclass(frozen=True)
class SimConfig:
    n_cells: int = 16
    dt: float = 1e-3
    t_end: float = 0.02


CONFIG = SimConfig()
