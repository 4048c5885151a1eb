from dataclasses import dataclass


@dataclass
class FlowConfig:
    regime: str = "auto"
    rho: float = 1000.0
    mu: float = 1e-3


FLOW = FlowConfig()
