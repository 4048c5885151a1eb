from dataclasses import dataclass


@dataclass(frozen=True)
class SimConfig:
    use_host_solver: bool = False
    dose: float = 100.0
    horizon: float = 12.0
    n_points: int = 6


DEFAULT = SimConfig()
