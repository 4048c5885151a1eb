from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class SolverOptions:
    polish: bool = True
    polish_steps: int = 2
    polish_on_device: bool = False


SOLVER = SolverOptions(polish=True, polish_on_device=True)
