import math
from dataclasses import dataclass


@dataclass
class Settings:
    days: float = 6.0
    dt_days: float = 1.0
    swe0: float = 50.0
    lr: float = 0.05

    @property
    def n_steps(self):
        return int(math.ceil(self.days / self.dt_days))
