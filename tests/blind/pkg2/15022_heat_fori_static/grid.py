from dataclasses import dataclass


@dataclass(frozen=True)
class GridConfig:
    nx: int = 16
    n_steps: int = 40
    dt: float = 1e-3
