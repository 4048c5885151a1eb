from dataclasses import dataclass


@dataclass(frozen=True)
class ModelConfig:
    hidden: int = 8
    activation: str = "gelu_exact"
    lr: float = 1e-2
